// /admin/reservations/:id/return: the car comes back (grąžinimas). The readings and damage beside
// the hand-over's, the charges the server computes while staff type (previewReturn), an admin's
// changes with a reason, the deposit, the customer's signature, then returnReservation.
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useEffect, useMemo, useRef, useState } from "react";
import { Loading, useBasename, usePermissions } from "react-admin";
import { useParams } from "react-router-dom";
import { excessOf } from "../../domain/deposits";
import { formatDateTime, formatMoney } from "../../domain/format";
import { CHARGE_LABELS } from "../../domain/returnCharges";
import type { ChargeKind } from "../../domain/schemas";
import { vilniusDateString, vilniusLocalToInstant, vilniusTimeString } from "../../domain/time";
import { DateField } from "../common/DatePicker";
import { RentalChangeButtons } from "../reservations/RentalChangeDialogs";
import { CarDiagram, DiagramLegend } from "./CarDiagram";
import { type DeskInfoView, type ReturnPreviewView, type ReturnRequest, useDeskActions } from "./deskApi";
import {
  addMark,
  chargeOverrides,
  type FieldErrors,
  fuelLabel,
  mileageText,
  parseAmount,
  parseMileage,
  RETURN_STEP_FIELDS,
  RETURN_STEPS,
  type ReturnDraft,
  refusalOf,
  returnMarks,
  returnStepProblems,
} from "./deskModel";
import { DocumentButton, FuelPicker, MarkList, MileageField } from "./deskParts";
import {
  DeskNotAllowed,
  DeskOutcome,
  DeskWizardFrame,
  diagramMarks,
  letterLabel,
  newMarkId,
  numberLabel,
  SignatureFields,
  StaffNameAlert,
  SummaryList,
  useDeskInfo,
  useOwnNameReady,
} from "./deskShared";
import { PhotoStrip, PhotoUploader } from "./PhotoUploader";
import { useDeskWizard } from "./useDeskWizard";

/** The server's field names each draft field answers for. */
const RETURN_DRAFT_FIELDS: Record<string, string[]> = {
  mileage: ["mileage"],
  fuel: ["fuel"],
  returnedAt: ["returnedAt"],
  marks: ["damages"],
  photos: ["photos"],
  cleaning: ["cleaning"],
  smoking: ["smoking"],
  damageAmount: ["damageAmount"],
  edits: ["overrides"],
  signerName: ["signature.signerName"],
  signerConfirmed: ["signature.signerName"],
  signature: ["signature.image", "signature"],
};

/** "YYYY-MM-DDTHH:mm" of a moment on the Vilnius wall clock. */
const vilniusLocal = (at: Date) => `${vilniusDateString(at)}T${vilniusTimeString(at)}`;

function emptyDraft(info: DeskInfoView): ReturnDraft {
  const customer = info.customer;
  return {
    mileage: "",
    fuel: null,
    returnedAt: vilniusLocal(new Date()),
    returnedAtNow: true,
    marks: [],
    photos: [],
    uploading: false,
    cleaning: false,
    smoking: false,
    damageAmount: "",
    edits: {},
    signerName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : "",
    renterName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : "",
    signerConfirmed: false,
    signature: null,
  };
}

/** The draft as the server takes it (preview or the real return). */
function requestOf(draft: ReturnDraft, computed: Record<string, number>, version: number | undefined): ReturnRequest {
  const [day = "", time = "00:00"] = draft.returnedAt.split("T");
  return {
    mileage: parseMileage(draft.mileage).value,
    fuel: draft.fuel,
    // the field shows minutes; left as opened it means this moment (never before the hand-over's second)
    returnedAt: draft.returnedAtNow ? new Date().toISOString() : vilniusLocalToInstant(day, time).toISOString(),
    damages: returnMarks(draft),
    photos: draft.photos,
    cleaning: draft.cleaning,
    smoking: draft.smoking ?? false,
    damageAmount: parseAmount(draft.damageAmount) ?? 0,
    overrides: chargeOverrides(draft.edits, computed).overrides,
    ...(draft.signature ? { signature: { image: draft.signature, signerName: draft.signerName.trim() } } : {}),
    ...(version !== undefined ? { version } : {}),
  };
}

