import { Suspense } from "react";
import { useBackend } from "../../app/BackendContext";
import { notFound } from "../../app/httpErrors";
import type { PageLoadContext } from "../../app/page";
import type { PublicCar } from "../../backend/port";
import { formatDays, formatMoney, formatNumber } from "../../domain/format";
import { pricesIncludeVatText } from "../../domain/publicCatalog";
import CarChips from "../components/CarChips";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import RichText from "../components/RichText";
import { bagsLabel, capitalize, carName, seatsLabel } from "../lib/labels";
import { breadcrumbJsonLd, carJsonLd, clampDescription, getSiteBaseUrl } from "../lib/seo";
import { Link, usePageData } from "../lib/siteRouter";
import { useSettings } from "../useSettings";
import Gallery from "./Gallery";

interface CarData {
  car: PublicCar;
}

export async function load({ backend, params, url }: PageLoadContext): Promise<CarData> {
  const car = await backend.site.car(params.slug ?? "");
  if (!car) notFound(url, `Automobilis „${params.slug}“ nerastas. Galbūt jis jau nebenuomojamas.`);
  return { car };
}

function tierLabel(tier: { fromDays: number; toDays: number | null }): string {
  if (tier.toDays === null) return `${formatNumber(tier.fromDays)} ir daugiau parų`;
  if (tier.toDays === tier.fromDays) return formatDays(tier.fromDays);
  return `${formatNumber(tier.fromDays)}–${formatDays(tier.toDays)}`;
}

export default function CarPage() {
  const { car } = usePageData<CarData>();
  const { company, bookingRules } = useSettings();
  const { files } = useBackend();
  const name = carName(car);
  const base = getSiteBaseUrl();
  const path = `/automobiliai/${car.slug}`;
  const description = clampDescription(
    `${name} (${car.year}) nuoma: ${car.category} klasė, ${car.transmission} pavarų dėžė, ${car.fuel}, ${seatsLabel(car.seats)}.` +
      (car.priceFrom != null ? ` Kaina nuo ${formatMoney(car.priceFrom)} parai su draudimu ir PVM.` : "") +
      ` Užstatas ${formatMoney(car.deposit)}.`,
  );

  return (
    <div className="container">
      <PageMeta
        title={`${name} nuoma`}
        description={description}
        type="product"
        image={car.images[0] ? files.url(car.images[0]) : null}
        jsonLd={[
          carJsonLd(car, { base, imageUrl: files.url, seller: company.brand }),
          breadcrumbJsonLd(
            [
              { name: "Pradžia", path: "/" },
              { name: "Automobiliai", path: "/automobiliai" },
              { name, path },
            ],
            base,
          ),
        ]}
      />
      <PageHeader
        title={
          <>
            {name} <span className="muted">{car.year}</span>
          </>
        }
        crumbs={[
          { to: "/automobiliai", label: "Automobiliai" },
          { to: path, label: name },
        ]}
      />
      <div className="car-page">
        <div>
          <Suspense>
            <Gallery car={car} />
          </Suspense>

          <section aria-labelledby="specs-title">
            <h2 id="specs-title">Techniniai duomenys</h2>
            <dl className="spec-list">
              <div>
                <dt>Klasė</dt>
                <dd>{capitalize(car.category)}</dd>
              </div>
              <div>
                <dt>Pavarų dėžė</dt>
                <dd>{capitalize(car.transmission)}</dd>
              </div>
              <div>
                <dt>Degalų tipas</dt>
                <dd>{capitalize(car.fuel)}</dd>
              </div>
              <div>
                <dt>Sėdimos vietos</dt>
                <dd>{seatsLabel(car.seats)}</dd>
              </div>
              <div>
                <dt>Durys</dt>
                <dd>{car.doors}</dd>
              </div>
              <div>
                <dt>Bagažas</dt>
                <dd>{bagsLabel(car.bags)}</dd>
              </div>
              <div>
                <dt>Kondicionierius</dt>
                <dd>{car.airConditioning ? "Yra" : "Nėra"}</dd>
              </div>
              <div>
                <dt>Pagaminimo metai</dt>
                <dd>{car.year}</dd>
              </div>
            </dl>
            {car.features.length > 0 ? (
              <>
                <h3>Įranga</h3>
                <ul className="chips">
                  {car.features.map((feature) => (
                    <li key={feature} className="chip">
                      {feature}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>

          {car.description ? (
            <section aria-labelledby="about-car-title">
              <h2 id="about-car-title">Apie automobilį</h2>
              <RichText text={car.description} />
            </section>
          ) : null}
        </div>

        <aside className="car-page__aside card" aria-labelledby="prices-title">
          <h2 id="prices-title" style={{ marginTop: 0 }}>
            Kainos
          </h2>
          <CarChips car={car} />
          {car.tiers.length > 0 ? (
            <div className="table-wrap" style={{ marginTop: "1rem" }}>
              <table className="table">
                <caption className="visually-hidden">Kaina parai pagal nuomos trukmę</caption>
                <thead>
                  <tr>
                    <th scope="col">Nuomos trukmė</th>
                    <th scope="col" className="num">
                      Kaina parai
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {car.tiers.map((tier) => (
                    <tr key={tier.fromDays}>
                      <td>{tierLabel(tier)}</td>
                      <td className="num">{formatMoney(tier.dailyRate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>Kainą pasakysime pagal užklausą.</p>
          )}
          <p className="muted" style={{ fontSize: "0.9rem", marginTop: "0.5rem" }}>
            Kainos {pricesIncludeVatText(bookingRules)}. Sezono metu kaina gali skirtis – tiksli suma matoma
            rezervuojant.
          </p>
          <h3>Nuomos sąlygos</h3>
          <ul className="terms-list">
            <li>
              <span>Užstatas</span>
              <strong>{formatMoney(car.deposit)}</strong>
            </li>
            <li>
              <span>Vairuotojo amžius</span>
              <strong>nuo {car.minDriverAge} m.</strong>
            </li>
            <li>
              <span>Vairavimo stažas</span>
              <strong>nuo {car.minLicenceYears} m.</strong>
            </li>
            <li>
              <span>Ridos limitas</span>
              <strong>
                {car.mileageLimitPerDay ? `${formatNumber(car.mileageLimitPerDay)} km/parą` : "Neribota rida"}
              </strong>
            </li>
            {car.longTermMonthlyPrice != null ? (
              <li>
                <span>Ilgalaikė nuoma</span>
                <strong>nuo {formatMoney(car.longTermMonthlyPrice)}/mėn.</strong>
              </li>
            ) : null}
          </ul>
          <Link className="button button--accent button--block" to={`/rezervacija?car=${encodeURIComponent(car.slug)}`}>
            Rezervuoti
          </Link>
          <p style={{ margin: "0.75rem 0 0", textAlign: "center" }}>
            <Link to="/salygos">Visos nuomos sąlygos</Link>
          </p>
        </aside>
      </div>
    </div>
  );
}
