import type { ShouldRevalidateFunction } from "react-router-dom";
import { useSearchParams } from "react-router-dom";
import { type PageLoadContext, usePageData } from "../../app/page";
import type { PublicCar } from "../../backend/port";
import { formatCars } from "../../domain/format";
import { CarGrid } from "../components/CarCard";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import type { CarFilterKey } from "../lib/labels";
import CarFilters, { applyFilters, filtersFromQuery } from "./CarFilters";

interface CarsData {
  cars: PublicCar[];
}

export async function load({ backend }: PageLoadContext): Promise<CarsData> {
  return { cars: await backend.site.cars() };
}

// Filters work on the loaded list: changing them must not refetch it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;

export default function CarsPage() {
  const { cars } = usePageData<CarsData>();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromQuery(params);
  const shown = applyFilters(cars, filters);

  const change = (key: CarFilterKey, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="container">
      <PageMeta
        title="Automobilių katalogas"
        description="Nuomojami automobiliai: ekonominės, kompaktinės, verslo klasės, visureigiai ir mikroautobusai. Kainos parai su PVM."
      />
      <PageHeader
        title="Automobiliai"
        lead="Visi mūsų nuomojami automobiliai. Pasirinkite klasę, pavarų dėžę, kuro tipą ar vietų skaičių."
      />
      <div className="catalogue">
        <CarFilters cars={cars} values={filters} onChange={change} onReset={() => setParams({}, { replace: true })} />
        <section aria-labelledby="catalogue-results">
          <h2 id="catalogue-results" className="visually-hidden">
            Rezultatai
          </h2>
          <p className="result-count" role="status">
            Rasta: {formatCars(shown.length)}
          </p>
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
