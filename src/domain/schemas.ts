// Entity schemas shared by the browser, the server and Cloud Functions.
// One rule, written once: every boundary parses with these.

import { z } from "zod";
import { backupSettingsSchema } from "./backupSchedule";
import { transferSettingsSchema } from "./carTransfers";
import { COUNTRY_MESSAGE, companyCodeError, DEFAULT_COUNTRY, isCountryCode } from "./countries";
import {
  DEFAULT_EMAIL_TEMPLATES_EN,
  DEFAULT_EMAIL_TEMPLATES_LT,
  type EmailTemplateKey,
  type EmailTemplateSet,
} from "./emailTemplateDefaults";
import { formatCount, formatDays, formatNumber } from "./format";
import { formatIban, isValidIban } from "./iban";
import { ENTITY_ID_PATTERN, SLUG_PATTERN } from "./ids";
import { invoicingSettingsSchema, paymentTermField } from "./invoicingSettings";
import { MAIL_RETRY_DAYS_DEFAULT, mailRetryDaysSchema } from "./mailQueue";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from "./passwordRules";
import { isValidPhone, normalizePhone, PHONE_MAX_LENGTH } from "./phone";
import { retentionSettingsSchema } from "./retention";
import { TARIFF_DEFAULTS, tariffSchema } from "./tariff";
import { RULE_FEE_KINDS } from "./tariffDefaults";
import { compactVatCode, vatCodeError } from "./vatCodes";
import { lithuanianZodLocale, numberTypeError } from "./zodLocale";

export { ENTITY_ID_PATTERN, isEntityId, SLUG_PATTERN } from "./ids";

// Default messages (unknown keys, wrong types, limits) in Lithuanian too.
z.config(lithuanianZodLocale());

const CHAR_FORMS = ["simbolis", "simboliai", "simbolių"] as const;

