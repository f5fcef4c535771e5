// The rental desk's checks before a car leaves (išdavimas): the driver's licence, the driver's
// age and licence years for the car, and the readings of the hand-over act. Pure rules, used by
// the core (src/core/rentalDesk.ts) on every backend and by the desk screens to explain them up
// front. Every answer is a map of field errors in Lithuanian, empty when the hand-over may go.
import { z } from "zod";
import { handoverDepositInputSchema } from "./deposits";
import { formatNumber } from "./format";
import { parseFields } from "./input";
import { ageOn } from "./reservationInput";
import {
  type Car,
  type Customer,
  damageMarkSchema,
  entityId,
  FUEL_LEVELS,
  isoDate,
  privateFile,
  STATUS_REASON_MAX,
} from "./schemas";
import { vilniusDateString } from "./time";
import { numberTypeError } from "./zodLocale";

export const MILEAGE_REQUIRED = "Įveskite ridą (km)";
export const FUEL_REQUIRED = "Pasirinkite degalų kiekį";
export const LICENCE_NUMBER_REQUIRED = "Įveskite vairuotojo pažymėjimo numerį";
export const LICENCE_EXPIRY_REQUIRED = "Įveskite vairuotojo pažymėjimo galiojimo datą";
export const SIGNATURE_REQUIRED = "Klientas turi pasirašyti";
export const SIGNER_REQUIRED = "Įveskite pasirašančiojo vardą ir pavardę";

/** The odometer reading: whole kilometres. */
export const mileageReading = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ""
        ? MILEAGE_REQUIRED
        : numberTypeError(issue),
  })
  .int({ error: "Rida – sveikas kilometrų skaičius" })
  .min(0, { error: "Rida negali būti neigiama" })
  .max(3_000_000, { error: "Per didelė rida" });
export const fuelReading = z.enum(FUEL_LEVELS, { error: FUEL_REQUIRED });

/** The signature as the desk sends it: the PNG drawn on the screen and who signed. */
export const signatureInputSchema = z
  .object(
    {
      image: z
        .string({ error: SIGNATURE_REQUIRED })
        .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: "Parašas turi būti PNG paveikslėlis" }),
      signerName: z
        .string({ error: SIGNER_REQUIRED })
        .trim()
        .min(1, { error: SIGNER_REQUIRED })
        .max(160, { error: "Ne daugiau kaip 160 simbolių" }),
    },
    { error: SIGNATURE_REQUIRED },
  )
  .strict();
export type SignatureInput = z.infer<typeof signatureInputSchema>;

const readingInput = {
  mileage: mileageReading,
  fuel: fuelReading,
  damages: z.array(damageMarkSchema).max(50).default([]),
  photos: z.array(privateFile).max(30).default([]),
  signature: signatureInputSchema,
  /** the reservation's version the desk read (a change in between answers 409) */
  version: z.number().int().min(0).optional(),
};

/** POST …/handover: what the desk sends. */
export const handoverInputSchema = z
  .object({
    ...readingInput,
    licence: z
      .object(
        {
          number: z
            .string({ error: LICENCE_NUMBER_REQUIRED })
            .trim()
            .min(1, { error: LICENCE_NUMBER_REQUIRED })
            .max(30, { error: "Ne daugiau kaip 30 simbolių" }),
          expiresAt: z
            .string({ error: LICENCE_EXPIRY_REQUIRED })
            .min(1, { error: LICENCE_EXPIRY_REQUIRED })
            .pipe(isoDate),
        },
        { error: "Įveskite vairuotojo pažymėjimo duomenis" },
      )
      .strict(),
    confirmedDamageIds: z.array(entityId).max(200).default([]),
    /**
     * What the customer card lacked, typed at the desk: checked with the card's other data and
     * written to the card in the hand-over's transaction.
     */
    customer: z
      .object(
        {
          birthDate: isoDate.optional(),
          licenceIssuedAt: isoDate.optional(),
        },
        { error: "Neteisingi kliento duomenys" },
      )
      .strict()
      .default({}),
    /** an admin's reason for a hand-over before the pickup day */
    statusReason: z.string().trim().max(STATUS_REASON_MAX).default(""),
    /** the deposit taken (src/domain/deposits.ts) */
    deposit: handoverDepositInputSchema.optional(),
  })
  .strict();
export type HandoverInput = z.infer<typeof handoverInputSchema>;

/** Reads the hand-over request; a missing or wrong field is a field error (422). */
export function readHandoverInput(body: unknown): HandoverInput {
  return parseFields(handoverInputSchema, body);
}

/** The birth date and licence issue date of the card, with what the desk typed laid over them. */
export function customerWithDeskInput<C extends Pick<Customer, "birthDate" | "licenceIssuedAt">>(
  customer: C,
  typed: { birthDate?: string | undefined; licenceIssuedAt?: string | undefined },
): C {
  return {
    ...customer,
    ...(typed.birthDate ? { birthDate: typed.birthDate } : {}),
    ...(typed.licenceIssuedAt ? { licenceIssuedAt: typed.licenceIssuedAt } : {}),
  };
}

