// The home page's carousel of current offers. It advances every 5,000 ms (SPEC section 9),
// has previous / next / pause controls, pauses while the pointer is over it or focus is
// inside it, and never moves by itself for visitors who ask for reduced motion.
import { type FocusEvent, useEffect, useState } from "react";
import { useBackend } from "../../app/BackendContext";
import type { WithId } from "../../backend/port";
import { formatDate } from "../../domain/format";
import type { Offer } from "../../domain/schemas";
import { useHydrated } from "../lib/hydration";
import { clampDescription } from "../lib/seo";
import { Link } from "../lib/siteRouter";
import { discountLabel } from "../offers/offerLabels";

export const CAROUSEL_INTERVAL_MS = 5_000;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function usePrefersReducedMotion(): boolean {
  const hydrated = useHydrated();
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    if (!hydrated || typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(REDUCED_MOTION);
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [hydrated]);
  return reduced;
}

function Icon({ name }: { name: "prev" | "next" | "pause" | "play" }) {
  const paths = {
    prev: <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />,
    next: <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />,
    pause: <path d="M8 5v14M16 5v14" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />,
    play: <path d="M8 5l11 7-11 7z" fill="currentColor" />,
  };
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {paths[name]}
    </svg>
  );
}

export default function OfferCarousel({ offers }: { offers: WithId<Offer>[] }) {
  const { files } = useBackend();
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  /** the visitor's own choice with the pause button; until then reduced motion decides */
  const [pausedChoice, setPausedChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = offers.length;
  const current = count > 0 ? index % count : 0;
  const paused = pausedChoice ?? reducedMotion;
  const rotating = hydrated && count > 1 && !paused;
  const running = rotating && !hovered && !focused;

  // One timer per slide: every slide gets its full interval, also after a manual move.
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setIndex((value) => (value + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [running, count]);

  if (count === 0) return null;

  const go = (delta: number) => setIndex((value) => (value + delta + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className="carousel"
      aria-roledescription="karuselė"
      aria-labelledby="carousel-title"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-running={running ? "" : undefined}
    >
      <div className="carousel__head">
        <h2 id="carousel-title">Akcijos</h2>
        {count > 1 ? (
          <div className="carousel__controls">
            <button
              type="button"
              className="icon-button"
              onClick={() => setPausedChoice(!paused)}
              aria-label={paused ? "Paleisti automatinį akcijų slinkimą" : "Sustabdyti automatinį akcijų slinkimą"}
            >
              <Icon name={paused ? "play" : "pause"} />
            </button>
            <button type="button" className="icon-button" onClick={() => go(-1)} aria-label="Ankstesnė akcija">
              <Icon name="prev" />
            </button>
            <button type="button" className="icon-button" onClick={() => go(1)} aria-label="Kita akcija">
              <Icon name="next" />
            </button>
          </div>
        ) : null}
      </div>
      {/* While slides change by themselves, announcing each would interrupt a screen reader. */}
      <div className="carousel__viewport" aria-live={running ? "off" : "polite"}>
        {offers.map((offer, slide) => {
          const badge = discountLabel(offer.discount);
          return (
            // The WAI-ARIA carousel pattern: each slide is a labelled group (a fieldset would mean a form).
            // biome-ignore lint/a11y/useSemanticElements: role="group" is the pattern's own choice
            <div
              key={offer.id}
              className="carousel__slide"
              role="group"
              aria-roledescription="skaidrė"
              aria-label={`${slide + 1} iš ${count}: ${offer.title}`}
              hidden={slide !== current}
            >
              {/* Only the slide on show carries its image: hidden slides cost no download or decoding. */}
              {offer.image && slide === current ? (
                <img
                  className="carousel__image"
                  src={files.url(offer.image)}
                  alt=""
                  width={640}
                  height={400}
                  loading="lazy"
                  decoding="async"
                />
              ) : offer.image ? (
                <div className="carousel__image" />
              ) : null}
              <div className="carousel__body">
                {badge ? <span className="badge">{badge}</span> : null}
                <h3 className="carousel__title">{offer.title}</h3>
                <p className="carousel__meta">
                  Galioja {formatDate(offer.validFrom)} – {formatDate(offer.validTo)}
                </p>
                {offer.body ? <p className="carousel__text">{clampDescription(offer.body, 170)}</p> : null}
                <div className="carousel__actions">
                  <Link className="button button--accent" to="/rezervacija">
                    Rezervuoti
                  </Link>
                  <Link to={`/akcijos#${offer.slug}`}>
                    Plačiau apie akciją<span className="visually-hidden"> „{offer.title}“</span>
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="carousel__dots">
          {offers.map((offer, slide) => (
            <button
              key={offer.id}
              type="button"
              className="carousel__dot"
              aria-label={`Rodyti akciją ${slide + 1}: ${offer.title}`}
              aria-current={slide === current ? "true" : undefined}
              onClick={() => setIndex(slide)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