/** An admin's other amount for one charge, with the reason; opened by "Keisti sumą". */
function ChargeEditor({
  charge,
  edit,
  errors,
  onEdit,
}: {
  charge: ReturnPreviewView["charges"][number];
  edit: { amount: string; reason: string };
  errors: FieldErrors;
  onEdit: (kind: string, patch: { amount?: string; reason?: string }) => void;
}) {
  const [open, setOpen] = useState(edit.amount.trim() !== "");
  if (!open)
    return (
      <Button size="small" onClick={() => setOpen(true)} sx={{ mt: 0.5, minHeight: 36, px: 1 }}>
        Keisti sumą
      </Button>
    );
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 1 }}>
      <TextField
        size="small"
        label="Kita suma, €"
        placeholder={formatMoney(charge.computed)}
        value={edit.amount}
        onChange={(event) => onEdit(charge.kind, { amount: event.target.value })}
        error={Boolean(errors[`overrides.${charge.kind}.amount`])}
        helperText={errors[`overrides.${charge.kind}.amount`]}
        slotProps={{ htmlInput: { inputMode: "decimal" } }}
        sx={{ width: 140 }}
      />
      <TextField
        size="small"
        label="Keitimo priežastis"
        required={edit.amount.trim() !== ""}
        value={edit.reason}
        onChange={(event) => onEdit(charge.kind, { reason: event.target.value })}
        error={Boolean(errors[`overrides.${charge.kind}.reason`])}
        helperText={errors[`overrides.${charge.kind}.reason`]}
        sx={{ flex: "1 1 180px" }}
      />
    </Box>
  );
}

