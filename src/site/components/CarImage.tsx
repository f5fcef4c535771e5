import { useBackend } from "../../app/BackendContext";
import { carName } from "../lib/labels";

/** A car photo with fixed dimensions (no layout shift) and lazy loading unless it is above the fold. */
export default function CarImage({
  car,
  index = 0,
  eager = false,
  priority = false,
  decorative = false,
  width = 640,
  height = 400,
}: {
  car: { make: string; model: string; images: string[] };
  index?: number;
  eager?: boolean;
  /** the page's main image: fetched first */
  priority?: boolean;
  /** the name is said elsewhere (a labelled thumbnail button) */
  decorative?: boolean;
  width?: number;
  height?: number;
}) {
  const { files } = useBackend();
  const path = car.images[index];
  if (!path) {
    return decorative ? (
      <div className="car-image-placeholder" />
    ) : (
      <div className="car-image-placeholder" role="img" aria-label={`${carName(car)}: nuotraukos nėra`} />
    );
  }
  return (
    <img
      src={files.url(path)}
      alt={decorative ? "" : index === 0 ? carName(car) : `${carName(car)}, nuotrauka ${index + 1}`}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
    />
  );
}
