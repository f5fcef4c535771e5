import { lazy, Suspense, startTransition, useEffect, useState } from "react";
import type { PageLoadContext } from "../../app/page";
import type { PublicCar } from "../../backend/port";
import { formatMoney } from "../../domain/format";
import Alert from "../components/Alert";
import CarChips from "../components/CarChips";
import CarImage from "../components/CarImage";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import { defaultPeriod, fromInstantIso } from "../lib/dates";
import { isBeingTyped, useNow } from "../lib/hydration";
import { carName } from "../lib/labels";
import { Link, usePageData, useSearchParams } from "../lib/siteRouter";
import { useSettings } from "../useSettings";
import QuoteBreakdown from "./QuoteBreakdown";
import ReservationForm, { type SubmittedReservation } from "./ReservationForm";
import { initialValues, type ReservationValues } from "./reservationValues";
import { type LiveQuote, useLiveQuote } from "./useLiveQuote";

// Shown only when the chosen car is taken for the dates.
const AlternativeCars = lazy(() => import("./AlternativeCars"));
// Shown only after a submit (ReservationForm loads it as the visitor fills in the form).
const ReservationSuccess = lazy(() => import("./ReservationSuccess"));

interface ReservationData {
  cars: PublicCar[];
}

export async function load({ backend }: PageLoadContext): Promise<ReservationData> {
  return { cars: await backend.site.cars() };
}

function QuotePanel({ live, onChooseCar }: { live: LiveQuote; onChooseCar: (carId: string) => void }) {
  if (live.status === "idle") {
    return <p className="muted">Pasirinkite automobilį, datas ir vietą – kainą apskaičiuosime iš karto.</p>;
  }
  if (live.status === "loading") {
    return (
      <p className="muted quote-panel__loading">
        <span className="process-step__spinner" aria-hidden="true" /> Skaičiuojama kaina…
      </p>
    );
  }
  if (live.status === "invalid") {
    return (
      <Alert tone="error" title="Šių datų rezervuoti negalima">
        <ul>
          {live.messages.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </Alert>
    );
  }
  if (live.status === "error") return <Alert tone="error">{live.message}</Alert>;
  if (live.status === "unavailable") {
    return (
      <div>
        {live.reason ? (
          <Alert tone="error" title="Šio automobilio pasirinktoje vietoje nebus">
            {live.reason}
          </Alert>
        ) : (
          <Alert tone="error" title="Šis automobilis pasirinktomis datomis užimtas">
            Pasirinkite kitas datas arba vieną iš laisvų automobilių.
          </Alert>
        )}
        {live.alternatives.length > 0 ? (
          <Suspense fallback={null}>
            <AlternativeCars options={live.alternatives.slice(0, 3)} compact onChoose={onChooseCar} />
          </Suspense>
        ) : null}
      </div>
    );
  }
  return (
    <div>
      <QuoteBreakdown quote={live.quote} />
      <p className="muted quote-panel__note">
        Kainą apskaičiavo serveris pagal pasirinktas datas ir vietą; ji patvirtinama pateikus rezervaciją.
      </p>
    </div>
  );
}

export default function ReservationPage() {
  const { cars } = usePageData<ReservationData>();
  const settings = useSettings();
  const [params] = useSearchParams();
  const now = useNow();
  const [values, setValues] = useState<ReservationValues>(() => {
    const slug = params.get("car");
    const location = params.get("location");
    return initialValues({
      carId: cars.find((car) => car.slug === slug || car.id === slug)?.id ?? "",
      pickup: fromInstantIso(params.get("from")),
      return: fromInstantIso(params.get("to")),
      locationId: settings.locations.find((l) => l.id === location)?.id ?? settings.locations[0]?.id ?? "",
    });
  });
  const [submitted, setSubmitted] = useState<SubmittedReservation | null>(null);
  const live = useLiveQuote(values);
  const car = cars.find((c) => c.id === values.carId);
  const placeName = (id: string) => settings.locations.find((l) => l.id === id)?.name;

  // Prerendered without dates: tomorrow's defaults once the browser has the page.
  useEffect(() => {
    if (!now) return;
    const fallback = defaultPeriod(now);
    // A transition: the form's still-dehydrated sections hydrate in slices, not in one long task.
    startTransition(() =>
      setValues((current) =>
        current.pickupDate && current.returnDate
          ? current
          : {
              ...current,
              pickupDate: current.pickupDate || (isBeingTyped("pickup-date") ? "" : fallback.pickup.date),
              returnDate: current.returnDate || (isBeingTyped("return-date") ? "" : fallback.return.date),
            },
      ),
    );
  }, [now]);

  return (
    <div className="container">
      <PageMeta
        title="Automobilio rezervacija internetu"
        description="Rezervuokite automobilį internetu: pasirinkite datas, paėmimo vietą ir papildomas paslaugas – galutinę kainą su PVM matysite iš karto."
      />
      <PageHeader
        title="Automobilio rezervacija"
        lead={submitted ? undefined : "Užpildykite formą – rezervacijos numerį pamatysite iš karto."}
      />
      {submitted ? (
        <Suspense fallback={null}>
          <ReservationSuccess
            created={submitted.created}
            car={cars.find((c) => c.id === submitted.input.carId)}
            email={submitted.input.customer.email}
            pickupAt={submitted.input.pickupAt}
            returnAt={submitted.input.returnAt}
            pickupLocation={placeName(submitted.input.pickupLocationId)}
            returnLocation={placeName(submitted.input.returnLocationId)}
            company={settings.company}
          />
        </Suspense>
      ) : (
        <div className="steps-layout">
          <ReservationForm
            cars={cars}
            settings={settings}
            values={values}
            live={live}
            onValuesChange={setValues}
            onSubmitted={setSubmitted}
          />
          <Suspense>
            <aside className="steps-layout__aside card quote-panel" aria-labelledby="chosen-car">
              <h2 id="chosen-car" className="quote-panel__title">
                {car ? carName(car) : "Automobilis nepasirinktas"}
              </h2>
              {car ? (
                <>
                  <div className="quote-panel__image">
                    <CarImage car={car} width={480} height={300} />
                  </div>
                  <CarChips car={car} />
                  <p className="muted quote-panel__terms">
                    Užstatas {formatMoney(car.deposit)} · vairuotojui nuo {car.minDriverAge} m., stažas nuo{" "}
                    {car.minLicenceYears} m. · <Link to={`/automobiliai/${car.slug}`}>apie automobilį</Link>
                  </p>
                </>
              ) : (
                <p className="muted">
                  Pasirinkite automobilį formoje arba <Link to="/automobiliai">peržiūrėkite katalogą</Link>.
                </p>
              )}
              <section aria-labelledby="quote-title" className="quote-panel__quote">
                <h3 id="quote-title">Kaina</h3>
                {/* Busy while a newer answer is on its way: the previous one stays, nothing is announced twice. */}
                <div aria-live="polite" aria-busy={live.pending ? true : undefined}>
                  <QuotePanel live={live} onChooseCar={(carId) => setValues((current) => ({ ...current, carId }))} />
                </div>
              </section>
            </aside>
          </Suspense>
        </div>
      )}
    </div>
  );
}
