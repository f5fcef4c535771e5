// Settings › "Atsarginės kopijos": backups on/off (on by default), hourly ones, the daily hour,
// the folder, how many of each to keep, the second place and its retention (settings.backups,
// src/domain/backupSchedule.ts); the last good backup and its age, the last one's result
// (useAdminActions().backupStatus) with a warning when it was not copied or uploaded to S3;
// "Kurti kopiją dabar", the archives with where each lives (vietinis, antras aplankas, S3) to
// download or check, and the guided restore (./RestoreGuide.tsx) (admins; the local server only:
// src/core/backupSchedule.ts). The job runner of the local server takes the settings
// (server/backup/scheduled.ts).
import DownloadIcon from "@mui/icons-material/Download";
import { Alert, Box, Button, List, ListItem, ListItemText, Typography } from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BooleanInput, NumberInput, TextInput } from "react-admin";
import type { BackupStatus } from "../../core/backupSchedule";
import type { BackupArchiveInfo } from "../../core/ports";
import {
  BACKUP_DEFAULTS,
  BACKUP_KIND_LABELS,
  type BackupRecord,
  backupAgeText,
  backupStaleAfterHours,
} from "../../domain/backupSchedule";
import { formatDateTime, formatNumber } from "../../domain/format";
import { useAdminActions } from "../adminApi";
import { errorText, saveBlob } from "../invoices/download";
import { PLACE_NAMES, RestoreGuide, useArchiveCheck } from "./RestoreGuide";

