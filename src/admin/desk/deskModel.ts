// The desk wizards' own logic, without React: what each step still needs before "Toliau", the
// server's refusals spread over the steps, the diagram's marks and the admin's charge changes.
// The server decides everything again (src/core/rentalDesk.ts); these checks only save a round trip.

import { DEPOSIT_MESSAGES } from "../../domain/deposits";
import { formatNumber } from "../../domain/format";
import { type FuelLevel, fuelLevelText } from "../../domain/fuel";
import { returnMileageErrors } from "../../domain/returnCharges";
import { type DamageMark, type HandoverDepositMethod, STATUS_REASON_MAX } from "../../domain/schemas";

export { type FuelLevel, isFuelLevel } from "../../domain/fuel";

/** The five big fuel buttons; their words come from the one formatter (src/domain/fuel.ts). */
export const FUEL_CHOICES: readonly { value: FuelLevel; label: string; long: string }[] = [
  { value: "0", label: "0", long: fuelLevelText("0") },
  { value: "1/4", label: "¼", long: fuelLevelText("1/4") },
  { value: "1/2", label: "½", long: fuelLevelText("1/2") },
  { value: "3/4", label: "¾", long: fuelLevelText("3/4") },
  { value: "1", label: "1", long: fuelLevelText("1") },
];

/** "¾ bako"; "neįrašyta" without a reading. */
export const fuelLabel = (value: string | null | undefined): string => fuelLevelText(value);

export const mileageText = (km: number | null | undefined): string =>
  typeof km === "number" ? `${formatNumber(km, 0)} km` : "neįrašyta";

/** A typed mileage: a whole number of km, or the Lithuanian reason it is not one. */
export function parseMileage(text: string): { value: number | null; error: string | null } {
  const cleaned = text.replace(/[\s\u00a0]/g, "");
  if (cleaned === "") return { value: null, error: "Įveskite ridą" };
  if (!/^\d+$/.test(cleaned)) return { value: null, error: "Rida – sveikasis kilometrų skaičius" };
  const value = Number(cleaned);
  if (value > 3_000_000) return { value: null, error: "Per didelė rida" };
  return { value, error: null };
}

/** Step fields, so a server refusal on "licence.number" opens the step that has the field. */
export type FieldErrors = Record<string, string>;

