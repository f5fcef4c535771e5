// The two actions of a rental under way (status "active"), as dialogs the edit page, the list, the
// desk and the timeline open: "Keisti automobilį" (the first car's return readings and new
// damages, the second car's hand-over readings, the price kept or quoted again; an act each) and
// "Pratęsti nuomą" (a later return time, the new price and the difference, the addendum e-mailed
// to the customer). The server checks and decides (src/core/rentalChanges.ts); its Lithuanian
// answers are shown next to the field or above the buttons. Made for a 1024 × 768 touch tablet: the
// content scrolls between a fixed title and fixed buttons, every control a finger's size; on a
// phone the dialog takes the whole screen.
import EventRepeatIcon from "@mui/icons-material/EventRepeat";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useNotify } from "react-admin";
import { formatDateTime, formatDays, formatMoney } from "../../domain/format";
import { EXTEND_ACTION, SWAP_ACTION } from "../../domain/rentalChanges";
import type { DamageMark, Reservation } from "../../domain/schemas";
import { type AdminActions, useAdminActions } from "../adminApi";
import { InstantFields } from "../availability/TimelineDialogs";
import { priceDifference } from "../availability/timelineModel";
import { CarDiagram } from "../desk/CarDiagram";
import { type DeskInfoView, useDeskActions } from "../desk/deskApi";
import { addMark, type FieldErrors, type FuelLevel, mileageText, parseMileage, refusalOf } from "../desk/deskModel";
import { FuelPicker, MarkList, MileageField } from "../desk/deskParts";
import { diagramMarks, letterLabel, newMarkId, numberLabel, SummaryList } from "../desk/deskShared";

export { EXTEND_ACTION, SWAP_ACTION };

/** What the dialogs need of the reservation. */
export type ChangeRecord = Pick<Reservation, "status" | "returnAt" | "pickupAt" | "carId"> & {
  id: string;
  number?: string | undefined;
  version?: number | undefined;
};

type SwapPreview = Awaited<ReturnType<AdminActions["previewCarSwap"]>>;
type ExtensionPreview = Awaited<ReturnType<AdminActions["previewRentalExtension"]>>;

/** A tablet-sized dialog: scrolling content between its title and buttons; the whole screen on a phone. */
function ChangeDialog({
  open,
  title,
  busy,
  onClose,
  children,
  actions,
  testId,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
  testId: string;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      scroll="paper"
      data-testid={testId}
      slotProps={{ paper: { sx: { maxHeight: phone ? undefined : "calc(100% - 32px)", m: phone ? 0 : 2 } } }}
    >
      <DialogTitle id={titleId} sx={{ pb: 1 }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: "wrap" }}>
        <Button onClick={onClose} disabled={busy} size="large" sx={{ minHeight: 48 }}>
          Atšaukti
        </Button>
        {actions}
      </DialogActions>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const carLabel = (car: { make: string; model: string } | null | undefined, plate?: string | null): string =>
  car ? `${car.make} ${car.model}${plate ? `, ${plate}` : ""}` : "—";

// ---------- the car swap ----------

interface SwapDraft {
  toCarId: string;
  returnMileage: string;
  returnFuel: FuelLevel | null;
  marks: DamageMark[];
  handoverMileage: string;
  handoverFuel: FuelLevel | null;
  price: "keep" | "requote";
  reason: string;
}

const EMPTY_SWAP: SwapDraft = {
  toCarId: "",
  returnMileage: "",
  returnFuel: null,
  marks: [],
  handoverMileage: "",
  handoverFuel: null,
  price: "keep",
  reason: "",
};

/** The form's own checks before the server's (the same wording). */
function swapProblems(draft: SwapDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.toCarId) errors.toCarId = "Pasirinkite automobilį, kurį gauna klientas";
  const back = parseMileage(draft.returnMileage);
  if (back.error) errors.returnMileage = back.error;
  if (!draft.returnFuel) errors.returnFuel = "Pasirinkite degalų kiekį";
  const out = parseMileage(draft.handoverMileage);
  if (out.error) errors.handoverMileage = out.error;
  if (!draft.handoverFuel) errors.handoverFuel = "Pasirinkite degalų kiekį";
  draft.marks.forEach((mark, index) => {
    if (!mark.note.trim()) errors[`damages.${index}.note`] = "Aprašykite pažeidimą";
  });
  return errors;
}

