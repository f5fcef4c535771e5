// The car page's photos: one large image with previous / next buttons (arrow keys work too)
// and a row of thumbnails. Sizes are fixed, so nothing moves while images load.
import { type KeyboardEvent, useState } from "react";
import type { PublicCar } from "../../backend/port";
import CarImage from "../components/CarImage";
import { carName } from "../lib/labels";

function Arrow({ direction }: { direction: "prev" | "next" }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d={direction === "prev" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </svg>
  );
}

export default function Gallery({ car }: { car: Pick<PublicCar, "make" | "model" | "images"> }) {
  const [index, setIndex] = useState(0);
  const count = car.images.length;
  const current = count > 0 ? Math.min(index, count - 1) : 0;
  const go = (delta: number) => setIndex((value) => (value + delta + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === "ArrowLeft") go(-1);
    else if (event.key === "ArrowRight") go(1);
    else return;
    event.preventDefault();
  };

  return (
    <section className="gallery" aria-label={`${carName(car)} nuotraukos`} onKeyDown={onKeyDown}>
      <div className="gallery__main">
        <CarImage car={car} index={current} eager priority width={960} height={600} />
        {count > 1 ? (
          <>
            <button
              type="button"
              className="gallery__nav gallery__nav--prev"
              aria-label="Ankstesnė nuotrauka"
              onClick={() => go(-1)}
            >
              <Arrow direction="prev" />
            </button>
            <button
              type="button"
              className="gallery__nav gallery__nav--next"
              aria-label="Kita nuotrauka"
              onClick={() => go(1)}
            >
              <Arrow direction="next" />
            </button>
            <p className="gallery__counter" aria-live="polite">
              <span className="visually-hidden">Nuotrauka </span>
              {current + 1} / {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="gallery__thumbs">
          {car.images.map((path, thumb) => (
            <li key={path}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={thumb === current}
                aria-label={`Rodyti nuotrauką ${thumb + 1}`}
                onClick={() => setIndex(thumb)}
              >
                <CarImage car={car} index={thumb} width={160} height={100} decorative />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
