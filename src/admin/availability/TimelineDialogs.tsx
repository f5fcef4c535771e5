// The timeline's dialogs: the confirmation of a move (old and new car and dates, the price
// difference), "Perkelti…" with date fields (the keyboard's way to move a booking) and a new
// maintenance block for a car.
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { visuallyHidden } from "@mui/utils";
import { useEffect, useState } from "react";
import { formatDateTime, formatMoney } from "../../domain/format";
import { DateField } from "../common/DatePicker";
import { instantFromParts, instantParts, QUARTER_HOURS } from "../common/inputs";
import { priceDifference } from "./timelineModel";

/** A date field and a 24 h time list in 15-minute steps, for one instant on the Vilnius clock. */
export function InstantFields({
  label,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange(value: string | null): void;
  disabled?: boolean;
}) {
  const initial = instantParts(value);
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const times = QUARTER_HOURS.includes(time) ? QUARTER_HOURS : [...QUARTER_HOURS, time].sort();
  const update = (nextDate: string, nextTime: string) => {
    setDate(nextDate);
    setTime(nextTime);
    onChange(instantFromParts(nextDate, nextTime));
  };
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" sx={{ mb: 1, fontWeight: 500 }}>
        {label}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap>
        <DateField
          label="Data"
          value={date}
          onChange={(next) => update(next, time)}
          disabled={disabled}
          sx={{ flex: { sm: 1 }, minWidth: { xs: "100%", sm: 0 } }}
        />
        <TextField
          select
          label="Laikas"
          value={time}
          onChange={(event) => update(date, event.target.value)}
          disabled={disabled}
          sx={{ width: { xs: "100%", sm: 120 }, flexShrink: 0 }}
        >
          {times.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Box>
  );
}

/** "2026-12-08 09:00": the date and the time each kept whole, the line may break between them. */
const unbroken = (text: string) =>
  text.split(" ").map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one value never reorder
    <Box component="span" key={index} sx={{ whiteSpace: "nowrap" }}>
      {index > 0 ? " " : ""}
      {part}
    </Box>
  ));

export interface MoveSummary {
  number: string;
  customerName: string;
  oldCar: string;
  newCar: string;
  oldPickupAt: string;
  oldReturnAt: string;
  newPickupAt: string;
  newReturnAt: string;
  oldTotal: number | null;
  newTotal: number | null;
  quoteError: string | null;
  /** the new pickup time has passed: the server asks for an explicit confirmation */
  needsPastConfirmation: boolean;
}