/** "Keisti automobilį": the first car comes back, the second leaves, in one go. */
export function SwapCarDialog({
  record,
  open,
  onClose,
  onDone,
}: {
  record: ChangeRecord;
  open: boolean;
  onClose: () => void;
  onDone?: () => void;
}) {
  const actions = useAdminActions();
  const desk = useDeskActions();
  const notify = useNotify();
  const [info, setInfo] = useState<DeskInfoView | null>(null);
  const [preview, setPreview] = useState<SwapPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState<SwapDraft>(EMPTY_SWAP);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [selectedMark, setSelectedMark] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const run = useRef(0);
  const change = (patch: Partial<SwapDraft>) => setDraft((current) => ({ ...current, ...patch }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once each time the dialog opens
  useEffect(() => {
    if (!open) return;
    let alive = true;
    setDraft(EMPTY_SWAP);
    setErrors({});
    setMessage(null);
    setInfo(null);
    setPreview(null);
    setLoadError(null);
    Promise.all([desk.deskInfo(record.id), actions.previewCarSwap(record.id, {})]).then(
      ([deskAnswer, previewAnswer]) => {
        if (!alive) return;
        setInfo(deskAnswer);
        setPreview(previewAnswer);
      },
      (failure: unknown) => alive && setLoadError(refusalOf(failure).message),
    );
    return () => {
      alive = false;
    };
  }, [open, record.id]);

  // The chosen car: its odometer (the hand-over reading starts there), what holds it, the price again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshed when the chosen car changes
  useEffect(() => {
    if (!open || !draft.toCarId) return;
    const mine = ++run.current;
    setChecking(true);
    actions.previewCarSwap(record.id, { toCarId: draft.toCarId }).then(
      (answer) => {
        if (mine !== run.current) return;
        setPreview(answer);
        setChecking(false);
        const mileage = answer.selected?.fleetMileage;
        if (typeof mileage === "number") setDraft((current) => ({ ...current, handoverMileage: String(mileage) }));
      },
      (failure: unknown) => {
        if (mine !== run.current) return;
        setChecking(false);
        setMessage(refusalOf(failure).message);
      },
    );
  }, [draft.toCarId, open]);

  const selected = preview?.selected && preview.selected.carId === draft.toCarId ? preview.selected : null;
  const submit = async () => {
    const problems = swapProblems(draft);
    setErrors(problems);
    setMessage(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const outcome = await actions.swapCar(record.id, {
        toCarId: draft.toCarId,
        returnMileage: parseMileage(draft.returnMileage).value,
        returnFuel: draft.returnFuel,
        damages: draft.marks.map((mark) => ({ ...mark, note: mark.note.trim() })),
        handoverMileage: parseMileage(draft.handoverMileage).value,
        handoverFuel: draft.handoverFuel,
        price: draft.price,
        reason: draft.reason.trim(),
        version: info?.reservation.version ?? record.version,
      });
      notify(
        `Automobilis pakeistas${outcome.mailId ? ": aktai išsiųsti klientui el. paštu" : ""}. Kaina ${formatMoney(outcome.swap.total)}.`,
        { type: "success" },
      );
      onDone?.();
      onClose();
    } catch (failure) {
      const refusal = refusalOf(failure);
      setErrors(refusal.fields);
      setMessage(refusal.message);
    } finally {
      setBusy(false);
    }
  };

  const out = info?.current ?? null;
  const earlierMarks = diagramMarks(info?.damages ?? [], "earlier", letterLabel, () => true);
  const newMarks = diagramMarks(draft.marks, "new", numberLabel);
  const kept = preview?.total ?? null;
  const requoted = selected?.requote?.total ?? null;
  const shownFields = [
    "toCarId",
    "returnMileage",
    "returnFuel",
    "handoverMileage",
    "handoverFuel",
    "price",
    "reason",
    ...draft.marks.map((_, index) => `damages.${index}.note`),
  ];
  const otherErrors = Object.entries(errors).filter(([field]) => !shownFields.includes(field));

  return (
    <ChangeDialog
      open={open}
      title={`${SWAP_ACTION}${record.number ? ` – ${record.number}` : ""}`}
      busy={busy}
      onClose={onClose}
      testId="swap-car-dialog"
      actions={
        <Button
          variant="contained"
          size="large"
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <SwapHorizIcon />}
          onClick={submit}
          disabled={busy || !info || !preview || (selected !== null && !selected.free)}
          sx={{ minHeight: 48 }}
        >
          Pakeisti automobilį
        </Button>
      }
    >
      {loadError ? (
        <Alert severity="error">{loadError}</Alert>
      ) : !info || !preview ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.secondary" }}>
          <CircularProgress size={18} /> Įkeliama…
        </Box>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Pirmasis automobilis grąžinamas ir nuo šios akimirkos laisvas kitiems; klientas toliau važiuoja kitu iki{" "}
            {formatDateTime(preview.to)}. Abu aktai (grąžinimo ir perdavimo) išsiunčiami klientui el. paštu.
          </Typography>
          <Box
            sx={{
              display: "grid",
              gap: 3,
              gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
            }}
          >
            <Section title={`Grąžinamas: ${carLabel(info.car, info.fleet?.plateNumber)}`}>
              <Box sx={{ display: "grid", gap: 2 }}>
                <MileageField
                  label="Rida grąžinant (km)"
                  value={draft.returnMileage}
                  onChange={(returnMileage) => change({ returnMileage })}
                  error={errors.returnMileage}
                  hint={`Perduodant buvo ${mileageText(out?.mileage)}`}
                />
                <FuelPicker
                  label="Degalai grąžinant"
                  value={draft.returnFuel}
                  onChange={(returnFuel) => change({ returnFuel })}
                  error={errors.returnFuel}
                />
                <Box>
                  <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                    Nauji pažeidimai
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    Palieskite schemoje vietą, kur rastas naujas pažeidimas.
                  </Typography>
                  <CarDiagram
                    label="Grąžinamo automobilio schema: palieskite, kad pažymėtumėte naują pažeidimą"
                    marks={[...earlierMarks, ...newMarks]}
                    selectedId={selectedMark}
                    maxWidth={220}
                    onAdd={(x, y) => {
                      const id = newMarkId();
                      change({ marks: addMark(draft.marks, x, y, id) });
                      setSelectedMark(id);
                    }}
                    onSelect={setSelectedMark}
                  />
                  <Box sx={{ mt: 1 }}>
                    <MarkList
                      marks={draft.marks}
                      onChange={(marks) => change({ marks })}
                      errors={errors}
                      selectedId={selectedMark}
                      emptyText="Naujų pažeidimų nepažymėta."
                    />
                  </Box>
                </Box>
              </Box>
            </Section>
            <Section title="Perduodamas">
              <Box sx={{ display: "grid", gap: 2 }}>
                <TextField
                  select
                  label="Automobilis"
                  value={draft.toCarId}
                  onChange={(event) => change({ toCarId: event.target.value, handoverMileage: "" })}
                  error={Boolean(errors.toCarId)}
                  helperText={
                    errors.toCarId ??
                    (checking
                      ? "Tikrinama…"
                      : selected
                        ? selected.free
                          ? `Laisvas iki nuomos pabaigos${selected.openDamages > 0 ? `; registre ${selected.openDamages} neužtaisyti pažeidimai` : ""}`
                          : `Užimtas: ${selected.conflicts
                              .map((c) => `${c.number} (${formatDateTime(c.pickupAt)} – ${formatDateTime(c.returnAt)})`)
                              .join(", ")}`
                        : "Rodomi visi automobiliai; užimti iki nuomos pabaigos pažymėti")
                  }
                  slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
                  sx={{ "& .MuiSelect-select": { minHeight: 32, display: "flex", alignItems: "center" } }}
                  required
                  fullWidth
                >
                  {preview.cars.map((car) => (
                    <MenuItem key={car.id} value={car.id} disabled={!car.free} sx={{ minHeight: 48 }}>
                      {`${car.name}${car.plateNumber ? `, ${car.plateNumber}` : ""}${
                        car.free ? "" : car.status === "maintenance" ? " – remontuojamas" : " – užimtas"
                      }`}
                    </MenuItem>
                  ))}
                </TextField>
                {selected && !selected.free ? (
                  <Alert severity="error">Šis automobilis iki nuomos pabaigos užimtas – pasirinkite kitą.</Alert>
                ) : null}
                <MileageField
                  label="Rida perduodant (km)"
                  value={draft.handoverMileage}
                  onChange={(handoverMileage) => change({ handoverMileage })}
                  error={errors.handoverMileage}
                  hint={
                    selected?.fleetMileage !== null && selected?.fleetMileage !== undefined
                      ? `Apskaitoje ${mileageText(selected.fleetMileage)}`
                      : "Automobilio ridos skaitiklis dabar"
                  }
                />
                <FuelPicker
                  label="Degalai perduodant"
                  value={draft.handoverFuel}
                  onChange={(handoverFuel) => change({ handoverFuel })}
                  error={errors.handoverFuel}
                />
                <Box>
                  <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                    Kaina
                  </Typography>
                  <RadioGroup
                    value={draft.price}
                    onChange={(event) => change({ price: event.target.value as SwapDraft["price"] })}
                    aria-label="Kaina"
                  >
                    <FormControlLabel
                      value="keep"
                      control={<Radio />}
                      label={`Palikti sutartą: ${kept === null ? "—" : formatMoney(kept)}`}
                      sx={{ minHeight: 44 }}
                    />
                    <FormControlLabel
                      value="requote"
                      control={<Radio />}
                      disabled={!selected || requoted === null}
                      label={`Perskaičiuoti pagal naują automobilį: ${
                        requoted === null ? (selected?.quoteError ?? "pasirinkite automobilį") : formatMoney(requoted)
                      }${requoted !== null && kept !== null ? ` (${priceDifference(kept, requoted)})` : ""}`}
                      sx={{ minHeight: 44 }}
                    />
                  </RadioGroup>
                </Box>
                <TextField
                  label="Keitimo priežastis"
                  value={draft.reason}
                  onChange={(event) => change({ reason: event.target.value })}
                  error={Boolean(errors.reason)}
                  helperText={errors.reason ?? "Pvz., gedimas, kliento prašymas (įrašoma į aktus)"}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                  fullWidth
                />
              </Box>
            </Section>
          </Box>
          {message || otherErrors.length > 0 ? (
            <Alert severity="error" role="alert">
              {message}
              {otherErrors.map(([field, text]) => (
                <Box key={field}>{text}</Box>
              ))}
            </Alert>
          ) : null}
        </>
      )}
    </ChangeDialog>
  );
}

