// Catalogue filters; their state lives in the URL query (?category=...&seats=5).
import type { PublicCar } from "../../backend/port";
import { SelectField } from "../components/Field";
import { CAR_FILTERS, type CarFilterKey, capitalize, seatsLabel } from "../lib/labels";

export type FilterValues = Partial<Record<CarFilterKey, string>>;

export function filtersFromQuery(params: URLSearchParams): FilterValues {
  const values: FilterValues = {};
  for (const { key } of CAR_FILTERS) {
    const value = params.get(key);
    if (value) values[key] = value;
  }
  return values;
}

export function applyFilters(cars: PublicCar[], filters: FilterValues): PublicCar[] {
  return cars.filter(
    (car) =>
      (!filters.category || car.category === filters.category) &&
      (!filters.transmission || car.transmission === filters.transmission) &&
      (!filters.fuel || car.fuel === filters.fuel) &&
      (!filters.seats || car.seats === Number(filters.seats)),
  );
}

/** The values present in the fleet, in a stable order (seats numerically). */
export function filterOptions(cars: PublicCar[], key: CarFilterKey): { value: string; label: string }[] {
  const values = [...new Set(cars.map((car) => String(car[key])))];
  if (key === "seats") {
    return values.sort((a, b) => Number(a) - Number(b)).map((value) => ({ value, label: seatsLabel(Number(value)) }));
  }
  return values.sort((a, b) => a.localeCompare(b, "lt")).map((value) => ({ value, label: capitalize(value) }));
}

export default function CarFilters({
  cars,
  values,
  onChange,
  onReset,
}: {
  cars: PublicCar[];
  values: FilterValues;
  onChange: (key: CarFilterKey, value: string) => void;
  onReset: () => void;
}) {
  const id = "filters";
  const active = Object.values(values).some(Boolean);
  return (
    <form className="filters card" aria-labelledby={`${id}-title`} onSubmit={(event) => event.preventDefault()}>
      <h2 className="filters__title" id={`${id}-title`}>
        Filtrai
      </h2>
      {CAR_FILTERS.map(({ key, label }) => (
        <SelectField
          key={key}
          id={`${id}-${key}`}
          label={label}
          placeholder="Visi"
          options={filterOptions(cars, key)}
          value={values[key] ?? ""}
          onChange={(event) => onChange(key, event.target.value)}
        />
      ))}
      {active ? (
        <button type="button" className="button button--ghost button--small" onClick={onReset}>
          Išvalyti filtrus
        </button>
      ) : null}
    </form>
  );
}
