import { Link } from "react-router-dom";
import type { PageLoadContext } from "../../app/page";
import { usePageData } from "../../app/page";
import type { PublicCar } from "../../backend/port";
import { CarGrid } from "../components/CarCard";
import PageMeta from "../components/PageMeta";
import SearchForm from "../components/SearchForm";
import { defaultPeriod } from "../lib/dates";
import { useSettings } from "../useSettings";

/** How many cars the home page shows (the rest are one click away). */
export const HOME_CAR_COUNT = 8;

interface HomeData {
  cars: PublicCar[];
  total: number;
}

export async function load({ backend }: PageLoadContext): Promise<HomeData> {
  const cars = await backend.site.cars();
  return { cars: cars.slice(0, HOME_CAR_COUNT), total: cars.length };
}

const REASONS = [
  {
    icon: "€",
    title: "Aiški galutinė kaina",
    text: "Kaina parai jau su draudimu ir 21 % PVM – matote ją iš karto, be paslėptų mokesčių.",
  },
  {
    icon: "✓",
    title: "Nauji, prižiūrėti automobiliai",
    text: "Reguliariai aptarnaujami, švarūs ir paruošti kelionei.",
  },
  { icon: "✈", title: "Oro uoste ir mieste", text: "Paimkite automobilį Vilniaus oro uoste, centre arba Kaune." },
  { icon: "☎", title: "Pagalba kelyje", text: "Skambinkite bet kuriuo metu – padėsime, jei kas nutiktų." },
] as const;

export default function HomePage() {
  const { cars, total } = usePageData<HomeData>();
  const settings = useSettings();

  return (
    <>
      <PageMeta
        title="Automobilių nuoma Vilniuje ir Kaune"
        description={`${settings.company.brand}: automobilių nuoma Vilniuje, Kaune ir oro uoste. Aiškios kainos su PVM ir greita rezervacija internetu.`}
      />
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__grid">
          <div>
            <h1 id="hero-title">Automobilių nuoma be rūpesčių</h1>
            <p className="hero__lead">
              Išsirinkite automobilį, nurodykite datas ir iš karto matykite galutinę kainą su PVM. Paimkite jį oro
              uoste, mieste ar pristatysime jums.
            </p>
            <ul className="hero__points">
              <li className="hero__point">Kaina su draudimu ir PVM</li>
              <li className="hero__point">Be paslėptų mokesčių</li>
              <li className="hero__point">Pagalba kelyje 24/7</li>
            </ul>
          </div>
          <div className="search-card">
            <h2>Raskite automobilį</h2>
            <SearchForm settings={settings} initial={{ ...defaultPeriod(), location: null }} />
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="cars-title">
        <div className="section__head">
          <h2 id="cars-title">Mūsų automobiliai</h2>
          <Link to="/automobiliai">Visi automobiliai ({total})</Link>
        </div>
        {cars.length > 0 ? (
          <CarGrid cars={cars} eagerCount={0} />
        ) : (
          <p className="empty">Šiuo metu automobilių sąraše nėra. Susisiekite su mumis – padėsime.</p>
        )}
      </section>

      <section className="section container" aria-labelledby="why-title">
        <h2 id="why-title">Kodėl verta rinktis mus</h2>
        <ul className="features">
          {REASONS.map((reason) => (
            <li key={reason.title} className="feature">
              <span className="feature__icon" aria-hidden="true">
                {reason.icon}
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
          <p>Automobiliai darbuotojams ir svečiams, mėnesinė sąskaita ir asmeninis vadybininkas.</p>
          <Link className="button button--accent" to="/verslo-klientams">
            Pasiūlymas įmonėms
          </Link>
        </div>
      </section>
    </>
  );
}