// ---------- the extension ----------

/** The preview's rows: what changes, before and after. */
function ExtensionSummary({ preview }: { preview: ExtensionPreview }) {
  const difference = priceDifference(preview.previousQuote.total, preview.quote.total) ?? "";
  return (
    <Box data-testid="extension-summary">
      <SummaryList
        rows={[
          ["Grąžinimas", `${formatDateTime(preview.previousReturnAt)} → ${formatDateTime(preview.returnAt)}`],
          ["Trukmė", `${formatDays(preview.previousQuote.days)} → ${formatDays(preview.quote.days)}`],
          ["Kaina", `${formatMoney(preview.previousQuote.total)} → ${formatMoney(preview.quote.total)}`],
          ["Skirtumas", difference],
          ["Mokėtina po pakeitimo", formatMoney(preview.due)],
        ]}
      />
      <Typography component="p" sx={{ fontWeight: 700 }} data-price-difference={difference}>
        Kainos skirtumas: {difference}
      </Typography>
    </Box>
  );
}

/** "Pratęsti nuomą": a later return time; the new price before anything is saved. */
export function ExtendRentalDialog({
  record,
  open,
  initialReturnAt,
  onClose,
  onDone,
}: {
  record: ChangeRecord;
  open: boolean;
  /** the return time proposed (a timeline drag); the current one plus a day when absent */
  initialReturnAt?: string | undefined;
  onClose: () => void;
  onDone?: () => void;
}) {
  const actions = useAdminActions();
  const notify = useNotify();
  const proposed = initialReturnAt ?? new Date(Date.parse(record.returnAt) + 86_400_000).toISOString();
  const [returnAt, setReturnAt] = useState<string | null>(proposed);
  const [preview, setPreview] = useState<ExtensionPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new start each time the dialog opens
  useEffect(() => {
    if (open) setReturnAt(proposed);
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: priced again when the time changes
  useEffect(() => {
    if (!open) return;
    const mine = ++run.current;
    setPreview(null);
    setError(null);
    if (!returnAt) {
      setError("Nurodykite naują grąžinimo laiką");
      return;
    }
    setChecking(true);
    const timer = window.setTimeout(() => {
      actions.previewRentalExtension(record.id, { returnAt }).then(
        (answer) => {
          if (mine !== run.current) return;
          setPreview(answer);
          setChecking(false);
        },
        (failure: unknown) => {
          if (mine !== run.current) return;
          const refusal = refusalOf(failure);
          setError(refusal.fields.returnAt ?? refusal.message);
          setChecking(false);
        },
      );
    }, 300);
    return () => window.clearTimeout(timer);
  }, [returnAt, open, record.id]);

  const submit = async () => {
    if (!returnAt) return;
    setBusy(true);
    setError(null);
    try {
      const outcome = await actions.extendRental(record.id, { returnAt, version: record.version });
      notify(
        `Nuoma pratęsta iki ${formatDateTime(outcome.reservation.returnAt)}${
          outcome.mailId ? `; sutarties priedas Nr. ${outcome.extension.number} išsiųstas klientui` : ""
        }`,
        { type: "success" },
      );
      onDone?.();
      onClose();
    } catch (failure) {
      const refusal = refusalOf(failure);
      setError(refusal.fields.returnAt ?? refusal.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ChangeDialog
      open={open}
      title={`${EXTEND_ACTION}${record.number ? ` – ${record.number}` : ""}`}
      busy={busy}
      onClose={onClose}
      testId="extend-rental-dialog"
      actions={
        <Button
          variant="contained"
          size="large"
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <EventRepeatIcon />}
          onClick={submit}
          disabled={busy || checking || !preview?.available}
          sx={{ minHeight: 48 }}
        >
          Pratęsti ir išsiųsti priedą
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Paėmimo laikas nesikeičia ({formatDateTime(record.pickupAt)}). Kaina perskaičiuojama pagal kainoraštį, klientui
        el. paštu išsiunčiamas sutarties priedas su nauju grąžinimo laiku ir kaina.
      </Typography>
      {open ? (
        <InstantFields key={proposed} label="Naujas grąžinimo laikas" value={proposed} onChange={setReturnAt} />
      ) : null}
      <FormHelperText sx={{ mb: 2 }}>Dabar: {formatDateTime(record.returnAt)}</FormHelperText>
      <Box aria-live="polite" aria-busy={checking}>
        {checking ? (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.secondary" }}>
            <CircularProgress size={18} /> Skaičiuojama kaina ir tikrinamas užimtumas…
          </Box>
        ) : null}
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        {preview ? (
          <>
            {!preview.available ? (
              <Alert severity="error" role="alert" sx={{ mb: 1 }}>
                Automobilis naujuoju laikotarpiu užimtas:{" "}
                {preview.conflicts
                  .map(
                    (c) =>
                      `${c.status === "maintenance" ? `remontas „${c.number}“` : c.number} (${formatDateTime(c.pickupAt)} – ${formatDateTime(c.returnAt)})`,
                  )
                  .join(", ")}
                . Pasirinkite ankstesnį laiką arba pirmiausia pakeiskite automobilį.
              </Alert>
            ) : null}
            <ExtensionSummary preview={preview} />
          </>
        ) : null}
      </Box>
    </ChangeDialog>
  );
}

// ---------- the buttons ----------

/** The two actions as buttons (an active rental only), each with its dialog. */
export function RentalChangeButtons({
  record,
  size = "medium",
  onDone,
}: {
  record: ChangeRecord | undefined;
  size?: "small" | "medium" | "large";
  onDone?: () => void;
}) {
  const [open, setOpen] = useState<"swap" | "extend" | null>(null);
  if (!record?.id || record.status !== "active") return null;
  return (
    <>
      <Button
        variant="outlined"
        size={size}
        startIcon={<SwapHorizIcon />}
        onClick={() => setOpen("swap")}
        sx={{ minHeight: size === "large" ? 52 : 40 }}
      >
        {SWAP_ACTION}
      </Button>
      <Button
        variant="outlined"
        size={size}
        startIcon={<EventRepeatIcon />}
        onClick={() => setOpen("extend")}
        sx={{ minHeight: size === "large" ? 52 : 40 }}
      >
        {EXTEND_ACTION}
      </Button>
      <SwapCarDialog record={record} open={open === "swap"} onClose={() => setOpen(null)} onDone={onDone} />
      <ExtendRentalDialog record={record} open={open === "extend"} onClose={() => setOpen(null)} onDone={onDone} />
    </>
  );
}
