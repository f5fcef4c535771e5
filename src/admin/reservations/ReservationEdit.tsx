import PrintIcon from "@mui/icons-material/Print";
import { Button, Edit, TopToolbar, useBasename, useRecordContext } from "react-admin";
import { Link, useParams } from "react-router-dom";
import type { Reservation } from "../../domain/schemas";
import { HistoryButton } from "../audit/HistoryButton";
import { ReservationInvoices } from "../invoices/ReservationInvoices";
import { ReservationPayments } from "../payments/ReservationPayments";
import { ReservationStatusActions } from "./ReservationActions";
import { ReservationDocuments } from "./ReservationDocuments";
import { ReservationForm } from "./ReservationForm";
import { ReservationMails } from "./ReservationMails";

function ReservationTitle() {
  const record = useRecordContext<Reservation>();
  return <span>{record?.number ? `Rezervacija ${record.number}` : "Rezervacija"}</span>;
}

function ReservationActions({ id }: { id: string }) {
  const basename = useBasename();
  return (
    <TopToolbar sx={{ flexWrap: "wrap", gap: 1, justifyContent: "flex-start", alignItems: "center" }}>
      <ReservationStatusActions />
      <Button component={Link} to={`${basename}/print-edit/${id}`} label="Sutartis ir spausdinimas">
        <PrintIcon />
      </Button>
      <ReservationDocuments />
      <HistoryButton resource="reservations" />
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
      // the next step (hand over, return, the agreement) starts here, so stay on the record
      redirect={false}
    >
      <ReservationForm />
      <ReservationPayments />
      <ReservationMails />
      <ReservationInvoices />
    </Edit>
  );
}

export default ReservationEdit;
