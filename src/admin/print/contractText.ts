// The rental agreement's text: the settings' template with the reservation's facts filled in.
import { formatDate, formatDateTime, formatDays, formatMoney, formatNumber } from "../../domain/format";
import type { Car, Customer, Fleet, Location, Reservation, Settings } from "../../domain/schemas";

export const BLANK = "______";

export const FUEL_LEVEL_LABELS: Readonly<Record<string, string>> = {
  "0": "tuščias bakas",
  "1/4": "1/4 bako",
  "1/2": "1/2 bako",
  "3/4": "3/4 bako",
  "1": "pilnas bakas",
};

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
    discount: money(quote?.discount),
    total: money(quote?.total),
    vat: money(quote?.vat),
    deposit: money(quote?.deposit),
    mileageLimit: car?.mileageLimitPerDay ? `${formatNumber(car.mileageLimitPerDay)} km per parą` : "neribota rida",
    mileageOut: contract.mileageOut === null ? BLANK : formatNumber(contract.mileageOut),
    mileageIn: contract.mileageIn === null ? BLANK : formatNumber(contract.mileageIn),
    fuelOut: contract.fuelOut === null ? BLANK : (FUEL_LEVEL_LABELS[contract.fuelOut] ?? contract.fuelOut),
    fuelIn: contract.fuelIn === null ? BLANK : (FUEL_LEVEL_LABELS[contract.fuelIn] ?? contract.fuelIn),
    damages: text(contract.damages, "nėra"),
    terms: text(settings?.terms, ""),
  };
}

/** "{customer.name}" -> value; an unknown placeholder stays visible so staff notice it. */
export function fillContract(template: string, values: Record<string, string>): string {
  return template.replace(/\{([\w.]+)\}/g, (whole, key: string) => values[key] ?? whole);
}
