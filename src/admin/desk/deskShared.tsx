// Loading a desk screen's data, ids for new marks, the "what is signed" list, and the frame both
// wizards share: the steps, the buttons, the outcome and the screen for a reservation in the wrong state.
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Link as MuiLink,
  TextField,
  Typography,
} from "@mui/material";
import { type ReactNode, useEffect, useState } from "react";
import { Title, useBasename } from "react-admin";
import { Link } from "react-router-dom";
import { useAdminActions } from "../adminApi";
import { UnsavedChangesGuard } from "../common/UnsavedChangesDialog";
import type { DiagramMark } from "./CarDiagram";
import { type DeskInfoView, useDeskActions } from "./deskApi";
import { type FieldErrors, refusalOf, signerDiffers } from "./deskModel";
import { DeskStepper, StepAlert, StepButtons } from "./deskParts";
import { SignaturePad } from "./SignaturePad";

/** deskInfo(id) once per screen; a refusal (404, 403) becomes the screen's message. */
export function useDeskInfo(id: string): { info: DeskInfoView | null; loadError: string | null } {
  const actions = useDeskActions();
  const [info, setInfo] = useState<DeskInfoView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // One load per reservation: react-admin may hand out a new actions object on a render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    let alive = true;
    actions.deskInfo(id).then(
      (answer) => alive && setInfo(answer),
      (failure: unknown) => alive && setLoadError(refusalOf(failure).message),
    );
    return () => {
      alive = false;
    };
  }, [id]);
  return { info, loadError };
}

