// What an outbox mail is about: "reservation:<id>" as a link to the reservation (its number when
// the reservation is loaded), "request:<id>" to the inquiry, "invoice:<id>" to a monthly invoice;
// anything else as written.
import { Link as MuiLink, Typography } from "@mui/material";
import { useCreatePath, useGetOne } from "react-admin";
import { Link } from "react-router-dom";

const REF_RESOURCES: Readonly<Record<string, { resource: string; label: string }>> = {
  reservation: { resource: "reservations", label: "Rezervacija" },
  request: { resource: "requests", label: "Užklausa" },
  invoice: { resource: "invoices", label: "Sąskaita" },
};

export function parseMailRef(ref: string | null | undefined): { resource: string; label: string; id: string } | null {
  const match = /^(\w+):(.+)$/.exec(ref ?? "");
  const target = match ? REF_RESOURCES[match[1] ?? ""] : undefined;
  return target && match?.[2] ? { ...target, id: match[2] } : null;
}

function ReservationNumber({ id }: { id: string }) {
  const { data } = useGetOne<{ id: string; number?: string }>("reservations", { id }, { retry: false });
  return <>{data?.number ?? "Rezervacija"}</>;
}

export function MailRef({ value }: { value: string | null | undefined }) {
  const createPath = useCreatePath();
  const target = parseMailRef(value);
  if (!target) return <Typography component="span">{value || "—"}</Typography>;
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource: target.resource, id: target.id, type: "edit" })}
      onClick={(event: React.MouseEvent) => event.stopPropagation()}
      data-testid="mail-ref-link"
      sx={{ whiteSpace: "nowrap" }}
    >
      {target.resource === "reservations" ? <ReservationNumber id={target.id} /> : target.label}
    </MuiLink>
  );
}
