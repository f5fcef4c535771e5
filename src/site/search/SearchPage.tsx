import type { PageLoadContext } from "../../app/page";
import { BackendError, type SearchResult } from "../../backend/port";
import { TRANSFER_LABEL } from "../../domain/carTransferText";
import { formatCars, formatDateTime, formatDaysAccusative, formatMoney } from "../../domain/format";
import { SEARCH_PAGE_SIZE } from "../../domain/searchPage";
import Alert from "../components/Alert";
import CarChips from "../components/CarChips";
import CarImage from "../components/CarImage";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import SearchForm, { SEARCH_PATH, searchPeriodOf } from "../components/SearchForm";
import { fromInstantIso } from "../lib/dates";
import { carName } from "../lib/labels";
import { Link, usePageData, useSearchParams } from "../lib/siteRouter";
import { useSettings } from "../useSettings";

interface SearchData {
  searched: boolean;
  results: SearchResult[];
  /** free cars in all (the page shows SEARCH_PAGE_SIZE of them) */
  total: number;
  /** 1-based page of the results */
  page: number;
  error: { message: string; fields: string[] } | null;
}

/** ?page=N of the results; anything else is the first page. */
export function resultPageOf(params: URLSearchParams): number {
  const text = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(text) ? Number(text) : 1;
  return Math.max(1, page);
}

export async function load({ backend, url }: PageLoadContext): Promise<SearchData> {
  const period = searchPeriodOf(url.searchParams);
  const location = url.searchParams.get("location");
  const page = resultPageOf(url.searchParams);
  if (!period) return { searched: false, results: [], total: 0, page, error: null };
  const { from, to } = period;
  try {
    const { data, total } = await backend.site.search({
      from,
      to,
      ...(location ? { location } : {}),
      limit: SEARCH_PAGE_SIZE,
      offset: (page - 1) * SEARCH_PAGE_SIZE,
    });
    return { searched: true, results: data, total, page, error: null };
  } catch (error) {
    // A bad period is the visitor's to fix: show the server's words next to the form.
    if (error instanceof BackendError && (error.status === 400 || error.status === 422)) {
      const fields = [...new Set(Object.values(error.fieldErrors))];
      return { searched: true, results: [], total: 0, page, error: { message: error.message, fields } };
    }
    throw error;
  }
}

/** The address of results page `n` for the same search (the first page has no ?page). */
function resultPageHref(params: URLSearchParams, n: number): string {
  const next = new URLSearchParams(params);
  if (n === 1) next.delete("page");
  else next.set("page", String(n));
  return `${SEARCH_PATH}?${next.toString()}`;
}