export interface Refusal {
  message: string;
  fields: FieldErrors;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function flatten(source: unknown, prefix: string, into: FieldErrors): void {
  if (typeof source === "string") {
    if (prefix && source) into[prefix] = source;
    return;
  }
  if (Array.isArray(source)) {
    if (typeof source[0] === "string") flatten(source[0], prefix, into);
    return;
  }
  if (isRecord(source)) {
    for (const [key, value] of Object.entries(source)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  }
}

export const FALLBACK_REFUSAL = "Veiksmo atlikti nepavyko. Bandykite dar kartą.";

/**
 * An error of an admin action: react-admin's HttpError (body { message, errors }) on the local
 * backend, a BackendError with fieldErrors on Firebase. Field keys come out dotted ("licence.number").
 */
export function refusalOf(error: unknown): Refusal {
  const fields: FieldErrors = {};
  let message = FALLBACK_REFUSAL;
  if (isRecord(error) || error instanceof Error) {
    const record = error as unknown as Record<string, unknown>;
    if (isRecord(record.body)) flatten(record.body.errors, "", fields);
    if (isRecord(record.fieldErrors)) flatten(record.fieldErrors, "", fields);
    if (typeof record.message === "string" && record.message.trim() !== "") message = record.message;
  } else if (typeof error === "string" && error.trim() !== "") {
    message = error;
  }
  return { message, fields };
}

/** The messages without those of some fields (a field and everything under it: "damages" takes "damages.0.note"). */
export function withoutFields(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  if (fields.length === 0) return errors;
  const kept = Object.entries(errors).filter(
    ([key]) => !fields.some((field) => key === field || key.startsWith(`${field}.`)),
  );
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/** Which step shows a field's message (the first step whose prefix matches); the last step otherwise. */
export function stepOfField(field: string, steps: readonly (readonly string[])[]): number {
  for (let index = 0; index < steps.length; index++) {
    const prefixes = steps[index] ?? [];
    if (prefixes.some((prefix) => field === prefix || field.startsWith(`${prefix}.`))) return index;
  }
  return steps.length - 1;
}

/** The first step with a field message, or null. */
export function firstStepWithErrors(fields: FieldErrors, steps: readonly (readonly string[])[]): number | null {
  const found = Object.keys(fields).map((field) => stepOfField(field, steps));
  return found.length === 0 ? null : Math.min(...found);
}

// ---------- Damage marks ----------

/** A mark with its number on the diagram (1, 2, …in the order they were made). */
export function addMark(marks: readonly DamageMark[], x: number, y: number, id: string): DamageMark[] {
  const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
  return [...marks, { id, x: clamp(x), y: clamp(y), note: "", photos: [] }];
}

export function markProblems(marks: readonly DamageMark[]): FieldErrors {
  const errors: FieldErrors = {};
  marks.forEach((mark, index) => {
    if (mark.note.trim() === "") errors[`damages.${index}.note`] = "Aprašykite pažeidimą";
  });
  return errors;
}

// ---------- The signer ----------

/** A name as people compare it: case and runs of spaces do not matter, letters (ą, ž…) do. */
const personName = (name: string): string => name.trim().replace(/\s+/g, " ").toLocaleLowerCase("lt-LT");

/** The signer typed is someone else than the renter on the reservation (an empty renter name never differs). */
export function signerDiffers(signerName: string, renterName: string): boolean {
  return renterName.trim() !== "" && signerName.trim() !== "" && personName(signerName) !== personName(renterName);
}

export const signerConfirmMessage = (renterName: string): string =>
  `Pasirašo ne nuomininkas (${renterName.trim()}): patvirtinkite, kad pasirašo kitas asmuo, arba pataisykite vardą`;

/** The signature step's own problems: the name, the renter's confirmation for another signer, the drawing. */
function signerProblems(draft: {
  signerName: string;
  renterName: string;
  signerConfirmed: boolean;
  signature: string | null;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.signerName.trim() === "") errors["signature.signerName"] = "Įveskite pasirašančiojo vardą ir pavardę";
  else if (signerDiffers(draft.signerName, draft.renterName) && !draft.signerConfirmed)
    errors["signature.signerName"] = signerConfirmMessage(draft.renterName);
  if (!draft.signature) errors["signature.image"] = "Klientas turi pasirašyti";
  return errors;
}

// ---------- Hand-over ----------

export interface HandoverDraft {
  licenceNumber: string;
  licenceExpiresAt: string;
  /** asked at the desk when the customer card has none (written to the card with the hand-over) */
  birthDate?: string;
  licenceIssuedAt?: string;
  askBirthDate?: boolean;
  askLicenceIssuedAt?: boolean;
  mileage: string;
  fuel: FuelLevel | null;
  marks: DamageMark[];
  confirmedDamageIds: string[];
  photos: string[];
  uploading: boolean;
  signerName: string;
  /** the renter's name the signer is pre-filled with; another name needs signerConfirmed */
  renterName: string;
  signerConfirmed: boolean;
  signature: string | null;
  /** an admin's early hand-over */
  statusReason: string;
  /** the deposit: how it was taken (pre-set: cash, or the online hold already taken) and how much */
  depositMethod?: HandoverDepositMethod;
  depositAmount?: string;
}

/** The hand-over steps and the server's field names each step shows. */
export const HANDOVER_STEPS = ["Patikra", "Rodmenys", "Pažeidimai", "Parašas"] as const;
export const HANDOVER_STEP_FIELDS: readonly (readonly string[])[] = [
  ["licence", "statusReason", "customer", "birthDate", "licenceIssuedAt", "age"],
  ["mileage", "fuel", "deposit"],
  ["damages", "photos", "confirmedDamageIds"],
  ["signature"],
];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string | undefined): value is string =>
  value !== undefined && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));

/** What the desk typed for the customer card: the asked dates only. */
export function handoverCardInput(draft: HandoverDraft): { birthDate?: string; licenceIssuedAt?: string } {
  return {
    ...(draft.askBirthDate && isDate(draft.birthDate) ? { birthDate: draft.birthDate } : {}),
    ...(draft.askLicenceIssuedAt && isDate(draft.licenceIssuedAt) ? { licenceIssuedAt: draft.licenceIssuedAt } : {}),
  };
}

