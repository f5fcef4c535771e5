// The dashboard's warning (admins): backups are turned off, or the last good one is older than
// the schedule allows (2 h with hourly backups, 26 h with daily ones), or the last one failed, or
// it is good but was not copied to the second place or the S3 bucket (a warning).
// Nothing shows while backups are fine.
import { Alert } from "@mui/material";
import { useBasename, usePermissions } from "react-admin";
import { Link } from "react-router-dom";
import { backupStaleAfterHours } from "../../domain/backupSchedule";
import { lastGoodText, useBackupStatus } from "./BackupSettingsSection";

export function BackupWarning() {
  const { permissions } = usePermissions<string | null>();
  const basename = useBasename();
  const isAdmin = permissions === "admin";
  const { data } = useBackupStatus(isAdmin);
  if (!isAdmin || !data) return null;
  const off = !data.settings.enabled;
  const failed = data.settings.enabled && data.last?.status === "failed";
  const notCopied =
    data.settings.enabled && data.last?.status === "ok" ? (data.last.remoteError ?? data.last.copyError) : null;
  if (!off && !data.stale && !failed && !notCopied) return null;
  return (
    <Alert severity={failed ? "error" : "warning"} sx={{ mb: 2 }} data-testid="backup-warning">
      {off ? "Suplanuotos atsarginės kopijos išjungtos: jei diskas suges, duomenys bus prarasti. " : ""}
      {data.stale
        ? `Atsarginės kopijos: paskutinė pavykusi senesnė nei ${backupStaleAfterHours(data.settings)} val. (${lastGoodText(data)}). `
        : ""}
      {failed ? `Paskutinė kopija nepavyko: ${data.last?.error ?? ""}. ` : ""}
      {notCopied ? `Paskutinė kopija įrašyta tik šiame serveryje: ${notCopied}. ` : ""}
      <Link to={`${basename}/settings`}>Nustatymai › Atsarginės kopijos</Link>
    </Alert>
  );
}
