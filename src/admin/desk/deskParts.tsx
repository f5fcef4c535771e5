// Pieces both desk wizards use: the step header, the fuel buttons, the mileage field, the list of
// new marks with their notes, the navigation buttons and the document download buttons.
import DeleteIcon from "@mui/icons-material/Delete";
import DownloadIcon from "@mui/icons-material/Download";
import {
  Alert,
  Box,
  Button,
  FormHelperText,
  IconButton,
  LinearProgress,
  Step,
  StepLabel,
  Stepper,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { type ReactNode, useId, useState } from "react";
import { DAMAGE_NOTE_MAX, type DamageMark } from "../../domain/schemas";
import { useDeskActions } from "./deskApi";
import { type FieldErrors, FUEL_CHOICES, type FuelLevel, refusalOf } from "./deskModel";

/** Horizontal steps on a tablet or wider, a compact "2 iš 4" line with a bar on a phone. */
export function DeskStepper({ steps, active }: { steps: readonly string[]; active: number }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("md"));
  if (wide) {
    return (
      <Stepper activeStep={active} sx={{ mb: 3 }}>
        {steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
    );
  }
  return (
    <Box sx={{ mb: 2 }} aria-label="Žingsniai">
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {`${active + 1} žingsnis iš ${steps.length}: ${steps[active] ?? ""}`}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={((active + 1) / steps.length) * 100}
        aria-hidden
        sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
      />
    </Box>
  );
}

export function FuelPicker({
  value,
  onChange,
  error,
  label = "Degalų kiekis",
}: {
  value: FuelLevel | null;
  onChange: (value: FuelLevel) => void;
  error?: string;
  label?: string;
}) {
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" sx={{ mb: 0.5 }}>
        {label} *
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={value}
        onChange={(_, next: FuelLevel | null) => next && onChange(next)}
        aria-labelledby={labelId}
        color="primary"
        sx={{ display: "grid", gridTemplateColumns: "repeat(5, 1fr)", width: "100%", maxWidth: 520 }}
      >
        {FUEL_CHOICES.map((choice) => (
          <ToggleButton
            key={choice.value}
            value={choice.value}
            aria-label={choice.long}
            sx={{ minHeight: 60, fontSize: 22, fontWeight: 700, borderColor: error ? "error.main" : undefined }}
          >
            {choice.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormHelperText error={Boolean(error)}>
        {error ?? (value ? FUEL_CHOICES.find((c) => c.value === value)?.long : "Pasirinkite vieną iš penkių")}
      </FormHelperText>
    </Box>
  );
}

export function MileageField({
  value,
  onChange,
  error,
  hint,
  label = "Rida (km)",
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint: string;
  label?: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
      sx={{ maxWidth: 320, "& input": { fontSize: 22 } }}
      fullWidth
    />
  );
}

/** The marks made on this act: each with its number, a note and a remove button. */
export function MarkList({
  marks,
  onChange,
  errors,
  selectedId,
  emptyText,
  repairCosts,
  onRepairCost,
}: {
  marks: readonly DamageMark[];
  onChange: (marks: DamageMark[]) => void;
  errors: FieldErrors;
  selectedId: string | null;
  emptyText: string;
  /** the return: each new damage's repair cost as typed (mark id -> text), when known */
  repairCosts?: Readonly<Record<string, string>>;
  onRepairCost?: (markId: string, text: string) => void;
}) {
  if (marks.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {emptyText}
      </Typography>
    );
  return (
    <Box component="ol" sx={{ p: 0, m: 0, display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 1.5 }}>
      {marks.map((mark, index) => (
        <Box component="li" key={mark.id} sx={{ listStyle: "none", display: "flex", gap: 1, alignItems: "flex-start" }}>
          <Box
            aria-hidden
            sx={{
              flex: "0 0 36px",
              height: 36,
              mt: 1,
              borderRadius: "50%",
              bgcolor: "#c62828",
              color: "#fff",
              fontWeight: 700,
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
            }}
          >
            {index + 1}
          </Box>
          <TextField
            label={`Pažeidimas ${index + 1}`}
            value={mark.note}
            autoFocus={mark.id === selectedId && mark.note === ""}
            onChange={(event) =>
              onChange(marks.map((each) => (each.id === mark.id ? { ...each, note: event.target.value } : each)))
            }
            error={Boolean(errors[`damages.${index}.note`] ?? errors[`damages.${index}`])}
            helperText={errors[`damages.${index}.note`] ?? errors[`damages.${index}`] ?? "Pvz. įbrėžimas, 5 cm"}
            slotProps={{ htmlInput: { maxLength: DAMAGE_NOTE_MAX } }}
            fullWidth
            multiline
            size="small"
          />
          {onRepairCost && (
            <TextField
              label="Remonto kaina, €"
              value={repairCosts?.[mark.id] ?? ""}
              onChange={(event) => onRepairCost(mark.id, event.target.value)}
              error={Boolean(errors[`damages.${index}.repairCost`])}
              helperText={errors[`damages.${index}.repairCost`] ?? "Jei žinoma"}
              slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": `repair-cost-${index + 1}` } }}
              size="small"
              // Wide enough for the whole label on the 1024 px desk tablet.
              sx={{ flex: "0 0 168px" }}
            />
          )}
          <IconButton
            aria-label={`Pašalinti pažeidimą ${index + 1}`}
            onClick={() => onChange(marks.filter((each) => each.id !== mark.id))}
            sx={{ width: 48, height: 48 }}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}

/** Back / next (or the final button) at the bottom of a step, big enough for a finger. */
export function StepButtons({
  onBack,
  backLabel = "Atgal",
  next,
}: {
  onBack: (() => void) | null;
  backLabel?: string;
  next: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: "flex",
        justifyContent: "space-between",
        gap: 2,
        mt: 3,
        pt: 2,
        borderTop: 1,
        borderColor: "divider",
        flexWrap: "wrap",
      }}
    >
      {onBack ? (
        <Button variant="outlined" size="large" onClick={onBack} sx={{ minHeight: 52, minWidth: 120 }}>
          {backLabel}
        </Button>
      ) : (
        <span />
      )}
      {next}
    </Box>
  );
}

/** Problems that have no field on the current step. */
export function StepAlert({
  message,
  fields,
  shown,
}: {
  message: string | null;
  fields: FieldErrors;
  shown: string[];
}) {
  const others = Object.entries(fields).filter(([field]) => !shown.includes(field));
  if (!message && others.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }} role="alert">
      {message}
      {others.map(([field, text]) => (
        <Box key={field}>{text}</Box>
      ))}
    </Alert>
  );
}

export const DOCUMENT_LABELS = {
  agreement: "Nuomos sutartis",
  handover: "Perdavimo aktas",
  return: "Grąžinimo aktas",
} as const;
export type DeskDocumentKind = keyof typeof DOCUMENT_LABELS;

/** Downloads a signed document (PDF) of the reservation. */
export function DocumentButton({ reservationId, kind }: { reservationId: string; kind: DeskDocumentKind }) {
  const actions = useDeskActions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const blob = await actions.downloadDeskDocument(reservationId, kind);
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `${kind === "agreement" ? "sutartis" : kind === "handover" ? "perdavimo-aktas" : "grazinimo-aktas"}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (failure) {
      setError(refusalOf(failure).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Button
        variant="outlined"
        size="large"
        startIcon={<DownloadIcon />}
        onClick={download}
        disabled={busy}
        sx={{ minHeight: 52 }}
      >
        {`${DOCUMENT_LABELS[kind]} (PDF)`}
      </Button>
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
