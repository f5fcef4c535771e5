// "Nauja nuoroda klientui": every "Mano rezervacija" link of the reservation stops working and
// the customer gets a new one by e-mail (src/core/customerPortal.ts resendPortalLink, audited).
import LinkIcon from "@mui/icons-material/Link";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useState } from "react";
import { useNotify, useRecordContext, useRefresh } from "react-admin";
import type { Reservation } from "../../domain/schemas";
import { useAdminActions } from "../adminApi";

export function PortalLinkButton() {
  const reservation = useRecordContext<Reservation & { id: string }>();
  const actions = useAdminActions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!reservation?.id) return null;
  const send = async () => {
    setBusy(true);
    try {
      const answer = await actions.resendPortalLink(reservation.id);
      notify(`Senos nuorodos atšauktos (${answer.revoked}), nauja išsiųsta: ${answer.sentTo}`, { type: "success" });
      setOpen(false);
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : "Nuorodos išsiųsti nepavyko", { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<LinkIcon />} onClick={() => setOpen(true)} sx={{ whiteSpace: "nowrap" }}>
        Nauja nuoroda klientui
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="portal-link-title">
        <DialogTitle id="portal-link-title">Nauja „Mano rezervacija“ nuoroda</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Visos ankstesnės šios rezervacijos nuorodos nustos veikti, o klientas el. paštu gaus naują. Tęsti?
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Atšaukti</Button>
          <Button variant="contained" onClick={send} disabled={busy}>
            Atšaukti senas ir siųsti naują
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