let counter = 0;
/** A mark id the schema takes (letters, digits, - and _; up to 40). */
export function newMarkId(): string {
  counter += 1;
  return `m${Date.now().toString(36)}${counter.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Label / value rows. */
export function SummaryList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: "minmax(160px, auto) 1fr" },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.75 },
        my: 1,
        p: 2,
        bgcolor: "action.hover",
        borderRadius: 2,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Damage marks as the diagram draws them; `label` names each one (1, 2… or A, B… or P1, P2…). */
export function diagramMarks(
  marks: readonly { id: string; x: number; y: number }[],
  kind: DiagramMark["kind"],
  label: (index: number) => string,
  confirmed?: (id: string) => boolean,
): DiagramMark[] {
  return marks.map((mark, index) => ({
    id: mark.id,
    x: mark.x,
    y: mark.y,
    label: label(index),
    kind,
    ...(confirmed ? { confirmed: confirmed(mark.id) } : {}),
  }));
}
export const numberLabel = (index: number): string => String(index + 1);
/** The car's open damages from earlier rentals: A, B, C… */
export const letterLabel = (index: number): string => String.fromCharCode(65 + (index % 26));

/** A desk screen opened for a reservation it cannot serve (already handed over, not active…). */
export function DeskNotAllowed({ title, message, backTo }: { title: string; message: string; backTo: string }) {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Alert severity="info" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Button component={Link} to={backTo} variant="outlined" size="large">
        Grįžti į rezervaciją
      </Button>
    </Box>
  );
}

/** The signed act: what happened, its documents, and the way back to the reservation. */
export function DeskOutcome({
  title,
  heading,
  testId,
  documents,
  backTo,
  children,
}: {
  title: string;
  heading: string;
  testId: string;
  documents: ReactNode;
  backTo: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <Title title={title} />
      <Card>
        <CardContent>
          <Alert severity="success" sx={{ mb: 3, fontSize: 18 }} data-testid={testId}>
            <AlertTitle>{heading}</AlertTitle>
            {children}
          </Alert>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, mb: 3 }}>{documents}</Box>
          <Button component={Link} to={backTo} variant="contained" size="large" sx={{ minHeight: 52 }}>
            Grįžti į rezervaciją
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}

/**
 * A wizard's page: the heading with the reservation's link, the stepper, every step (all stay
 * mounted so uploads and the drawn signature survive; only the current one shows), the server's
 * message and the buttons.
 */
export function DeskWizardFrame({
  title,
  heading,
  reservationNumber,
  backTo,
  subtitle,
  steps,
  step,
  content,
  message,
  errors,
  shownOnStep,
  dirty,
  onBack,
  onNext,
  onSubmit,
  submitLabel,
  submitting,
  blocked = false,
  footer,
}: {
  title: string;
  heading: string;
  reservationNumber: string | undefined;
  backTo: string;
  subtitle?: ReactNode;
  steps: readonly string[];
  step: number;
  content: ReactNode[];
  message: string | null;
  errors: FieldErrors;
  shownOnStep: string[];
  dirty: boolean;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
  submitLabel: string;
  submitting: boolean;
  /** no step may be left (staff before the pickup day) */
  blocked?: boolean;
  footer?: ReactNode;
}) {
  const last = step === steps.length - 1;
  return (
    <Box sx={{ p: { xs: 0, sm: 1 }, maxWidth: 1200 }}>
      <Title title={title} />
      <UnsavedChangesGuard dirty={dirty} />
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 3 } }}>
          <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: 2, mb: 2 }}>
            <Typography variant="h5" component="h1">
              {heading}
            </Typography>
            <MuiLink component={Link} to={backTo}>
              {reservationNumber ?? "Rezervacija"}
            </MuiLink>
          </Box>
          {subtitle}
          <DeskStepper steps={steps} active={step} />
          {content.map((part, index) => (
            <Box key={steps[index]} hidden={index !== step} role="group" aria-label={steps[index]}>
              {part}
            </Box>
          ))}
          <StepAlert message={message} fields={errors} shown={shownOnStep} />
          <StepButtons
            onBack={step > 0 ? onBack : null}
            next={
              last ? (
                <Button
                  variant="contained"
                  size="large"
                  onClick={onSubmit}
                  disabled={submitting || blocked}
                  startIcon={submitting ? <CircularProgress size={20} color="inherit" /> : undefined}
                  sx={{ minHeight: 52, minWidth: 200 }}
                >
                  {submitLabel}
                </Button>
              ) : (
                <Button
                  variant="contained"
                  size="large"
                  onClick={onNext}
                  disabled={blocked}
                  sx={{ minHeight: 52, minWidth: 160 }}
                >
                  Toliau
                </Button>
              )
            }
          />
          {footer}
        </CardContent>
      </Card>
    </Box>
  );
}

/** Who signs and the signature itself, with the server's messages on them. */
export function SignatureFields({
  signerName,
  renterName,
  signerConfirmed,
  signature,
  onChange,
  errors,
}: {
  signerName: string;
  /** the renter on the reservation: the name is pre-filled with it, another one asks for confirmation */
  renterName: string;
  signerConfirmed: boolean;
  signature: string | null;
  onChange: (patch: { signerName?: string; signerConfirmed?: boolean; signature?: string | null }) => void;
  errors: FieldErrors;
}) {
  const differs = signerDiffers(signerName, renterName);
  return (
    <>
      <TextField
        label="Pasirašo (vardas ir pavardė)"
        value={signerName}
        // Another name typed: the confirmation is asked again.
        onChange={(event) => onChange({ signerName: event.target.value, signerConfirmed: false })}
        required
        error={Boolean(errors["signature.signerName"])}
        helperText={
          errors["signature.signerName"] ?? (differs ? " " : renterName ? "Nuomininkas pagal rezervaciją" : " ")
        }
        sx={{ maxWidth: 420 }}
        slotProps={{ htmlInput: { maxLength: 160 } }}
      />
      {differs && (
        <FormControlLabel
          control={
            <Checkbox
              checked={signerConfirmed}
              onChange={(event) => onChange({ signerConfirmed: event.target.checked })}
            />
          }
          label={`Pasirašo kitas asmuo, ne nuomininkas (${renterName})`}
        />
      )}
      <SignaturePad
        label="Kliento parašas"
        value={signature}
        onChange={(next) => onChange({ signature: next })}
        error={errors["signature.image"] ?? errors.signature}
      />
    </>
  );
}

/**
 * Whether the signed-in member's account has a name the documents can print as the lessor's
 * representative (null while it loads or when it cannot be read: the server decides then).
 */
export function useOwnNameReady(): boolean | null {
  const actions = useAdminActions();
  const [ready, setReady] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    actions
      .ownAccount()
      .then((account) => {
        if (live) setReady(account.nameReady);
      })
      .catch(() => {
        if (live) setReady(null);
      });
    return () => {
      live = false;
    };
  }, [actions]);
  return ready;
}

/** Before the customer signs: the documents need the staff member's name, typed in "Mano paskyra". */
export function StaffNameAlert() {
  const basename = useBasename();
  return (
    <Alert severity="warning">
      <AlertTitle>Paskyroje neįrašytas jūsų vardas ir pavardė</AlertTitle>
      Sutartyje ir akte nuomotojo atstovas nurodomas vardu ir pavarde. Įrašykite juos skiltyje{" "}
      <MuiLink component={Link} to={`${basename}/account`}>
        „Mano paskyra“
      </MuiLink>{" "}
      ir grįžkite.
    </Alert>
  );
}
