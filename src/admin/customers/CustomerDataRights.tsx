// The customer's data rights on their card, for admins: "Asmens duomenų išrašas" downloads the
// JSON file with everything held about the person and opens its readable summary; "Ištrinti asmens
// duomenis" asks first (what goes, what the law keeps), then anonymises the person everywhere
// (src/core/dataRights.ts) and shows the counts and what was kept, and why.
import DeleteForeverIcon from "@mui/icons-material/DeleteForever";
import DownloadIcon from "@mui/icons-material/Download";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useNotify, usePermissions, useRecordContext, useRefresh } from "react-admin";
import { formatDateTime } from "../../domain/format";
import type { Customer } from "../../domain/schemas";
import { type CustomerErasure, useAdminActions } from "../adminApi";

type CustomerRecord = Customer & { id: string };

function download(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : "Veiksmas nepavyko. Bandykite dar kartą.";

const COUNT_LABELS: [string, string][] = [
  ["reservations", "Rezervacijos nuasmenintos"],
  ["inquiriesDeleted", "Užklausos ištrintos"],
  ["mails", "Laiškai išvalyti"],
  ["auditEntries", "Žurnalo įrašai išvalyti"],
  ["filesDeleted", "Failai (parašai, pasirašyti dokumentai) ištrinti"],
];

export function CustomerDataRights() {
  const record = useRecordContext<CustomerRecord>();
  const { permissions } = usePermissions<string | null>();
  const actions = useAdminActions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<"export" | "erase" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<CustomerErasure | null>(null);
  if (!record || permissions !== "admin") return null;

  const onExport = async () => {
    setBusy("export");
    try {
      const { data, summary } = await actions.exportCustomerData(record.id);
      download(`asmens-duomenys-${record.id}.json`, JSON.stringify(data, null, 2), "application/json");
      download(`asmens-duomenys-${record.id}.html`, summary, "text/html;charset=utf-8");
      notify("Asmens duomenų išrašas atsisiųstas (JSON ir santrauka)", { type: "success" });
    } catch (error) {
      notify(errorMessage(error), { type: "error" });
    } finally {
      setBusy(null);
    }
  };

  const onErase = async () => {
    setBusy("erase");
    try {
      const answer = await actions.eraseCustomer(record.id);
      setConfirming(false);
      setResult(answer);
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: "error" });
    } finally {
      setBusy(null);
    }
  };

  const erased = Boolean(record.anonymisedAt);
  return (
    <Card component="section" aria-labelledby="customer-data-rights" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="customer-data-rights" variant="h6" component="h2">
          Asmens duomenys (BDAR)
        </Typography>
        {erased ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            Šio kliento asmens duomenys ištrinti {formatDateTime(record.anonymisedAt as string)}.
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Klientas turi teisę gauti savo duomenų kopiją ir prašyti juos ištrinti.
          </Typography>
        )}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mt: 1.5 }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onExport} disabled={busy !== null}>
            {busy === "export" ? "Ruošiama…" : "Asmens duomenų išrašas"}
          </Button>
          {!erased && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteForeverIcon />}
              onClick={() => setConfirming(true)}
              disabled={busy !== null}
            >
              Ištrinti asmens duomenis
            </Button>
          )}
        </Stack>
      </CardContent>

      <Dialog open={confirming} onClose={() => busy === null && setConfirming(false)} aria-labelledby="erase-title">
        <DialogTitle id="erase-title">
          Ištrinti kliento {record.firstName} {record.lastName} asmens duomenis?
        </DialogTitle>
        <DialogContent>
          <DialogContentText component="div">
            <Typography variant="body2" gutterBottom>
              Vardas, kontaktai, adresas, vairuotojo pažymėjimas, gimimo data, pastabos, parašų atvaizdai ir pasirašyti
              dokumentai bus ištrinti visur: kliento kortelėje, rezervacijose, užklausose, laiškų eilėje, paieškoje ir
              veiksmų žurnale. Šio veiksmo atšaukti negalima.
            </Typography>
            <Typography variant="body2">
              Paliekama tai, ką saugoti įpareigoja įstatymai: išrašytos sąskaitos faktūros ir kreditiniai dokumentai,
              mokėjimų įrašai ir dar nagrinėjamos žalos pretenzijos duomenys.
            </Typography>
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy !== null}>
            Atšaukti
          </Button>
          <Button color="error" variant="contained" onClick={onErase} disabled={busy !== null}>
            {busy === "erase" ? "Trinama…" : "Taip, ištrinti"}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={result !== null} onClose={() => setResult(null)} aria-labelledby="erased-title">
        <DialogTitle id="erased-title">Asmens duomenys ištrinti</DialogTitle>
        <DialogContent>
          <List dense disablePadding>
            {COUNT_LABELS.map(([key, label]) => (
              <ListItem key={key} disableGutters>
                <ListItemText primary={`${label}: ${result?.counts[key] ?? 0}`} />
              </ListItem>
            ))}
          </List>
          <Box sx={{ mt: 1 }}>
            <Typography variant="subtitle2" component="h3">
              Palikta
            </Typography>
            {result && result.kept.length > 0 ? (
              <List dense disablePadding>
                {result.kept.map((item) => (
                  <ListItem key={`${item.kind}-${item.id}`} disableGutters>
                    <ListItemText primary={item.label} secondary={item.reason} />
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography variant="body2" color="text.secondary">
                Nieko: sąskaitų, mokėjimų ir atvirų žalos pretenzijų nėra.
              </Typography>
            )}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setResult(null)}>Uždaryti</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
