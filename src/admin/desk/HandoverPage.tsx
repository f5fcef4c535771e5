// /admin/reservations/:id/handover: the car leaves the desk (išdavimas) in four steps – the
// driver's checks, the readings, the damage (diagram, earlier damages confirmed, photos) and the
// customer's signature – then handOverReservation. The server checks everything again; its
// refusals come back onto the fields of the step that has them.
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link as MuiLink,
  TextField,
  Typography,
} from "@mui/material";
import { type ReactNode, useMemo, useState } from "react";
import { Loading, useBasename, usePermissions } from "react-admin";
import { Link, useLocation, useParams } from "react-router-dom";
import { formatDate, formatDateTime, formatMoney, formatNumber } from "../../domain/format";
import { customerWithDeskInput, driverCheckErrors, handoverReadingErrors } from "../../domain/handoverChecks";
import { ageOn } from "../../domain/reservationInput";
import { mayHandOverNow } from "../../domain/reservationRules";
import type { DamageMark } from "../../domain/schemas";
import { vilniusDateString } from "../../domain/time";
import { DateField } from "../common/DatePicker";
import { CarDiagram, DiagramLegend } from "./CarDiagram";
import { DepositFields } from "./DepositFields";
import { type DeskInfoView, useDeskActions } from "./deskApi";
import {
  addMark,
  type FieldErrors,
  fuelLabel,
  HANDOVER_STEP_FIELDS,
  HANDOVER_STEPS,
  type HandoverDraft,
  handoverBody,
  handoverCardInput,
  handoverStepProblems,
  mileageText,
  parseAmount,
  parseMileage,
  withoutFields,
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
import { PhotoUploader } from "./PhotoUploader";
import { useDeskWizard } from "./useDeskWizard";

const HANDOVER_STATUSES = ["new", "confirmed"];

/** The server's field names each draft field answers for. */
const HANDOVER_DRAFT_FIELDS: Record<string, string[]> = {
  licenceNumber: ["licence.number", "licence"],
  licenceExpiresAt: ["licence.expiresAt", "licence"],
  mileage: ["mileage"],
  fuel: ["fuel"],
  marks: ["damages"],
  confirmedDamageIds: ["confirmedDamageIds"],
  photos: ["photos"],
  signerName: ["signature.signerName"],
  signerConfirmed: ["signature.signerName"],
  signature: ["signature.image", "signature"],
  statusReason: ["statusReason"],
  birthDate: ["customer.birthDate", "customer"],
  licenceIssuedAt: ["customer.licenceIssuedAt", "customer"],
  depositMethod: ["deposit.method", "deposit"],
  depositAmount: ["deposit.amount"],
};

function emptyDraft(info: DeskInfoView, statusReason: string): HandoverDraft {
  const customer = info.customer;
  return {
    licenceNumber: customer?.licenceNumber ?? "",
    // The card's expiry, as the desk saw it last time: staff check it against the licence in hand.
    licenceExpiresAt: customer?.licenceExpiresAt ?? "",
    birthDate: "",
    licenceIssuedAt: "",
    askBirthDate: Boolean(customer && !customer.birthDate),
    askLicenceIssuedAt: Boolean(customer && !customer.licenceIssuedAt),
    mileage: "",
    fuel: null,
    marks: [],
    confirmedDamageIds: [],
    photos: [],
    uploading: false,
    signerName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : "",
    renterName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : "",
    signerConfirmed: false,
    signature: null,
    statusReason,
    // an online hold already taken, else cash with the car's deposit (staff change it)
    depositMethod: (info.depositHeld?.amount ?? 0) > 0 ? "online" : "cash",
    depositAmount: formatNumber(info.car?.deposit ?? 0, 2).replace(/\s/g, ""),
  };
}

/** The car's requirement against the customer's, with a tick or a cross. */
function RequirementRow({ label, need, has, ok }: { label: string; need: string; has: ReactNode; ok: boolean | null }) {
  return (
    <Box
      component="tr"
      sx={{
        "& td": { py: 1, pr: { xs: 1, sm: 2 }, borderBottom: 1, borderColor: "divider", verticalAlign: "middle" },
        "& td:last-of-type": { pr: 0, width: 32 },
      }}
    >
      <Box component="td">{label}</Box>
      <Box component="td">{need}</Box>
      <Box component="td">{has}</Box>
      <Box component="td" aria-label={ok === null ? "nežinoma" : ok ? "tinka" : "netinka"}>
        {ok === null ? (
          <ErrorIcon color="warning" />
        ) : ok ? (
          <CheckCircleIcon color="success" />
        ) : (
          <ErrorIcon color="error" />
        )}
      </Box>
    </Box>
  );
}

export function HandoverPage() {
  const { id = "" } = useParams();
  const location = useLocation();
  const basename = useBasename();
  const { permissions } = usePermissions<string | null>();
  const isAdmin = permissions === "admin";
  const actions = useDeskActions();
  const { info, loadError } = useDeskInfo(id);
  const nameReady = useOwnNameReady();
  const presetReason =
    typeof (location.state as { statusReason?: unknown } | null)?.statusReason === "string"
      ? ((location.state as { statusReason: string }).statusReason ?? "")
      : "";

  const [selected, setSelected] = useState<string | null>(null);
  const early = info ? !mayHandOverNow(info.reservation.pickupAt, new Date()) : false;
  const openDamageIds = useMemo(() => (info?.damages ?? []).map((damage) => damage.id), [info]);
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
  } = useDeskWizard<HandoverDraft, true>({
    info,
    initialDraft: (loaded) => emptyDraft(loaded, presetReason),
    draftFields: HANDOVER_DRAFT_FIELDS,
    stepCount: HANDOVER_STEPS.length,
    stepFields: HANDOVER_STEP_FIELDS,
    stepProblems: (index, current) => {
      const mileage = parseMileage(current.mileage).value;
      const live: FieldErrors =
        index === 0
          ? driverErrors
          : index === 1 && mileage !== null
            ? handoverReadingErrors(mileage, info?.fleet?.mileage ?? null)
            : {};
      return { ...live, ...handoverStepProblems(index, current, { openDamageIds, early }) };
    },
    send: async (current) => {
      if (!info) throw new Error("Rezervacija dar neįkelta");
      await actions.handOverReservation(info.reservation.id, handoverBody(current, info.reservation.version, early));
      return true;
    },
  });

  // The driver's checks from the domain rules, shown while staff type (the server repeats them).
  const driverErrors = useMemo<FieldErrors>(() => {
    if (!info?.customer || !info.car || !draft) return {};
    const customer = customerWithDeskInput(info.customer, handoverCardInput(draft));
    // no expiry typed yet: only the age and licence years (the required-field check names the date)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.licenceExpiresAt)) {
      return withoutFields(
        driverCheckErrors(
          { number: draft.licenceNumber, expiresAt: "9999-12-31" },
          { reservation: info.reservation, customer, car: info.car },
        ),
        ["licence.expiresAt"],
      );
    }
    return driverCheckErrors(
      { number: draft.licenceNumber, expiresAt: draft.licenceExpiresAt },
      { reservation: info.reservation, customer, car: info.car },
    );
  }, [info, draft]);

  if (loadError) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {loadError}
      </Alert>
    );
  }
  if (!info || !draft) return <Loading />;

  const { reservation, customer, car, fleet } = info;
  const backTo = `${basename}/reservations/add/${reservation.id}`;
  const title = `Perdavimas ${reservation.number ?? ""}`.trim();
  const fieldError = (field: string) => errors[field];

  if (!done && !HANDOVER_STATUSES.includes(reservation.status)) {
    return (
      <DeskNotAllowed title={title} message="Perduoti galima tik naują arba patvirtintą rezervaciją." backTo={backTo} />
    );
  }
  const tooEarlyForStaff = early && !isAdmin;
  const nameMissing = nameReady === false;

  if (done) {
    return (
      <DeskOutcome
        title={title}
        heading="Automobilis perduotas"
        testId="handover-done"
        backTo={backTo}
        documents={
          <>
            <DocumentButton reservationId={reservation.id} kind="handover" />
            <DocumentButton reservationId={reservation.id} kind="agreement" />
          </>
        }
      >
        Rezervacija {reservation.number} dabar vykdoma. Perdavimo aktas ir pasirašyta sutartis išsiųsti klientui el.
        paštu.
      </DeskOutcome>
    );
  }

  const pickupDay = vilniusDateString(reservation.pickupAt);
  // The card's dates, or the ones typed here when the card had none.
  const typed = handoverCardInput(draft);
  const birthDate = customer?.birthDate ?? typed.birthDate ?? null;
  const licenceIssuedAt = customer?.licenceIssuedAt ?? typed.licenceIssuedAt ?? null;
  const age = birthDate ? ageOn(birthDate, pickupDay) : null;
  const years = licenceIssuedAt ? Math.max(0, ageOn(licenceIssuedAt, pickupDay)) : null;
  const askedInline = new Set([
    ...(draft.askBirthDate ? ["customer.birthDate"] : []),
    ...(draft.askLicenceIssuedAt ? ["customer.licenceIssuedAt"] : []),
  ]);
  const customerPath = customer ? `${basename}/customers/${customer.id}` : null;

  const earlierMarks = diagramMarks(info.damages, "earlier", letterLabel, (damageId) =>
    draft.confirmedDamageIds.includes(damageId),
  );
  const newMarks = diagramMarks(draft.marks, "new", numberLabel);

  const stepContent = [
    // ---- 1. Checks ----
    <Box key="checks" sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3 }}>
      <Box>
        <Typography variant="h6" component="h2">
          {customer ? `${customer.firstName} ${customer.lastName}` : "Klientas nerastas"}
        </Typography>
        <Typography color="text.secondary">
          {car ? `${car.make} ${car.model}` : ""}
          {fleet ? ` · ${fleet.plateNumber}` : ""} · {formatDateTime(reservation.pickupAt)} –{" "}
          {formatDateTime(reservation.returnAt)}
        </Typography>
      </Box>
      {nameMissing && <StaffNameAlert />}
      {tooEarlyForStaff && (
        <Alert severity="warning">
          Perduoti galima nuo paėmimo dienos – {pickupDay}. Anksčiau perduoti gali tik administratorius.
        </Alert>
      )}
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))" },
          maxWidth: 700,
        }}
      >
        <TextField
          label="Vairuotojo pažymėjimo Nr."
          value={draft.licenceNumber}
          onChange={(event) => change({ licenceNumber: event.target.value })}
          required
          error={Boolean(fieldError("licence.number"))}
          helperText={
            fieldError("licence.number") ??
            (customer?.licenceNumber ? "Iš kliento kortelės" : "Bus įrašytas į kliento kortelę")
          }
          slotProps={{ htmlInput: { maxLength: 30, autoComplete: "off" } }}
        />
        <DateField
          label="Galioja iki"
          value={draft.licenceExpiresAt}
          onChange={(licenceExpiresAt) => change({ licenceExpiresAt })}
          required
          error={Boolean(fieldError("licence.expiresAt"))}
          helperText={
            fieldError("licence.expiresAt") ??
            `Turi galioti bent iki grąžinimo dienos (${vilniusDateString(reservation.returnAt)})`
          }
        />
        {draft.askBirthDate && (
          <DateField
            label="Gimimo data"
            value={draft.birthDate ?? ""}
            onChange={(birthDate) => change({ birthDate })}
            required
            error={Boolean(fieldError("customer.birthDate"))}
            helperText={fieldError("customer.birthDate") ?? "Kliento kortelėje neįrašyta – bus įrašyta perdavus"}
          />
        )}
        {draft.askLicenceIssuedAt && (
          <DateField
            label="Pažymėjimas išduotas"
            value={draft.licenceIssuedAt ?? ""}
            onChange={(licenceIssuedAt) => change({ licenceIssuedAt })}
            required
            error={Boolean(fieldError("customer.licenceIssuedAt"))}
            helperText={fieldError("customer.licenceIssuedAt") ?? "Kliento kortelėje neįrašyta – bus įrašyta perdavus"}
          />
        )}
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Automobilio reikalavimai
        </Typography>
        <Box sx={{ overflowX: "auto" }}>
          <Box
            component="table"
            sx={{ borderCollapse: "collapse", width: "100%", maxWidth: 640, typography: { xs: "body2", sm: "body1" } }}
          >
            <Box component="thead">
              <Box
                component="tr"
                sx={{ "& th": { textAlign: "left", pr: { xs: 1, sm: 2 }, pb: 0.5, fontWeight: 600 } }}
              >
                <th>Reikalavimas</th>
                <th>Automobiliui</th>
                <th>Klientas</th>
                <Box component="th" sx={{ width: 32 }}>
                  <Box
                    component="span"
                    sx={{
                      position: "absolute",
                      width: "1px",
                      height: "1px",
                      overflow: "hidden",
                      clip: "rect(0 0 0 0)",
                    }}
                  >
                    Ar tinka
                  </Box>
                </Box>
              </Box>
            </Box>
            <tbody>
              <RequirementRow
                label="Amžius"
                need={`nuo ${car?.minDriverAge ?? "–"} m.`}
                has={age === null ? "gimimo data neįrašyta" : `${age} m.`}
                ok={age === null || !car ? null : age >= car.minDriverAge}
              />
              <RequirementRow
                label="Vairavimo stažas"
                need={`nuo ${car?.minLicenceYears ?? "–"} m.`}
                has={
                  years === null ? (
                    "išdavimo data neįrašyta"
                  ) : (
                    <>
                      {years} m.
                      <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
                        {` (nuo ${formatDate(licenceIssuedAt ?? "")})`}
                      </Box>
                    </>
                  )
                }
                ok={years === null || !car ? null : years >= car.minLicenceYears}
              />
            </tbody>
          </Box>
        </Box>
        {["customer.birthDate", "customer.licenceIssuedAt", "customer"].map((field) =>
          errors[field] && !askedInline.has(field) ? (
            <FormHelperText key={field} error sx={{ fontSize: 14 }}>
              {errors[field]}
            </FormHelperText>
          ) : null,
        )}
        {customerPath &&
          askedInline.size === 0 &&
          (errors["customer.birthDate"] || errors["customer.licenceIssuedAt"]) && (
            <MuiLink component={Link} to={customerPath} sx={{ display: "inline-block", mt: 1 }}>
              Atidaryti kliento kortelę
            </MuiLink>
          )}
      </Box>
      {early && isAdmin && (
        <TextField
          label="Ankstesnio perdavimo priežastis"
          value={draft.statusReason}
          onChange={(event) => change({ statusReason: event.target.value })}
          required
          multiline
          minRows={2}
          error={Boolean(fieldError("statusReason"))}
          helperText={
            fieldError("statusReason") ??
            `Paėmimo diena – ${pickupDay}. Administratorius gali perduoti anksčiau, nurodęs priežastį.`
          }
          sx={{ maxWidth: 700 }}
        />
      )}
    </Box>,

    // ---- 2. Readings ----
    <Box key="readings" sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3 }}>
      <MileageField
        value={draft.mileage}
        onChange={(mileage) => change({ mileage })}
        error={fieldError("mileage")}
        hint={
          fleet ? `Automobilio rida apskaitoje: ${mileageText(fleet.mileage)}` : "Automobilis neturi apskaitos įrašo"
        }
      />
      <FuelPicker value={draft.fuel} onChange={(fuel) => change({ fuel })} error={fieldError("fuel")} />
      <DepositFields
        method={draft.depositMethod ?? "cash"}
        amount={draft.depositAmount ?? ""}
        onlineHold={info.depositHeld?.amount ?? 0}
        carDeposit={car?.deposit ?? 0}
        errors={errors}
        onChange={change}
      />
    </Box>,

    // ---- 3. Damage ----
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
          Palieskite automobilio vietą, kur yra pažeidimas.
        </Typography>
        <CarDiagram
          label="Automobilio schema: palieskite, kad pažymėtumėte pažeidimą"
          marks={[...earlierMarks, ...newMarks]}
          selectedId={selected}
          onAdd={(x, y) => {
            const markId = newMarkId();
            change({ marks: addMark(draft.marks, x, y, markId) });
            setSelected(markId);
          }}
          onSelect={setSelected}
        />
        <DiagramLegend kinds={info.damages.length > 0 ? ["earlier", "new"] : ["new"]} />
      </Box>
      <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3, alignContent: "start" }}>
        {info.damages.length > 0 && (
          <Box component="section" aria-labelledby="earlier-damages">
            <Typography id="earlier-damages" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Ankstesni pažeidimai – patvirtinkite su klientu
            </Typography>
            {info.damages.map((damage, index) => (
              <FormControlLabel
                key={damage.id}
                sx={{ display: "flex", alignItems: "flex-start", my: 0.5, mr: 0 }}
                control={
                  <Checkbox
                    checked={draft.confirmedDamageIds.includes(damage.id)}
                    onChange={(event) =>
                      change({
                        confirmedDamageIds: event.target.checked
                          ? [...draft.confirmedDamageIds, damage.id]
                          : draft.confirmedDamageIds.filter((each) => each !== damage.id),
                      })
                    }
                    sx={{ p: 1.25, "& svg": { fontSize: 30 } }}
                  />
                }
                label={
                  <Box sx={{ pt: 1 }}>
                    <strong>{letterLabel(index)}.</strong> {damage.note}{" "}
                    <Typography component="span" variant="body2" color="text.secondary">
                      (rasta {formatDate(damage.foundAt)}) – patvirtinta
                    </Typography>
                  </Box>
                }
              />
            ))}
            {fieldError("confirmedDamageIds") && (
              <FormHelperText error>{fieldError("confirmedDamageIds")}</FormHelperText>
            )}
          </Box>
        )}
        <Box component="section" aria-labelledby="new-damages">
          <Typography id="new-damages" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Nauji pažeidimai
          </Typography>
          <MarkList
            marks={draft.marks}
            onChange={(marks: DamageMark[]) => change({ marks })}
            errors={errors}
            selectedId={selected}
            emptyText="Naujų pažeidimų nepažymėta."
          />
        </Box>
        <Box component="section" aria-labelledby="photos">
          <Typography id="photos" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Nuotraukos
          </Typography>
          <PhotoUploader onChange={setPhotos} onBusyChange={setUploading} error={fieldError("photos")} />
        </Box>
      </Box>
    </Box>,

    // ---- 4. Signature ----
    <Box key="signature" sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3, maxWidth: 760 }}>
      <Box component="section" aria-labelledby="what-signs">
        <Typography id="what-signs" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Klientas pasirašo, kad automobilį gavo:
        </Typography>
        <SummaryList
          rows={[
            ["Automobilis", `${car ? `${car.make} ${car.model}` : ""}${fleet ? `, ${fleet.plateNumber}` : ""}`],
            ["Rida", mileageText(parseMileage(draft.mileage).value)],
            ["Degalai", fuelLabel(draft.fuel)],
            ["Vairuotojo pažymėjimas", `${draft.licenceNumber}, galioja iki ${draft.licenceExpiresAt}`],
            [
              "Nauji pažeidimai",
              draft.marks.length === 0
                ? "nėra"
                : draft.marks.map((mark, index) => `${index + 1}. ${mark.note.trim()}`).join("; "),
            ],
            [
              "Ankstesni pažeidimai (patvirtinti)",
              info.damages.length === 0
                ? "nėra"
                : info.damages.map((damage, index) => `${letterLabel(index)}. ${damage.note}`).join("; "),
            ],
            ["Nuotraukos", String(draft.photos.length)],
            [
              "Užstatas",
              draft.depositMethod === "online"
                ? `${formatMoney(info.depositHeld?.amount ?? 0)} (rezervuotas kortelėje internetu)`
                : draft.depositMethod === "none"
                  ? "nepaimtas"
                  : `${formatMoney(parseAmount(draft.depositAmount ?? "") ?? 0)} (${draft.depositMethod === "card" ? "kortele" : "grynaisiais"})`,
            ],
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
    "licence.number",
    "licence.expiresAt",
    "statusReason",
    "customer.birthDate",
    "customer.licenceIssuedAt",
    "customer",
    "mileage",
    "fuel",
    "deposit.method",
    "deposit.amount",
    "confirmedDamageIds",
    "photos",
    "signature.signerName",
    "signature.image",
    "signature",
    ...draft.marks.flatMap((_, index) => [`damages.${index}.note`, `damages.${index}`]),
  ];
  return (
    <DeskWizardFrame
      title={title}
      heading="Automobilio perdavimas"
      reservationNumber={reservation.number}
      backTo={backTo}
      steps={HANDOVER_STEPS}
      step={step}
      content={stepContent}
      message={message}
      errors={errors}
      shownOnStep={shownOnStep}
      dirty={touched && !done && !submitting}
      onBack={back}
      onNext={next}
      onSubmit={submit}
      submitLabel="Patvirtinti ir perduoti"
      submitting={submitting}
      blocked={tooEarlyForStaff || nameMissing}
    />
  );
}
