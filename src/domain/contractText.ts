// The rental agreement's text: the settings' template with the reservation's facts filled in.
// Pure: the print-edit screen (src/admin/print) and the server's PDFs (src/documents) use it.

import { transfersOf } from "./carTransfers";
import { TRANSFER_LABEL } from "./carTransferText";
import { formatDate, formatDateTime, formatDays, formatMoney, formatNumber } from "./format";
import { fuelLevelText } from "./fuel";
import {
  bookingRulesSchema,
  type Car,
  type Customer,
  type Fleet,
  FUEL_LEVELS,
  type Location,
  PORTAL_DEFAULTS,
  type Reservation,
  type Settings,
} from "./schemas";
import { mileageLimitFor, tariffOf } from "./tariff";
import { tariffText } from "./tariffText";

export const BLANK = "______";

/** The fuel levels in words (src/domain/fuel.ts), for the print-edit screen's select. */
export const FUEL_LEVEL_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  FUEL_LEVELS.map((level) => [level, fuelLevelText(level)]),
);

export interface ContractFacts {
  reservation: Reservation;
  customer: Customer | null;
  car: Car | null;
  fleet: Fleet | null;
  pickupLocation: Location | null;
  returnLocation: Location | null;
  settings: Settings | null;
  /** the date the agreement is made (printed) */
  today: Date;
}

const text = (value: string | null | undefined, fallback = BLANK) =>
  value === null || value === undefined || value.trim() === "" ? fallback : value;
const place = (location: Location | null) => (location ? `${location.name}, ${location.address}` : BLANK);

export function contractValues(facts: ContractFacts): Record<string, string> {
  const { reservation, customer, car, fleet, settings } = facts;
  const quote = reservation.quote;
  const contract = reservation.contract;
  const company = settings?.company;
  const money = (value: number | undefined) => (value === undefined ? BLANK : formatMoney(value));
  const extras =
    quote && quote.extrasLines.length > 0
      ? quote.extrasLines.map((line) => `${line.name} × ${line.quantity} – ${formatMoney(line.amount)}`).join("; ")
      : "nėra";
  return {
    number: text(reservation.number),
    date: formatDate(facts.today),
    "company.name": text(company?.name),
    "company.companyCode": text(company?.companyCode),
    "company.vatCode": text(company?.vatCode),
    "company.address": text(company?.address),
    "company.iban": text(company?.iban),
    "company.bankName": text(company?.bankName),
    "customer.name": customer ? `${customer.firstName} ${customer.lastName}` : BLANK,
    "customer.companyName": text(customer?.companyName, "—"),
    "customer.companyCode": text(customer?.companyCode, "—"),
    "customer.vatCode": text(customer?.vatCode, "—"),
    "customer.personalCode": text(customer?.personalCode),
    "customer.idDocumentNumber": text(customer?.idDocumentNumber),
    "customer.licenceNumber": text(customer?.licenceNumber),
    "customer.licenceIssuedAt": customer?.licenceIssuedAt ? formatDate(customer.licenceIssuedAt) : BLANK,
    "customer.address": text(customer?.address),
    "customer.phone": text(customer?.phone),
    "customer.email": text(customer?.email),
    "car.make": text(car?.make),
    "car.model": text(car?.model),
    "car.year": car ? String(car.year) : BLANK,
    "car.plateNumber": text(fleet?.plateNumber),
    "car.vin": text(fleet?.vin),
    "car.fuel": text(car?.fuel),
    "car.transmission": text(car?.transmission),
    pickupAt: formatDateTime(reservation.pickupAt),
    returnAt: formatDateTime(reservation.returnAt),
    pickupLocation: place(facts.pickupLocation),
    returnLocation: place(facts.returnLocation),
    days: quote ? formatDays(quote.days) : BLANK,
    dailyRate: money(quote?.dailyRate),
    extras,
    delivery: money(quote?.delivery),
    transfer: money(quote ? (quote.transfer ?? 0) : undefined),
    discount: money(quote?.discount),
    total: money(quote?.total),
    vat: money(quote?.vat),
    deposit: money(quote?.deposit),
    mileageLimit:
      car?.mileageLimitPerDay && mileageLimitFor(tariffOf(settings), car.mileageLimitPerDay, quote?.days ?? 1) !== null
        ? `${formatNumber(car.mileageLimitPerDay)} km per parą`
        : "neribota rida",
    mileageOut: contract.mileageOut === null ? BLANK : formatNumber(contract.mileageOut, 0),
    mileageIn: contract.mileageIn === null ? BLANK : formatNumber(contract.mileageIn, 0),
    fuelOut: contract.fuelOut === null ? BLANK : fuelLevelText(contract.fuelOut),
    fuelIn: contract.fuelIn === null ? BLANK : fuelLevelText(contract.fuelIn),
    damages: text(contract.damages, "nėra"),
    terms: agreementTerms(settings, car),
  };
}