/** What a step still needs (field -> Lithuanian message); empty when it may go on. */
export function handoverStepProblems(
  step: number,
  draft: HandoverDraft,
  context: { openDamageIds: readonly string[]; early: boolean },
): FieldErrors {
  const errors: FieldErrors = {};
  if (step === 0) {
    if (draft.licenceNumber.trim() === "") errors["licence.number"] = "Įveskite vairuotojo pažymėjimo numerį";
    else if (draft.licenceNumber.trim().length > 30) errors["licence.number"] = "Ne daugiau kaip 30 simbolių";
    if (!ISO_DATE.test(draft.licenceExpiresAt) || Number.isNaN(Date.parse(draft.licenceExpiresAt)))
      errors["licence.expiresAt"] = "Įveskite pažymėjimo galiojimo datą";
    if (draft.askBirthDate && !isDate(draft.birthDate)) errors["customer.birthDate"] = "Įveskite gimimo datą";
    if (draft.askLicenceIssuedAt && !isDate(draft.licenceIssuedAt))
      errors["customer.licenceIssuedAt"] = "Įveskite pažymėjimo išdavimo datą";
    if (context.early) {
      const reason = draft.statusReason.trim();
      if (reason === "") errors.statusReason = "Nurodykite, kodėl perduodama anksčiau paėmimo dienos";
      else if (reason.length > STATUS_REASON_MAX) errors.statusReason = `Ne daugiau kaip ${STATUS_REASON_MAX} simbolių`;
    }
  } else if (step === 1) {
    const mileage = parseMileage(draft.mileage);
    if (mileage.error) errors.mileage = mileage.error;
    if (!draft.fuel) errors.fuel = "Pasirinkite degalų kiekį";
    if (draft.depositMethod === "cash" || draft.depositMethod === "card") {
      const amount = parseAmount(draft.depositAmount ?? "");
      if (amount === null || amount <= 0) errors["deposit.amount"] = DEPOSIT_MESSAGES.amount;
    }
  } else if (step === 2) {
    Object.assign(errors, markProblems(draft.marks));
    const missing = context.openDamageIds.filter((id) => !draft.confirmedDamageIds.includes(id));
    if (missing.length > 0)
      errors.confirmedDamageIds = `Su klientu patvirtinkite visus ankstesnius pažeidimus (liko ${missing.length})`;
    if (draft.uploading) errors.photos = "Palaukite, kol įsikels nuotraukos";
  } else if (step === 3) {
    Object.assign(errors, signerProblems(draft));
  }
  return errors;
}

/** The hand-over body (src/core/rentalDesk.ts handOverReservation). */
export function handoverBody(draft: HandoverDraft, version: number | undefined, early: boolean) {
  return {
    mileage: parseMileage(draft.mileage).value,
    fuel: draft.fuel,
    licence: { number: draft.licenceNumber.trim(), expiresAt: draft.licenceExpiresAt },
    damages: draft.marks.map((mark) => ({ ...mark, note: mark.note.trim() })),
    photos: draft.photos,
    confirmedDamageIds: draft.confirmedDamageIds,
    ...(draft.askBirthDate || draft.askLicenceIssuedAt ? { customer: handoverCardInput(draft) } : {}),
    signature: { image: draft.signature ?? "", signerName: draft.signerName.trim() },
    ...(version !== undefined ? { version } : {}),
    ...(early ? { statusReason: draft.statusReason.trim() } : {}),
    ...(draft.depositMethod
      ? {
          deposit: {
            method: draft.depositMethod,
            amount:
              draft.depositMethod === "cash" || draft.depositMethod === "card"
                ? (parseAmount(draft.depositAmount ?? "") ?? 0)
                : 0,
          },
        }
      : {}),
  };
}

// ---------- Return ----------

export interface ChargeEdit {
  /** the amount typed by an admin, as text ("" = keep the computed one) */
  amount: string;
  reason: string;
}

/** "12,50" or "12.50" -> 12.5; null when not a non-negative amount with up to 2 decimals. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0€]/g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/**
 * The admin's changes of computed charges as the server takes them ({ kind, amount, reason }),
 * and the field messages of the ones that cannot go yet (an amount without a reason, a bad amount).
 */
