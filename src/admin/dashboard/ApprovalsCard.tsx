// "Laukia patvirtinimo" on the dashboard: the credit notes and refunds staff asked for, and the
// refund tasks of customers' changes ("Permoka … €, grąžintina"). An administrator who is not the
// requester approves (the credit note or the refund is written then) or rejects with a reason.
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link as MuiLink,
  Stack,
  Typography,
} from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useBasename, useGetIdentity, useNotify, usePermissions } from "react-admin";
import { Link } from "react-router-dom";
import type { StoredApproval } from "../../core/approvals";
import { APPROVAL_KIND_LABELS } from "../../domain/approvals";
import { formatCount, formatDateTime, formatMoney } from "../../domain/format";
import { PAYMENT_METHOD_LABELS } from "../../domain/payments";
import { PORTAL_ACTOR } from "../../domain/portal";
import { useAdminActions } from "../adminApi";
import { ReasonField } from "../common/ReasonField";

const REQUEST_FORMS = ["prašymas", "prašymai", "prašymų"] as const;
export const APPROVALS_QUERY_KEY = ["approvals", "pending"] as const;

const errorMessage = (caught: unknown, fallback: string): string => {
  const body = (caught as { body?: { message?: string; errors?: Record<string, string> } }).body;
  return body?.errors?.reason ?? body?.message ?? (caught instanceof Error ? caught.message : fallback);
};

function RejectDialog({ approval, onClose }: { approval: StoredApproval; onClose: (done: boolean) => void }) {
  const actions = useAdminActions();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await actions.rejectRequest(approval.id, reason);
      onClose(true);
    } catch (caught) {
      setError(errorMessage(caught, "Atmesti nepavyko"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm">
      <DialogTitle>Atmesti prašymą</DialogTitle>
      <DialogContent>
        <ReasonField label="Atmetimo priežastis" value={reason} onChange={setReason} error={error} hint=" " />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Atšaukti</Button>
        <Button variant="contained" color="error" onClick={() => void submit()} disabled={busy}>
          Atmesti
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ApprovalItem({ approval, onDecided }: { approval: StoredApproval; onDecided: () => void }) {
  const actions = useAdminActions();
  const notify = useNotify();
  const basename = useBasename();
  const { permissions } = usePermissions<string | null>();
  const { identity } = useGetIdentity();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const isAdmin = permissions === "admin";
  const own =
    typeof identity?.email === "string" && identity.email.toLowerCase() === approval.requestedBy.toLowerCase();
  const approve = async () => {
    setBusy(true);
    try {
      const decision = await actions.approveRequest(approval.id);
      notify(decision.message, { type: "success" });
      onDecided();
    } catch (caught) {
      notify(errorMessage(caught, "Patvirtinti nepavyko"), { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  const what = approval.invoiceId ? (
    <MuiLink component={Link} to={`${basename}/invoices/${approval.invoiceId}`}>
      {approval.invoiceNumber}
    </MuiLink>
  ) : approval.reservationId ? (
    <MuiLink component={Link} to={`${basename}/reservations/${approval.reservationId}`}>
      {approval.reservationNumber ?? "rezervacija"}
    </MuiLink>
  ) : null;
  return (
    <Box
      component="li"
      data-testid="approval-item"
      sx={{ listStyle: "none", py: 1, borderBottom: 1, borderColor: "divider" }}
    >
      <Typography sx={{ fontWeight: 600 }}>
        {APPROVAL_KIND_LABELS[approval.kind]} {formatMoney(approval.amount)} · {what}
      </Typography>
      <Typography variant="body2">{approval.reason}</Typography>
      <Typography variant="body2" color="text.secondary">
        {approval.refund ? `${PAYMENT_METHOD_LABELS[approval.refund.method]} · ` : ""}
        Prašė {approval.requestedBy === PORTAL_ACTOR ? "klientas („Mano rezervacija“)" : approval.requestedBy},{" "}
        {formatDateTime(approval.createdAt)}
      </Typography>
      {isAdmin ? (
        <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: "wrap" }}>
          <Button
            size="small"
            variant="contained"
            onClick={() => void approve()}
            disabled={busy || own}
            title={own ? "Savo prašymo patvirtinti negalima" : undefined}
          >
            Patvirtinti
          </Button>
          <Button size="small" color="error" onClick={() => setRejecting(true)} disabled={busy}>
            Atmesti
          </Button>
          {own ? (
            <Typography variant="caption" color="text.secondary" sx={{ alignSelf: "center" }}>
              Savo prašymą tvirtina kitas administratorius
            </Typography>
          ) : null}
        </Stack>
      ) : null}
      {rejecting ? (
        <RejectDialog
          approval={approval}
          onClose={(done) => {
            setRejecting(false);
            if (done) {
              notify("Prašymas atmestas", { type: "info" });
              onDecided();
            }
          }}
        />
      ) : null}
    </Box>
  );
}

export function ApprovalsCard() {
  const { listApprovals } = useAdminActions();
  const queryClient = useQueryClient();
  const pending = useQuery({ queryKey: APPROVALS_QUERY_KEY, queryFn: () => listApprovals("pending") });
  const items = pending.data ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY_KEY });
  return (
    <Card component="section" aria-labelledby="dashboard-approvals" sx={{ mt: 2 }}>
      <CardHeader
        title={
          <Typography id="dashboard-approvals" variant="h6" component="h2">
            Laukia patvirtinimo
          </Typography>
        }
        subheader={
          pending.isPending
            ? "Įkeliama…"
            : pending.error
              ? "Nepavyko įkelti duomenų"
              : formatCount(items.length, REQUEST_FORMS)
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 1 }}>
        {!pending.isPending && !pending.error && items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Kreditinių sąskaitų ir grąžinimų, laukiančių patvirtinimo, nėra.
          </Typography>
        ) : null}
        {items.length > 0 ? (
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {items.map((approval) => (
              <ApprovalItem key={approval.id} approval={approval} onDecided={refresh} />
            ))}
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
