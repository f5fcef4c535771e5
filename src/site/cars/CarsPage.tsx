import { Suspense } from "react";
import { useBackend } from "../../app/BackendContext";
import type { PageLoadContext } from "../../app/page";
import type { PublicCar } from "../../backend/port";
import { formatCars } from "../../domain/format";
import { CarGrid } from "../components/CarCard";
import { SelectField } from "../components/Field";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import type { CarFilterKey } from "../lib/labels";
import { carListJsonLd, getSiteBaseUrl } from "../lib/seo";
import { usePageData, useSearchParams } from "../lib/siteRouter";
import { useSettings } from "../useSettings";
import CarFilters, { applyFilters, filtersFromQuery } from "./CarFilters";

interface CarsData {
  cars: PublicCar[];
}

export async function load({ backend }: PageLoadContext): Promise<CarsData> {
  return { cars: await backend.site.cars() };
}

export const SORT_OPTIONS = [
  { value: "", label: "Rekomenduojami" },
  { value: "kaina", label: "Kaina: nuo pigiausių" },
  { value: "-kaina", label: "Kaina: nuo brangiausių" },
] as const;

/** The staff's order, or by "nuo X €/parai" (cars without a price last, staff order among equals). */
export function sortCars(cars: PublicCar[], sort: string | null): PublicCar[] {
  if (sort !== "kaina" && sort !== "-kaina") return cars;
  const direction = sort === "kaina" ? 1 : -1;
  return cars
    .map((car, index) => ({ car, index }))
    .sort((a, b) => {
      const pa = a.car.priceFrom;
      const pb = b.car.priceFrom;
      if (pa === null && pb === null) return a.index - b.index;
      if (pa === null) return 1;
      if (pb === null) return -1;
      return (pa - pb) * direction || a.index - b.index;
    })
    .map(({ car }) => car);
}

export default function CarsPage() {
  const { cars } = usePageData<CarsData>();
  const { company } = useSettings();
  const { files } = useBackend();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromQuery(params);
  const sort = params.get("rikiuoti");
  const shown = sortCars(applyFilters(cars, filters), sort);

  // From the address bar, not this render's params: a change made before the last one
  // re-rendered (hydration runs in transitions) must not be lost.
  const update = (key: string, value: string) => {
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="container">
      <PageMeta
        title="Automobilių nuomos katalogas"
        description={`Visi ${company.brand} nuomojami automobiliai: ekonominės, kompaktinės, verslo klasės, visureigiai ir mikroautobusai. Kaina parai su draudimu ir PVM.`}
        jsonLd={[
          carListJsonLd(cars, {
            base: getSiteBaseUrl(),
            imageUrl: files.url,
            seller: company.brand,
            name: "Nuomojami automobiliai",
          }),
        ]}
      />
      <PageHeader
        title="Automobiliai"
        lead="Visi mūsų nuomojami automobiliai. Pasirinkite klasę, pavarų dėžę, degalų tipą ar vietų skaičių."
      />
      <div className="catalogue">
        <Suspense>
          <CarFilters
            cars={cars}
            values={filters}
            onChange={(key: CarFilterKey, value) => update(key, value)}
            onReset={() => setParams(sort ? { rikiuoti: sort } : {}, { replace: true, preventScrollReset: true })}
          />
        </Suspense>
        <section aria-labelledby="catalogue-results">
          <h2 id="catalogue-results" className="visually-hidden">
            Rezultatai
          </h2>
          <div className="catalogue__bar">
            <p className="result-count" role="status">
              Rasta: {formatCars(shown.length)}
            </p>
            <SelectField
              id="catalogue-sort"
              label="Rikiuoti"
              className="catalogue__sort"
              value={sort ?? ""}
              onChange={(event) => update("rikiuoti", event.target.value)}
              options={SORT_OPTIONS}
            />
          </div>
          {shown.length > 0 ? (
            <CarGrid cars={shown} eagerCount={2} />
          ) : (
            <p className="empty">Pagal pasirinktus filtrus automobilių nėra. Pabandykite pakeisti filtrus.</p>
          )}
        </section>
      </div>
    </div>
  );
}
