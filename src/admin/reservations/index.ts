import EventNoteIcon from "@mui/icons-material/EventNote";
import type { ResourceProps } from "react-admin";
import type { Reservation } from "../../domain/schemas";
import { ReservationCreate } from "./ReservationCreate";
import { ReservationEdit } from "./ReservationEdit";
import { ReservationList } from "./ReservationList";

/** Create and edit also live at the SPEC paths /reservations/add[/:id] (custom routes). */
export const reservations = {
  list: ReservationList,
  create: ReservationCreate,
  edit: ReservationEdit,
  icon: EventNoteIcon,
  recordRepresentation: (reservation: Reservation) => reservation.number ?? "Rezervacija",
} satisfies Omit<ResourceProps, "name">;

export { ReservationCreate, ReservationEdit, ReservationList };
export default reservations;
