// Fleet upkeep: when a car's insurance, technical inspection and service fall due, and the
// maintenance blocks that take a car out of service. Pure rules: the dashboard shows the
// warnings, the core (src/core/maintenance.ts) stores the blocks.
import { z } from "zod";
import { DAY_ACCUSATIVE_FORMS, formatCount, formatNumber } from "./format";
import { entityId, type Fleet, isoDateTime } from "./schemas";
import { daysBetweenDateStrings } from "./time";

// ---------- warnings ----------

/** Dates warn this many days ahead, mileage this many kilometres ahead. */
export const UPKEEP_WARN_DAYS = 30;
export const UPKEEP_WARN_KM = 1000;

export type UpkeepKind = "insurance" | "inspection" | "serviceDate" | "serviceMileage";
export type UpkeepSeverity = "overdue" | "soon";

export const UPKEEP_KIND_LABELS: Record<UpkeepKind, string> = {
  insurance: "Draudimas",
  inspection: "Techninė apžiūra",
  serviceDate: "Techninis aptarnavimas",
  serviceMileage: "Techninis aptarnavimas (rida)",
};

export interface UpkeepWarning {
  fleetId: string;
  carId: string;
  plateNumber: string;
  kind: UpkeepKind;
  severity: UpkeepSeverity;
  /** the date it falls due (date kinds) */
  dueDate: string | null;
  /** the mileage it falls due at (serviceMileage) */
  dueKm: number | null;
  /** days (date kinds) or kilometres (mileage) left; negative when overdue */
  left: number;
  /** what a person reads, in Lithuanian */
  message: string;
}

type UpkeepFleet = Pick<
  Fleet,
  | "carId"
  | "plateNumber"
  | "mileage"
  | "insuranceValidTo"
  | "inspectionValidTo"
  | "serviceDueDate"
  | "serviceIntervalKm"
  | "lastServiceMileage"
> & { id: string };

const DAY_FORMS = ["diena", "dienos", "dienų"] as const;
const km = (value: number): string => `${formatNumber(value)} km`;

/** The mileage the next service is due at, or null when the record has no interval or last service. */
export function nextServiceKm(fleet: Pick<Fleet, "serviceIntervalKm" | "lastServiceMileage">): number | null {
  const interval = fleet.serviceIntervalKm ?? null;
  const last = fleet.lastServiceMileage ?? null;
  return interval === null || last === null ? null : last + interval;
}

function dateWarning(
  fleet: UpkeepFleet,
  kind: Exclude<UpkeepKind, "serviceMileage">,
  due: string | null | undefined,
  today: string,
): UpkeepWarning | null {
  if (!due) return null;
  const left = daysBetweenDateStrings(today, due);
  if (left > UPKEEP_WARN_DAYS) return null;
  const label = UPKEEP_KIND_LABELS[kind];
  const overdue = left < 0;
  const message = overdue
    ? `${label}: terminas baigėsi ${due} (prieš ${formatCount(-left, DAY_ACCUSATIVE_FORMS)})`
    : left === 0
      ? `${label}: terminas baigiasi šiandien (${due})`
      : `${label}: terminas ${due} (liko ${formatCount(left, DAY_FORMS)})`;
  return {
    fleetId: fleet.id,
    carId: fleet.carId,
    plateNumber: fleet.plateNumber,
    kind,
    severity: overdue ? "overdue" : "soon",
    dueDate: due,
    dueKm: null,
    left,
    message,
  };
}

function mileageWarning(fleet: UpkeepFleet): UpkeepWarning | null {
  const due = nextServiceKm(fleet);
  if (due === null) return null;
  const left = due - fleet.mileage;
  if (left > UPKEEP_WARN_KM) return null;
  const label = UPKEEP_KIND_LABELS.serviceMileage;
  const overdue = left <= 0;
  const message = overdue
    ? `${label}: ${km(due)} jau pasiekta (rida ${km(fleet.mileage)}, viršyta ${km(-left)})`
    : `${label}: ties ${km(due)} (liko ${km(left)})`;
  return {
    fleetId: fleet.id,
    carId: fleet.carId,
    plateNumber: fleet.plateNumber,
    kind: "serviceMileage",
    severity: overdue ? "overdue" : "soon",
    dueDate: null,
    dueKm: due,
    left,
    message,
  };
}

