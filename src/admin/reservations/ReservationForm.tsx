// A reservation as staff enter it by phone or at the office. While they type, the server
// quotes the price and checks the car is free; on save the server prices it again, checks
// availability in its transaction and refuses a status change the state machine forbids.
import CheckIcon from "@mui/icons-material/Check";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link as MuiLink,
  TextField,
  Typography,
} from "@mui/material";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import {
  ArrayInput,
  AutocompleteInput,
  NumberInput,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useBasename,
  useCreate,
  useCreateSuggestionContext,
  useGetMany,
  useNotify,
  useRecordContext,
} from "react-admin";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { isBlockingStatus } from "../../domain/availability";
import { TRANSFER_LABEL } from "../../domain/carTransfers";
import { formatDateTime, formatDays, formatMoney, formatNumber } from "../../domain/format";
import { normalizePhone, phoneError } from "../../domain/phone";
import { allowedTransitions, RESERVATION_STATUS_LABELS } from "../../domain/reservationStatus";
import { type Car, type Customer, type Quote, type Reservation, reservationSchema } from "../../domain/schemas";
import { type QuoteCheck, useAdminActions } from "../adminApi";
import { emptyToString, FormRow } from "../common/form";
import { DateTimeInput, toVilniusText } from "../common/inputs";
import { RESERVATION_SOURCE_CHOICES, RESERVATION_STATUS_CHOICES } from "../labels";
import { zodFormValidator } from "../validation";
import { EXTEND_ACTION, SWAP_ACTION } from "./RentalChangeDialogs";
import type { ActionRecord } from "./ReservationActions";
import { closedRecordMessage, isClosedStatus, needsPastConfirmation, pastBookingQuestion } from "./reservationRules";

const validateReservation = zodFormValidator(reservationSchema, ["id", "createdAt", "updatedAt", "number", "quote"]);

function StatusInput() {
  const record = useRecordContext<Reservation>();
  const current = record?.id ? record.status : undefined;
  // A new reservation starts as new or confirmed; later the status moves only through the
  // actions above the form (each with its checks and reasons).
  const allowed: string[] = current ? [current] : ["new", "confirmed"];
  const choices = RESERVATION_STATUS_CHOICES.filter((choice) => allowed.includes(choice.id));
  return (
    <SelectInput
      source="status"
      choices={choices}
      validate={required()}
      translateChoice={false}
      disabled={Boolean(current)}
      helperText={
        !current
          ? "Nauja arba iš karto patvirtinta"
          : allowedTransitions(current).length === 0
            ? `Rezervacija ${RESERVATION_STATUS_LABELS[current]}: būsenos keisti nebegalima`
            : "Būsena keičiama mygtukais virš formos"
      }
    />
  );
}

/** The price lines of a quote, as the customer's e-mail and the agreement show them. */
export function QuoteLines({ quote }: { quote: Quote }) {
  const lines: [string, string][] = [
    [`Nuoma: ${formatDays(quote.days)} × ${formatMoney(quote.dailyRate)}`, formatMoney(quote.base)],
  ];
  for (const line of quote.extrasLines) lines.push([`${line.name} × ${line.quantity}`, formatMoney(line.amount)]);
  if (quote.delivery > 0) lines.push(["Pristatymas ir paėmimas", formatMoney(quote.delivery)]);
  if ((quote.transfer ?? 0) > 0) lines.push([TRANSFER_LABEL, formatMoney(quote.transfer ?? 0)]);
  if (quote.discount > 0) lines.push(["Akcijos nuolaida", `−${formatMoney(quote.discount)}`]);
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "1fr auto", columnGap: 2, rowGap: 0.25 }}>
      {lines.map(([label, value]) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: "right", whiteSpace: "nowrap" }}>
            {value}
          </Typography>
        </Box>
      ))}
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        Iš viso su PVM
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: "right", whiteSpace: "nowrap" }}>
        {formatMoney(quote.total)}
      </Typography>
      <Typography component="dt" variant="body2" color="text.secondary">
        iš jų PVM ({formatNumber(quote.vatRate * 100)} %)
      </Typography>
      <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, textAlign: "right" }}>
        {formatMoney(quote.vat)}
      </Typography>
      <Typography component="dt" variant="body2">
        Užstatas (grąžinamas)
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: "right" }}>
        {formatMoney(quote.deposit)}
      </Typography>
    </Box>
  );
}

