// The dashboard's warning (admins): scheduled backups are on and the last good one is older than
// 26 hours, or the last one failed. Nothing shows while backups are fine or turned off.
import { Alert } from "@mui/material";
import { useBasename, usePermissions } from "react-admin";
import { Link } from "react-router-dom";
import { BACKUP_STALE_HOURS } from "../../domain/backupSchedule";
import { formatDateTime } from "../../domain/format";
import { useBackupStatus } from "./BackupSettingsSection";

export function BackupWarning() {
  const { permissions } = usePermissions<string | null>();
  const basename = useBasename();
  const isAdmin = permissions === "admin";
  const { data } = useBackupStatus(isAdmin);
  if (!isAdmin || !data?.settings.enabled) return null;
  const failed = data.last?.status === "failed";
  if (!data.stale && !failed) return null;
  return (
    <Alert severity={failed ? "error" : "warning"} sx={{ mb: 2 }} data-testid="backup-warning">
      {data.stale
        ? `Atsarginės kopijos: paskutinė pavykusi senesnė nei ${BACKUP_STALE_HOURS} val.${data.lastGood ? ` (${formatDateTime(data.lastGood.finishedAt ?? data.lastGood.claimedAt)})` : " (dar nė vienos nėra)"}. `
        : ""}
      {failed ? `Paskutinė kopija nepavyko: ${data.last?.error ?? ""}. ` : ""}
      <Link to={`${basename}/settings`}>Nustatymai › Atsarginės kopijos</Link>
    </Alert>
  );
}
