import { useBackend } from "../../app/BackendContext";
import { carName } from "../lib/labels";

/** A car photo with fixed dimensions (no layout shift) and lazy loading unless it is above the fold. */
export default function CarImage({
  car,
  index = 0,
  eager = false,
  width = 640,
  height = 400,
}: {
  car: { make: string; model: string; images: string[] };
  index?: number;
  eager?: boolean;
  width?: number;
  height?: number;
}) {
  const { files } = useBackend();
  const path = car.images[index];
  if (!path)
    return <div className="car-image-placeholder" role="img" aria-label={`${carName(car)}: nuotraukos nėra`} />;
  return (
    <img
      src={files.url(path)}
      alt={index === 0 ? carName(car) : `${carName(car)}, nuotrauka ${index + 1}`}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
