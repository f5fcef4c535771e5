// Test data shared by the domain's unit tests: ids, catalogue records, and the field errors a
// call throws.
import { InputError } from "../../../src/domain/input";
import {
  type Car,
  carSchema,
  type Extra,
  extraSchema,
  type Location,
  locationSchema,
} from "../../../src/domain/schemas";

export type WithId<T> = T & { id: string };

/** A stable UUID per number: uuid(1) = "00000000-0000-4000-8000-000000000001". */
export const uuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** The field errors `fn` throws as an InputError (null when the error has none); it must throw. */
export function fieldErrorsOf(fn: () => unknown): Record<string, string> | null {
  try {
    fn();
  } catch (error) {
    if (error instanceof InputError) return error.errors;
    throw error;
  }
  throw new Error("nebuvo klaidos");
}

/** A car's fields as staff enter them: a Toyota Corolla, deposit 300 €. */
export const CAR_FIELDS = {
  slug: "toyota-corolla-2024",
  make: "Toyota",
  model: "Corolla",
  year: 2024,
  category: "kompaktinė",
  transmission: "automatinė",
  fuel: "hibridas",
  seats: 5,
  doors: 5,
  bags: 3,
  airConditioning: true,
  deposit: 300,
};

/** A published car (CAR_FIELDS) with id uuid(n) and slug "auto-n". */
export const testCar = (n = 1, patch: Record<string, unknown> = {}): WithId<Car> => ({
  ...carSchema.parse({ ...CAR_FIELDS, slug: `auto-${n}`, ...patch }),
  id: uuid(n),
});

/** "Vieta n" in Vilnius, id uuid(10 + n). */
export const testPlace = (n: number, patch: Record<string, unknown> = {}): WithId<Location> => ({
  ...locationSchema.parse({ name: `Vieta ${n}`, address: "Gedimino pr. 1", city: "Vilnius", deliveryFee: 0, ...patch }),
  id: uuid(10 + n),
});

/** "Paslauga n", 5 € a day, id uuid(20 + n). */
export const testExtra = (n: number, maxQuantity: number): WithId<Extra> => ({
  ...extraSchema.parse({ name: `Paslauga ${n}`, price: 5, chargedPer: "day", maxQuantity }),
  id: uuid(20 + n),
});
