// The e-mails of one reservation (outbox documents with ref "reservation:<id>"), newest first, on
// its edit screen: when, to whom, the subject, the delivery state, and "Siųsti dar kartą".
import { Box, Link as MuiLink, Stack, Typography } from "@mui/material";
import { useCreatePath, useGetList, useRecordContext } from "react-admin";
import { Link } from "react-router-dom";
import { formatDateTime } from "../../domain/format";
import type { Mail, Reservation } from "../../domain/schemas";
import { choiceName, MAIL_STATE_CHOICES } from "../labels";
import { ResendMailButton } from "../mail/ResendMailButton";
import { PortalLinkButton } from "./PortalLinkButton";

type MailRecord = Mail & { id: string; createdAt?: string };

export function ReservationMails() {
  const reservation = useRecordContext<Reservation & { id: string }>();
  const createPath = useCreatePath();
  const { data, isPending, error } = useGetList<MailRecord>(
    "mail",
    {
      pagination: { page: 1, perPage: 50 },
      sort: { field: "createdAt", order: "DESC" },
      filter: { ref: `reservation:${reservation?.id ?? ""}` },
    },
    { enabled: Boolean(reservation?.id) },
  );
  if (!reservation?.id) return null;
  return (
    <Box component="section" sx={{ px: 2, pb: 2 }} data-testid="reservation-mails">
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", mb: 1 }}>
        <Typography variant="h6" component="h2">
          Laiškai klientui
        </Typography>
        <PortalLinkButton />
      </Box>
      {isPending ? (
        <Typography color="text.secondary">Įkeliama…</Typography>
      ) : error ? (
        <Typography role="alert">Laiškų įkelti nepavyko.</Typography>
      ) : !data || data.length === 0 ? (
        <Typography color="text.secondary">Šiai rezervacijai laiškų dar nebuvo.</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {data.map((mail) => (
            <Box
              component="li"
              key={mail.id}
              sx={{
                display: "flex",
                flexWrap: "wrap",
                alignItems: "center",
                columnGap: 2,
                rowGap: 0.5,
                py: 1,
                borderBottom: 1,
                borderColor: "divider",
              }}
            >
              <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130 }}>
                {mail.createdAt ? formatDateTime(mail.createdAt) : "—"}
              </Typography>
              <MuiLink
                component={Link}
                to={createPath({ resource: "mail", id: mail.id, type: "show" })}
                sx={{ flex: "1 1 220px", wordBreak: "break-word" }}
              >
                {mail.message.subject}
              </MuiLink>
              <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
                {Array.isArray(mail.to) ? mail.to.join(", ") : mail.to}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {choiceName(MAIL_STATE_CHOICES, mail.delivery?.state)}
              </Typography>
              <ResendMailButton mail={mail} />
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

export default ReservationMails;
