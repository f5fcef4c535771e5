// Inquiry form: contact, long-term or business (POST /api/site/requests through the port).
import { type FormEvent, useRef, useState } from "react";
import { useBackend } from "../../app/BackendContext";
import { COUNTRY_CHOICES, companyCodeError, DEFAULT_COUNTRY } from "../../domain/countries";
import type { RequestInput } from "../../domain/schemas";
import { vatCodeError, vatPrefixOf } from "../../domain/vatCodes";
import { errorText, fieldErrorsOf } from "../lib/errors";
import { useHydrated } from "../lib/hydration";
import { Link } from "../lib/siteRouter";
import Alert from "./Alert";
import { SelectField, TextAreaField, TextField } from "./Field";
import PhoneField from "./phone/PhoneField";
import { loadPhoneRules, type PhoneRules } from "./phone/phoneSupport";
import { useToast } from "./Toasts";

export type InquiryType = "contact" | "long-term" | "business";

interface Values {
  name: string;
  email: string;
  phone: string;
  phoneCountry: string;
  phoneCountryChosen: boolean;
  message: string;
  carId: string;
  companyName: string;
  companyCode: string;
  companyVatCode: string;
  companyCountry: string;
}

const EMPTY: Values = {
  name: "",
  email: "",
  phone: "",
  phoneCountry: "LT",
  phoneCountryChosen: false,
  message: "",
  carId: "",
  companyName: "",
  companyCode: "",
  companyVatCode: "",
  companyCountry: DEFAULT_COUNTRY,
};

/** Server field keys -> form fields. */
const FIELD_OF: Record<string, keyof Values> = {
  name: "name",
  email: "email",
  phone: "phone",
  message: "message",
  carId: "carId",
  company: "companyName",
  "company.name": "companyName",
  "company.code": "companyCode",
  "company.vatCode": "companyVatCode",
  "company.country": "companyCountry",
};

type Errors = Partial<Record<keyof Values, string>>;

export function validateInquiry(type: InquiryType, values: Values, rules: PhoneRules | null = null): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = "Įveskite vardą";
  if (!values.email.trim()) errors.email = "Įveskite el. pašto adresą";
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = "Neteisingas el. pašto adresas";
  const phone = values.phone.trim();
  // Optional here; when given, it must be a real number (a lone dial code counts as empty).
  if (phone && !/^\+\d{1,4}$/.test(phone)) {
    const problem = rules
      ? rules.phoneError(phone, values.phoneCountry)
      : /^[0-9 +\-()]*$/.test(phone)
        ? null
        : "Telefono numeryje gali būti tik skaitmenys, tarpai ir + - ( )";
    if (problem) errors.phone = problem;
  }
  if (!values.message.trim()) errors.message = "Įveskite žinutę";
  if (type === "business") {
    if (!values.companyName.trim()) errors.companyName = "Įveskite įmonės pavadinimą";
    // The same rules per country as the server's (src/domain/countries.ts, src/domain/vatCodes.ts).
    const codeProblem = companyCodeError(values.companyCode, values.companyCountry);
    if (codeProblem) errors.companyCode = codeProblem;
    const vatProblem = vatCodeError(values.companyVatCode, values.companyCountry);
    if (vatProblem) errors.companyVatCode = vatProblem;
  }
  return errors;
}

export function toRequestInput(type: InquiryType, values: Values, rules: PhoneRules | null = null): RequestInput {
  const input: RequestInput = {
    type,
    name: values.name.trim(),
    email: values.email.trim(),
    message: values.message.trim(),
  };
  const phone = values.phone.trim();
  if (phone && !/^\+\d{1,4}$/.test(phone)) input.phone = rules?.normalizePhone(phone, values.phoneCountry) ?? phone;
  if (values.carId) input.carId = values.carId;
  if (type === "business") {
    input.company = { name: values.companyName.trim(), code: values.companyCode.trim() };
    if (values.companyVatCode.trim()) input.company.vatCode = values.companyVatCode.trim().toUpperCase();
    if (values.companyCountry !== DEFAULT_COUNTRY) input.company.country = values.companyCountry;
  }
  return input;
}