/**
 * The warnings for the fleet on `today` (a Vilnius calendar date, YYYY-MM-DD): a date within
 * 30 days (or past), a service mileage within 1 000 km (or reached). Overdue first, then the
 * nearest; a date exactly 30 days ahead warns, 31 does not.
 */
export function upkeepWarnings(fleet: readonly UpkeepFleet[], today: string): UpkeepWarning[] {
  const warnings: UpkeepWarning[] = [];
  for (const record of fleet) {
    for (const warning of [
      dateWarning(record, "insurance", record.insuranceValidTo, today),
      dateWarning(record, "inspection", record.inspectionValidTo, today),
      dateWarning(record, "serviceDate", record.serviceDueDate, today),
      mileageWarning(record),
    ]) {
      if (warning) warnings.push(warning);
    }
  }
  // Overdue first; within a severity, dates by days left, then mileage by kilometres left.
  const rank = (w: UpkeepWarning) => (w.severity === "overdue" ? 0 : 1);
  return warnings.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Number(a.kind === "serviceMileage") - Number(b.kind === "serviceMileage") ||
      a.left - b.left ||
      a.plateNumber.localeCompare(b.plateNumber, "lt"),
  );
}

// ---------- maintenance blocks ----------

/** A block lasts at most this many days. */
export const MAX_BLOCK_DAYS = 366;
export const BLOCK_REASON_MAX = 500;

/** The input of a new block or an edit (`version`: the one read, for an edit). */
export const maintenanceInputSchema = z
  .object({
    carId: entityId,
    from: isoDateTime,
    to: isoDateTime,
    reason: z
      .string({ error: "Turi būti tekstas" })
      .trim()
      .min(1, { error: "Nurodykite priežastį" })
      .max(BLOCK_REASON_MAX, { error: `Ne daugiau kaip ${formatNumber(BLOCK_REASON_MAX)} simbolių` }),
  })
  .strict()
  .refine((input) => Date.parse(input.to) > Date.parse(input.from), {
    error: "Pabaiga turi būti vėlesnė nei pradžia",
    path: ["to"],
  })
  .refine((input) => Date.parse(input.to) - Date.parse(input.from) <= MAX_BLOCK_DAYS * 86_400_000, {
    error: `Blokavimas gali trukti ne ilgiau kaip ${formatNumber(MAX_BLOCK_DAYS)} dienas`,
    path: ["to"],
  })
  .transform((input) => ({
    ...input,
    from: new Date(input.from).toISOString(),
    to: new Date(input.to).toISOString(),
  }));
export type MaintenanceInput = z.output<typeof maintenanceInputSchema>;

/** A stored block: the car is out of service over [from, to). */
export type MaintenanceBlock = {
  id: string;
  carId: string;
  from: string;
  to: string;
  reason: string;
  /** who entered it (staff e-mail) */
  createdBy: string;
  version: number;
  createdAt: string;
  updatedAt: string;
};

/** The list query: blocks that overlap [from, to). */
export const maintenanceListSchema = z
  .object({
    from: isoDateTime,
    to: isoDateTime,
    carId: entityId.optional(),
  })
  .strict()
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), {
    error: "Pabaiga turi būti vėlesnė nei pradžia",
    path: ["to"],
  });
export type MaintenanceListQuery = z.infer<typeof maintenanceListSchema>;

export const MAINTENANCE_CONFLICT_MESSAGE =
  "Automobilis šiuo laikotarpiu jau užimtas (rezervacija arba kitas blokavimas). Pasirinkite kitą laikotarpį.";
export const MAINTENANCE_NOT_FOUND_MESSAGE = "Blokavimas nerastas";