export interface DriverCheckContext {
  reservation: { pickupAt: string; returnAt: string };
  customer: Pick<Customer, "birthDate" | "licenceIssuedAt">;
  car: Pick<Car, "minDriverAge" | "minLicenceYears">;
}

/**
 * The licence must be valid through the return's Vilnius day; the driver old enough and holding
 * a licence long enough for the car on the pickup day. A customer card without a birth date or
 * licence issue date says which field to fill in.
 */
export function driverCheckErrors(
  licence: { number: string; expiresAt: string },
  ctx: DriverCheckContext,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const pickupDay = vilniusDateString(ctx.reservation.pickupAt);
  const returnDay = vilniusDateString(ctx.reservation.returnAt);
  if (licence.expiresAt < returnDay) {
    errors["licence.expiresAt"] =
      `Vairuotojo pažymėjimas galioja iki ${licence.expiresAt}, o automobilis grąžinamas ${returnDay} – su tokiu pažymėjimu išduoti negalima`;
  }
  const { birthDate, licenceIssuedAt } = ctx.customer;
  if (!birthDate) {
    errors["customer.birthDate"] = "Kliento kortelėje įrašykite gimimo datą – be jos amžiaus patikrinti negalima";
  } else {
    const age = ageOn(birthDate, pickupDay);
    if (age < ctx.car.minDriverAge) {
      errors["customer.birthDate"] =
        `Šiam automobiliui vairuotojui turi būti ne mažiau kaip ${ctx.car.minDriverAge} m. (paėmimo dieną – ${age} m.)`;
    }
  }
  if (!licenceIssuedAt) {
    errors["customer.licenceIssuedAt"] =
      "Kliento kortelėje įrašykite vairuotojo pažymėjimo išdavimo datą – be jos vairavimo stažo patikrinti negalima";
  } else {
    const years = Math.max(0, ageOn(licenceIssuedAt, pickupDay));
    if (licenceIssuedAt > pickupDay || years < ctx.car.minLicenceYears) {
      errors["customer.licenceIssuedAt"] =
        `Šiam automobiliui reikia ne mažesnio kaip ${ctx.car.minLicenceYears} m. vairavimo stažo (paėmimo dieną – ${years} m.)`;
    }
  }
  return errors;
}

/** The hand-over's odometer may not read below the car's fleet record (null: no fleet record). */
export function handoverReadingErrors(mileage: number, fleetMileage: number | null): Record<string, string> {
  if (fleetMileage !== null && mileage < fleetMileage) {
    return {
      mileage: `Rida negali būti mažesnė nei automobilio apskaitoje (${formatNumber(fleetMileage, 0)} km)`,
    };
  }
  return {};
}

/** Open damages of the car's register the customer has not confirmed: field errors. */
export function unconfirmedDamageErrors(
  openDamageIds: readonly string[],
  confirmed: readonly string[],
): Record<string, string> {
  const seen = new Set(confirmed);
  const missing = openDamageIds.filter((id) => !seen.has(id));
  if (missing.length === 0) return {};
  return {
    confirmedDamageIds:
      missing.length === 1
        ? "Patvirtinkite esamą automobilio pažeidimą kartu su klientu"
        : `Patvirtinkite visus esamus automobilio pažeidimus kartu su klientu (nepatvirtinta: ${missing.length})`,
  };
}

/** The largest signature image the desk stores. */
export const SIGNATURE_MAX_BYTES = 300 * 1024;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/**
 * The signature's PNG bytes from its data URL: a real PNG (its magic bytes), at most 300 kB.
 * Field errors (on `signature.image`) otherwise.
 */
export function decodeSignaturePng(dataUrl: string): { png: Uint8Array } | { errors: Record<string, string> } {
  const base64 = dataUrl.replace(/^data:image\/png;base64,/, "");
  // Size from the base64 length before decoding anything large.
  if (Math.floor((base64.length * 3) / 4) > SIGNATURE_MAX_BYTES + 2) {
    return { errors: { "signature.image": "Parašo paveikslėlis per didelis (daugiausia 300 kB)" } };
  }
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return { errors: { "signature.image": "Parašas turi būti PNG paveikslėlis" } };
  }
  const png = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  if (png.length > SIGNATURE_MAX_BYTES) {
    return { errors: { "signature.image": "Parašo paveikslėlis per didelis (daugiausia 300 kB)" } };
  }
  if (png.length < 67 || PNG_MAGIC.some((byte, index) => png[index] !== byte)) {
    return { errors: { "signature.image": "Parašas turi būti PNG paveikslėlis" } };
  }
  return { png };
}
