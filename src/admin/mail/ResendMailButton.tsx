// "Siųsti dar kartą": the server queues a copy of the mail (resendMail, audited); the original
// keeps its own delivery history.
import SendIcon from "@mui/icons-material/Send";
import { Button, IconButton, Tooltip } from "@mui/material";
import { useState } from "react";
import { useNotify, useRecordContext, useRefresh } from "react-admin";
import type { Mail } from "../../domain/schemas";
import { useAdminActions } from "../adminApi";

/** `compact`: an icon with a tooltip (the list's narrow column). */
export function ResendMailButton({
  mail: given,
  compact = false,
}: {
  mail?: Mail & { id: string };
  compact?: boolean;
}) {
  const fromContext = useRecordContext<Mail & { id: string }>();
  const mail = given ?? fromContext;
  const actions = useAdminActions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!mail) return null;
  const resend = async (event: React.MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      await actions.resendMail(mail.id);
      notify("Laiško kopija įdėta į siuntimo eilę", { type: "success" });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : "Laiško išsiųsti dar kartą nepavyko", { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  if (compact) {
    return (
      <Tooltip title="Siųsti dar kartą">
        <span>
          <IconButton size="small" color="primary" aria-label="Siųsti dar kartą" onClick={resend} disabled={busy}>
            <SendIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button size="small" startIcon={<SendIcon />} onClick={resend} disabled={busy} sx={{ whiteSpace: "nowrap" }}>
      Siųsti dar kartą
    </Button>
  );
}
