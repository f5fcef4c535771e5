// One-click status changes for a reservation (edit page toolbar, or a list row with `compact`):
// only the moves the state machine allows from the current status, each with its checks. The
// server decides (reason required, hand-over day, closed records, stale version); its Lithuanian
// answer is shown next to the dialog's field or in a toast.
import AssignmentReturnIcon from "@mui/icons-material/AssignmentReturn";
import BlockIcon from "@mui/icons-material/Block";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import DirectionsCarIcon from "@mui/icons-material/DirectionsCar";
import EventRepeatIcon from "@mui/icons-material/EventRepeat";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import PersonOffIcon from "@mui/icons-material/PersonOff";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { type MouseEvent as ReactMouseEvent, type ReactNode, useId, useState } from "react";
import { useBasename, useNotify, usePermissions, useRecordContext, useRefresh, useUpdate } from "react-admin";
import { useNavigate } from "react-router-dom";
import { formatDateTime } from "../../domain/format";
import { allowedTransitions } from "../../domain/reservationStatus";
import type { Reservation, ReservationStatus } from "../../domain/schemas";
import { EXTEND_ACTION, ExtendRentalDialog, SWAP_ACTION, SwapCarDialog } from "./RentalChangeDialogs";
import {
  CANCEL_REASON_MISSING,
  handoverTooEarlyMessage,
  isBeforePickupDay,
  OVERRIDE_REASON_MISSING,
  REASON_MAX_LENGTH,
  reasonError,
  type ServerRefusal,
  STATUS_DONE_MESSAGES,
  serverRefusal,
} from "./reservationRules";

export type ActionRecord = Reservation & { id: string; version?: number; cancelReason?: string };

type Outcome = { ok: true } | { ok: false; refusal: ServerRefusal };

/** Sends { status, statusReason?, version } (the server merges it with the stored record). */
function useStatusChange(record: ActionRecord | undefined) {
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const change = (status: ReservationStatus, statusReason?: string): Promise<Outcome> =>
    new Promise((resolve) => {
      if (!record) return resolve({ ok: false, refusal: serverRefusal(null) });
      const data: Record<string, unknown> = { status, version: record.version };
      if (statusReason !== undefined) data.statusReason = statusReason.trim();
      update(
        "reservations",
        { id: record.id, data, previousData: record },
        {
          mutationMode: "pessimistic",
          onSuccess: () => {
            notify(STATUS_DONE_MESSAGES[status] ?? "Būsena pakeista", { type: "success" });
            refresh();
            resolve({ ok: true });
          },
          onError: (error) => resolve({ ok: false, refusal: serverRefusal(error) }),
        },
      );
    });
  return { change, isPending };
}

/** A refusal without a dialog to show it in: one toast with the field messages. */
function refusalText(refusal: ServerRefusal): string {
  const details = Object.values(refusal.fields).filter((text) => text !== refusal.message);
  return [refusal.message, ...details].join(" ");
}

/** Field messages other than the dialog's own field. */
function OtherErrors({ refusal, except }: { refusal: ServerRefusal | null; except?: string }) {
  if (!refusal) return null;
  const others = Object.entries(refusal.fields).filter(([field]) => field !== except);
  if (others.length === 0 && except && refusal.fields[except]) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {refusal.message}
      {others.map(([field, text]) => (
        <Box key={field}>{text}</Box>
      ))}
    </Alert>
  );
}

