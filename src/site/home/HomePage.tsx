import { Suspense } from "react";
import type { PageLoadContext } from "../../app/page";
import type { PublicCar, WithId } from "../../backend/port";
import { pricesIncludeVatText } from "../../domain/publicCatalog";
import type { Offer } from "../../domain/schemas";
import { CarGrid } from "../components/CarCard";
import Icon, { type IconName } from "../components/Icon";
import PageMeta from "../components/PageMeta";
import SearchForm from "../components/SearchForm";
import { Link, usePageData } from "../lib/siteRouter";
import { useSettings } from "../useSettings";
import OfferCarousel from "./OfferCarousel";

/** How many cars the home page features (the rest are one click away). */
export const HOME_CAR_COUNT = 8;

interface HomeData {
  cars: PublicCar[];
  total: number;
  offers: WithId<Offer>[];
}

export async function load({ backend }: PageLoadContext): Promise<HomeData> {
  const [cars, offers] = await Promise.all([backend.site.cars(), backend.site.offers()]);
  return { cars: cars.slice(0, HOME_CAR_COUNT), total: cars.length, offers };
}

/** `vat`: "su 21 % PVM", from the settings (src/domain/publicCatalog.ts pricesIncludeVatText). */
const reasonsFor = (vat: string): readonly { icon: IconName; title: string; text: string }[] => [
  {
    icon: "euro",
    title: "Aiški galutinė kaina",
    text: `Kaina parai jau su draudimu ir ${vat.replace(/^su /, "")} – matote ją iš karto, be paslėptų mokesčių.`,
  },
  {
    icon: "shield",
    title: "Nauji, prižiūrėti automobiliai",
    text: "Reguliariai aptarnaujami, švarūs ir paruošti kelionei.",
  },
  { icon: "plane", title: "Oro uoste ir mieste", text: "Paimkite automobilį Vilniaus oro uoste, centre arba Kaune." },
  { icon: "phone", title: "Pagalba kelyje", text: "Skambinkite bet kuriuo metu – padėsime, jei kas nutiktų." },
];

export default function HomePage() {
  const { cars, total, offers } = usePageData<HomeData>();
  const settings = useSettings();
  const { brand } = settings.company;

  return (
    <>
      <PageMeta
        title={`${brand} – automobilių nuoma Vilniuje ir Kaune`}
        description={`${brand}: automobilių nuoma Vilniuje, Kaune ir oro uostuose. Galutinė kaina su draudimu ir PVM, greita rezervacija internetu, ilgalaikė nuoma ir pasiūlymai verslui.`}
      />
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__grid">
          <div>
            <h1 id="hero-title">Automobilių nuoma be rūpesčių</h1>
            <p className="hero__lead">
              Išsirinkite automobilį, nurodykite datas ir iš karto matykite galutinę kainą su PVM. Paimkite jį oro
              uoste, mieste ar pristatysime Jums.
            </p>
            <ul className="hero__points">
              <li className="hero__point">Kaina su draudimu ir PVM</li>
              <li className="hero__point">Be paslėptų mokesčių</li>
              <li className="hero__point">Pagalba kelyje 24/7</li>
            </ul>
          </div>
          <div className="search-card">
            <h2>Raskite automobilį</h2>
            <Suspense>
              <SearchForm idPrefix="home-search" settings={settings} />
            </Suspense>
          </div>
        </div>
      </section>

      {offers.length > 0 ? (
        <div className="section container">
          <Suspense>
            <OfferCarousel offers={offers} />
          </Suspense>
        </div>
      ) : null}

      <section className="section container" aria-labelledby="cars-title">
        <div className="section__head">
          <h2 id="cars-title">Populiariausi automobiliai</h2>
          <Link to="/automobiliai">Visi automobiliai ({total})</Link>
        </div>
        {cars.length > 0 ? (
          <CarGrid cars={cars} />
        ) : (
          <p className="empty">Šiuo metu automobilių sąraše nėra. Susisiekite su mumis – padėsime.</p>
        )}
      </section>

      <section className="section container" aria-labelledby="why-title">
        <h2 id="why-title">Kodėl verta rinktis mus</h2>
        <ul className="features">
          {reasonsFor(pricesIncludeVatText(settings.bookingRules)).map((reason) => (
            <li key={reason.title} className="feature">
              <span className="feature__icon">
                <Icon name={reason.icon} />
              </span>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section container teasers" aria-label="Kitos paslaugos">
        <div className="teaser">
          <h2>Ilgalaikė nuoma</h2>
          <p>Automobilis mėnesiui ar ilgiau su fiksuota mėnesio kaina, draudimu ir priežiūra.</p>
          <Link className="button button--accent" to="/ilgalaike-nuoma">
            Ilgalaikės nuomos kainos
          </Link>
        </div>
        <div className="teaser">
          <h2>Verslo klientams</h2>
          <p>
            Automobiliai darbuotojams ir svečiams, PVM sąskaitos, mėnesinis atsiskaitymas ir asmeninis vadybininkas.
          </p>
          <Link className="button button--accent" to="/verslo-klientams">
            Pasiūlymas įmonėms
          </Link>
        </div>
      </section>
    </>
  );
}
