import type { Car } from "../../domain/schemas";
import { capitalize, seatsLabel } from "../lib/labels";

/** Klasė, pavarų dėžė, degalų tipas, vietos. */
export default function CarChips({ car }: { car: Pick<Car, "category" | "transmission" | "fuel" | "seats"> }) {
  return (
    <ul className="chips" aria-label="Pagrindinės savybės">
      <li className="chip chip--category">
        <span className="visually-hidden">Klasė: </span>
        {capitalize(car.category)}
      </li>
      <li className="chip">
        <span className="visually-hidden">Pavarų dėžė: </span>
        {capitalize(car.transmission)}
      </li>
      <li className="chip">
        <span className="visually-hidden">Degalų tipas: </span>
        {capitalize(car.fuel)}
      </li>
      <li className="chip">{seatsLabel(car.seats)}</li>
    </ul>
  );
}
