// A rental under way (status "active", vykdoma) is changed only by its two actions, never by the
// reservation form: the car swapped (automobilio keitimas: the first car's return readings and new
// damages, the second car's hand-over readings, an act for each) and the rental extended (a new
// return time, the price quoted again, an addendum to the agreement e-mailed to the customer).
// Pure rules, the same for the core on every backend and for the back-office's screens.
import { z } from "zod";
import { formatDateTime } from "./format";
import { fuelReading, mileageReading } from "./handoverChecks";
import { parseFields } from "./input";
import { RESERVATION_STATUS_LABELS } from "./reservationStatus";
import {
  type CarSwap,
  damageMarkSchema,
  ENTITY_ID_PATTERN,
  entityId,
  FUEL_LEVELS,
  privateFile,
  type Reservation,
  type ReservationStatus,
  STATUS_REASON_MAX,
} from "./schemas";

type FuelLevel = (typeof FUEL_LEVELS)[number];

/** The two actions, by the names their buttons carry. */
export const SWAP_ACTION = "Keisti automobilį";
export const EXTEND_ACTION = "Pratęsti nuomą";

// ---------- the reservation form refuses ----------

export const ACTIVE_RENTAL_MESSAGES = {
  car: `Vykdomos nuomos automobilio formoje pakeisti negalima: automobilis yra pas klientą. Naudokite veiksmą „${SWAP_ACTION}“ – jis užfiksuoja abiejų automobilių ridą ir degalus ir sudaro aktus.`,
  pickupAt: `Vykdomos nuomos paėmimo laiko pakeisti negalima: automobilis jau perduotas klientui. Nuomos pabaigą keiskite veiksmu „${EXTEND_ACTION}“.`,
  returnAt: `Vykdomos nuomos grąžinimo laiko formoje pakeisti negalima. Naudokite veiksmą „${EXTEND_ACTION}“ – kaina perskaičiuojama ir klientui išsiunčiamas sutarties priedas; anksčiau grąžinamą automobilį priimkite veiksmu „Grąžinti“.`,
  price: `Vykdomos nuomos kainos formoje pakeisti negalima (paslaugos ir vietos keičia kainą). Kainą perskaičiuoja veiksmai „${EXTEND_ACTION}“ ir „${SWAP_ACTION}“.`,
} as const;

const sameInstant = (a: string, b: string): boolean => Date.parse(a) === Date.parse(b);
const extrasKey = (extras: readonly { id: string; quantity: number }[]): string =>
  JSON.stringify([...extras].sort((a, b) => a.id.localeCompare(b.id)).map((extra) => [extra.id, extra.quantity]));

/**
 * What an edit of an active rental may not change in the form, and the action to use instead:
 * the car, the pickup time, the return time and whatever prices it (places, extras). Null when
 * the edit may go (the notes, the comment, the source, the customer's details).
 */
export function activeRentalEditRefusal(
  current: Pick<
    Reservation,
    "status" | "carId" | "pickupAt" | "returnAt" | "pickupLocationId" | "returnLocationId" | "extras"
  >,
  next: Pick<Reservation, "carId" | "pickupAt" | "returnAt" | "pickupLocationId" | "returnLocationId" | "extras">,
): string | null {
  if (current.status !== "active") return null;
  if (current.carId !== next.carId) return ACTIVE_RENTAL_MESSAGES.car;
  if (!sameInstant(current.pickupAt, next.pickupAt)) return ACTIVE_RENTAL_MESSAGES.pickupAt;
  if (!sameInstant(current.returnAt, next.returnAt)) return ACTIVE_RENTAL_MESSAGES.returnAt;
  if (
    current.pickupLocationId !== next.pickupLocationId ||
    current.returnLocationId !== next.returnLocationId ||
    extrasKey(current.extras) !== extrasKey(next.extras)
  ) {
    return ACTIVE_RENTAL_MESSAGES.price;
  }
  return null;
}

// ---------- readings across swaps ----------

export interface CarReading {
  mileage: number;
  fuel: FuelLevel;
  /** when the car was handed over (null: only the old contract fields say it was) */
  at: string | null;
}

/**
 * The hand-over readings of the car the customer has now: the last swap's second car, else the
 * hand-over act, else the contract fields of a car handed over by the status select. The return
 * counts its kilometres and fuel from these.
 */
export function currentHandover(
  reservation: Pick<Reservation, "handover" | "contract"> & { carSwaps?: readonly CarSwap[] | undefined },
): CarReading | null {
  const last = reservation.carSwaps?.at(-1);
  if (last) return { mileage: last.handedOver.mileage, fuel: last.handedOver.fuel, at: last.at };
  if (reservation.handover) {
    return { mileage: reservation.handover.mileage, fuel: reservation.handover.fuel, at: reservation.handover.at };
  }
  const { mileageOut, fuelOut } = reservation.contract ?? {};
  return typeof mileageOut === "number" && fuelOut ? { mileage: mileageOut, fuel: fuelOut, at: null } : null;
}

/** What the cars swapped away were used for: their kilometres and the fuel quarters they came back short. */
export interface EarlierUse {
  km: number;
  missingQuarters: number;
  /** how many cars came back by a swap */
  cars: number;
}

