// Settings › "Atsarginės kopijos": daily backups on/off, the hour, the folder and how many to keep
// (settings.backups, src/domain/backupSchedule.ts), and the last backup's time, size and result
// (useAdminActions().backupStatus, src/core/backupSchedule.ts). The job runner of the local
// server takes them (server/backup/scheduled.ts); `npm run backup` takes one at any time.
import { Alert, Box, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { BooleanInput, NumberInput, TextInput } from "react-admin";
import type { BackupStatus } from "../../core/backupSchedule";
import { BACKUP_DEFAULTS, BACKUP_STALE_HOURS, type BackupRecord } from "../../domain/backupSchedule";
import { formatDateTime, formatNumber } from "../../domain/format";
import { useAdminActions } from "../adminApi";

export const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${formatNumber(bytes / 1024 / 1024, 1)} MB` : `${formatNumber(bytes / 1024, 0)} kB`;

function describe(record: BackupRecord): string {
  const when = formatDateTime(record.finishedAt ?? record.claimedAt);
  if (record.status === "ok") return `${when}: pavyko, ${formatBytes(record.size ?? 0)} (${record.file ?? ""})`;
  if (record.status === "failed") return `${when}: NEPAVYKO. ${record.error ?? ""}`;
  return `${formatDateTime(record.claimedAt)}: vykdoma…`;
}

export function useBackupStatus(enabled = true) {
  const actions = useAdminActions();
  return useQuery<BackupStatus>({
    queryKey: ["backupStatus"],
    queryFn: () => actions.backupStatus(),
    enabled,
    refetchInterval: 60_000,
  });
}

function LastBackup() {
  const { data, error, isPending } = useBackupStatus();
  if (isPending) return null;
  if (error || !data) {
    return (
      <Alert severity="info" sx={{ mt: 1, maxWidth: 720 }}>
        Atsarginių kopijų būsenos gauti nepavyko: {error instanceof Error ? error.message : "nežinoma klaida"}
      </Alert>
    );
  }
  const { last, lastGood, stale } = data;
  return (
    <Box sx={{ mt: 1, maxWidth: 720 }} data-testid="backup-status">
      {stale ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Paskutinė pavykusi suplanuota atsarginė kopija senesnė nei {BACKUP_STALE_HOURS} val.
          {lastGood ? ` (${formatDateTime(lastGood.finishedAt ?? lastGood.claimedAt)})` : " (dar nė vienos nėra)"}.
        </Alert>
      ) : null}
      {last?.status === "failed" ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          Paskutinė atsarginė kopija nepavyko: {last.error}. Senesnės kopijos nepašalintos.
        </Alert>
      ) : null}
      <Typography variant="subtitle2" component="h3">
        Paskutinė kopija
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: "break-word" }}>
        {last ? describe(last) : "Suplanuotų kopijų dar nebuvo."}
      </Typography>
      {lastGood && lastGood.day !== last?.day ? (
        <Typography variant="body2" sx={{ wordBreak: "break-word" }}>
          Paskutinė pavykusi: {describe(lastGood)}
        </Typography>
      ) : null}
    </Box>
  );
}

export function BackupSettingsSection() {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
        Kasdien nurodytą valandą serveris įrašo visų duomenų ir failų atsarginę kopiją į aplanką serveryje ir laiko
        nurodytą skaičių naujausių kopijų. Kopiją bet kada galima padaryti ir komanda „npm run backup -- --out
        failas.tar.gz“, o atkurti – „npm run restore -- failas.tar.gz“.
      </Typography>
      <BooleanInput source="backups.enabled" label="Daryti kasdienes atsargines kopijas" defaultValue={false} />
      <NumberInput
        source="backups.hour"
        label="Valanda (Vilniaus laiku)"
        helperText={`Nuo 0 iki 23; numatyta ${BACKUP_DEFAULTS.hour}`}
        defaultValue={BACKUP_DEFAULTS.hour}
        step={1}
        min={0}
        max={23}
      />
      <TextInput
        source="backups.folder"
        label="Aplankas serveryje"
        helperText="Tuščias – DATA_DIR/backups; santykinis kelias skaičiuojamas nuo DATA_DIR"
        defaultValue=""
        parse={(value: string | null) => value ?? ""}
      />
      <NumberInput
        source="backups.keep"
        label="Kiek kopijų laikyti"
        helperText={`Numatyta ${BACKUP_DEFAULTS.keep}; senos šalinamos tik po pavykusios naujos`}
        defaultValue={BACKUP_DEFAULTS.keep}
        step={1}
        min={1}
        max={365}
      />
      <LastBackup />
    </>
  );
}
