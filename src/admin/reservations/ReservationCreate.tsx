import { Create } from "react-admin";
import { ReservationForm } from "./ReservationForm";

export function ReservationCreate() {
  return (
    <Create
      resource="reservations"
      title="Nauja rezervacija"
      record={{ status: "new", source: "phone", extras: [], comment: "", notes: "" }}
      redirect={(_resource, id) => `/reservations/add/${id}`}
    >
      <ReservationForm />
    </Create>
  );
}

export default ReservationCreate;
