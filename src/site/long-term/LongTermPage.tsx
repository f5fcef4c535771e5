import { type PageLoadContext, usePageData } from "../../app/page";
import type { PublicCar } from "../../backend/port";
import { CarGrid } from "../components/CarCard";
import InquiryForm from "../components/InquiryForm";
import PageHeader from "../components/PageHeader";
import PageMeta from "../components/PageMeta";
import { carName } from "../lib/labels";

interface LongTermData {
  cars: PublicCar[];
}

export async function load({ backend }: PageLoadContext): Promise<LongTermData> {
  const cars = await backend.site.cars();
  return { cars: cars.filter((car) => car.longTermMonthlyPrice !== null && car.longTermMonthlyPrice !== undefined) };
}

const BENEFITS = [
  { title: "Fiksuota mėnesio kaina", text: "Draudimas, techninė priežiūra ir padangų keitimas jau įskaičiuoti." },
  { title: "Nuo 1 iki 12 mėnesių", text: "Nuomokitės tiek, kiek reikia, be ilgalaikių įsipareigojimų." },
  { title: "Pakaitinis automobilis", text: "Remonto ar priežiūros metu gausite kitą automobilį." },
] as const;

export default function LongTermPage() {
  const { cars } = usePageData<LongTermData>();
  return (
    <div className="container">
      <PageMeta
        title="Ilgalaikė automobilių nuoma"
        description="Ilgalaikė automobilių nuoma nuo mėnesio iki metų: fiksuota mėnesio kaina su draudimu ir priežiūra."
      />
      <PageHeader
        title="Ilgalaikė nuoma"
        lead="Automobilis mėnesiui ar ilgiau – paprasčiau nei lizingas ir pigiau nei trumpalaikė nuoma."
      />
      <ul className="features">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="feature">
            <h2 style={{ fontSize: "1.15rem", marginTop: 0 }}>{benefit.title}</h2>
            <p>{benefit.text}</p>
          </li>
        ))}
      </ul>
      <section className="section" aria-labelledby="long-term-cars">
        <h2 id="long-term-cars">Automobiliai ilgalaikei nuomai</h2>
        {cars.length > 0 ? (
          <CarGrid cars={cars} price={(car) => ({ amount: car.longTermMonthlyPrice ?? null, unit: "mėn." })} />
        ) : (
          <p className="empty">Ilgalaikės nuomos pasiūlymus pateiksime pagal užklausą.</p>
        )}
      </section>
      <InquiryForm
        type="long-term"
        title="Ilgalaikės nuomos užklausa"
        cars={cars.map((car) => ({ id: car.id, label: `${carName(car)} (${car.year})` }))}
        messagePlaceholder="Kokiam laikotarpiui ir nuo kada reikėtų automobilio?"
      />
    </div>
  );
}
