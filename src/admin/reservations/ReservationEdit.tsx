import PrintIcon from "@mui/icons-material/Print";
import { Button, Edit, TopToolbar, useBasename, useRecordContext } from "react-admin";
import { Link, useParams } from "react-router-dom";
import type { Reservation } from "../../domain/schemas";
import { ReservationForm } from "./ReservationForm";

function ReservationTitle() {
  const record = useRecordContext<Reservation>();
  return <span>{record?.number ? `Rezervacija ${record.number}` : "Rezervacija"}</span>;
}

function ReservationActions({ id }: { id: string }) {
  const basename = useBasename();
  return (
    <TopToolbar>
      <Button component={Link} to={`${basename}/print-edit/${id}`} label="Sutartis ir spausdinimas">
        <PrintIcon />
      </Button>
    </TopToolbar>
  );
}

/** /admin/reservations/add/:reservationId (SPEC) and react-admin's own /admin/reservations/:id */
export function ReservationEdit() {
  const { reservationId, id } = useParams();
  const recordId = reservationId ?? id ?? "";
  return (
    <Edit
      resource="reservations"
      id={recordId}
      title={<ReservationTitle />}
      actions={<ReservationActions id={recordId} />}
      mutationMode="pessimistic"
      redirect="list"
    >
      <ReservationForm />
    </Edit>
  );
}

export default ReservationEdit;