export function chargeOverrides(
  edits: Readonly<Record<string, ChargeEdit>>,
  computed: Readonly<Record<string, number>>,
): { overrides: { kind: string; amount: number; reason: string }[]; errors: FieldErrors } {
  const overrides: { kind: string; amount: number; reason: string }[] = [];
  const errors: FieldErrors = {};
  for (const [kind, edit] of Object.entries(edits)) {
    if (edit.amount.trim() === "") continue;
    const amount = parseAmount(edit.amount);
    if (amount === null) {
      errors[`overrides.${kind}.amount`] = "Įveskite sumą eurais, pvz. 12,50";
      continue;
    }
    if (computed[kind] !== undefined && Math.abs((computed[kind] ?? 0) - amount) < 0.005) continue;
    const reason = edit.reason.trim();
    if (reason === "") {
      errors[`overrides.${kind}.reason`] = "Nurodykite, kodėl keičiama suma";
      continue;
    }
    if (reason.length > STATUS_REASON_MAX) {
      errors[`overrides.${kind}.reason`] = `Ne daugiau kaip ${STATUS_REASON_MAX} simbolių`;
      continue;
    }
    overrides.push({ kind, amount, reason });
  }
  return { overrides, errors };
}

export interface ReturnDraft {
  mileage: string;
  fuel: FuelLevel | null;
  /** "YYYY-MM-DDTHH:mm", Vilnius wall clock */
  returnedAt: string;
  /** staff left the time as it was when the screen opened: the request says "now" to the second */
  returnedAtNow: boolean;
  marks: DamageMark[];
  photos: string[];
  uploading: boolean;
  cleaning: boolean;
  /** staff found the car smoked in (absent: no) */
  smoking?: boolean;
  damageAmount: string;
  /** each new damage's repair cost as typed (mark id -> text); absent or "" when not known */
  repairCosts?: Record<string, string>;
  edits: Record<string, ChargeEdit>;
  signerName: string;
  /** the renter's name the signer is pre-filled with; another name needs signerConfirmed */
  renterName: string;
  signerConfirmed: boolean;
  signature: string | null;
}

export const RETURN_STEPS = ["Rodmenys", "Pažeidimai", "Mokesčiai", "Parašas"] as const;
export const RETURN_STEP_FIELDS: readonly (readonly string[])[] = [
  ["mileage", "fuel", "returnedAt"],
  ["damages", "photos"],
  ["cleaning", "smoking", "damageAmount", "overrides", "charges"],
  ["signature"],
];

export function returnStepProblems(
  step: number,
  draft: ReturnDraft,
  context: { handoverMileage: number | null; computed: Readonly<Record<string, number>> },
): FieldErrors {
  const errors: FieldErrors = {};
  if (step === 0) {
    const mileage = parseMileage(draft.mileage);
    if (mileage.error) errors.mileage = mileage.error;
    else if (context.handoverMileage !== null)
      Object.assign(errors, returnMileageErrors(mileage.value ?? 0, context.handoverMileage));
    if (!draft.fuel) errors.fuel = "Pasirinkite degalų kiekį";
    if (!/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/.test(draft.returnedAt))
      errors.returnedAt = "Įveskite grąžinimo datą ir laiką (VV:MM)";
  } else if (step === 1) {
    Object.assign(errors, markProblems(draft.marks));
    draft.marks.forEach((mark, index) => {
      const text = draft.repairCosts?.[mark.id]?.trim() ?? "";
      if (text !== "" && parseAmount(text) === null)
        errors[`damages.${index}.repairCost`] = "Įveskite sumą eurais, pvz. 420,00";
    });
    if (draft.uploading) errors.photos = "Palaukite, kol įsikels nuotraukos";
  } else if (step === 2) {
    if (draft.damageAmount.trim() !== "" && parseAmount(draft.damageAmount) === null)
      errors.damageAmount = "Įveskite sumą eurais, pvz. 120,00";
    Object.assign(errors, chargeOverrides(draft.edits, context.computed).errors);
  } else if (step === 3) {
    Object.assign(errors, signerProblems(draft));
  }
  return errors;
}

/** The new damages as the return sends them: each with its repair cost when one was typed. */
export function returnMarks(draft: Pick<ReturnDraft, "marks" | "repairCosts">): DamageMark[] {
  return draft.marks.map((mark) => {
    const cost = parseAmount(draft.repairCosts?.[mark.id]?.trim() ?? "");
    return { ...mark, note: mark.note.trim(), ...(cost !== null ? { repairCost: cost } : {}) };
  });
}
