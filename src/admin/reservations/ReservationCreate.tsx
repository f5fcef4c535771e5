import { Create, Loading, useGetList } from "react-admin";
import { useSearchParams } from "react-router-dom";
import type { Location } from "../../domain/schemas";
import { ReservationForm } from "./ReservationForm";

/** ?carId=…&pickupAt=…&returnAt=… (a free slot of the timeline) as form defaults; anything malformed is left out. */
export function prefillFromQuery(params: URLSearchParams): Record<string, string> {
  const prefill: Record<string, string> = {};
  const carId = params.get("carId");
  if (carId && /^[A-Za-z0-9_-]{1,64}$/.test(carId)) prefill.carId = carId;
  for (const key of ["pickupAt", "returnAt"] as const) {
    const value = params.get(key);
    if (value && !Number.isNaN(Date.parse(value))) prefill[key] = new Date(value).toISOString();
  }
  return prefill;
}

/**
 * /admin/reservations/add. A free slot of /admin/check-availability arrives as
 * ?carId=…&pickupAt=…&returnAt=… (or react-admin's ?source={…}, which it merges into these defaults).
 */
export function ReservationCreate() {
  const [params] = useSearchParams();
  const locations = useGetList<Location & { id: string }>("locations", {
    filter: { active: true },
    sort: { field: "sortOrder", order: "ASC" },
    pagination: { page: 1, perPage: 1 },
  });
  if (locations.isPending) return <Loading />;
  const place = locations.data?.[0]?.id;
  return (
    <Create
      resource="reservations"
      title="Nauja rezervacija"
      record={{
        status: "new",
        source: "phone",
        extras: [],
        comment: "",
        notes: "",
        ...(place ? { pickupLocationId: place, returnLocationId: place } : {}),
        ...prefillFromQuery(params),
      }}
      redirect={(_resource, id) => `/reservations/add/${id}`}
    >
      <ReservationForm />
    </Create>
  );
}

export default ReservationCreate;
