// Shown when a save was refused because someone else saved the record first: what differs
// between the user's version and the stored one, and three ways on. The form under the dialog
// keeps the typed values whichever way the user goes, until they choose to load the newest.
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useEffect, useState } from "react";
import { useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import { STALE_RECORD_MESSAGE } from "../../core/errors";
import { formatDateTime } from "../../domain/format";
import { differingFields, onStaleSave, type StaleSave, shownValue } from "./staleRecords";

export function StaleRecordDialog() {
  const [save, setSave] = useState<StaleSave | null>(null);
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const narrow = useMediaQuery(useTheme().breakpoints.down("sm"));
  useEffect(() => onStaleSave(setSave), []);
  if (!save) return null;

  const fields = differingFields(save);
  const label = (field: string) =>
    translate(`resources.${save.resource}.fields.${field}`, { _: field.charAt(0).toUpperCase() + field.slice(1) });
  const savedAt = typeof save.current.updatedAt === "string" ? formatDateTime(save.current.updatedAt) : null;

  /** Saves the user's values over the newest version, knowingly. */
  const keepMine = async () => {
    setBusy(true);
    try {
      await dataProvider.update(save.resource, {
        id: save.id,
        data: { ...save.mine, version: save.current.version },
        previousData: { ...save.current, id: save.id },
      });
      notify("Jūsų pakeitimai išsaugoti", { type: "success" });
      setSave(null);
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : "Išsaugoti nepavyko", { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => setSave(null)} maxWidth="md" fullWidth aria-labelledby="stale-record-title">
      <DialogTitle id="stale-record-title">Įrašą ką tik pakeitė kitas naudotojas</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {STALE_RECORD_MESSAGE}
          {savedAt ? ` Kito naudotojo pakeitimas išsaugotas ${savedAt}.` : ""}
        </Alert>
        {fields.length === 0 ? (
          <Typography>Jūsų ir išsaugotos versijos laukai sutampa – galite išsaugoti dar kartą.</Typography>
        ) : narrow ? (
          // On a phone three columns would break words apart: one block per field instead.
          <Stack spacing={1.5} aria-label="Skirtumai tarp versijų">
            {fields.map((field) => (
              <Box key={field}>
                <Typography variant="subtitle2">{label(field)}</Typography>
                <Typography variant="body2">Jūsų įvesta: {shownValue(save.mine[field])}</Typography>
                <Typography variant="body2">Dabar išsaugota: {shownValue(save.current[field])}</Typography>
              </Box>
            ))}
          </Stack>
        ) : (
          <Table size="small" aria-label="Skirtumai tarp versijų">
            <TableHead>
              <TableRow>
                <TableCell>Laukas</TableCell>
                <TableCell>Jūsų įvesta</TableCell>
                <TableCell>Dabar išsaugota</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.map((field) => (
                <TableRow key={field}>
                  <TableCell component="th" scope="row">
                    {label(field)}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>{shownValue(save.mine[field])}</TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>{shownValue(save.current[field])}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button onClick={() => setSave(null)} disabled={busy}>
          Grįžti į formą
        </Button>
        <Button onClick={() => window.location.reload()} disabled={busy}>
          Įkelti naujausią (mano pakeitimai dingsta)
        </Button>
        <Button variant="contained" onClick={keepMine} disabled={busy}>
          Išsaugoti mano versiją
        </Button>
      </DialogActions>
    </Dialog>
  );
}