export function ConfirmMoveDialog({
  summary,
  busy,
  onCancel,
  onConfirm,
}: {
  summary: MoveSummary;
  busy: boolean;
  onCancel(): void;
  onConfirm(confirmPast: boolean): void;
}) {
  const [confirmPast, setConfirmPast] = useState(false);
  const difference = priceDifference(summary.oldTotal, summary.newTotal);
  const row = (label: string, before: string, after: string) => (
    <Box
      component="tr"
      sx={{
        "& > *": { py: 0.5, pr: 2, verticalAlign: "top", textAlign: "left" },
        fontWeight: before !== after ? 600 : 400,
      }}
    >
      <Box component="th" scope="row" sx={{ fontWeight: 500 }}>
        {label}
      </Box>
      <td>{unbroken(before)}</td>
      <td>{unbroken(after)}</td>
    </Box>
  );
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby="move-title" maxWidth="sm" fullWidth>
      <DialogTitle id="move-title">Perkelti rezervaciją {summary.number}?</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>Klientas: {summary.customerName}</Typography>
        <Box component="table" sx={{ borderCollapse: "collapse", width: "100%", fontSize: 14 }}>
          <thead>
            <Box component="tr" sx={{ "& > *": { textAlign: "left", pr: 2, color: "text.secondary" } }}>
              <th>
                <Box component="span" sx={visuallyHidden}>
                  Laukas
                </Box>
              </th>
              <th>Buvo</th>
              <th>Bus</th>
            </Box>
          </thead>
          <tbody>
            {row("Automobilis", summary.oldCar, summary.newCar)}
            {row("Paėmimas", formatDateTime(summary.oldPickupAt), formatDateTime(summary.newPickupAt))}
            {row("Grąžinimas", formatDateTime(summary.oldReturnAt), formatDateTime(summary.newReturnAt))}
            {row(
              "Kaina",
              summary.oldTotal === null ? "—" : formatMoney(summary.oldTotal),
              summary.newTotal === null ? "—" : formatMoney(summary.newTotal),
            )}
          </tbody>
        </Box>
        {difference ? (
          <Typography sx={{ mt: 1.5, fontWeight: 700 }} data-price-difference={difference}>
            Kainos skirtumas: {difference}
          </Typography>
        ) : null}
        {summary.quoteError ? (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            Naujos kainos apskaičiuoti nepavyko: {summary.quoteError}
          </Alert>
        ) : null}
        {summary.needsPastConfirmation ? (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={confirmPast} onChange={(event) => setConfirmPast(event.target.checked)} />}
            label="Patvirtinu: paėmimo laikas jau praėjęs, registruoju praėjusią nuomą"
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Atšaukti
        </Button>
        <Button
          variant="contained"
          onClick={() => onConfirm(confirmPast)}
          disabled={busy || (summary.needsPastConfirmation && !confirmPast)}
        >
          Perkelti
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface CarChoice {
  id: string;
  name: string;
}

/** "Perkelti…": the car and dates as fields; only the return when the rental is under way. */
export function MoveDialog({
  number,
  cars,
  carId,
  pickupAt,
  returnAt,
  returnOnly,
  onCancel,
  onSubmit,
}: {
  number: string;
  cars: CarChoice[];
  carId: string;
  pickupAt: string;
  returnAt: string;
  returnOnly: boolean;
  onCancel(): void;
  onSubmit(placement: { carId: string; pickupAt: string; returnAt: string }): void;
}) {
  const [car, setCar] = useState(carId);
  const [start, setStart] = useState<string | null>(pickupAt);
  const [end, setEnd] = useState<string | null>(returnAt);
  const invalid = !start || !end || Date.parse(end) <= Date.parse(start);
  return (
    <Dialog open onClose={onCancel} aria-labelledby="move-fields-title" maxWidth="sm" fullWidth>
      <DialogTitle id="move-fields-title">Perkelti rezervaciją {number}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Automobilis"
            value={car}
            onChange={(event) => setCar(event.target.value)}
            disabled={returnOnly}
          >
            {cars.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
          <InstantFields label="Paėmimas" value={pickupAt} onChange={setStart} disabled={returnOnly} />
          <InstantFields label="Grąžinimas" value={returnAt} onChange={setEnd} />
          {start && end && Date.parse(end) <= Date.parse(start) ? (
            <Alert severity="error">Grąžinimo laikas turi būti vėlesnis nei paėmimo</Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Atšaukti</Button>
        <Button
          variant="contained"
          disabled={invalid}
          onClick={() => start && end && onSubmit({ carId: car, pickupAt: start, returnAt: end })}
        >
          Tikrinti kainą
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A new maintenance block for a car, from a free slot or the toolbar. */
export function MaintenanceDialog({
  cars,
  carId,
  from,
  to,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  cars: CarChoice[];
  carId: string;
  from: string;
  to: string;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onSubmit(input: { carId: string; from: string; to: string; reason: string }): void;
}) {
  const [car, setCar] = useState(carId);
  const [start, setStart] = useState<string | null>(from);
  const [end, setEnd] = useState<string | null>(to);
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  useEffect(() => setCar(carId), [carId]);
  const reasonError = touched && reason.trim() === "" ? "Nurodykite priežastį" : null;
  const periodError =
    start && end && Date.parse(end) <= Date.parse(start) ? "Pabaiga turi būti vėlesnė nei pradžia" : null;
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby="block-title" maxWidth="sm" fullWidth>
      <DialogTitle id="block-title">Blokuoti automobilį (remontas)</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="Automobilis" value={car} onChange={(event) => setCar(event.target.value)}>
            {cars.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
          <InstantFields label="Nuo" value={from} onChange={setStart} />
          <InstantFields label="Iki" value={to} onChange={setEnd} />
          <TextField
            label="Priežastis"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            error={Boolean(reasonError)}
            helperText={reasonError ?? "Pvz., padangų keitimas, techninė apžiūra"}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            required
          />
          {periodError ? <Alert severity="error">{periodError}</Alert> : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Atšaukti
        </Button>
        <Button
          variant="contained"
          disabled={busy || !start || !end || Boolean(periodError)}
          onClick={() => {
            setTouched(true);
            if (reason.trim() === "" || !start || !end) return;
            onSubmit({ carId: car, from: start, to: end, reason: reason.trim() });
          }}
        >
          Blokuoti
        </Button>
      </DialogActions>
    </Dialog>
  );
}
