import { Create } from "react-admin";
import type { Car } from "../../domain/schemas";
import { CarForm } from "./CarForm";

/** Sensible defaults for a new car; staff fill in the rest. */
export const NEW_CAR_DEFAULTS: Partial<Car> = {
  status: "active",
  category: "ekonominė",
  transmission: "mechaninė",
  fuel: "benzinas",
  year: new Date().getFullYear(),
  seats: 5,
  doors: 5,
  bags: 2,
  airConditioning: true,
  features: [],
  description: "",
  images: [],
  sortOrder: 0,
  minDriverAge: 21,
  minLicenceYears: 2,
  mileageLimitPerDay: null,
  longTermMonthlyPrice: null,
};

export function CarCreate() {
  return (
    <Create resource="cars" title="Naujas automobilis" redirect="edit" record={NEW_CAR_DEFAULTS}>
      <CarForm isNew />
    </Create>
  );
}

export default CarCreate;
