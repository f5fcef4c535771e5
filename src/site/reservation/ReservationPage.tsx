import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { type PageLoadContext, usePageData } from "../../app/page";
import type { PublicCar } from "../../backend/port";
import { formatMoney } from "../../domain/format";
import CarChips from "../components/CarChips";
import CarImage from "../components/CarImage";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import { periodFromQuery } from "../lib/dates";
import { carName } from "../lib/labels";
import { useSettings } from "../useSettings";
import ReservationForm, { type SubmittedReservation } from "./ReservationForm";
import ReservationSuccess from "./ReservationSuccess";
import { initialValues, type ReservationValues } from "./reservationForm";

interface ReservationData {
  cars: PublicCar[];
}

export async function load({ backend }: PageLoadContext): Promise<ReservationData> {
  return { cars: await backend.site.cars() };
}

export default function ReservationPage() {
  const { cars } = usePageData<ReservationData>();
  const settings = useSettings();
  const [params] = useSearchParams();
  const [values, setValues] = useState<ReservationValues>(() => {
    const slug = params.get("car");
    const location = params.get("location");
    return initialValues({
      carId: cars.find((car) => car.slug === slug)?.id ?? "",
      period: periodFromQuery(params),
      locationId: settings.locations.find((l) => l.id === location)?.id ?? settings.locations[0]?.id ?? "",
    });
  });
  const [submitted, setSubmitted] = useState<SubmittedReservation | null>(null);
  const car = cars.find((c) => c.id === values.carId);
  const placeName = (id: string) => settings.locations.find((l) => l.id === id)?.name;

  return (
    <div className="container">
      <PageMeta
        title="Rezervacija"
        description="Rezervuokite automobilį internetu: pasirinkite datas, vietą ir papildomas paslaugas."
      />
      <PageHeader
        title="Automobilio rezervacija"
        lead={submitted ? undefined : "Užpildykite formą – rezervacijos numerį pamatysite iš karto."}
      />
      {submitted ? (
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
      ) : (
        <div className="steps-layout">
          <ReservationForm
            cars={cars}
            settings={settings}
            values={values}
            onValuesChange={setValues}
            onSubmitted={setSubmitted}
          />
          <aside className="steps-layout__aside card" aria-labelledby="chosen-car">
            <h2 id="chosen-car" style={{ marginTop: 0, fontSize: "1.2rem" }}>
              {car ? carName(car) : "Automobilis nepasirinktas"}
            </h2>
            {car ? (
              <>
                <div className="gallery__main" style={{ marginBottom: "0.75rem" }}>
                  <CarImage car={car} width={480} height={300} />
                </div>
                <CarChips car={car} />
                <p style={{ margin: "0.75rem 0 0.25rem" }}>
                  {car.priceFrom != null ? (
                    <>
                      Kaina nuo <strong>{formatMoney(car.priceFrom)}</strong> parai, užstatas{" "}
                      <strong>{formatMoney(car.deposit)}</strong>.
                    </>
                  ) : (
                    <>
                      Užstatas <strong>{formatMoney(car.deposit)}</strong>.
                    </>
                  )}
                </p>
                <p className="muted" style={{ fontSize: "0.9rem" }}>
                  Vairuotojui ne mažiau kaip {car.minDriverAge} m., vairavimo stažas nuo {car.minLicenceYears} m.
                </p>
                <Link to={`/automobiliai/${car.slug}`}>Apie automobilį</Link>
              </>
            ) : (
              <p className="muted">
                Pasirinkite automobilį formoje arba <Link to="/automobiliai">peržiūrėkite katalogą</Link>.
              </p>
            )}
          </aside>
        </div>
      )}
    </div>
  );
}
