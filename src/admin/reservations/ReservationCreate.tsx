import { Create, Loading, useGetList } from "react-admin";
import type { Location } from "../../domain/schemas";
import { ReservationForm } from "./ReservationForm";

/**
 * /admin/reservations/add. A free slot of /admin/check-availability arrives as
 * ?source={"carId","pickupAt","returnAt"}, which react-admin merges into these defaults.
 */
export function ReservationCreate() {
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
      }}
      redirect={(_resource, id) => `/reservations/add/${id}`}
    >
      <ReservationForm />
    </Create>
  );
}

export default ReservationCreate;