/** Previous and next page links of the results, as ordinary links (each page is its own load). */
function ResultPages({ page, total, params }: { page: number; total: number; params: URLSearchParams }) {
  const pages = Math.ceil(total / SEARCH_PAGE_SIZE);
  if (pages <= 1) return null;
  return (
    <nav className="result-pages" aria-label="Rezultatų puslapiai">
      {page > 1 ? (
        <Link className="button button--ghost" to={resultPageHref(params, Math.min(page - 1, pages))} rel="prev">
          ← Ankstesni
        </Link>
      ) : (
        <span />
      )}
      <span className="muted">
        Puslapis {Math.min(page, pages)} iš {pages}
      </span>
      {page < pages ? (
        <Link className="button button--ghost" to={resultPageHref(params, page + 1)} rel="next">
          Kiti →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export default function SearchPage() {
  const { searched, results, total, page, error } = usePageData<SearchData>();
  const settings = useSettings();
  const [params] = useSearchParams();
  const location = params.get("location");
  const period = searchPeriodOf(params);
  const place = settings.locations.find((l) => l.id === location);
  const reserveQuery = (slug: string) => {
    const next = new URLSearchParams();
    if (period) {
      next.set("from", period.from);
      next.set("to", period.to);
    }
    if (location) next.set("location", location);
    next.set("car", slug);
    return `/rezervacija?${next.toString()}`;
  };

  return (
    <div className="container">
      <PageMeta
        title="Laisvi automobiliai Jūsų datoms"
        description="Raskite laisvą automobilį pasirinktoms datoms ir vietai: galutinė kaina su PVM iš karto."
      />
      <PageHeader
        title="Automobilių paieška"
        lead={
          searched && !error
            ? `${formatDateTime(period?.from ?? "")} – ${formatDateTime(period?.to ?? "")}${place ? `, ${place.name}` : ""}`
            : "Nurodykite datas ir vietą – parodysime laisvus automobilius su galutine kaina."
        }
      />
      <section className="card" aria-label="Paieškos forma" style={{ marginBottom: "1.5rem" }}>
        <SearchForm
          key={params.toString()}
          idPrefix="search"
          settings={settings}
          initial={{
            pickup: fromInstantIso(period?.from),
            return: fromInstantIso(period?.to),
            location,
          }}
          variant="inline"
          submitLabel="Ieškoti"
        />
      </section>

      {error ? (
        <Alert tone="error" title={error.message}>
          {error.fields.length > 0 ? (
            <ul>
              {error.fields.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}

      {searched && !error ? (
        <section aria-labelledby="results-title">
          <h2 id="results-title" className="result-count">
            {total > 0 ? `Laisvi automobiliai: ${formatCars(total)}` : "Laisvų automobilių nerasta"}
          </h2>
          {total > SEARCH_PAGE_SIZE && results.length > 0 ? (
            <p className="muted">
              Rodomi {(page - 1) * SEARCH_PAGE_SIZE + 1}–{(page - 1) * SEARCH_PAGE_SIZE + results.length}, pigiausi
              pirmiau.
            </p>
          ) : null}
          {results.length > 0 ? (
            <ul className="results">
              {results.map(({ id, car, quote }) => (
                <li key={id}>
                  <article className="result-card">
                    <CarImage car={car} width={480} height={300} />
                    <div className="result-card__body">
                      <h3 style={{ margin: "0 0 0.5rem" }}>
                        <Link to={`/automobiliai/${car.slug}`}>{carName(car)}</Link>{" "}
                        <span className="muted">{car.year}</span>
                      </h3>
                      <CarChips car={car} />
                    </div>
                    <div className="result-card__quote">
                      <span className="muted">Iš viso už {formatDaysAccusative(quote.days)}</span>
                      <span className="result-card__total">{formatMoney(quote.total)}</span>
                      <span>
                        {formatMoney(quote.perDay)} parai · užstatas {formatMoney(quote.deposit)}
                      </span>
                      {quote.delivery > 0 || (quote.transfer ?? 0) > 0 ? (
                        // One-off fees are in the total, not in the day's price: said once, by name.
                        <span className="muted" style={{ fontSize: "0.88rem" }}>
                          {[
                            quote.delivery > 0 ? `Pristatymas ir paėmimas ${formatMoney(quote.delivery)}` : null,
                            quote.transfer
                              ? `${quote.delivery > 0 ? TRANSFER_LABEL.toLowerCase() : TRANSFER_LABEL} ${formatMoney(quote.transfer)}`
                              : null,
                          ]
                            .filter(Boolean)
                            .join(", ")}{" "}
                          – įskaičiuota
                        </span>
                      ) : null}
                      <span className="muted" style={{ fontSize: "0.88rem" }}>
                        Įskaitant PVM {formatMoney(quote.vat)}
                        {quote.discount > 0 ? ` · nuolaida ${formatMoney(quote.discount)}` : ""}
                      </span>
                      <Link className="button button--accent" to={reserveQuery(car.slug)}>
                        Rezervuoti
                      </Link>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          ) : total > 0 ? (
            <p className="empty">
              Šio puslapio nėra. <Link to={resultPageHref(params, 1)}>Grįžti į pirmą puslapį</Link>.
            </p>
          ) : (
            <p className="empty">
              Šiam laikotarpiui visi automobiliai užimti. Pabandykite kitas datas arba{" "}
              <Link to="/kontaktai">susisiekite su mumis</Link>.
            </p>
          )}
          <ResultPages page={page} total={total} params={params} />
        </section>
      ) : null}
    </div>
  );
}