export default function InquiryForm({
  idPrefix: id,
  type,
  title,
  cars,
  messagePlaceholder,
  submitLabel = "Siųsti užklausą",
}: {
  /** prefix of the field ids; unique on the page */
  idPrefix: string;
  type: InquiryType;
  title: string;
  cars?: { id: string; label: string }[];
  messagePlaceholder?: string;
  submitLabel?: string;
}) {
  const { site } = useBackend();
  const toast = useToast();
  const hydrated = useHydrated();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [status, setStatus] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    // Read now: a controlled input may be reset before a state updater runs.
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const rules = values.phone.trim() ? await loadPhoneRules().catch(() => null) : null;
    const found = validateInquiry(type, values, rules);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus({ tone: "error", text: "Patikrinkite pažymėtus laukus." });
      return;
    }
    setSending(true);
    setStatus(null);
    try {
      await site.submitRequest(toRequestInput(type, values, rules));
      setValues(EMPTY);
      setErrors({});
      toast.notify("Užklausa išsiųsta. Ačiū!");
      setStatus({
        tone: "success",
        text: "Ačiū! Jūsų užklausa gauta. Atsakysime darbo valandomis, dažniausiai tą pačią dieną.",
      });
    } catch (error) {
      const serverErrors: Partial<Record<keyof Values, string>> = {};
      for (const [key, message] of Object.entries(fieldErrorsOf(error))) {
        const field = FIELD_OF[key];
        if (field) serverErrors[field] = message;
      }
      setErrors(serverErrors);
      setStatus({ tone: "error", text: errorText(error) });
    } finally {
      setSending(false);
      statusRef.current?.focus();
    }
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} style={{ marginTop: 0 }}>
        {title}
      </h2>
      <div ref={statusRef} tabIndex={-1}>
        {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
      </div>
      <div className="form-grid form-grid--2">
        {type === "business" ? (
          <>
            <TextField
              id={`${id}-company`}
              label="Įmonės pavadinimas"
              className="span-2"
              autoComplete="organization"
              value={values.companyName}
              onChange={set("companyName")}
              error={errors.companyName}
              required
            />
            <SelectField
              id={`${id}-country`}
              label="Įmonės šalis"
              options={COUNTRY_CHOICES.map((country) => ({ value: country.id, label: country.name }))}
              value={values.companyCountry}
              onChange={set("companyCountry")}
              error={errors.companyCountry}
            />
            <TextField
              id={`${id}-code`}
              label="Įmonės kodas"
              hint={values.companyCountry === DEFAULT_COUNTRY ? undefined : "Kodas jūsų šalies įmonių registre"}
              inputMode={values.companyCountry === DEFAULT_COUNTRY ? "numeric" : "text"}
              value={values.companyCode}
              onChange={set("companyCode")}
              error={errors.companyCode}
              required
            />
            <TextField
              id={`${id}-vat`}
              label="PVM mokėtojo kodas"
              hint={`Jei esate PVM mokėtojas, pvz. ${values.companyCountry === DEFAULT_COUNTRY ? "LT123456715" : `${vatPrefixOf(values.companyCountry)}…`}`}
              value={values.companyVatCode}
              onChange={set("companyVatCode")}
              error={errors.companyVatCode}
            />
          </>
        ) : null}
        <TextField
          id={`${id}-name`}
          label={type === "business" ? "Kontaktinis asmuo" : "Vardas ir pavardė"}
          autoComplete="name"
          value={values.name}
          onChange={set("name")}
          error={errors.name}
          required
        />
        <TextField
          id={`${id}-email`}
          label="El. paštas"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set("email")}
          error={errors.email}
          required
        />
        <PhoneField
          id={`${id}-phone`}
          label="Telefonas"
          hint="Neprivaloma, pvz. +370 612 34567"
          value={values.phone}
          country={values.phoneCountry}
          countryChosen={values.phoneCountryChosen}
          onChange={(phone) => setValues((current) => ({ ...current, phone }))}
          onCountryChange={(code, byVisitor) =>
            setValues((current) => ({
              ...current,
              phoneCountry: code,
              phoneCountryChosen: current.phoneCountryChosen || byVisitor,
            }))
          }
          error={errors.phone}
        />
        {cars && cars.length > 0 ? (
          <SelectField
            id={`${id}-car`}
            label="Automobilis"
            placeholder="Nesvarbu / patarkite"
            options={cars.map((car) => ({ value: car.id, label: car.label }))}
            value={values.carId}
            onChange={set("carId")}
            error={errors.carId}
          />
        ) : null}
        <TextAreaField
          id={`${id}-message`}
          label="Žinutė"
          className="span-2"
          rows={5}
          placeholder={messagePlaceholder}
          value={values.message}
          onChange={set("message")}
          error={errors.message}
          required
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={!hydrated || sending}>
          {sending ? "Siunčiama…" : submitLabel}
        </button>
        <span className="muted">
          Atsakome darbo valandomis. Duomenis naudojame tik atsakyti į užklausą (
          <Link to="/privatumo-politika">privatumo politika</Link>).
        </span>
      </div>
    </form>
  );
}
