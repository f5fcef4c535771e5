import type { PageLoadContext } from "../../app/page";
import type { PublicCar } from "../../backend/port";
import { formatMoney } from "../../domain/format";
import { pricesIncludeVatText } from "../../domain/publicCatalog";
import CarImage from "../components/CarImage";
import Icon, { type IconName } from "../components/Icon";
import InquiryForm from "../components/InquiryForm";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import { capitalize, carName } from "../lib/labels";
import { Link, usePageData } from "../lib/siteRouter";
import { useSettings } from "../useSettings";

interface LongTermData {
  cars: PublicCar[];
}

export async function load({ backend }: PageLoadContext): Promise<LongTermData> {
  const cars = await backend.site.cars();
  return {
    cars: cars
      .filter((car) => car.longTermMonthlyPrice !== null && car.longTermMonthlyPrice !== undefined)
      .sort((a, b) => (a.longTermMonthlyPrice ?? 0) - (b.longTermMonthlyPrice ?? 0)),
  };
}

const BENEFITS: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: "euro",
    title: "Fiksuota mėnesio kaina",
    text: "Draudimas (TPVCA ir KASKO), techninė priežiūra ir sezoninis padangų keitimas jau įskaičiuoti.",
  },
  {
    icon: "calendar",
    title: "Nuo 1 iki 12 mėnesių",
    text: "Nuomokitės tiek, kiek reikia, be ilgalaikių įsipareigojimų.",
  },
  { icon: "swap", title: "Pakaitinis automobilis", text: "Remonto ar priežiūros metu gausite kitą automobilį." },
  {
    icon: "invoice",
    title: "Sąskaita kas mėnesį",
    text: "Įmonėms – PVM sąskaita faktūra, privatiems – mokėjimas pavedimu.",
  },
];

export default function LongTermPage() {
  const { cars } = usePageData<LongTermData>();
  const settings = useSettings();
  const cheapest = cars[0]?.longTermMonthlyPrice;
  return (
    <div className="container">
      <PageMeta
        title="Ilgalaikė automobilių nuoma"
        description={`Ilgalaikė automobilių nuoma nuo 1 iki 12 mėnesių${cheapest ? ` nuo ${formatMoney(cheapest)} per mėnesį` : ""}: fiksuota kaina su draudimu, priežiūra ir padangomis.`}
      />
      <PageHeader
        title="Ilgalaikė nuoma"
        lead="Automobilis mėnesiui ar ilgiau – paprasčiau nei lizingas ir pigiau nei trumpalaikė nuoma."
      />
      <ul className="features">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="feature">
            <span className="feature__icon">
              <Icon name={benefit.icon} />
            </span>
            <h2 className="feature__title">{benefit.title}</h2>
            <p>{benefit.text}</p>
          </li>
        ))}
      </ul>
      <section className="section" aria-labelledby="long-term-prices">
        <h2 id="long-term-prices">Mėnesio kainos</h2>
        {cars.length > 0 ? (
          <div className="table-wrap card card--flush">
            <table className="table monthly-table">
              <caption className="visually-hidden">Ilgalaikės nuomos kainos per mėnesį su PVM</caption>
              <thead>
                <tr>
                  <th scope="col">Automobilis</th>
                  <th scope="col" className="monthly-table__optional">
                    Klasė
                  </th>
                  <th scope="col" className="monthly-table__optional">
                    Pavarų dėžė, degalai
                  </th>
                  <th scope="col" className="num">
                    Kaina per mėnesį
                  </th>
                </tr>
              </thead>
              <tbody>
                {cars.map((car) => (
                  <tr key={car.id}>
                    <th scope="row">
                      <span className="monthly-table__car">
                        <CarImage car={car} width={96} height={60} decorative />
                        <Link to={`/automobiliai/${car.slug}`}>{carName(car)}</Link>
                      </span>
                    </th>
                    <td className="monthly-table__optional">{capitalize(car.category)}</td>
                    <td className="monthly-table__optional">
                      {capitalize(car.transmission)}, {car.fuel}
                    </td>
                    <td className="num">
                      <strong>nuo {formatMoney(car.longTermMonthlyPrice ?? 0)}</strong>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="empty">Ilgalaikės nuomos pasiūlymus pateiksime pagal užklausą.</p>
        )}
        <p className="muted table-note">
          Kainos {pricesIncludeVatText(settings.bookingRules)}, nuomojant ne trumpiau kaip mėnesį. Ridos limitą ir
          galutinę kainą pagal laikotarpį nurodysime pasiūlyme.
        </p>
      </section>
      <InquiryForm
        idPrefix="long-term-inquiry"
        type="long-term"
        title="Ilgalaikės nuomos užklausa"
        cars={cars.map((car) => ({ id: car.id, label: `${carName(car)} (${car.year})` }))}
        messagePlaceholder="Kokiam laikotarpiui ir nuo kada reikėtų automobilio?"
      />
    </div>
  );
}
