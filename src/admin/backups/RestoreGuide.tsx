// Settings › "Atsarginės kopijos" › the guided restore (admins, the local server): an archive from
// the list (the backup folder, the second place or the S3 bucket) is checked whole on the server
// without changing anything (useAdminActions().checkBackupArchive); the screen shows what it
// holds and the exact steps and command to restore it on this server, with a copy button.
// Restoring itself is the operator's: the server is stopped meanwhile (its data folder is one
// process's), so it is never done from inside the running server.
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { Alert, Box, Button, Stack, Table, TableBody, TableCell, TableRow, Typography } from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { BackupArchiveChecked } from "../../core/backupSchedule";
import type { BackupArchivePlace } from "../../core/ports";
import { collectionNameLt } from "../../domain/backupSchedule";
import { formatDateTime, formatNumber } from "../../domain/format";
import { useAdminActions } from "../adminApi";
import { errorText } from "../invoices/download";

export const PLACE_NAMES: Record<BackupArchivePlace, string> = {
  local: "vietinis",
  copy: "antras aplankas",
  s3: "S3",
};

const BACKEND_NAMES: Record<string, string> = {
  pglite: "PGlite (duomenų aplankas)",
  postgres: "PostgreSQL",
  firestore: "Firebase Firestore",
  memory: "atmintis (testai)",
};

const bytes = (n: number): string =>
  n >= 1024 * 1024 ? `${formatNumber(n / 1024 / 1024, 1)} MB` : `${formatNumber(n / 1024, 0)} kB`;

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <Button
      size="small"
      startIcon={<ContentCopyIcon />}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied === true ? "Nukopijuota" : copied === false ? "Nukopijuoti nepavyko – pažymėkite ranka" : "Kopijuoti"}
    </Button>
  );
}

/** What the checked archive holds and how to restore it (the server's answer as it is). */
export function RestoreSteps({ checked }: { checked: BackupArchiveChecked }) {
  const documents = Object.values(checked.counts).reduce((a, b) => a + b, 0);
  return (
    <Box data-testid="restore-guide" sx={{ mt: 1 }}>
      <Alert severity="success" sx={{ mb: 1 }}>
        Kopija perskaityta visa ir patikrinta: kiekviena dalis sutampa su aprašu. Niekas nepakeista.
      </Alert>
      <Table size="small" sx={{ mb: 1 }}>
        <TableBody>
          <TableRow>
            <TableCell>Vieta</TableCell>
            <TableCell sx={{ wordBreak: "break-all" }}>
              {PLACE_NAMES[checked.place]}: {checked.location}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell>Sukurta</TableCell>
            <TableCell>{formatDateTime(checked.createdAt)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell>Iš duomenų bazės</TableCell>
            <TableCell>
              {BACKEND_NAMES[checked.backend] ?? checked.backend}, programos versija {checked.appVersion}, schema{" "}
              {checked.schemaVersion}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell>Dydis</TableCell>
            <TableCell sx={{ wordBreak: "break-all" }}>
              {bytes(checked.size)}, SHA-256 {checked.sha256}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell>Dokumentai</TableCell>
            <TableCell>
              {formatNumber(documents, 0)}:{" "}
              {Object.entries(checked.counts)
                .filter(([, count]) => count > 0)
                .map(([collection, count]) => `${collectionNameLt(collection)} ${formatNumber(count, 0)}`)
                .join(", ")}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell>Failai</TableCell>
            <TableCell>
              {formatNumber(checked.files, 0)} ({bytes(checked.filesBytes)})
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="subtitle2" component="h4">
        Kaip atkurti šiame serveryje
      </Typography>
      <Box component="ol" sx={{ pl: 3, my: 1 }}>
        {checked.steps.map((step) => (
          <Typography component="li" variant="body2" key={step} sx={{ mb: 0.5, wordBreak: "break-word" }}>
            {step}
          </Typography>
        ))}
      </Box>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ bgcolor: "action.hover", p: 1, borderRadius: 1 }}>
        <Box component="code" sx={{ flex: 1, wordBreak: "break-all" }} data-testid="restore-command">
          {checked.command}
        </Box>
        <CopyButton text={checked.command} />
      </Stack>
    </Box>
  );
}

/** One archive's check and its steps, under its line in the list. */
export function useArchiveCheck() {
  const actions = useAdminActions();
  return useMutation<BackupArchiveChecked, unknown, { name: string; place: BackupArchivePlace }>({
    mutationFn: ({ name, place }) => actions.checkBackupArchive(name, place),
  });
}

export function RestoreGuide({ check }: { check: ReturnType<typeof useArchiveCheck> }) {
  if (check.isIdle) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Atkūrimas: sąraše spauskite „Tikrinti“ prie norimos kopijos ir vietos – serveris perskaitys ją visą, parodys, ką
        ji turi, ir tikslius atkūrimo žingsnius. Kopiją, esančią jūsų kompiuteryje, nukopijuokite į serverį ir atkurkite
        komanda „npm run restore -- kelias/iki/kopijos.tar.gz --force“ (sustabdžius serverį) – komanda ją patikrins
        prieš ką nors keisdama.
      </Typography>
    );
  }
  if (check.isPending) return <Typography sx={{ mt: 1 }}>Tikrinama kopija…</Typography>;
  if (check.isError) {
    return (
      <Alert severity="error" sx={{ mt: 1 }} data-testid="restore-refused">
        {errorText(check.error, "Kopijos patikrinti nepavyko")}
      </Alert>
    );
  }
  return check.data ? <RestoreSteps checked={check.data} /> : null;
}
