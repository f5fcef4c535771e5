import type { PublicCar } from "../../backend/port";
import { formatDateTime } from "../../domain/format";
import { carName } from "../lib/labels";

/** The car, pickup and return rows of a reservation summary list (inside a `dl.summary-list`). */
export default function TripRows({
  car,
  pickupAt,
  returnAt,
  pickupPlace,
  returnPlace,
}: {
  car: PublicCar | undefined;
  pickupAt: string;
  returnAt: string;
  pickupPlace: string | undefined;
  returnPlace: string | undefined;
}) {
  return (
    <>
      {car ? (
        <div>
          <dt>Automobilis</dt>
          <dd>{carName(car)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Paėmimas</dt>
        <dd>
          {formatDateTime(pickupAt)}
          {pickupPlace ? `, ${pickupPlace}` : ""}
        </dd>
      </div>
      <div>
        <dt>Grąžinimas</dt>
        <dd>
          {formatDateTime(returnAt)}
          {returnPlace ? `, ${returnPlace}` : ""}
        </dd>
      </div>
    </>
  );
}