type CheckState =
  | { kind: "incomplete" }
  | { kind: "loading" }
  | { kind: "done"; result: QuoteCheck }
  | { kind: "failed"; message: string };

/** The server's live quote and availability for what the form holds now (checked once, shown in two places). */
function useLiveCheck(enabled: boolean): CheckState {
  const record = useRecordContext<Reservation & { id?: string }>();
  const { checkQuote } = useAdminActions();
  const [carId, pickupAt, returnAt, pickupLocationId, returnLocationId, extras, customerId] = useWatch({
    name: ["carId", "pickupAt", "returnAt", "pickupLocationId", "returnLocationId", "extras", "customerId"],
  }) as [string, string, string, string, string, { id?: string; quantity?: number }[] | undefined, string | undefined];
  const [state, setState] = useState<CheckState>({ kind: "incomplete" });
  const chosenExtras = (extras ?? [])
    .filter((item) => item?.id && Number.isInteger(item.quantity) && (item.quantity ?? 0) > 0)
    .map((item) => ({ id: item.id as string, quantity: item.quantity as number }));
  const key = JSON.stringify([carId, pickupAt, returnAt, pickupLocationId, returnLocationId, chosenExtras, customerId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the watched values
  useEffect(() => {
    const ready =
      enabled &&
      typeof carId === "string" &&
      carId !== "" &&
      typeof pickupAt === "string" &&
      typeof returnAt === "string" &&
      !Number.isNaN(Date.parse(pickupAt)) &&
      !Number.isNaN(Date.parse(returnAt));
    if (!ready) {
      setState({ kind: "incomplete" });
      return;
    }
    if (Date.parse(returnAt) <= Date.parse(pickupAt)) {
      setState({ kind: "failed", message: "Grąžinimo laikas turi būti vėlesnis nei paėmimo" });
      return;
    }
    let current = true;
    setState({ kind: "loading" });
    const timer = window.setTimeout(() => {
      checkQuote({
        carId,
        pickupAt,
        returnAt,
        pickupLocationId: pickupLocationId || null,
        returnLocationId: returnLocationId || null,
        extras: chosenExtras,
        reservationId: record?.id ?? null,
        // the young driver's fee by rule comes from the customer's birth date, as when saved
        customerId: customerId || null,
      }).then(
        (result) => current && setState({ kind: "done", result }),
        (error: unknown) =>
          current &&
          setState({
            kind: "failed",
            message: error instanceof Error ? error.message : "Kainos apskaičiuoti nepavyko",
          }),
      );
    }, 350);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [key, enabled, checkQuote, record?.id]);
  return state;
}

const LiveCheckContext = createContext<CheckState>({ kind: "incomplete" });

function LiveCheckProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const state = useLiveCheck(enabled);
  return <LiveCheckContext.Provider value={state}>{children}</LiveCheckContext.Provider>;
}

/** Free or taken, right under the dates it is about. */
function AvailabilityNotice() {
  const state = useContext(LiveCheckContext);
  const basename = useBasename();
  const status = useWatch({ name: "status" }) as string | undefined;
  const holdsCar = isBlockingStatus(status ?? "new");
  return (
    <Box aria-live="polite" aria-busy={state.kind === "loading"} sx={{ width: "100%", mb: 2 }}>
      {state.kind === "incomplete" && (
        <Typography variant="body2" color="text.secondary">
          Pasirinkite automobilį, paėmimo ir grąžinimo laiką – užimtumas ir kaina bus patikrinti iškart.
        </Typography>
      )}
      {state.kind === "loading" && (
        <Typography variant="body2" color="text.secondary">
          Tikrinamas užimtumas…
        </Typography>
      )}
      {state.kind === "failed" && <Alert severity="warning">{state.message}</Alert>}
      {state.kind === "done" && state.result.placeWarning ? (
        // src/domain/carLocation.ts: staff may still save; they move the car themselves
        <Alert severity="warning" sx={{ mb: 1 }}>
          {state.result.placeWarning} Išsaugoti galima – automobilį pervešite patys.
        </Alert>
      ) : null}
      {state.kind === "done" &&
        (state.result.available ? (
          <Alert severity="success">Automobilis šiuo laikotarpiu laisvas.</Alert>
        ) : (
          <Alert severity={holdsCar ? "error" : "info"}>
            {holdsCar
              ? "Automobilis šiuo laikotarpiu užimtas – tokios rezervacijos išsaugoti nepavyks. "
              : "Automobilis šiuo laikotarpiu užimtas, bet ši būsena automobilio neužima. "}
            Persidengia:{" "}
            {state.result.conflicts.map((conflict, index) => (
              <span key={conflict.id}>
                {index > 0 ? ", " : ""}
                {conflict.status === "maintenance" ? (
                  // a maintenance block (src/core/quoteCheck.ts): its reason stands where a number would
                  <>
                    remontas „{conflict.number}“ ({formatDateTime(conflict.pickupAt)} –{" "}
                    {formatDateTime(conflict.returnAt)})
                  </>
                ) : (
                  <>
                    <MuiLink component={Link} to={`${basename}/reservations/add/${conflict.id}`}>
                      {conflict.number}
                    </MuiLink>{" "}
                    ({formatDateTime(conflict.pickupAt)} – {formatDateTime(conflict.returnAt)},{" "}
                    {RESERVATION_STATUS_LABELS[conflict.status as Reservation["status"]] ?? conflict.status})
                  </>
                )}
              </span>
            ))}
          </Alert>
        ))}
    </Box>
  );
}

/** The server's price for what the form holds; a closed record shows its saved price. */
function PriceSummary({ closed }: { closed: boolean }) {
  const state = useContext(LiveCheckContext);
  const record = useRecordContext<Reservation & { id?: string }>();
  const body = closed ? (
    record?.quote ? (
      <QuoteLines quote={record.quote} />
    ) : (
      <Typography variant="body2">Kaina neišsaugota.</Typography>
    )
  ) : state.kind === "done" ? (
    <>
      {state.result.quote ? (
        <QuoteLines quote={state.result.quote} />
      ) : (
        <Alert severity="warning">{state.result.quoteError ?? "Kainos apskaičiuoti nepavyko"}</Alert>
      )}
      {record?.quote && state.result.quote && record.quote.total !== state.result.quote.total && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Išsaugota kaina: {formatMoney(record.quote.total)}. Ji perskaičiuojama tik pakeitus automobilį, laiką, vietas
          ar paslaugas.
        </Typography>
      )}
    </>
  ) : (
    <Typography variant="body2" color="text.secondary">
      {state.kind === "loading" ? "Skaičiuojama…" : "Kaina bus apskaičiuota, kai nurodysite automobilį ir laiką."}
    </Typography>
  );
  return (
    <Box
      component="section"
      aria-labelledby="live-quote-heading"
      aria-live="polite"
      sx={{ mb: 2, p: 2, bgcolor: "#eef2f8", borderRadius: 1, width: "100%" }}
    >
      <Typography id="live-quote-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {closed ? "Išsaugota kaina" : "Kaina (skaičiuoja serveris)"}
      </Typography>
      {body}
    </Box>
  );
}

const customerText = (customer: { firstName?: string; lastName?: string; companyName?: string; email?: string }) =>
  [`${customer.firstName ?? ""} ${customer.lastName ?? ""}`.trim(), customer.companyName, customer.email]
    .filter(Boolean)
    .join(" · ");

/** "Create a customer" from the customer picker: the few fields a phone booking needs. */
function QuickCustomer() {
  const { filter, onCancel, onCreate } = useCreateSuggestionContext();
  const [create, { isPending }] = useCreate<Customer & { id: string }>();
  const notify = useNotify();
  const [first = "", ...rest] = (filter ?? "").trim().split(/\s+/);
  const [values, setValues] = useState({ firstName: first, lastName: rest.join(" "), email: "", phone: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const found: Record<string, string> = {};
    if (!values.firstName.trim()) found.firstName = "Įveskite vardą";
    if (!values.lastName.trim()) found.lastName = "Įveskite pavardę";
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) found.email = "Neteisingas el. pašto adresas";
    const phoneProblem = phoneError(values.phone);
    if (phoneProblem) found.phone = phoneProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create(
      "customers",
      {
        data: {
          type: "private",
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          phone: normalizePhone(values.phone) ?? values.phone,
          notes: "",
        },
      },
      {
        onSuccess: (customer) => {
          notify("Klientas sukurtas", { type: "success" });
          onCreate(customer);
        },
        onError: (error) =>
          notify(error instanceof Error ? error.message : "Kliento sukurti nepavyko", { type: "error" }),
      },
    );
  };

  const field = (name: keyof typeof values, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      required
      fullWidth
      margin="dense"
      {...extra}
    />
  );

  return (
    <Dialog open onClose={onCancel} aria-labelledby="quick-customer-title" fullWidth maxWidth="sm">
      <DialogTitle id="quick-customer-title">Naujas klientas</DialogTitle>
      <DialogContent>
        {field("firstName", "Vardas", { autoFocus: true })}
        {field("lastName", "Pavardė")}
        {field("email", "El. paštas", { type: "email" })}
        {field("phone", "Telefono numeris", {
          type: "tel",
          slotProps: { htmlInput: { maxLength: 25 } },
          placeholder: "+370 612 34567",
        })}
        <Typography variant="body2" color="text.secondary">
          Kitus duomenis (gimimo datą, vairuotojo pažymėjimą) įrašysite kliento kortelėje.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Atšaukti</Button>
        <Button variant="contained" onClick={submit} disabled={isPending} startIcon={<PersonAddIcon />}>
          Sukurti klientą
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** completed / cancelled / no_show: say so (with the cancel reason) above the disabled inputs. */
function ClosedNotice() {
  const record = useRecordContext<ActionRecord & { handoverOverrideReason?: string }>();
  if (!record?.id) return null;
  if (isClosedStatus(record.status)) {
    return (
      <Alert severity="info" sx={{ mb: 2, width: "100%" }} data-testid="closed-reservation">
        {closedRecordMessage(record.status)}
        {record.status === "cancelled" && record.cancelReason && (
          <Box component="span" sx={{ display: "block", mt: 0.5 }}>
            Atšaukimo priežastis: {record.cancelReason}
          </Box>
        )}
      </Alert>
    );
  }
  if (record.handoverOverrideReason) {
    return (
      <Alert severity="info" sx={{ mb: 2, width: "100%" }}>
        Perduota anksčiau paėmimo dienos. Priežastis: {record.handoverOverrideReason}
      </Alert>
    );
  }
  return null;
}

/** A closed record's dates, shown but not editable (the date picker has no disabled state). */
function ClosedDate({
  source,
  label,
  helperText = "Vilniaus laiku",
}: {
  source: "pickupAt" | "returnAt";
  label: string;
  helperText?: string;
}) {
  return <TextInput source={source} label={label} format={toVilniusText} disabled helperText={helperText} />;
}

/** An active rental: its car, times and price are read-only here; the actions above change them. */
function ActiveRentalNotice() {
  const record = useRecordContext<ActionRecord>();
  if (!record?.id || record.status !== "active") return null;
  return (
    <Alert severity="info" sx={{ mb: 2, width: "100%" }} data-testid="active-rental-notice">
      Nuoma vykdoma: automobilis, paėmimo ir grąžinimo laikas bei kaina formoje nekeičiami. Automobilį keiskite veiksmu
      „{SWAP_ACTION}“, ilgesnę nuomą įforminkite veiksmu „{EXTEND_ACTION}“ (mygtukai virš formos).
    </Alert>
  );
}

/** The rental's car swaps and extensions, newest last, as staff read them back. */
function RentalChangesHistory() {
  const record = useRecordContext<ActionRecord>();
  const swaps = record?.carSwaps ?? [];
  const extensions = record?.extensions ?? [];
  const ids = [...new Set(swaps.flatMap((swap) => [swap.fromCarId, swap.toCarId]))];
  const { data: cars } = useGetMany<Car & { id: string }>("cars", { ids }, { enabled: ids.length > 0 });
  if (swaps.length === 0 && extensions.length === 0) return null;
  const name = (id: string) => {
    const car = cars?.find((each) => each.id === id);
    return car ? `${car.make} ${car.model}` : "automobilis";
  };
  const lines = [
    ...swaps.map((swap) => ({
      at: swap.at,
      text: `Automobilis pakeistas: ${name(swap.fromCarId)} (grąžinta ${formatNumber(swap.returned.mileage, 0)} km) → ${name(
        swap.toCarId,
      )} (perduota ${formatNumber(swap.handedOver.mileage, 0)} km); kaina ${
        swap.price === "kept"
          ? `palikta ${formatMoney(swap.total)}`
          : `${formatMoney(swap.previousTotal)} → ${formatMoney(swap.total)}`
      }${swap.reason ? `. Priežastis: ${swap.reason}` : ""}`,
    })),
    ...extensions.map((extension) => ({
      at: extension.at,
      text: `Pratęsta (priedas Nr. ${extension.number}): grąžinimas ${formatDateTime(extension.previousReturnAt)} → ${formatDateTime(
        extension.returnAt,
      )}; kaina ${formatMoney(extension.previousTotal)} → ${formatMoney(extension.total)}`,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Box component="section" aria-labelledby="rental-changes-heading" sx={{ mb: 2, width: "100%" }}>
      <Typography id="rental-changes-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        Nuomos pakeitimai
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="rental-changes">
        {lines.map((line) => (
          <Typography component="li" variant="body2" key={`${line.at}-${line.text}`}>
            {formatDateTime(line.at)} – {line.text}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Save; a new booking (or moved dates) in the past is confirmed first and sent with
 * `confirmPast: true`. The server's own `errors.confirmPast` opens the same question.
 */
function ReservationSaveButton() {
  const record = useRecordContext<ActionRecord>();
  const form = useFormContext();
  const { errors } = useFormState({ name: "confirmPast" });
  const [asking, setAsking] = useState<string | null>(null);
  const serverAsks = typeof errors.confirmPast?.message === "string" ? errors.confirmPast.message : null;
  const pickupAt = form.getValues("pickupAt") as unknown;
  const open = asking !== null || serverAsks !== null;
  const close = () => {
    setAsking(null);
    form.clearErrors("confirmPast");
  };
  const question =
    typeof pickupAt === "string" && !Number.isNaN(Date.parse(pickupAt)) ? pastBookingQuestion(pickupAt) : "";
  return (
    <>
      <SaveButton
        type="button"
        onClick={(event) => {
          const values = form.getValues();
          if (needsPastConfirmation(values, record)) {
            event.preventDefault();
            setAsking(pastBookingQuestion(values.pickupAt as string));
          }
        }}
      />
      <Dialog open={open} onClose={close} aria-labelledby="past-booking-title" fullWidth maxWidth="sm">
        <DialogTitle id="past-booking-title">Praėjusi nuoma</DialogTitle>
        <DialogContent>
          <DialogContentText>{asking ?? question}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Grįžti</Button>
          {/* the form's own submit, with the confirmation added to what is sent */}
          <SaveButton
            type="button"
            label="Taip, registruoti"
            icon={<CheckIcon />}
            alwaysEnable
            transform={(data) => ({ ...data, confirmPast: true })}
            onClick={close}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}

export function ReservationForm() {
  const record = useRecordContext<ActionRecord>();
  const closed = Boolean(record?.id) && isClosedStatus(record?.status);
  // A rental under way keeps its car, times and price: its two actions change them (RentalChangeDialogs).
  const active = Boolean(record?.id) && record?.status === "active";
  const locked = closed || active;
  const activeHint = active ? "Vykdoma nuoma: keičiama veiksmais viršuje" : undefined;
  return (
    // A reservation is cancelled through its status, never deleted: the history stays.
    <SimpleForm
      validate={validateReservation}
      warnWhenUnsavedChanges
      // hints under disabled inputs stay readable (MUI greys them below the contrast minimum)
      sx={{ "& .MuiFormHelperText-root.Mui-disabled": { color: "text.secondary" } }}
      toolbar={
        <Toolbar>
          <ReservationSaveButton />
        </Toolbar>
      }
    >
      <ClosedNotice />
      <ActiveRentalNotice />
      <LiveCheckProvider enabled={!locked}>
        <FormRow>
          <ReferenceInput source="carId" reference="cars" sort={{ field: "sortOrder", order: "ASC" }} perPage={200}>
            <AutocompleteInput
              validate={required()}
              filterToQuery={(q: string) => ({ q })}
              disabled={locked}
              helperText={active ? `Keičiamas veiksmu „${SWAP_ACTION}“` : undefined}
            />
          </ReferenceInput>
          <ReferenceInput source="customerId" reference="customers" sort={{ field: "lastName", order: "ASC" }}>
            <AutocompleteInput
              validate={required()}
              optionText={customerText}
              filterToQuery={(q: string) => ({ q })}
              create={<QuickCustomer />}
              createLabel="Naujas klientas…"
              createItemLabel="Naujas klientas: „%{item}“"
              helperText="Įrašykite vardą, pavardę ar el. paštą; nerastą klientą sukurkite čia pat"
              disabled={closed}
            />
          </ReferenceInput>
          {closed ? (
            <>
              <ClosedDate source="pickupAt" label="Paėmimo laikas" />
              <ClosedDate source="returnAt" label="Grąžinimo laikas" />
            </>
          ) : active ? (
            <>
              <ClosedDate source="pickupAt" label="Paėmimo laikas" helperText="Automobilis jau perduotas" />
              <ClosedDate
                source="returnAt"
                label="Grąžinimo laikas"
                helperText={`Keičiamas veiksmu „${EXTEND_ACTION}“`}
              />
            </>
          ) : (
            <>
              <DateTimeInput source="pickupAt" validate={required()} />
              <DateTimeInput source="returnAt" validate={required()} />
            </>
          )}
        </FormRow>
        {!locked && <AvailabilityNotice />}
        <FormRow>
          <ReferenceInput source="pickupLocationId" reference="locations" sort={{ field: "sortOrder", order: "ASC" }}>
            <SelectInput validate={required()} disabled={locked} helperText={activeHint} />
          </ReferenceInput>
          <ReferenceInput source="returnLocationId" reference="locations" sort={{ field: "sortOrder", order: "ASC" }}>
            <SelectInput validate={required()} disabled={locked} helperText={activeHint} />
          </ReferenceInput>
          <StatusInput />
          <SelectInput source="source" choices={RESERVATION_SOURCE_CHOICES} translateChoice={false} disabled={closed} />
        </FormRow>
        <ArrayInput source="extras">
          <SimpleFormIterator inline disableReordering disabled={locked}>
            <ReferenceInput source="id" reference="extras" sort={{ field: "sortOrder", order: "ASC" }}>
              <SelectInput label="Paslauga" validate={required()} disabled={locked} />
            </ReferenceInput>
            <NumberInput
              source="quantity"
              label="Kiekis"
              min={1}
              max={10}
              step={1}
              defaultValue={1}
              disabled={locked}
            />
          </SimpleFormIterator>
        </ArrayInput>
        <PriceSummary closed={locked} />
        <RentalChangesHistory />
        <TextInput source="comment" multiline minRows={2} parse={emptyToString} disabled={closed} />
        <TextInput
          source="notes"
          multiline
          minRows={2}
          parse={emptyToString}
          helperText={closed ? "Uždarytoje rezervacijoje keičiamos tik vidinės pastabos" : undefined}
        />
      </LiveCheckProvider>
    </SimpleForm>
  );
}
