// The dashboard's warning: mails are failing (tried again, or given up within 7 days) or one has
// waited in the outbox longer than 30 minutes; with a link to the mail list. Nothing shows while
// the outbox is fine (src/domain/mailQueue.ts decides).
import { Alert } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useBasename } from "react-admin";
import { Link } from "react-router-dom";
import { type MailQueueState, mailQueueWarningText } from "../../domain/mailQueue";
import { useAdminActions } from "../adminApi";

export function MailQueueWarning() {
  const actions = useAdminActions();
  const basename = useBasename();
  const { data } = useQuery<MailQueueState>({
    queryKey: ["mailQueueStatus"],
    queryFn: () => actions.mailQueueStatus(),
    refetchInterval: 60_000,
  });
  const text = data ? mailQueueWarningText(data) : null;
  if (!data || !text) return null;
  const failing = data.counts.retrying > 0 || data.failedRecently > 0;
  return (
    <Alert severity={failing ? "error" : "warning"} sx={{ mb: 2 }} data-testid="mail-queue-warning">
      {text} <Link to={`${basename}/mail`}>Laiškai</Link>
    </Alert>
  );
}