const fuelIndex = (level: string): number => FUEL_LEVELS.indexOf(level as FuelLevel);

export function earlierUse(reservation: { carSwaps?: readonly CarSwap[] | undefined }): EarlierUse {
  let km = 0;
  let missingQuarters = 0;
  const swaps = reservation.carSwaps ?? [];
  for (const swap of swaps) {
    km += Math.max(0, swap.returned.mileage - swap.out.mileage);
    missingQuarters += Math.max(0, fuelIndex(swap.out.fuel) - fuelIndex(swap.returned.fuel));
  }
  return { km, missingQuarters, cars: swaps.length };
}

// ---------- the actions' input ----------

const versionField = z.number().int().min(0).optional();

export const SWAP_CAR_REQUIRED = "Pasirinkite automobilį, kurį gauna klientas";
export const SWAP_PRICE_REQUIRED = "Pasirinkite, ar kaina lieka, ar perskaičiuojama";
export const SWAP_SAME_CAR = "Pasirinkite kitą automobilį nei dabartinis";

/** POST …/swap-car: the second car, both cars' readings, the first car's new damages, the price. */
export const carSwapInputSchema = z
  .object({
    toCarId: z.string({ error: SWAP_CAR_REQUIRED }).regex(ENTITY_ID_PATTERN, { error: SWAP_CAR_REQUIRED }),
    /** the first car as it comes back */
    returnMileage: mileageReading,
    returnFuel: fuelReading,
    damages: z.array(damageMarkSchema).max(50).default([]),
    photos: z.array(privateFile).max(30).default([]),
    /** the second car as it leaves */
    handoverMileage: mileageReading,
    handoverFuel: fuelReading,
    /** keep the agreed price, or quote the rental again for the second car */
    price: z.enum(["keep", "requote"], { error: SWAP_PRICE_REQUIRED }),
    reason: z
      .string({ error: "Priežastis turi būti tekstas" })
      .trim()
      .max(STATUS_REASON_MAX, { error: `Ne daugiau kaip ${STATUS_REASON_MAX} simbolių` })
      .default(""),
    version: versionField,
  })
  .strict();
export type CarSwapInput = z.infer<typeof carSwapInputSchema>;
export const readCarSwapInput = (body: unknown): CarSwapInput => parseFields(carSwapInputSchema, body);

/** POST …/swap-car/preview: the car being chosen (none: only the list of cars). */
export const carSwapPreviewSchema = z.object({ toCarId: entityId.optional(), version: versionField }).strict();
export const readCarSwapPreview = (body: unknown) => parseFields(carSwapPreviewSchema, body ?? {});

export const RETURN_AT_REQUIRED = "Nurodykite naują grąžinimo laiką";

/** POST …/extend: the new return time. */
export const extensionInputSchema = z
  .object({
    returnAt: z.iso.datetime({
      offset: true,
      error: (issue) =>
        issue.input === undefined || issue.input === "" ? RETURN_AT_REQUIRED : "Neteisinga data ir laikas",
    }),
    version: versionField,
  })
  .strict();
export const readExtensionInput = (body: unknown): { returnAt: string; version?: number | undefined } => {
  const parsed = parseFields(extensionInputSchema, body);
  return { returnAt: new Date(parsed.returnAt).toISOString(), version: parsed.version };
};

// ---------- what the actions refuse ----------

const statusLabel = (status: string): string => RESERVATION_STATUS_LABELS[status as ReservationStatus] ?? status;

export const swapStatusMessage = (status: string): string =>
  `Automobilį pakeisti galima tik vykdomoje nuomoje (dabar: ${statusLabel(status)})`;
export const extensionStatusMessage = (status: string): string =>
  `Pratęsti galima tik vykdomą nuomą (dabar: ${statusLabel(status)})`;
export const SWAP_AFTER_RETURN_TIME =
  "Nuomos grąžinimo laikas jau praėjęs: pirmiausia pratęskite nuomą, tada keiskite automobilį";
export const SWAP_CAR_IN_MAINTENANCE = "Šis automobilis remontuojamas – jo perduoti negalima";
export const SWAP_CAR_TAKEN =
  "Pasirinktas automobilis iki nuomos pabaigos užimtas (kita rezervacija arba remontas). Pasirinkite kitą automobilį.";
export const EXTENSION_CAR_TAKEN =
  "Pratęsti negalima: automobilis naujuoju laikotarpiu užimtas (kita rezervacija, remontas ar tarpas tarp nuomų). Pasirinkite ankstesnį grąžinimo laiką arba pirmiausia pakeiskite automobilį.";
export const PRICES_CHANGED = "Kainos ką tik pasikeitė – peržiūrėkite naują kainą ir patvirtinkite dar kartą";

export function extensionReturnErrors(current: string, next: string): Record<string, string> | null {
  if (Date.parse(next) > Date.parse(current)) return null;
  return {
    returnAt: `Naujas grąžinimo laikas turi būti vėlesnis nei dabartinis (${formatDateTime(current)}). Anksčiau grąžinamą automobilį priimkite veiksmu „Grąžinti“.`,
  };
}

/** "+45,00 €" / "−12,50 €" / "0,00 €" as a signed number: the new price less the old one. */
export const priceDifferenceOf = (previous: number, next: number): number => Math.round((next - previous) * 100) / 100;
