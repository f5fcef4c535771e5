import { Suspense } from "react";
import type { PublicCar } from "../../backend/port";
import { carName } from "../lib/labels";
import { Link } from "../lib/siteRouter";
import CarChips from "./CarChips";
import CarImage from "./CarImage";
import PriceFrom from "./Price";

export default function CarCard({
  car,
  headingLevel = 3,
  eagerImage = false,
  price,
}: {
  car: PublicCar;
  headingLevel?: 2 | 3;
  eagerImage?: boolean;
  /** overrides "nuo X €/parai" (the long-term page shows the monthly price) */
  price?: { amount: number | null; unit: string };
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="car-card">
      <div className="car-card__media">
        <CarImage car={car} eager={eagerImage} />
      </div>
      <div className="car-card__body">
        <Heading className="car-card__title">
          <Link to={`/automobiliai/${car.slug}`}>{carName(car)}</Link>{" "}
          <span className="car-card__year">{car.year}</span>
        </Heading>
        <CarChips car={car} />
        <div className="car-card__footer">
          <PriceFrom amount={price ? price.amount : car.priceFrom} unit={price?.unit ?? "parai"} />
          <Link
            className="button button--accent button--small"
            to={`/rezervacija?car=${encodeURIComponent(car.slug)}`}
            aria-label={`Rezervuoti ${carName(car)}`}
          >
            Rezervuoti
          </Link>
        </div>
      </div>
    </article>
  );
}

export function CarGrid({
  cars,
  headingLevel = 3,
  eagerCount = 0,
  price,
}: {
  cars: PublicCar[];
  headingLevel?: 2 | 3;
  eagerCount?: number;
  price?: (car: PublicCar) => { amount: number | null; unit: string };
}) {
  return (
    <ul className="car-grid">
      {cars.map((car, index) => (
        <li key={car.id}>
          {/* A boundary per card: a prerendered grid hydrates card by card, never in one long task. */}
          <Suspense>
            <CarCard
              car={car}
              headingLevel={headingLevel}
              eagerImage={index < eagerCount}
              {...(price ? { price: price(car) } : {})}
            />
          </Suspense>
        </li>
      ))}
    </ul>
  );
}