/** Cancel, or an admin's early hand-over: a required reason, up to 500 characters. */
function ReasonDialog({
  open,
  title,
  intro,
  label,
  missing,
  confirmLabel,
  confirmColor,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  intro: ReactNode;
  label: string;
  missing: string;
  confirmLabel: string;
  confirmColor: "error" | "primary";
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<ServerRefusal | null>;
}) {
  const titleId = useId();
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<ServerRefusal | null>(null);
  const close = () => {
    setReason("");
    setFieldError(null);
    setRefusal(null);
    onClose();
  };
  const submit = async () => {
    const problem = reasonError(reason, missing);
    setFieldError(problem);
    setRefusal(null);
    if (problem) return;
    const refused = await onConfirm(reason);
    if (!refused) {
      setReason("");
      return;
    }
    setRefusal(refused);
    setFieldError(refused.fields.statusReason ?? null);
  };
  const length = reason.trim().length;
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div" sx={{ mb: 2 }}>
          {intro}
        </DialogContentText>
        <TextField
          label={label}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={Boolean(fieldError) || length > REASON_MAX_LENGTH}
          helperText={
            <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
              <span>{fieldError ?? "Privaloma"}</span>
              <span>
                {length} / {REASON_MAX_LENGTH}
              </span>
            </Box>
          }
          required
          multiline
          minRows={3}
          fullWidth
          autoFocus
          slotProps={{ formHelperText: { component: "div" } as object }}
        />
        <OtherErrors refusal={refusal} except="statusReason" />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Grįžti</Button>
        <Button variant="contained" color={confirmColor} onClick={submit} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Return, no-show: a plain question, with the server's refusal shown inside. */
function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => Promise<ServerRefusal | null>;
}) {
  const titleId = useId();
  const [refusal, setRefusal] = useState<ServerRefusal | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        <OtherErrors refusal={refusal} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Grįžti</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={async () => {
            setRefusal(null);
            setRefusal(await onConfirm());
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type DialogKind = "cancel" | "handover" | "no_show" | "swap" | "extend" | null;

/** Keeps a click inside a list row from opening the row. */
const stop = (event: ReactMouseEvent) => event.stopPropagation();

interface StatusAction {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** why it cannot be done now (shown instead of doing it) */
  blockedBy?: string | null;
  secondary?: boolean;
  danger?: boolean;
}

/** A list row's actions behind one button, so the table keeps its width. */
function RowActionsMenu({ actions, disabled }: { actions: StatusAction[]; disabled: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label="Būsenos veiksmai"
        aria-haspopup="menu"
        disabled={disabled}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action.key}
            disabled={action.blockedBy != null}
            onClick={() => {
              setAnchor(null);
              action.onClick();
            }}
            sx={action.danger ? { color: "error.main" } : undefined}
          >
            <ListItemIcon sx={action.danger ? { color: "error.main" } : undefined}>{action.icon}</ListItemIcon>
            <ListItemText primary={action.label} secondary={action.blockedBy ?? undefined} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function ReservationStatusActions({ compact = false }: { compact?: boolean }) {
  const record = useRecordContext<ActionRecord>();
  const { permissions } = usePermissions<string | null>();
  const basename = useBasename();
  const notify = useNotify();
  const navigate = useNavigate();
  const { change, isPending } = useStatusChange(record);
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<DialogKind>(null);
  if (!record?.id || !record.status) return null;

  const next = allowedTransitions(record.status);
  if (next.length === 0) return null;
  const isAdmin = permissions === "admin";
  const early = isBeforePickupDay(record.pickupAt);
  const handoverPath = `${basename}/reservations/${record.id}/handover`;
  const size = compact ? "small" : "medium";

  /** Runs a change; a dialog's refusal stays in the dialog, success closes it. */
  const run = async (status: ReservationStatus, reason?: string): Promise<ServerRefusal | null> => {
    const outcome = await change(status, reason);
    if (outcome.ok) {
      setDialog(null);
      return null;
    }
    return outcome.refusal;
  };
  const oneClick = async (status: ReservationStatus) => {
    const refusal = await run(status);
    if (refusal) notify(refusalText(refusal), { type: "error" });
  };

  /** The allowed next steps, drawn as buttons on the page or as a menu in a list row. */
  const actions: StatusAction[] = [];
  if (next.includes("confirmed")) {
    actions.push({
      key: "confirm",
      label: "Patvirtinti",
      icon: <CheckCircleIcon />,
      onClick: () => oneClick("confirmed"),
    });
  }
  let earlyNote: string | null = null;
  if (next.includes("active")) {
    if (early && !isAdmin) earlyNote = handoverTooEarlyMessage(record.pickupAt);
    actions.push({
      key: "handover",
      label: "Perduoti",
      icon: <DirectionsCarIcon />,
      blockedBy: earlyNote,
      // the desk's hand-over wizard; before the pickup day an admin first gives the reason
      onClick: () => (early ? setDialog("handover") : navigate(handoverPath)),
    });
  }
  if (next.includes("completed")) {
    actions.push({
      key: "return",
      label: "Grąžinti",
      icon: <AssignmentReturnIcon />,
      onClick: () => navigate(`${basename}/reservations/${record.id}/return`),
    });
  }
  // A rental under way changes its car or its end only through these two (src/core/rentalChanges.ts).
  if (record.status === "active") {
    actions.push({
      key: "swap",
      label: SWAP_ACTION,
      icon: <SwapHorizIcon />,
      secondary: true,
      onClick: () => setDialog("swap"),
    });
    actions.push({
      key: "extend",
      label: EXTEND_ACTION,
      icon: <EventRepeatIcon />,
      secondary: true,
      onClick: () => setDialog("extend"),
    });
  }
  if (next.includes("no_show")) {
    actions.push({
      key: "no_show",
      label: "Neatvyko",
      icon: <PersonOffIcon />,
      secondary: true,
      onClick: () => setDialog("no_show"),
    });
  }
  if (next.includes("cancelled")) {
    actions.push({
      key: "cancel",
      label: "Atšaukti",
      icon: <BlockIcon />,
      secondary: true,
      danger: true,
      onClick: () => setDialog("cancel"),
    });
  }
  const buttons: ReactNode = compact ? (
    <RowActionsMenu actions={actions} disabled={isPending} />
  ) : (
    actions.map((action) => {
      const button = (
        <Button
          key={action.key}
          size={size}
          variant={action.secondary ? "outlined" : "contained"}
          color={action.danger ? "error" : "primary"}
          startIcon={action.icon}
          disabled={isPending || action.blockedBy != null}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      );
      return action.blockedBy ? (
        <Tooltip key={action.key} title={action.blockedBy}>
          {/* a disabled button gets no pointer events: the span carries the tooltip */}
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      );
    })
  );

  const label = record.number ? `Rezervacija ${record.number}` : "Rezervacija";

  return (
    // In a list row the click stops here, so it does not open the row.
    <Box
      role="group"
      aria-label="Būsenos veiksmai"
      onClick={compact ? stop : undefined}
      sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}
    >
      {buttons}
      {earlyNote && !compact && (
        <Typography variant="body2" color="text.secondary" data-testid="handover-early-note">
          {earlyNote}
        </Typography>
      )}
      <ReasonDialog
        open={dialog === "cancel"}
        title={`Atšaukti rezervaciją${record.number ? ` ${record.number}` : ""}?`}
        intro={
          <>
            Automobilis bus atlaisvintas. Priežastis išsaugoma rezervacijoje, ją matys kiti darbuotojai.
            <br />
            Paėmimas: {formatDateTime(record.pickupAt)}.
          </>
        }
        label="Atšaukimo priežastis"
        missing={CANCEL_REASON_MISSING}
        confirmLabel="Atšaukti rezervaciją"
        confirmColor="error"
        busy={isPending}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => run("cancelled", reason)}
      />
      <ReasonDialog
        open={dialog === "handover"}
        title="Perduoti anksčiau paėmimo dienos?"
        intro={`${handoverTooEarlyMessage(record.pickupAt)}. Administratorius gali perduoti anksčiau, nurodęs priežastį.`}
        label="Ankstesnio perdavimo priežastis"
        missing={OVERRIDE_REASON_MISSING}
        confirmLabel="Toliau į perdavimą"
        confirmColor="primary"
        busy={isPending}
        onClose={() => setDialog(null)}
        onConfirm={async (reason) => {
          navigate(handoverPath, { state: { statusReason: reason.trim() } });
          return null;
        }}
      />
      {record.status === "active" ? (
        <>
          <SwapCarDialog record={record} open={dialog === "swap"} onClose={() => setDialog(null)} onDone={refresh} />
          <ExtendRentalDialog
            record={record}
            open={dialog === "extend"}
            onClose={() => setDialog(null)}
            onDone={refresh}
          />
        </>
      ) : null}
      <ConfirmDialog
        open={dialog === "no_show"}
        title="Klientas neatvyko?"
        confirmLabel="Pažymėti „neatvyko“"
        busy={isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => run("no_show")}
      >
        <DialogContentText>
          {label} bus uždaryta, automobilis atlaisvintas. Po to keisti galima tik vidines pastabas.
        </DialogContentText>
      </ConfirmDialog>
    </Box>
  );
}
