// "Istorija" on a record's page: the audit log filtered to that record (admins only; staff do not
// see the button, and the log refuses them anyway).
import HistoryIcon from "@mui/icons-material/History";
import { Button } from "@mui/material";
import { useBasename, useCanAccess, useRecordContext } from "react-admin";
import { Link } from "react-router-dom";

export const historyLink = (basename: string, resource: string, recordId: string): string =>
  `${basename}/audit-log?filter=${encodeURIComponent(JSON.stringify({ resource, recordId }))}`;

export function HistoryButton({ resource }: { resource: string }) {
  const record = useRecordContext<{ id: string }>();
  const basename = useBasename();
  const { canAccess } = useCanAccess({ resource: "audit-log", action: "list" });
  if (!record?.id || !canAccess) return null;
  return (
    <Button
      component={Link}
      to={historyLink(basename, resource, String(record.id))}
      startIcon={<HistoryIcon />}
      size="small"
    >
      Istorija
    </Button>
  );
}