export const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${formatNumber(bytes / 1024 / 1024, 1)} MB` : `${formatNumber(bytes / 1024, 0)} kB`;

function describe(record: BackupRecord): string {
  const when = formatDateTime(record.finishedAt ?? record.claimedAt);
  const kind = BACKUP_KIND_LABELS[record.kind ?? "daily"];
  if (record.status === "ok")
    return `${when} (${kind}): pavyko, ${formatBytes(record.size ?? 0)} (${record.file ?? ""}${record.copy ? `; antra vieta: ${record.copy}` : ""}${record.remote ? `; S3: ${record.remote}` : ""})`;
  if (record.status === "failed") return `${when} (${kind}): NEPAVYKO. ${record.error ?? ""}`;
  return `${formatDateTime(record.claimedAt)} (${kind}): vykdoma…`;
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

/** The last good backup and its age, as the settings page and the dashboard say it. */
export function lastGoodText(status: BackupStatus): string {
  const { lastGood } = status;
  if (!lastGood?.finishedAt) return "dar nė vienos nėra";
  return `${formatDateTime(lastGood.finishedAt)}, ${backupAgeText(lastGood.finishedAt, new Date(status.now))}`;
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
  const { last, lastGood, stale, settings } = data;
  return (
    <Box sx={{ mt: 1, maxWidth: 720 }} data-testid="backup-status">
      {!settings.enabled ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Suplanuotos atsarginės kopijos išjungtos: jei diskas suges, duomenys bus prarasti.
        </Alert>
      ) : null}
      {stale ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Paskutinė pavykusi atsarginė kopija senesnė nei {backupStaleAfterHours(settings)} val. ({lastGoodText(data)}).
        </Alert>
      ) : null}
      {last?.status === "failed" ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          Paskutinė atsarginė kopija nepavyko: {last.error}. Senesnės kopijos nepašalintos.
        </Alert>
      ) : null}
      {last?.status === "ok" && last.copyError ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Kopija įrašyta, bet į antrą vietą nenukopijuota: {last.copyError}
        </Alert>
      ) : null}
      {last?.status === "ok" && last.remoteError ? (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="backup-remote-error">
          Kopija įrašyta šiame serveryje, bet į S3 krepšį neįkelta: {last.remoteError}
        </Alert>
      ) : null}
      <Typography variant="subtitle2" component="h3">
        Paskutinė pavykusi kopija
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: "break-word" }} data-testid="backup-last-good">
        {lastGood ? `${describe(lastGood)} – ${lastGoodText(data)}` : "Dar nė vienos nėra."}
      </Typography>
      {last && last.day !== lastGood?.day ? (
        <Typography variant="body2" sx={{ wordBreak: "break-word" }}>
          Paskutinė: {describe(last)}
        </Typography>
      ) : null}
    </Box>
  );
}

function BackupArchives() {
  const actions = useAdminActions();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ severity: "success" | "error"; text: string } | null>(null);
  const check = useArchiveCheck();
  const archives = useQuery<BackupArchiveInfo[]>({
    queryKey: ["backupArchives"],
    queryFn: () => actions.listBackupArchives(),
    retry: false,
  });
  const backUp = useMutation({
    mutationFn: () => actions.backUpNow(),
    onSuccess: (record) => {
      setMessage(
        record.remoteError
          ? { severity: "error", text: `Kopija sukurta ir patikrinta: ${record.file ?? ""}, bet ${record.remoteError}` }
          : {
              severity: "success",
              text: `Kopija sukurta ir patikrinta: ${record.file ?? ""}${record.remote ? `; S3 krepšyje patikrinta: ${record.remote}` : ""}`,
            },
      );
      void queryClient.invalidateQueries({ queryKey: ["backupArchives"] });
      void queryClient.invalidateQueries({ queryKey: ["backupStatus"] });
    },
    onError: (error) => {
      setMessage({ severity: "error", text: errorText(error, "Kopijos sukurti nepavyko") });
      void queryClient.invalidateQueries({ queryKey: ["backupStatus"] });
    },
  });
  const download = async (name: string) => {
    try {
      saveBlob(await actions.backupArchive(name), name);
    } catch (error) {
      setMessage({ severity: "error", text: errorText(error, "Atsisiųsti nepavyko") });
    }
  };
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }} data-testid="backup-archives">
      <Button variant="contained" onClick={() => backUp.mutate()} disabled={backUp.isPending}>
        {backUp.isPending ? "Kuriama kopija…" : "Kurti kopiją dabar"}
      </Button>
      {message ? (
        <Alert severity={message.severity} sx={{ mt: 1 }}>
          {message.text}
        </Alert>
      ) : null}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Kopijos serveryje
      </Typography>
      {archives.error ? (
        <Typography variant="body2">{errorText(archives.error, "Sąrašo gauti nepavyko")}</Typography>
      ) : archives.data && archives.data.length === 0 ? (
        <Typography variant="body2">Kopijų aplanke dar nėra.</Typography>
      ) : (
        <List dense>
          {(archives.data ?? []).map((archive) => (
            <ListItem key={archive.name} disableGutters sx={{ flexWrap: "wrap" }}>
              <ListItemText
                primary={archive.name}
                secondary={`${BACKUP_KIND_LABELS[archive.kind]}, ${formatDateTime(archive.modifiedAt)}, ${formatBytes(archive.size)}; yra: ${(archive.places ?? ["local"]).map((p) => PLACE_NAMES[p]).join(", ")}`}
              />
              <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download(archive.name)}>
                Atsisiųsti
              </Button>
              {(archive.places ?? ["local"]).map((place) => (
                <Button
                  key={place}
                  size="small"
                  disabled={check.isPending}
                  onClick={() => check.mutate({ name: archive.name, place })}
                >
                  Tikrinti ({PLACE_NAMES[place]})
                </Button>
              ))}
            </ListItem>
          ))}
        </List>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Atkūrimas iš kopijos
      </Typography>
      <RestoreGuide check={check} />
    </Box>
  );
}

export function BackupSettingsSection() {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
        Serveris kas valandą ir kasdien nurodytą valandą įrašo visų duomenų ir failų atsarginę kopiją į aplanką
        serveryje, ją perskaito ir patikrina, nukopijuoja į antrą vietą (jei nurodyta), įkelia į S3 krepšį (jei
        nustatyti BACKUP_S3_*) ir ten patikrina, ir laiko nurodytą skaičių naujausių kopijų. Kopiją bet kada galima
        padaryti mygtuku žemiau arba komanda „npm run backup -- --out failas.tar.gz“, o atkurti – „npm run restore --
        failas.tar.gz“.
      </Typography>
      <BooleanInput
        source="backups.enabled"
        label="Daryti suplanuotas atsargines kopijas"
        defaultValue={BACKUP_DEFAULTS.enabled}
      />
      <BooleanInput source="backups.hourly" label="Ir kas valandą" defaultValue={BACKUP_DEFAULTS.hourly} />
      <NumberInput
        source="backups.hour"
        label="Kasdienės kopijos valanda (Vilniaus laiku)"
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
        label="Kiek kasdienių kopijų laikyti"
        helperText={`Numatyta ${BACKUP_DEFAULTS.keep}; senos šalinamos tik po pavykusios naujos`}
        defaultValue={BACKUP_DEFAULTS.keep}
        step={1}
        min={1}
        max={365}
      />
      <NumberInput
        source="backups.keepHourly"
        label="Kiek valandinių kopijų laikyti"
        helperText={`Numatyta ${BACKUP_DEFAULTS.keepHourly}`}
        defaultValue={BACKUP_DEFAULTS.keepHourly}
        step={1}
        min={1}
        max={168}
      />
      <TextInput
        source="backups.copyFolder"
        label="Antra vieta (aplankas kitame diske)"
        helperText="Kiekviena patikrinta kopija nukopijuojama čia; tuščias – serverio nustatymas BACKUP_COPY_DIR (jei jis nurodytas, kur nukopijuota, rodo paskutinė kopija aukščiau) arba niekur"
        defaultValue=""
        parse={(value: string | null) => value ?? ""}
      />
      <NumberInput
        source="backups.copyKeep"
        label="Kiek kiekvienos rūšies kopijų laikyti antroje vietoje"
        helperText={`Numatyta ${BACKUP_DEFAULTS.copyKeep}; tiek pat laikoma ir S3 krepšyje`}
        defaultValue={BACKUP_DEFAULTS.copyKeep}
        step={1}
        min={1}
        max={365}
      />
      <LastBackup />
      <BackupArchives />
    </>
  );
}
