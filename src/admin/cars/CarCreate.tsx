import { Create, type DataProvider, Loading, useDataProvider, useGetList } from "react-admin";
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
  minDriverAge: 21,
  minLicenceYears: 2,
  mileageLimitPerDay: null,
  longTermMonthlyPrice: null,
};

type CarRecord = Car & { id: string };

/** The car last in the catalogue order; a new car goes after it. */
const LAST_BY_ORDER = { pagination: { page: 1, perPage: 1 }, sort: { field: "sortOrder", order: "DESC" as const } };

/** max(sortOrder) + 1, or 0 for the first car. */
export function nextSortOrder(cars: readonly Pick<Car, "sortOrder">[] | undefined): number {
  const orders = (cars ?? []).map((car) => car.sortOrder).filter((order) => Number.isInteger(order));
  return orders.length === 0 ? 0 : Math.max(...orders) + 1;
}

async function latestNextSortOrder(dataProvider: DataProvider): Promise<number> {
  const { data } = await dataProvider.getList<CarRecord>("cars", { ...LAST_BY_ORDER, filter: {} });
  return nextSortOrder(data);
}

export function CarCreate() {
  const dataProvider = useDataProvider();
  const { data, isPending } = useGetList<CarRecord>("cars", LAST_BY_ORDER);
  if (isPending) return <Loading />;
  const suggested = nextSortOrder(data);
  // Another car may have been added while this form was open: keep the new one last
  // unless staff picked a place themselves.
  const transform = async (values: Partial<Car>) =>
    values.sortOrder === suggested || values.sortOrder === undefined || values.sortOrder === null
      ? { ...values, sortOrder: Math.max(suggested, await latestNextSortOrder(dataProvider)) }
      : values;
  return (
    <Create
      resource="cars"
      title="Naujas automobilis"
      redirect="edit"
      record={{ ...NEW_CAR_DEFAULTS, sortOrder: suggested }}
      transform={transform}
    >
      <CarForm isNew />
    </Create>
  );
}

export default CarCreate;