const text = (max: number, message = "Laukas privalomas") =>
  z
    .string({ error: "Turi būti tekstas" })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Ne daugiau kaip ${formatCount(max, CHAR_FORMS)}` });
const optionalText = (max: number) =>
  z
    .string({ error: "Turi būti tekstas" })
    .trim()
    .max(max, { error: `Ne daugiau kaip ${formatCount(max, CHAR_FORMS)}` })
    .optional();

export const entityId = z
  .string({ error: "Neteisingas identifikatorius" })
  .regex(ENTITY_ID_PATTERN, { error: "Neteisingas identifikatorius" });
export const slug = z
  .string({ error: "Turi būti tekstas" })
  .min(1, { error: "Laukas privalomas" })
  .max(120, { error: "Ne daugiau kaip 120 simbolių" })
  .regex(SLUG_PATTERN, { error: "Tik mažosios raidės be diakritikų, skaičiai ir brūkšneliai" });
/** Money in euros, at most two decimals, never negative. */
export const money = z
  .number({ error: numberTypeError })
  .min(0, { error: "Suma negali būti neigiama" })
  .max(1_000_000, { error: "Per didelė suma" })
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), {
    error: "Suma gali turėti ne daugiau kaip 2 skaitmenis po kablelio",
  });
/** Calendar date YYYY-MM-DD (Europe/Vilnius calendar). */
export const isoDate = z
  .string({ error: "Neteisinga data" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Data turi būti formato MMMM-MM-DD" })
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: "Tokios datos nėra",
    },
  );
/** An instant, ISO 8601 with an offset or Z. */
export const isoDateTime = z.iso.datetime({ offset: true, error: "Neteisinga data ir laikas" });
export const email = z
  .string({ error: "Turi būti tekstas" })
  .trim()
  .max(254, { error: "Per ilgas el. pašto adresas" })
  .pipe(z.email({ error: "Neteisingas el. pašto adresas" }));
/** Phone as typed; stored as E.164. */
export const phone = z
  .string({ error: "Turi būti tekstas" })
  .max(PHONE_MAX_LENGTH, { error: `Ne daugiau kaip ${formatCount(PHONE_MAX_LENGTH, CHAR_FORMS)}` })
  .refine((v) => isValidPhone(v), { error: "Neteisingas telefono numeris" })
  .transform((v) => normalizePhone(v) as string);
export const e164Phone = z.string().regex(/^\+[1-9]\d{6,14}$/, { error: "Neteisingas telefono numeris" });

const auditFields = {
  id: entityId.optional(),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
  /** how many times the record was written: an update carries the version it was read at (see src/core/versions.ts) */
  version: z.number().int().min(0).optional(),
};

// ---------- Cars ----------

export const CAR_CATEGORIES = [
  "ekonominė",
  "kompaktinė",
  "vidutinė",
  "verslo",
  "prabangos",
  "visureigis",
  "mikroautobusas",
  "krovininis",
] as const;
export const TRANSMISSIONS = ["automatinė", "mechaninė"] as const;
export const FUELS = ["benzinas", "dyzelinas", "hibridas", "elektra"] as const;
export const CAR_STATUSES = ["active", "hidden", "maintenance"] as const;
export const carCategory = z.enum(CAR_CATEGORIES, { error: "Neteisinga klasė" });
export const transmission = z.enum(TRANSMISSIONS, { error: "Neteisinga pavarų dėžė" });
export const fuel = z.enum(FUELS, { error: "Neteisingas degalų tipas" });

export const carSchema = z
  .object({
    ...auditFields,
    slug,
    make: text(60),
    model: text(80),
    year: z.number({ error: numberTypeError }).int().min(1990, { error: "Per seni metai" }).max(2100),
    category: carCategory,
    transmission,
    fuel,
    seats: z.number({ error: numberTypeError }).int().min(1).max(60),
    doors: z.number({ error: numberTypeError }).int().min(0).max(10),
    bags: z.number({ error: numberTypeError }).int().min(0).max(20),
    airConditioning: z.boolean({ error: "Turi būti taip arba ne" }),
    features: z.array(text(80)).max(40).default([]),
    description: z
      .string()
      .max(5000, { error: `Ne daugiau kaip ${formatNumber(5000)} simbolių` })
      .default(""),
    images: z.array(z.string().min(1).max(500)).max(30).default([]),
    status: z.enum(CAR_STATUSES, { error: "Neteisinga būsena" }).default("active"),
    sortOrder: z.number().int().min(0).default(0),
    minDriverAge: z.number().int().min(18).max(99).default(21),
    minLicenceYears: z.number().int().min(0).max(50).default(2),
    deposit: money,
    /**
     * the car's excess (savarankiška rizika / franšizė): the most a customer pays for damage;
     * null means the deposit (excessOf in src/domain/deposits.ts)
     */
    excess: money.nullable().optional(),
    /** km per day; null means unlimited */
    mileageLimitPerDay: z.number().int().min(1).max(10_000).nullable().default(null),
    longTermMonthlyPrice: money.nullable().default(null),
    /** cheapest daily rate, denormalised for "nuo X €/parai" */
    priceFrom: money.nullable().optional(),
    /**
     * where the car stands now (a `locations` id), set by the return (src/core/rentalDesk.ts) and by
     * staff; absent or null (older data): the car can be at any place (src/domain/carLocation.ts)
     */
    locationId: entityId.nullable().optional(),
    /** the place the car belongs to (where staff bring it back between rentals); null: none */
    homeLocationId: entityId.nullable().optional(),
  })
  .strict();
export type Car = z.infer<typeof carSchema>;

export const fleetSchema = z
  .object({
    ...auditFields,
    carId: entityId,
    plateNumber: text(12),
    vin: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-HJ-NPR-Z0-9]{17}$/, { error: "VIN kodas turi būti 17 simbolių (be I, O, Q)" }),
    mileage: z.number({ error: numberTypeError }).int().min(0).max(3_000_000),
    insuranceValidTo: isoDate.nullable().default(null),
    inspectionValidTo: isoDate.nullable().default(null),
    // Upkeep (src/domain/upkeep.ts warns ahead): the next service by date and by mileage
    // (lastServiceMileage + serviceIntervalKm). Absent in older documents: null.
    serviceDueDate: isoDate.nullable().default(null),
    serviceIntervalKm: z.number({ error: numberTypeError }).int().min(1).max(200_000).nullable().default(null),
    lastServiceMileage: z.number({ error: numberTypeError }).int().min(0).max(3_000_000).nullable().default(null),
    notes: z.string().max(5000).default(""),
  })
  .strict();
export type Fleet = z.infer<typeof fleetSchema>;

// ---------- Prices ----------

export const priceTierSchema = z
  .object({
    fromDays: z.number({ error: numberTypeError }).int().min(1),
    /** inclusive; null = open-ended */
    toDays: z.number().int().min(1).nullable(),
    // A rental is never free: the settings' floor (src/domain/priceFloor.ts) is checked on top.
    dailyRate: money.refine((v) => v > 0, { error: "Paros kaina turi būti didesnė už 0 €" }),
  })
  .strict()
  .refine((t) => t.toDays === null || t.toDays >= t.fromDays, {
    error: "Pabaiga negali būti mažesnė už pradžią",
    path: ["toDays"],
  });
export type PriceTier = z.infer<typeof priceTierSchema>;

export const seasonSchema = z
  .object({ name: optionalText(80), from: isoDate, to: isoDate })
  .strict()
  .refine((s) => s.to >= s.from, { error: "Sezono pabaiga turi būti ne ankstesnė nei pradžia", path: ["to"] });

export const priceSchema = z
  .object({
    ...auditFields,
    carId: entityId.nullable().default(null),
    category: carCategory.nullable().default(null),
    season: seasonSchema.nullable().default(null),
    tiers: z.array(priceTierSchema).min(1, { error: "Reikia bent vienos kainos pakopos" }).max(20),
  })
  .strict()
  .refine((p) => (p.carId === null) !== (p.category === null), {
    error: "Nurodykite automobilį arba klasę (tik vieną)",
    path: ["carId"],
  })
  .refine((p) => tiersAreContiguous(p.tiers), {
    error: "Pakopos turi prasidėti nuo 1 paros ir eiti be tarpų",
    path: ["tiers"],
  });
export type Price = z.infer<typeof priceSchema>;

function tiersAreContiguous(tiers: PriceTier[]): boolean {
  const sorted = [...tiers].sort((a, b) => a.fromDays - b.fromDays);
  let expected = 1;
  for (const [index, tier] of sorted.entries()) {
    if (tier.fromDays !== expected) return false;
    if (tier.toDays === null) return index === sorted.length - 1;
    expected = tier.toDays + 1;
  }
  return true;
}

// ---------- Offers, news ----------

export const discountSchema = z.discriminatedUnion(
  "type",
  [
    z
      .object({ type: z.literal("percent"), value: z.number().gt(0).max(90, { error: "Ne daugiau kaip 90 %" }) })
      .strict(),
    z
      .object({ type: z.literal("fixed"), value: money.refine((v) => v > 0, { error: "Turi būti daugiau nei 0" }) })
      .strict(),
  ],
  { error: "Neteisinga nuolaida" },
);
export type Discount = z.infer<typeof discountSchema>;

export const offerSchema = z
  .object({
    ...auditFields,
    title: text(140),
    slug,
    body: z.string().max(20_000).default(""),
    image: z.string().max(500).nullable().default(null),
    discount: discountSchema.nullable().default(null),
    validFrom: isoDate,
    validTo: isoDate,
    /** empty = the offer applies to every car */
    carIds: z.array(entityId).max(200).default([]),
    minDays: z.number().int().min(1).max(365).default(1),
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).default(0),
  })
  .strict()
  .refine((o) => o.validTo >= o.validFrom, { error: "Pabaiga turi būti ne ankstesnė nei pradžia", path: ["validTo"] });
export type Offer = z.infer<typeof offerSchema>;

export const NEWS_STATUSES = ["draft", "published"] as const;
export const newsSchema = z
  .object({
    ...auditFields,
    title: text(160),
    slug,
    excerpt: z.string().max(400).default(""),
    /** sanitised HTML */
    body: z.string().max(100_000).default(""),
    image: z.string().max(500).nullable().default(null),
    publishedAt: isoDateTime.nullable().default(null),
    status: z.enum(NEWS_STATUSES, { error: "Neteisinga būsena" }).default("draft"),
  })
  .strict();
export type News = z.infer<typeof newsSchema>;

// ---------- Customers, requests ----------

/** A country as the forms send it: "de" -> "DE", a known ISO 3166-1 alpha-2 code. */
export const countryCode = z
  .string({ error: COUNTRY_MESSAGE })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: COUNTRY_MESSAGE });

export const customerSchema = z
  .object({
    ...auditFields,
    type: z.enum(["private", "business"], { error: "Neteisingas kliento tipas" }).default("private"),
    firstName: text(80),
    lastName: text(80),
    companyName: optionalText(160),
    companyCode: optionalText(20),
    vatCode: optionalText(20),
    email,
    phone: e164Phone,
    birthDate: isoDate.nullable().default(null),
    licenceNumber: optionalText(30),
    licenceIssuedAt: isoDate.nullable().default(null),
    /** the licence's expiry as last seen at the desk or typed by staff; absent (older cards): unknown */
    licenceExpiresAt: isoDate.nullable().optional(),
    personalCode: optionalText(20),
    idDocumentNumber: optionalText(30),
    address: optionalText(250),
    notes: z.string().max(5000).default(""),
    consentAt: isoDateTime.nullable().default(null),
    /** the customer's own payment terms in days (invoices' due date); null/absent: settings.invoicing.paymentTermDays */
    paymentTermDays: paymentTermField.nullable().optional(),
    /** the language of the customer's e-mails (src/domain/notifications.ts); absent (older documents): "lt" */
    language: z.enum(["lt", "en"], { error: "Pasirinkite kalbą: lietuvių arba anglų" }).optional(),
    /** when the customer's personal data was erased (src/core/dataRights.ts); absent: never */
    anonymisedAt: isoDateTime.optional(),
    /**
     * ISO 3166-1 alpha-2 country: a company's where it is established, a person's of residence
     * (the place of supply of a long-term hire, src/domain/vatPlaceOfSupply.ts); absent or null
     * (older cards): Lithuania
     */
    country: countryCode.nullable().optional(),
    /**
     * a web booking's customer whose e-mail an existing customer already has: the id of that
     * customer, until staff merge them ("Sujungti", src/core/customerMerge.ts); absent or null: none
     */
    mergeInto: z.string().min(1).max(64).nullable().optional(),
  })
  .strict()
  .superRefine((customer, ctx) => {
    // The VAT code by its state's format and check digit, and of the customer's country.
    const problem = vatCodeError(customer.vatCode, customer.country);
    if (problem) ctx.addIssue({ code: "custom", path: ["vatCode"], message: problem });
  });
export type Customer = z.infer<typeof customerSchema>;

export const REQUEST_TYPES = ["contact", "long-term", "business", "reservation"] as const;
export const REQUEST_STATUSES = ["new", "answered", "closed", "spam"] as const;
export const companySchema = z
  .object({
    name: text(160),
    /** the company's code in its country's register (LT: įmonės kodas, 7–9 digits; DE: "HRB 86786") */
    code: z.string({ error: "Įveskite įmonės kodą" }).trim(),
    vatCode: z
      .string({ error: "Turi būti tekstas" })
      .transform((v) => compactVatCode(v))
      .optional(),
    /** the country where the company is established (ISO 3166-1 alpha-2); absent (older inquiries): Lithuania */
    country: countryCode.optional(),
  })
  .strict()
  .superRefine((company, ctx) => {
    const problem = companyCodeError(company.code, company.country ?? DEFAULT_COUNTRY);
    if (problem) ctx.addIssue({ code: "custom", path: ["code"], message: problem });
    const vatProblem = vatCodeError(company.vatCode, company.country ?? DEFAULT_COUNTRY);
    if (vatProblem) ctx.addIssue({ code: "custom", path: ["vatCode"], message: vatProblem });
  });

export const requestReplySchema = z
  .object({ at: isoDateTime, by: z.string().max(254), subject: text(200), body: text(20_000) })
  .strict();
export const requestSchema = z
  .object({
    ...auditFields,
    type: z.enum(REQUEST_TYPES, { error: "Neteisingas užklausos tipas" }),
    name: text(160),
    email,
    phone: e164Phone.nullable().default(null),
    message: text(5000),
    carId: entityId.nullable().default(null),
    pickupAt: isoDateTime.nullable().default(null),
    returnAt: isoDateTime.nullable().default(null),
    company: companySchema.nullable().default(null),
    status: z.enum(REQUEST_STATUSES, { error: "Neteisinga būsena" }).default("new"),
    replies: z.array(requestReplySchema).default([]),
  })
  .strict();
export type InquiryRequest = z.infer<typeof requestSchema>;

// ---------- Reservations ----------

export const RESERVATION_STATUSES = ["new", "confirmed", "active", "completed", "cancelled", "no_show"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const reservationStatus = z.enum(RESERVATION_STATUSES, { error: "Neteisinga rezervacijos būsena" });
export const RESERVATION_NUMBER_PATTERN = /^R-\d{4}-\d{6}$/;

export const quoteExtraLineSchema = z
  .object({
    extraId: z.string(),
    name: z.string(),
    quantity: z.number().int().min(1),
    unitPrice: z.number(),
    chargedPer: z.enum(["day", "rental"]),
    amount: z.number(),
    /** a fee that applies by rule (settings.tariff, src/domain/ruleFees.ts), not an extra the customer chose */
    rule: z.enum(RULE_FEE_KINDS).optional(),
  })
  .strict();
export const quoteSchema = z
  .object({
    days: z.number().int().min(1),
    /** the tier's rate for the rental length, averaged over seasons */
    dailyRate: z.number(),
    /** the rental per day after the discount, without extras, delivery and the transfer (they are one-off) */
    perDay: z.number(),
    base: z.number(),
    extras: z.number(),
    extrasLines: z.array(quoteExtraLineSchema),
    delivery: z.number(),
    /** bringing the car from another place to the pickup (settings.transfers); absent: none */
    transfer: z.number().optional(),
    discount: z.number(),
    offerId: z.string().nullable(),
    total: z.number(),
    vat: z.number(),
    net: z.number(),
    vatRate: z.number(),
    deposit: z.number(),
    currency: z.literal("EUR"),
  })
  .strict();
export type Quote = z.infer<typeof quoteSchema>;

export const FUEL_LEVELS = ["0", "1/4", "1/2", "3/4", "1"] as const;
/** The longest reason staff give for a cancellation or an early hand-over. */
export const STATUS_REASON_MAX = 500;
export const contractSchema = z
  .object({
    mileageOut: z.number().int().min(0).max(3_000_000).nullable().default(null),
    mileageIn: z.number().int().min(0).max(3_000_000).nullable().default(null),
    fuelOut: z.enum(FUEL_LEVELS).nullable().default(null),
    fuelIn: z.enum(FUEL_LEVELS).nullable().default(null),
    damages: z.string().max(5000).default(""),
    /** staff-edited agreement text, when changed from the template */
    text: z.string().max(200_000).nullable().default(null),
  })
  .strict();

// ---------- Rental desk: hand-over, return, damages (src/core/rentalDesk.ts) ----------

/** A private file of the desk (photo, signature, signed document): "desk/<name>" or "documents/<name>". */
export const PRIVATE_FILE_PATTERN = /^(desk|documents)\/[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;
export const privateFile = z
  .string({ error: "Neteisingas failas" })
  .regex(PRIVATE_FILE_PATTERN, { error: "Neteisingas failas" });
export const DAMAGE_NOTE_MAX = 300;
export const DAMAGE_MARK_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
/** A mark on the car diagram (top view, src/domain/carDiagram.ts); x and y from 0 to 1, left to right, front to back. */
export const damageMarkSchema = z
  .object({
    id: z.string().regex(DAMAGE_MARK_ID_PATTERN, { error: "Neteisingas žymos identifikatorius" }),
    x: z.number({ error: numberTypeError }).min(0).max(1),
    y: z.number({ error: numberTypeError }).min(0).max(1),
    note: text(DAMAGE_NOTE_MAX, "Aprašykite pažeidimą"),
    photos: z.array(privateFile).max(10).default([]),
    /** the return: the repair's cost as staff know it (an estimate), kept on the damage record */
    repairCost: money.nullable().optional(),
  })
  .strict();
export type DamageMark = z.infer<typeof damageMarkSchema>;

/** The customer's signature on a document: the image, when, and the SHA-256 of the document signed. */
export const signatureSchema = z
  .object({
    image: privateFile,
    signedAt: isoDateTime,
    signerName: text(160),
    documentHash: z.string().regex(/^[0-9a-f]{64}$/, { error: "Neteisinga dokumento santrauka" }),
  })
  .strict();
export type Signature = z.infer<typeof signatureSchema>;

export const licenceCheckSchema = z
  .object({ number: text(30, "Įveskite vairuotojo pažymėjimo numerį"), expiresAt: isoDate })
  .strict();

const readingFields = {
  /** when the act was signed, and by which staff member */
  at: isoDateTime,
  by: z.string().max(254),
  /** the staff member's display name, printed as the lessor's representative (never the e-mail) */
  byName: z.string().max(120).optional(),
  mileage: z.number({ error: numberTypeError }).int().min(0).max(3_000_000),
  fuel: z.enum(FUEL_LEVELS, { error: "Pasirinkite degalų kiekį" }),
  /** new marks made at this act */
  damages: z.array(damageMarkSchema).max(50).default([]),
  photos: z.array(privateFile).max(30).default([]),
  signature: signatureSchema,
  /** the signed PDF, kept unchanged */
  document: privateFile,
};

/** How the deposit was taken at the hand-over: cash, card at the desk, the online hold, or none. */
export const HANDOVER_DEPOSIT_METHODS = ["cash", "card", "online", "none"] as const;
export type HandoverDepositMethod = (typeof HANDOVER_DEPOSIT_METHODS)[number];
export const handoverDepositSchema = z
  .object({ method: z.enum(HANDOVER_DEPOSIT_METHODS), amount: money, reference: z.string().max(200).default("") })
  .strict();
export type HandoverDeposit = z.infer<typeof handoverDepositSchema>;

/** The hand-over act (išdavimo aktas), stored on the reservation when the car leaves. */
export const handoverActSchema = z
  .object({
    ...readingFields,
    licence: licenceCheckSchema,
    /** open damages of the car's register that the customer saw and confirmed */
    confirmedDamageIds: z.array(entityId).max(200).default([]),
    /** the rental agreement the customer signed at the hand-over, kept unchanged */
    agreementDocument: privateFile.optional(),
    /** the deposit at the hand-over (src/domain/deposits.ts); absent in acts made before it was asked */
    deposit: handoverDepositSchema.optional(),
  })
  .strict();
export type HandoverAct = z.infer<typeof handoverActSchema>;

export const CHARGE_KINDS = ["mileage", "fuel", "late", "cleaning", "smoking", "damage"] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
/** A return charge: what its rule computed, and what is charged (an admin may change it, with a reason). */
export const chargeSchema = z
  .object({
    kind: z.enum(CHARGE_KINDS),
    amount: money,
    /** the rule in words, e.g. "120 km virš 600 km × 0,20 €" */
    rule: text(300),
    computed: money,
    overrideReason: z.string().max(STATUS_REASON_MAX).default(""),
  })
  .strict();
export type Charge = z.infer<typeof chargeSchema>;

/** The return act (grąžinimo aktas): readings, new damages, charges and the deposit. */
export const returnActSchema = z
  .object({
    ...readingFields,
    returnedAt: isoDateTime,
    charges: z.array(chargeSchema).max(20),
    /** sum of the charges */
    total: money,
    /** held = what the ledger held at the return, retained = applied to the charges, refunded = given back */
    deposit: z.object({ held: money, retained: money, refunded: money }).strict(),
    /** what is still owed after the return, by the ledger (src/domain/deposits.ts); absent in older acts */
    due: money.optional(),
  })
  .strict();
export type ReturnAct = z.infer<typeof returnActSchema>;

export const DAMAGE_STATUSES = ["open", "repaired"] as const;
/** The car's damage register: a damage found at a return stays open until staff mark it repaired. */
export const damageSchema = z
  .object({
    ...auditFields,
    carId: entityId,
    /** the reservation whose return found it (null: entered by staff) */
    reservationId: entityId.nullable().default(null),
    x: z.number({ error: numberTypeError }).min(0).max(1),
    y: z.number({ error: numberTypeError }).min(0).max(1),
    note: text(DAMAGE_NOTE_MAX, "Aprašykite pažeidimą"),
    photos: z.array(privateFile).max(10).default([]),
    status: z.enum(DAMAGE_STATUSES, { error: "Neteisinga būsena" }).default("open"),
    foundAt: isoDateTime,
    repairedAt: isoDateTime.nullable().default(null),
    repairedBy: z.string().max(254).default(""),
    /** what the repair costs (an estimate at the return, the real cost once known); null: not known */
    repairCost: money.nullable().optional(),
  })
  .strict();
export type Damage = z.infer<typeof damageSchema>;

// ---------- Payments (issue 12; rules in src/domain/payments.ts) ----------

/** What the site charges online at booking: a fixed advance, a percentage or the full price. */
export const ONLINE_CHARGE_MODES = ["advance", "percent", "full"] as const;
export const PAYMENT_DEFAULTS = {
  onlineCharge: "advance",
  advanceAmount: 50,
  advancePercent: 30,
  paymentHoldMinutes: 30,
  depositHold: false,
} as const;
export const paymentSettingsSchema = z
  .object({
    onlineCharge: z.enum(ONLINE_CHARGE_MODES, { error: "Neteisingas apmokėjimo būdas" }).default("advance"),
    /** € charged online when onlineCharge is "advance" (never more than the price) */
    advanceAmount: money.default(PAYMENT_DEFAULTS.advanceAmount),
    /** % of the price charged online when onlineCharge is "percent" */
    advancePercent: z
      .number({ error: numberTypeError })
      .int({ error: "Turi būti sveikas skaičius" })
      .min(1, { error: "Ne mažiau kaip 1 %" })
      .max(100, { error: "Ne daugiau kaip 100 %" })
      .default(PAYMENT_DEFAULTS.advancePercent),
    /** how long a web reservation waiting for its online payment holds the car */
    paymentHoldMinutes: z
      .number({ error: numberTypeError })
      .int({ error: "Turi būti sveikas skaičius" })
      .min(5, { error: "Ne mažiau kaip 5 min." })
      .max(1440, { error: "Ne daugiau kaip 1440 min. (24 val.)" })
      .default(PAYMENT_DEFAULTS.paymentHoldMinutes),
    /** Stripe: also hold the deposit on the card (manual capture) */
    depositHold: z.boolean().default(false),
  })
  .strict();
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const DEPOSIT_STATES = ["none", "held", "applied", "released"] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];
export const PAYMENT_PROVIDERS = ["paysera", "stripe"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** An online pre-payment's state: "awaiting" holds the car until holdUntil. */
export const ONLINE_PAYMENT_STATES = ["awaiting", "paid", "failed", "expired"] as const;
export type OnlinePaymentState = (typeof ONLINE_PAYMENT_STATES)[number];
export const onlinePaymentSchema = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    state: z.enum(ONLINE_PAYMENT_STATES),
    amount: money,
    /** the deposit held on the card too (Stripe manual capture), 0 when none */
    depositHold: money.default(0),
    holdUntil: isoDateTime,
    /** the provider's order or session id */
    orderId: z.string().max(300),
    /** a balance paid from "Mano rezervacija" (never cancels or confirms the reservation) */
    balance: z.boolean().optional(),
    /** how many checkouts were opened for the booking's payment (absent: one; a retry counts up) */
    attempts: z.number().int().min(1).max(999).optional(),
  })
  .strict();
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;
/**
 * The ledger's summary kept on the reservation (written with each ledger entry, without counting
 * the reservation's version) so lists filter on it without reading every ledger.
 */
export const reservationPaymentSchema = z
  .object({
    paid: z.number(),
    due: z.number(),
    depositState: z.enum(DEPOSIT_STATES),
    online: onlinePaymentSchema.nullable().default(null),
    /** the reservation has ledger entries or invoices: it is never deleted (src/core/moneyTrail.ts) */
    moneyTrail: z.boolean().optional(),
  })
  .strict();
export type ReservationPayment = z.infer<typeof reservationPaymentSchema>;

export const reservationExtraSchema = z
  .object({ id: entityId, quantity: z.number({ error: numberTypeError }).int().min(1).max(10) })
  .strict();

/** One driver's details as the customer gives them before the pickup ("Mano rezervacija"). */
export const driverSchema = z
  .object({
    firstName: text(80),
    lastName: text(80),
    birthDate: isoDate,
    licenceNumber: text(30),
    licenceExpiresAt: isoDate,
  })
  .strict();
export const driverDetailsSchema = z
  .object({
    driver: driverSchema,
    additionalDriver: driverSchema.nullable().default(null),
    /** when the customer saved them */
    at: isoDateTime,
  })
  .strict();
export type DriverDetails = z.infer<typeof driverDetailsSchema>;

// ---------- Changes of a rental under way (src/core/rentalChanges.ts) ----------

/** An odometer reading and a fuel level, as a swap records them. */
const swapReading = {
  mileage: z.number({ error: numberTypeError }).int().min(0).max(3_000_000),
  fuel: z.enum(FUEL_LEVELS, { error: "Pasirinkite degalų kiekį" }),
};

/**
 * A car swapped during an active rental (automobilio keitimas): the first car came back at `at`
 * (its readings, the new damages found on it), the second left at `at` (its hand-over readings).
 * The reservation holds the first car over [pickupAt, at) and the second from `at`
 * (src/domain/availability.ts carHolds); the return at the end measures the second car from
 * `handedOver`, and the first car's kilometres (returned − out) count towards the limit too.
 */
export const carSwapSchema = z
  .object({
    at: isoDateTime,
    by: z.string().max(254),
    /** the staff member's display name, printed on the acts */
    byName: z.string().max(120).optional(),
    fromCarId: entityId,
    toCarId: entityId,
    /** the first car's readings when it left (its hand-over, or the swap before) */
    out: z.object(swapReading).strict(),
    /** the first car's readings as it came back, with the new damages and photos */
    returned: z
      .object({
        ...swapReading,
        damages: z.array(damageMarkSchema).max(50).default([]),
        photos: z.array(privateFile).max(30).default([]),
      })
      .strict(),
    /** the second car's hand-over readings */
    handedOver: z.object(swapReading).strict(),
    reason: z.string().max(STATUS_REASON_MAX).default(""),
    /** the price kept as agreed, or quoted again for the second car */
    price: z.enum(["kept", "requoted"]),
    previousTotal: money,
    total: money,
    /** the first car's return act and the second car's hand-over act (PDF, kept unchanged) */
    returnDocument: privateFile,
    handoverDocument: privateFile,
  })
  .strict();
export type CarSwap = z.infer<typeof carSwapSchema>;

/** A rental extended while under way: the new return time, the new price, the addendum (sutarties priedas). */
export const rentalExtensionSchema = z
  .object({
    /** the addendum's number: 1 for the first extension of the rental */
    number: z.number().int().min(1),
    at: isoDateTime,
    by: z.string().max(254),
    byName: z.string().max(120).optional(),
    previousReturnAt: isoDateTime,
    returnAt: isoDateTime,
    previousTotal: money,
    total: money,
    /** the addendum PDF, kept unchanged */
    document: privateFile,
  })
  .strict();
export type RentalExtension = z.infer<typeof rentalExtensionSchema>;

export const reservationSchema = z
  .object({
    ...auditFields,
    number: z.string().regex(RESERVATION_NUMBER_PATTERN).optional(),
    carId: entityId,
    customerId: entityId,
    pickupAt: isoDateTime,
    returnAt: isoDateTime,
    pickupLocationId: entityId,
    returnLocationId: entityId,
    extras: z.array(reservationExtraSchema).max(20).default([]),
    /** the customer travels abroad: the tariff's fee and larger deposit apply (src/domain/ruleFees.ts) */
    travelAbroad: z.boolean({ error: "Turi būti taip arba ne" }).optional(),
    quote: quoteSchema.optional(),
    status: reservationStatus.default("new"),
    source: z.enum(["web", "phone", "office"]).default("office"),
    comment: z.string().max(2000).default(""),
    notes: z.string().max(5000).default(""),
    contract: contractSchema.default({
      mileageOut: null,
      mileageIn: null,
      fuelOut: null,
      fuelIn: null,
      damages: "",
      text: null,
    }),
    /** why staff cancelled it (required to cancel; src/domain/reservationRules.ts) */
    cancelReason: z.string().max(STATUS_REASON_MAX).default(""),
    /** why an admin handed the car over before the pickup day */
    handoverOverrideReason: z.string().max(STATUS_REASON_MAX).default(""),
    /** set by the hand-over use case only (SERVER_OWNED_FIELDS) */
    handover: handoverActSchema.nullable().default(null),
    /** set by the return use case only */
    returnAct: returnActSchema.nullable().default(null),
    /** the driver's details the customer filled in on "Mano rezervacija" (src/core/customerPortal.ts) */
    driverDetails: driverDetailsSchema.nullable().default(null),
    /** the payments ledger's summary, set by src/core/payments.ts only */
    payment: reservationPaymentSchema.nullable().default(null),
    /** cars swapped while the rental was under way, oldest first (src/core/rentalChanges.ts only) */
    carSwaps: z.array(carSwapSchema).max(20).optional(),
    /** the cars the rental held before its swaps: what the stores query to find a car's holds */
    previousCarIds: z.array(entityId).max(20).optional(),
    /** the rental's extensions while under way, each with its addendum (src/core/rentalChanges.ts only) */
    extensions: z.array(rentalExtensionSchema).max(50).optional(),
  })
  .strict()
  .refine((r) => Date.parse(r.returnAt) > Date.parse(r.pickupAt), {
    error: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    path: ["returnAt"],
  })
  .superRefine((r, ctx) => {
    const { mileageOut, mileageIn } = r.contract;
    if (mileageOut !== null && mileageIn !== null && mileageIn < mileageOut) {
      ctx.addIssue({
        code: "custom",
        message: `Grąžinimo rida turi būti ne mažesnė nei paėmimo rida (${formatNumber(mileageOut, 0)} km)`,
        path: ["contract", "mileageIn"],
      });
    }
  });
export type Reservation = z.infer<typeof reservationSchema>;

// ---------- Locations, extras ----------

export const locationSchema = z
  .object({
    ...auditFields,
    name: text(120),
    address: text(250),
    city: text(80),
    deliveryFee: money.default(0),
    airport: z.boolean().default(false),
    hours: z.string().max(250).default(""),
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).default(0),
  })
  .strict();
export type Location = z.infer<typeof locationSchema>;

export const extraSchema = z
  .object({
    ...auditFields,
    name: text(120),
    description: z.string().max(1000).default(""),
    price: money,
    chargedPer: z.enum(["day", "rental"], { error: "Pasirinkite: parai arba nuomai" }),
    /** cap on a per-day extra for a whole rental; null = no cap */
    maxPrice: money.nullable().default(null),
    maxQuantity: z.number().int().min(1).max(10).default(1),
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).default(0),
  })
  .strict();
export type Extra = z.infer<typeof extraSchema>;

// ---------- Settings ----------

/** The VAT rate the settings accept: from 0 to 30 %. */
export const MAX_VAT_RATE = 0.3;

export const bookingRulesSchema = z
  .object({
    /** the earliest pickup is now + lead time */
    leadTimeHours: z.number().int().min(0).max(720).default(2),
    minDays: z.number().int().min(1).max(365).default(1),
    maxDays: z.number().int().min(1).max(730).default(90),
    /** how far ahead a pickup may be booked */
    maxAdvanceDays: z.number().int().min(1).max(1000).default(365),
    /** a started day is not charged within this many minutes */
    graceMinutes: z.number().int().min(0).max(720).default(60),
    vatRate: z
      .number({ error: numberTypeError })
      .min(0, { error: "PVM tarifas negali būti neigiamas (mažiausias 0)" })
      .max(MAX_VAT_RATE, { error: "PVM tarifas turi būti ne didesnis kaip 0,3 (30 %)" })
      .default(0.21),
    openingHour: z.number().int().min(0).max(23).default(8),
    closingHour: z.number().int().min(1).max(24).default(20),
    /** minutes between two holds of one car (cleaning); src/domain/availability.ts applies it */
    turnaroundMinutes: z.number({ error: numberTypeError }).int().min(0).max(1440).default(0),
  })
  .strict()
  // Rules that only hold together; a violation is reported on the field to change.
  .superRefine((rules, ctx) => {
    if (rules.maxDays < rules.minDays) {
      ctx.addIssue({
        code: "custom",
        path: ["maxDays"],
        message: `Ilgiausia nuoma turi būti ne trumpesnė už trumpiausią (${formatDays(rules.minDays)})`,
      });
    }
    if (rules.closingHour <= rules.openingHour) {
      ctx.addIssue({
        code: "custom",
        path: ["closingHour"],
        message: `Darbo pabaiga turi būti vėlesnė už darbo pradžią (${rules.openingHour} val.)`,
      });
    }
    if (rules.maxAdvanceDays < rules.minDays) {
      ctx.addIssue({
        code: "custom",
        path: ["maxAdvanceDays"],
        message: `Rezervuoti iš anksto turi būti galima ne trumpiau nei trumpiausia nuoma (${formatDays(rules.minDays)})`,
      });
    }
    if (rules.leadTimeHours >= rules.maxAdvanceDays * 24) {
      ctx.addIssue({
        code: "custom",
        path: ["leadTimeHours"],
        message: `Laikas iki paėmimo turi būti trumpesnis nei rezervavimo iš anksto laikotarpis (${formatNumber(
          rules.maxAdvanceDays * 24,
        )} val.)`,
      });
    }
  });
export type BookingRules = z.infer<typeof bookingRulesSchema>;

/**
 * A Lithuanian company code (juridinio asmens kodas): exactly 9 digits. Empty only while not
 * entered yet (a fresh install's default settings); the settings form requires it.
 */
export const COMPANY_CODE_PATTERN = /^(\d{9})?$/;
/** A Lithuanian VAT payer code: LT and 9 or 12 digits; empty for a company that is not a VAT payer. */
export const VAT_CODE_PATTERN = /^(LT(\d{9}|\d{12}))?$/;

export const companyDetailsSchema = z
  .object({
    name: text(160),
    brand: text(80),
    companyCode: z
      .string({ error: "Turi būti tekstas" })
      .trim()
      .regex(COMPANY_CODE_PATTERN, { error: "Įmonės kodas turi būti lygiai 9 skaitmenys" }),
    /** empty when the company is not a VAT payer */
    vatCode: z.string({ error: "Turi būti tekstas" }).trim().toUpperCase().regex(VAT_CODE_PATTERN, {
      error: "PVM mokėtojo kodas turi būti LT ir 9 arba 12 skaitmenų (pvz., LT123456789); ne PVM mokėtojui – tuščias",
    }),
    address: text(250),
    bankName: optionalText(120),
    /** stored in the printed form, "LT12 1000 0111 0100 1000"; empty when not given */
    iban: z
      .string({ error: "Turi būti tekstas" })
      .trim()
      .max(42, { error: "Ne daugiau kaip 42 simboliai" })
      .refine((v) => v === "" || isValidIban(v), {
        error: "Neteisingas IBAN: patikrinkite sąskaitos numerį (pvz., LT12 1000 0111 0100 1000)",
      })
      .transform((v) => (v === "" ? v : formatIban(v)))
      .optional(),
    phones: z.array(text(30)).max(5).default([]),
    emails: z.array(email).max(5).default([]),
    hours: z.string().max(500).default(""),
    helpline: optionalText(30),
    facebook: optionalText(250),
  })
  .strict();
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

const emailTemplateSchema = z.object({ subject: text(200), body: text(20_000) }).strict();
/** One language's templates; a template missing from an older document is the default one. */
const emailTemplateSetSchema = (defaults: EmailTemplateSet) => {
  const entry = (key: EmailTemplateKey) => emailTemplateSchema.default({ ...defaults[key] });
  // An older document may hold "returnAct", a template no mail used (the return act goes with
  // returnThanks); it is dropped on reading, so saving such a document works.
  const withoutRetired = (value: unknown) => {
    if (!value || typeof value !== "object" || !("returnAct" in value)) return value;
    const { returnAct: _retired, ...rest } = value as Record<string, unknown>;
    return rest;
  };
  return z.preprocess(
    withoutRetired,
    z
      .object({
        reservationReceived: entry("reservationReceived"),
        reservationConfirmed: entry("reservationConfirmed"),
        reservationChanged: entry("reservationChanged"),
        reservationCancelled: entry("reservationCancelled"),
        pickupReminder: entry("pickupReminder"),
        returnThanks: entry("returnThanks"),
        handoverAct: entry("handoverAct"),
        requestReply: entry("requestReply"),
        invoiceIssued: entry("invoiceIssued"),
        creditNoteIssued: entry("creditNoteIssued"),
      })
      .strict(),
  );
};
/** Lithuanian (the default language) */
export const emailTemplatesSchema = emailTemplateSetSchema(DEFAULT_EMAIL_TEMPLATES_LT);
export const emailTemplatesEnSchema = emailTemplateSetSchema(DEFAULT_EMAIL_TEMPLATES_EN);

/**
 * The rental desk's rates as older settings documents hold them (settings.desk): read once into
 * the tariff (src/domain/tariff.ts tariffOf), which is the only place the counter reads.
 */
export const DESK_DEFAULTS = {
  extraKmRate: TARIFF_DEFAULTS.extraKmRate,
  fuelChargePerQuarter: TARIFF_DEFAULTS.fuelPerQuarter,
  cleaningFee: TARIFF_DEFAULTS.cleaningFee,
} as const;
export const deskSettingsSchema = z
  .object({
    /** € per kilometre over the car's limit */
    extraKmRate: money.default(DESK_DEFAULTS.extraKmRate),
    /** € per missing quarter of the tank */
    fuelChargePerQuarter: money.default(DESK_DEFAULTS.fuelChargePerQuarter),
    /** € when the car comes back needing cleaning */
    cleaningFee: money.default(DESK_DEFAULTS.cleaningFee),
  })
  .strict();
export type DeskSettings = z.infer<typeof deskSettingsSchema>;

/** "Mano rezervacija": the free cancellation window and whether a customer's change waits for staff. */
export const PORTAL_DEFAULTS = { freeCancellationHours: 48, changesNeedApproval: false } as const;
export const portalSettingsSchema = z
  .object({
    /** until how many hours before the pickup the customer cancels free of charge */
    freeCancellationHours: z
      .number({ error: numberTypeError })
      .int({ error: "Turi būti sveikas skaičius" })
      .min(0, { error: "Turi būti ne mažiau kaip 0 val." })
      .max(720, { error: "Turi būti ne daugiau kaip 720 val. (30 d.)" })
      .default(PORTAL_DEFAULTS.freeCancellationHours),
    /** true: a customer's change of dates, places or extras becomes a request for staff */
    changesNeedApproval: z.boolean({ error: "Turi būti taip arba ne" }).default(PORTAL_DEFAULTS.changesNeedApproval),
  })
  .strict();
export type PortalSettings = z.infer<typeof portalSettingsSchema>;

export const settingsSchema = z
  .object({
    ...auditFields,
    company: companyDetailsSchema,
    bookingRules: bookingRulesSchema,
    terms: z.string().max(200_000).default(""),
    about: z.string().max(200_000).default(""),
    privacy: z.string().max(200_000).default(""),
    contractTemplate: z.string().max(200_000).default(""),
    emailTemplates: emailTemplatesSchema,
    /** the same templates in English, for customers whose language is "en" (absent: English defaults) */
    emailTemplatesEn: emailTemplatesEnSchema.optional(),
    /** how many hours before the pickup the reminder e-mail goes out (src/core/reminders.ts); absent: 24 */
    reminderHours: z
      .number({ error: numberTypeError })
      .int({ error: "Turi būti sveikas skaičius" })
      .min(1, { error: "Priminimas siunčiamas ne anksčiau kaip 1 val. iki paėmimo" })
      .max(168, { error: "Priminimas siunčiamas ne vėliau kaip 168 val. (7 d.) iki paėmimo" })
      .optional(),
    /** the smallest daily rate any price may have (src/domain/priceFloor.ts); older documents: 1 € */
    minDailyRate: z
      .number({ error: numberTypeError })
      .gt(0, { error: "Mažiausia paros kaina turi būti didesnė už 0 €" })
      .max(1000, { error: "Mažiausia paros kaina turi būti ne didesnė kaip 1 000,00 €" })
      .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), {
        error: "Suma gali turėti ne daugiau kaip 2 skaitmenis po kablelio",
      })
      .default(1),
    /** the rates of older documents, read into `tariff` when it is absent; the settings form drops it */
    desk: deskSettingsSchema.optional(),
    /** every fee and rule a customer is bound by (src/domain/tariff.ts); older documents: tariffOf */
    tariff: tariffSchema.default(() => tariffSchema.parse({})),
    /** invoice series and automatic invoices (src/domain/invoices.ts); absent: RN, KS, automatic at return */
    invoicing: invoicingSettingsSchema.optional(),
    /** how long personal data is kept (src/domain/retention.ts); absent (older documents): RETENTION_DEFAULTS */
    retention: retentionSettingsSchema.optional(),
    /** scheduled backups (src/domain/backupSchedule.ts); absent (older documents): off */
    backups: backupSettingsSchema.optional(),
    /** how many days a mail that cannot be sent is tried again (src/domain/mailQueue.ts); absent: 3 */
    mailRetryDays: mailRetryDaysSchema.default(MAIL_RETRY_DAYS_DEFAULT),
    /** online pre-payment (src/domain/payments.ts); older documents: the defaults */
    payments: paymentSettingsSchema.optional(),
    /** the customer's "Mano rezervacija" page (src/core/customerPortal.ts); older documents: the defaults */
    portal: portalSettingsSchema.default({ ...PORTAL_DEFAULTS }),
    /** moving cars between places (src/domain/carTransfers.ts); older documents: the defaults */
    transfers: transferSettingsSchema.optional(),
  })
  .strict();
export type Settings = z.infer<typeof settingsSchema>;

// ---------- Staff, mail ----------

export const STAFF_ROLES = ["admin", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffUserSchema = z
  .object({
    ...auditFields,
    email,
    name: text(120),
    role: z.enum(STAFF_ROLES, { error: "Neteisinga rolė" }),
    active: z.boolean().default(true),
    /** write-only: set or change the password; never returned */
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT_MESSAGE })
      .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG_MESSAGE })
      .optional(),
  })
  .strict();
export type StaffUser = Omit<z.infer<typeof staffUserSchema>, "password">;

export const MAIL_ATTACHMENTS_MAX = 5;
/** Base64 text of at most ~700 KB of bytes: a mail document stays well under Firestore's 1 MiB. */
export const MAIL_ATTACHMENT_INLINE_MAX = 950_000;
const attachmentName = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[^/\\]+$/, { error: "Neteisingas failo pavadinimas" });
/**
 * A mail's attachment: the private file it is read from and the name the customer sees; or, on
 * Firebase, the bytes inline (base64, as nodemailer takes them), because the Trigger Email
 * extension cannot read a private Storage path (nodemailer would take `path` for a URL, so the
 * kept file's path is under `document` instead).
 */
export const mailAttachmentSchema = z.union([
  z.object({ filename: attachmentName, path: privateFile }).strict(),
  z
    .object({
      filename: attachmentName,
      content: z.base64().max(MAIL_ATTACHMENT_INLINE_MAX),
      encoding: z.literal("base64"),
      contentType: z.string().min(1).max(100),
      document: privateFile,
    })
    .strict(),
]);
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

/** The Firebase "Trigger Email" extension's document shape. */
export const mailSchema = z
  .object({
    ...auditFields,
    to: z.union([email, z.array(email).min(1)]),
    replyTo: email.optional(),
    message: z
      .object({
        subject: text(300),
        text: z.string().max(100_000),
        html: z.string().max(200_000).optional(),
        /** files sent along, e.g. the signed act: a private file (desk/…, documents/…) and its name in the mail */
        attachments: z.array(mailAttachmentSchema).max(MAIL_ATTACHMENTS_MAX).optional(),
      })
      .strict(),
    delivery: z
      .object({
        state: z.enum(["PENDING", "PROCESSING", "SUCCESS", "ERROR"]),
        attempts: z.number().int().min(0),
        error: z.string().nullable().default(null),
        endTime: isoDateTime.nullable().default(null),
      })
      .strict()
      .default({ state: "PENDING", attempts: 0, error: null, endTime: null }),
    /** what the mail is about, e.g. reservation:<id> */
    ref: z.string().max(120).nullable().default(null),
  })
  .strict();
export type Mail = z.infer<typeof mailSchema>;

export const clientErrorSchema = z
  .object({
    message: z.string().max(2000),
    stack: z.string().max(10_000).optional(),
    kind: z.enum(["startup", "mount", "render", "error", "unhandledrejection", "chunk"]),
    url: z.string().max(2000),
    userAgent: z.string().max(500).optional(),
    buildId: z.string().max(100).optional(),
  })
  .strict();
export type ClientError = z.infer<typeof clientErrorSchema>;

// ---------- Public inputs (wire shapes of the site API) ----------

export const reservationCustomerInputSchema = z
  .object({
    firstName: text(80, "Įveskite vardą"),
    lastName: text(80, "Įveskite pavardę"),
    email,
    phone,
    birthDate: isoDate,
    licenceNumber: text(30, "Įveskite vairuotojo pažymėjimo numerį"),
  })
  .strict();

/**
 * POST /api/site/reservations. Unknown fields (a client-sent price, say) are
 * stripped, never trusted: the server computes the quote.
 */
export const reservationInputSchema = z
  .object({
    carId: entityId,
    pickupAt: isoDateTime,
    returnAt: isoDateTime,
    pickupLocationId: entityId,
    returnLocationId: entityId,
    extras: z.array(reservationExtraSchema).max(20).default([]),
    /** the customer travels abroad (the tariff's fee and larger deposit) */
    travelAbroad: z.boolean({ error: "Turi būti taip arba ne" }).optional(),
    customer: reservationCustomerInputSchema,
    comment: z
      .string()
      .trim()
      .max(2000, { error: `Ne daugiau kaip ${formatNumber(2000)} simbolių` })
      .optional(),
    acceptTerms: z.literal(true, { error: "Būtina sutikti su nuomos sąlygomis" }),
  })
  .refine((r) => Date.parse(r.returnAt) > Date.parse(r.pickupAt), {
    error: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    path: ["returnAt"],
  });
export type ReservationInput = z.infer<typeof reservationInputSchema>;

export const requestInputSchema = z
  .object({
    type: z.enum(["contact", "long-term", "business"], { error: "Neteisingas užklausos tipas" }),
    name: text(160, "Įveskite vardą"),
    email,
    message: text(5000, "Įveskite žinutę"),
    phone: phone.optional(),
    carId: entityId.optional(),
    company: companySchema.optional(),
  })
  .refine((r) => r.type !== "business" || r.company !== undefined, {
    error: "Nurodykite įmonės duomenis",
    path: ["company"],
  });
export type RequestInput = z.infer<typeof requestInputSchema>;

export const loginInputSchema = z
  .object({
    email,
    password: z.string({ error: "Įveskite slaptažodį" }).min(1, { error: "Įveskite slaptažodį" }).max(200),
  })
  .strict();
export type LoginInput = z.infer<typeof loginInputSchema>;

/** A staff member changes their own password: the current one is asked (ASVS 2.1.6). */
export const changePasswordInputSchema = z
  .object({
    currentPassword: z
      .string({ error: "Įveskite dabartinį slaptažodį" })
      .min(1, { error: "Įveskite dabartinį slaptažodį" })
      .max(PASSWORD_MAX_LENGTH),
    newPassword: z
      .string({ error: PASSWORD_REQUIRED_MESSAGE })
      .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT_MESSAGE })
      .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG_MESSAGE }),
  })
  .strict()
  .refine((input) => input.newPassword !== input.currentPassword, {
    error: "Naujas slaptažodis turi skirtis nuo dabartinio",
    path: ["newPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const searchQuerySchema = z
  .object({
    from: isoDateTime,
    to: isoDateTime,
    location: entityId.optional(),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), {
    error: "Grąžinimo laikas turi būti vėlesnis nei paėmimo",
    path: ["to"],
  });

/** Admin resources and their schemas; the server and the data providers share this map. */
export const ADMIN_RESOURCES = {
  cars: carSchema,
  fleet: fleetSchema,
  prices: priceSchema,
  offers: offerSchema,
  news: newsSchema,
  customers: customerSchema,
  requests: requestSchema,
  reservations: reservationSchema,
  locations: locationSchema,
  extras: extraSchema,
  settings: settingsSchema,
  staff: staffUserSchema,
  mail: mailSchema,
  damages: damageSchema,
} as const;
export type AdminResource = keyof typeof ADMIN_RESOURCES;