/**
 * The agreement's general part: the tariff rendered from the settings and the car (the same lines
 * as the terms page, src/domain/tariffText.ts), then the admin's own terms text.
 */
export function agreementTerms(settings: Settings | null, car: Car | null): string {
  const tariff = tariffText({
    tariff: tariffOf(settings),
    bookingRules: settings?.bookingRules ?? bookingRulesSchema.parse({}),
    freeCancellationHours: settings?.portal?.freeCancellationHours ?? PORTAL_DEFAULTS.freeCancellationHours,
    transferFee: transfersOf(settings).fee,
    car: car ? { deposit: car.deposit, excess: car.excess ?? null, mileageLimitPerDay: car.mileageLimitPerDay } : null,
  });
  const own = settings?.terms?.trim() ?? "";
  return own ? `${tariff}\n\n${own}` : tariff;
}

/** The customer's company placeholders: their lines are left out for a private customer. */
export const CUSTOMER_COMPANY_KEYS: readonly string[] = [
  "customer.companyName",
  "customer.companyCode",
  "customer.vatCode",
];

/** Whether the agreement names the customer's company: a business customer with a company name or code. */
export function customerHasCompany(customer: Customer | null): boolean {
  if (customer?.type !== "business") return false;
  return Boolean(customer.companyName?.trim() || customer.companyCode?.trim());
}

const PLACEHOLDER = /\{([\w.]+)\}/g;

/**
 * "{customer.name}" -> value; an unknown placeholder stays visible so staff notice it. With
 * omitCustomerCompany (a private customer, or no company details), a template line whose only
 * placeholders are the customer's company fields is left out instead of printing "—".
 */
export function fillContract(
  template: string,
  values: Record<string, string>,
  options: { omitCustomerCompany?: boolean } = {},
): string {
  const lines = options.omitCustomerCompany
    ? template.split("\n").filter((line) => {
        const keys = [...line.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "");
        return !(keys.length > 0 && keys.every((key) => CUSTOMER_COMPANY_KEYS.includes(key)));
      })
    : template.split("\n");
  return lines.join("\n").replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole);
}

/** Facts -> the agreement's text, leaving out the customer's company lines when there is no company. */
export function contractTextFor(template: string, facts: ContractFacts): string {
  const values = contractValues(facts);
  // A template without {transfer} (saved before the transfer fee existed) still shows the fee the
  // total includes: among the additional services, so the agreement's lines add up to its total.
  const transfer = facts.reservation.quote?.transfer ?? 0;
  if (transfer > 0 && !template.includes("{transfer}")) {
    const line = `${TRANSFER_LABEL} – ${formatMoney(transfer)}`;
    values.extras = values.extras === "nėra" ? line : `${values.extras}; ${line}`;
  }
  return fillContract(template, values, { omitCustomerCompany: !customerHasCompany(facts.customer) });
}