/** The computed charges: a table on a tablet, one block per charge on a phone. */
function ChargesTable({
  preview,
  isAdmin,
  draft,
  errors,
  onEdit,
}: {
  preview: ReturnPreviewView;
  isAdmin: boolean;
  draft: ReturnDraft;
  errors: FieldErrors;
  onEdit: (kind: string, patch: { amount?: string; reason?: string }) => void;
}) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("sm"));
  const details = (charge: ReturnPreviewView["charges"][number]) => (
    <>
      {charge.rule}
      {charge.amount !== charge.computed && (
        <Typography variant="body2" color="warning.main">
          Apskaičiuota {formatMoney(charge.computed)}; pakeista: {charge.overrideReason}
        </Typography>
      )}
      {isAdmin && (
        <ChargeEditor
          charge={charge}
          edit={draft.edits[charge.kind] ?? { amount: "", reason: "" }}
          errors={errors}
          onEdit={onEdit}
        />
      )}
    </>
  );
  const label = (kind: string) => CHARGE_LABELS[kind as ChargeKind] ?? kind;
  if (!wide) {
    return (
      <Box component="ul" aria-label="Grąžinimo mokesčiai" data-testid="charges-table" sx={{ p: 0, m: 0 }}>
        {preview.charges.map((charge) => (
          <Box
            component="li"
            key={charge.kind}
            data-testid={`charge-${charge.kind}`}
            sx={{ listStyle: "none", py: 1.5, borderBottom: 1, borderColor: "divider" }}
          >
            <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, fontWeight: 600 }}>
              <span>{label(charge.kind)}</span>
              <span data-testid="charge-amount">{formatMoney(charge.amount)}</span>
            </Box>
            <Typography variant="body2" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
              {details(charge)}
            </Typography>
          </Box>
        ))}
        <Box
          component="li"
          sx={{
            listStyle: "none",
            display: "flex",
            justifyContent: "space-between",
            py: 1.5,
            fontWeight: 700,
            fontSize: 18,
          }}
        >
          <span>Iš viso</span>
          <span data-testid="charges-total">{formatMoney(preview.total)}</span>
        </Box>
      </Box>
    );
  }
  return (
    <Table size="small" aria-label="Grąžinimo mokesčiai" data-testid="charges-table">
      <TableHead>
        <TableRow>
          <TableCell>Mokestis</TableCell>
          <TableCell>Taisyklė</TableCell>
          <TableCell align="right">Suma</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {preview.charges.map((charge) => (
          <TableRow key={charge.kind} data-testid={`charge-${charge.kind}`}>
            <TableCell sx={{ fontWeight: 600, verticalAlign: "top", width: 150 }}>{label(charge.kind)}</TableCell>
            <TableCell sx={{ verticalAlign: "top" }}>{details(charge)}</TableCell>
            <TableCell
              align="right"
              data-testid="charge-amount"
              sx={{ verticalAlign: "top", whiteSpace: "nowrap", fontWeight: 600 }}
            >
              {formatMoney(charge.amount)}
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell colSpan={2} sx={{ fontWeight: 700, fontSize: 18 }}>
            Iš viso
          </TableCell>
          <TableCell
            align="right"
            sx={{ fontWeight: 700, fontSize: 18, whiteSpace: "nowrap" }}
            data-testid="charges-total"
          >
            {formatMoney(preview.total)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** The deposit as the ledger holds it, applied to the charges, and what stays owed (the server's figures). */
function DepositBox({ preview }: { preview: ReturnPreviewView }) {
  const owed = preview.balanceDue ?? preview.due ?? 0;
  return (
    <Box data-testid="deposit-box">
      <SummaryList
        rows={
          preview.deposit.held > 0
            ? [
                ["Užstatas paimtas", formatMoney(preview.deposit.held)],
                ["Užstatas įskaitytas į mokesčius", formatMoney(preview.deposit.retained)],
                ["Grąžinama klientui", formatMoney(preview.deposit.refunded)],
                ["Liko sumokėti", formatMoney(owed)],
              ]
            : [
                ["Užstatas", "nepaimtas – neįskaitomas"],
                ["Liko sumokėti", formatMoney(owed)],
              ]
        }
      />
    </Box>
  );
}

/**
 * The return screen; a car swap or an extension made from it (the buttons under the title) loads
 * it again, so the readings, the car and the return time are the rental's new ones.
 */
export function ReturnPage() {
  const { id = "" } = useParams();
  const [round, setRound] = useState(0);
  return <ReturnDesk key={`${id}-${round}`} id={id} onChanged={() => setRound((n) => n + 1)} />;
}

function ReturnDesk({ id, onChanged }: { id: string; onChanged: () => void }) {
  const basename = useBasename();
  const { permissions } = usePermissions<string | null>();
  const isAdmin = permissions === "admin";
  const actions = useDeskActions();
  const nameMissing = useOwnNameReady() === false;
  const { info, loadError } = useDeskInfo(id);

  const [selected, setSelected] = useState<string | null>(null);
  const [preview, setPreview] = useState<ReturnPreviewView | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const previewRun = useRef(0);
  const {
    draft,
    change,
    setPhotos,
    setUploading,
    step,
    errors,
    message,
    touched,
    submitting,
    done,
    next,
    back,
    submit,
  } = useDeskWizard<ReturnDraft, ReturnPreviewView>({
    info,
    initialDraft: emptyDraft,
    draftFields: RETURN_DRAFT_FIELDS,
    stepCount: RETURN_STEPS.length,
    stepFields: RETURN_STEP_FIELDS,
    stepProblems: (index, current) => returnStepProblems(index, current, { handoverMileage, computed }),
    send: (current) => {
      if (!info) throw new Error("Rezervacija dar neįkelta");
      return actions.returnReservation(info.reservation.id, requestOf(current, computed, info.reservation.version));
    },
  });

  const computed = useMemo<Record<string, number>>(
    () => Object.fromEntries((preview?.charges ?? []).map((charge) => [charge.kind, charge.computed])),
    [preview],
  );
  // The car the customer has now: after a swap, its readings at the swap (deskInfo.current).
  const handoverMileage =
    info?.current?.mileage ?? info?.handover?.mileage ?? info?.reservation.contract?.mileageOut ?? null;
  const handoverFuel = info?.current?.fuel ?? info?.handover?.fuel ?? info?.reservation.contract?.fuelOut;

  // The charges as the server computes them, refreshed a moment after staff stop typing.
  const previewKey = draft
    ? JSON.stringify([
        draft.mileage,
        draft.fuel,
        draft.returnedAt,
        draft.cleaning,
        draft.smoking,
        draft.damageAmount,
        chargeOverrides(draft.edits, computed).overrides,
      ])
    : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: previewKey holds every input of the preview
  useEffect(() => {
    if (!info || !draft || done) return;
    const readings = returnStepProblems(0, draft, { handoverMileage, computed: {} });
    if (
      Object.keys(readings).length > 0 ||
      (draft.damageAmount.trim() !== "" && parseAmount(draft.damageAmount) === null)
    ) {
      previewRun.current += 1;
      setPreviewing(false);
      return;
    }
    const run = ++previewRun.current;
    setPreviewing(true);
    const timer = window.setTimeout(() => {
      const body = requestOf(draft, computed, info.reservation.version);
      const { signature: _unsigned, ...unsigned } = body;
      actions.previewReturn(info.reservation.id, unsigned).then(
        (answer) => {
          if (run !== previewRun.current) return;
          setPreview(answer);
          setPreviewError(null);
          setPreviewing(false);
        },
        (failure: unknown) => {
          if (run !== previewRun.current) return;
          const refusal = refusalOf(failure);
          setPreviewError(
            [refusal.message, ...Object.values(refusal.fields).filter((text) => text !== refusal.message)].join("\n"),
          );
          setPreviewing(false);
        },
      );
    }, 350);
    return () => window.clearTimeout(timer);
  }, [previewKey, info, done]);

  // "Toliau" while the charges are being recomputed waits for them: the next step (and the
  // customer's signature) never shows a total the server has not confirmed.
  const [nextWhenPriced, setNextWhenPriced] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: advances once, when the preview settles
  useEffect(() => {
    if (nextWhenPriced && !previewing) {
      setNextWhenPriced(false);
      next();
    }
  }, [nextWhenPriced, previewing]);
  const nextStep = () => (previewing && RETURN_STEPS[step] === "Mokesčiai" ? setNextWhenPriced(true) : next());

  if (loadError) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {loadError}
      </Alert>
    );
  }
  if (!info || !draft) return <Loading />;

  const { reservation, customer, car, fleet, handover } = info;
  const backTo = `${basename}/reservations/add/${reservation.id}`;
  const title = `Grąžinimas ${reservation.number ?? ""}`.trim();
  const fieldError = (field: string) => errors[field];

  if (done) {
    return (
      <DeskOutcome
        title={title}
        heading="Automobilis grąžintas"
        testId="return-done"
        backTo={backTo}
        documents={<DocumentButton reservationId={reservation.id} kind="return" />}
      >
        Rezervacija {reservation.number} užbaigta. Iš viso mokesčių: {formatMoney(done.total)}; grąžinama iš užstato{" "}
        {formatMoney(done.deposit.refunded)}; liko sumokėti {formatMoney(done.balanceDue ?? 0)}. Grąžinimo aktas
        išsiųstas klientui el. paštu.
      </DeskOutcome>
    );
  }

  if (reservation.status !== "active") {
    return (
      <DeskNotAllowed
        title={title}
        message="Grąžinti galima tik vykdomą rezervaciją (automobilis perduotas klientui)."
        backTo={backTo}
      />
    );
  }

  // The hand-over act's marks and photos are the first car's: after a swap the car returned is another one.
  const swapped = (reservation.carSwaps?.length ?? 0) > 0;
  const handoverDamages = swapped ? [] : (handover?.damages ?? []);
  const handoverPhotos = swapped ? [] : (handover?.photos ?? []);
  const current = info.current;
  const handoverMarks = diagramMarks(handoverDamages, "handover", (index) => `P${index + 1}`);
  const earlierMarks = diagramMarks(info.damages, "earlier", letterLabel, () => true);
  const newMarks = diagramMarks(draft.marks, "new", numberLabel);

  const handoverSummary = (
    <SummaryList
      rows={[
        ["Perduota", current?.at ? formatDateTime(current.at) : handover ? formatDateTime(handover.at) : "–"],
        ["Rida perduodant", mileageText(handoverMileage)],
        ["Degalai perduodant", fuelLabel(handoverFuel)],
        ["Grąžinti iki", formatDateTime(reservation.returnAt)],
        ...(info.earlier.cars > 0
          ? [
              [
                info.earlier.cars === 1 ? "Iki keitimo nuvažiuota" : "Ankstesniais automobiliais nuvažiuota",
                `${mileageText(info.earlier.km)} (įskaičiuojama į ridos limitą)`,
              ] as const,
            ]
          : []),
      ]}
    />
  );

  const previewBlock = (
    <Box aria-live="polite">
      {previewError && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: "pre-line" }}>
          {previewError}
        </Alert>
      )}
      {preview ? (
        <Box sx={{ opacity: previewing ? 0.6 : 1, transition: "opacity 0.2s" }}>
          <ChargesTable
            preview={preview}
            isAdmin={isAdmin}
            draft={draft}
            errors={errors}
            onEdit={(kind, patch) =>
              change({
                edits: {
                  ...draft.edits,
                  [kind]: { amount: "", reason: "", ...draft.edits[kind], ...patch },
                },
              })
            }
          />
          <DepositBox preview={preview} />
        </Box>
      ) : (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.secondary" }}>
          <CircularProgress size={18} /> Skaičiuojami mokesčiai…
        </Box>
      )}
      {!isAdmin && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Apskaičiuotas sumas keisti gali tik administratorius.
        </Typography>
      )}
    </Box>
  );

  const stepContent = [
    // ---- 1. Readings ----
    <Box
      key="readings"
      sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" } }}
    >
      <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3, alignContent: "start" }}>
        {nameMissing && <StaffNameAlert />}
        <MileageField
          value={draft.mileage}
          onChange={(mileage) => change({ mileage })}
          error={fieldError("mileage")}
          hint={`Perduodant buvo ${mileageText(handoverMileage)}`}
        />
        <FuelPicker value={draft.fuel} onChange={(fuel) => change({ fuel })} error={fieldError("fuel")} />
        <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
          <DateField
            label="Grąžinimo data"
            value={draft.returnedAt.split("T")[0] ?? ""}
            onChange={(date) =>
              change({ returnedAt: `${date}T${draft.returnedAt.split("T")[1] ?? ""}`, returnedAtNow: false })
            }
            required
            error={Boolean(fieldError("returnedAt"))}
            helperText={fieldError("returnedAt") ?? "Vilniaus laiku"}
            sx={{ width: 200 }}
          />
          <TextField
            label="Grąžinimo laikas"
            value={draft.returnedAt.split("T")[1] ?? ""}
            onChange={(event) =>
              change({
                returnedAt: `${draft.returnedAt.split("T")[0] ?? ""}T${event.target.value.trim()}`,
                returnedAtNow: false,
              })
            }
            required
            placeholder="VV:MM"
            error={Boolean(fieldError("returnedAt"))}
            helperText="24 val., pvz. 09:30"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: "numeric", maxLength: 5 } }}
            sx={{ width: 140 }}
          />
        </Box>
      </Box>
      <Box component="section" aria-labelledby="handover-readings">
        <Typography id="handover-readings" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Perdavimo rodmenys
        </Typography>
        {handoverSummary}
      </Box>
    </Box>,

    // ---- 2. Damage ----
    <Box
      key="damage"
      sx={{
        display: "grid",
        gap: 3,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(260px, 320px) minmax(0, 1fr)" },
      }}
    >
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Palieskite vietą, kur rastas naujas pažeidimas.
        </Typography>
        <CarDiagram
          label="Automobilio schema: palieskite, kad pažymėtumėte naują pažeidimą"
          marks={[...earlierMarks, ...handoverMarks, ...newMarks]}
          selectedId={selected}
          onAdd={(x, y) => {
            const markId = newMarkId();
            change({ marks: addMark(draft.marks, x, y, markId) });
            setSelected(markId);
          }}
          onSelect={setSelected}
        />
        <DiagramLegend
          kinds={[
            ...(info.damages.length > 0 ? (["earlier"] as const) : []),
            ...(handoverMarks.length > 0 ? (["handover"] as const) : []),
            "new" as const,
          ]}
        />
      </Box>
      <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3, alignContent: "start" }}>
        <Box component="section" aria-labelledby="at-handover">
          <Typography id="at-handover" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Perduodant pažymėta
          </Typography>
          {handoverDamages.length === 0 && info.damages.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Pažeidimų nebuvo.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {info.damages.map((damage, index) => (
                <li key={damage.id}>
                  {letterLabel(index)}. {damage.note} (registre)
                </li>
              ))}
              {handoverDamages.map((mark, index) => (
                <li key={mark.id}>
                  P{index + 1}. {mark.note}
                </li>
              ))}
            </Box>
          )}
          <Typography variant="body2" sx={{ mt: 1.5, mb: 0.5, fontWeight: 600 }}>
            Perdavimo nuotraukos
          </Typography>
          <PhotoStrip paths={handoverPhotos} label="Perdavimo nuotrauka" />
        </Box>
        <Box component="section" aria-labelledby="new-damages">
          <Typography id="new-damages" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Nauji pažeidimai
          </Typography>
          <MarkList
            marks={draft.marks}
            onChange={(marks) => change({ marks })}
            errors={errors}
            selectedId={selected}
            emptyText="Naujų pažeidimų nepažymėta."
            repairCosts={draft.repairCosts}
            onRepairCost={(markId, text) => change({ repairCosts: { ...draft.repairCosts, [markId]: text } })}
          />
        </Box>
        <Box component="section" aria-labelledby="new-photos">
          <Typography id="new-photos" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Grąžinimo nuotraukos
          </Typography>
          <PhotoUploader onChange={setPhotos} onBusyChange={setUploading} error={fieldError("photos")} />
        </Box>
      </Box>
    </Box>,

    // ---- 3. Charges ----
    <Box key="charges" sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 3, alignItems: "flex-start" }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.cleaning}
              onChange={(event) => change({ cleaning: event.target.checked })}
              sx={{ "& svg": { fontSize: 30 } }}
            />
          }
          label="Reikia valymo"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.smoking ?? false}
              onChange={(event) => change({ smoking: event.target.checked })}
              sx={{ "& svg": { fontSize: 30 } }}
            />
          }
          label="Rūkyta automobilyje"
        />
        <TextField
          label="Pažeidimų suma, €"
          value={draft.damageAmount}
          onChange={(event) => change({ damageAmount: event.target.value })}
          error={Boolean(fieldError("damageAmount"))}
          helperText={
            fieldError("damageAmount") ??
            `Ne daugiau nei savarankiška rizika ${formatMoney(excessOf(car ?? { deposit: 0 }))}${isAdmin ? " (daugiau – pakeiskite sumą lentelėje)" : ""}`
          }
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
          sx={{ maxWidth: 320 }}
        />
      </Box>
      {previewBlock}
    </Box>,

    // ---- 4. Signature ----
    <Box key="signature" sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3, maxWidth: 820 }}>
      <Box component="section" aria-labelledby="what-signs">
        <Typography id="what-signs" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Klientas pasirašo grąžinimo aktą:
        </Typography>
        <SummaryList
          rows={[
            ["Automobilis", `${car ? `${car.make} ${car.model}` : ""}${fleet ? `, ${fleet.plateNumber}` : ""}`],
            ["Rida", `${mileageText(parseMileage(draft.mileage).value)} (perduodant ${mileageText(handoverMileage)})`],
            ["Degalai", `${fuelLabel(draft.fuel)} (perduodant ${fuelLabel(handoverFuel)})`],
            ["Grąžinta", formatDateTime(requestOf(draft, computed, undefined).returnedAt)],
            [
              "Nauji pažeidimai",
              draft.marks.length === 0
                ? "nėra"
                : draft.marks.map((mark, index) => `${index + 1}. ${mark.note.trim()}`).join("; "),
            ],
            ["Nuotraukos", String(draft.photos.length)],
            ["Mokesčiai iš viso", preview ? formatMoney(preview.total) : "–"],
            ["Grąžinama iš užstato", preview ? formatMoney(preview.deposit.refunded) : "–"],
            ["Liko sumokėti", preview ? formatMoney(preview.balanceDue ?? 0) : "–"],
          ]}
        />
      </Box>
      <SignatureFields
        signerName={draft.signerName}
        renterName={draft.renterName}
        signerConfirmed={draft.signerConfirmed}
        signature={draft.signature}
        onChange={change}
        errors={errors}
      />
    </Box>,
  ];

  const shownOnStep: string[] = [
    "mileage",
    "fuel",
    "returnedAt",
    "photos",
    "damageAmount",
    "signature.signerName",
    "signature.image",
    "signature",
    ...Object.keys(draft.edits).flatMap((kind) => [`overrides.${kind}.amount`, `overrides.${kind}.reason`]),
    ...draft.marks.flatMap((_, index) => [`damages.${index}.note`, `damages.${index}`]),
  ];
  return (
    <DeskWizardFrame
      title={title}
      heading="Automobilio grąžinimas"
      reservationNumber={reservation.number}
      backTo={backTo}
      subtitle={
        <Box sx={{ mb: 2 }}>
          <Typography color="text.secondary">
            {customer ? `${customer.firstName} ${customer.lastName}` : ""}
            {car ? ` · ${car.make} ${car.model}` : ""}
            {fleet ? ` · ${fleet.plateNumber}` : ""}
          </Typography>
          {step === 0 ? (
            <Box
              role="group"
              aria-label="Nuomos pakeitimai"
              sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 1, alignItems: "center" }}
            >
              <Typography variant="body2" color="text.secondary">
                Klientas lieka su kitu automobiliu ar ilgiau?
              </Typography>
              <RentalChangeButtons record={reservation} onDone={onChanged} />
            </Box>
          ) : null}
        </Box>
      }
      steps={RETURN_STEPS}
      step={step}
      content={stepContent}
      message={message}
      errors={errors}
      shownOnStep={shownOnStep}
      dirty={touched && !done && !submitting}
      onBack={back}
      onNext={nextStep}
      onSubmit={submit}
      submitLabel="Patvirtinti grąžinimą"
      submitting={submitting}
      blocked={nameMissing}
      footer={step === 3 && fieldError("charges") && <FormHelperText error>{fieldError("charges")}</FormHelperText>}
    />
  );
}
