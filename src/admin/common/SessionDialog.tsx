// Signing in again over the page when the session ends (an auth provider saw a 401, see
// sessionExpiry.ts): the form underneath keeps what staff typed; after signing in they
// press Save again. Reads that failed meanwhile (lists) are fetched again.
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useAuthProvider, useGetIdentity, useNotify } from "react-admin";
import { clearSessionExpired, isSessionExpired, onSessionExpired, SESSION_EXPIRED_MESSAGE } from "./sessionExpiry";

export const SIGNED_IN_AGAIN_MESSAGE =
  "Prisijungėte iš naujo. Jei saugojote duomenis, spauskite „Išsaugoti“ dar kartą.";

function problemText(error: unknown): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message) {
    return error.message;
  }
  return "Prisijungti nepavyko. Bandykite dar kartą.";
}

export function SessionDialog() {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  // The identity read before the session ended is still cached: offer the same e-mail.
  const { identity } = useGetIdentity();
  const [open, setOpen] = useState(isSessionExpired);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(
    () =>
      onSessionExpired(() => {
        setOpen(true);
        setProblem(null);
      }),
    [],
  );

  useEffect(() => {
    if (open && !email && typeof identity?.email === "string") setEmail(identity.email);
  }, [open, email, identity]);

  if (!authProvider) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!email.trim()) found.email = "Įveskite el. pašto adresą";
    if (!password) found.password = "Įveskite slaptažodį";
    setErrors(found);
    if (Object.keys(found).length > 0 || !authProvider) return;
    setSending(true);
    setProblem(null);
    try {
      await authProvider.login({ email: email.trim(), password });
      clearSessionExpired();
      setOpen(false);
      setPassword("");
      notify(SIGNED_IN_AGAIN_MESSAGE, { type: "success" });
      // Only what failed is fetched again: a form's record is left alone, so its edits stay.
      void queryClient.refetchQueries({ predicate: (query) => query.state.status === "error" });
    } catch (error) {
      setPassword("");
      setProblem(problemText(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open={open}
      aria-labelledby="session-dialog-title"
      aria-describedby="session-dialog-text"
      // The page under the dialog holds unsaved data: a stray click outside must not close it.
      onClose={(_event, reason) => {
        if (reason !== "backdropClick") setOpen(false);
      }}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="session-dialog-title">Prisijunkite iš naujo</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            <DialogContentText id="session-dialog-text" component="span" sx={{ color: "inherit" }}>
              {SESSION_EXPIRED_MESSAGE}
            </DialogContentText>
          </Alert>
          {problem ? (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {problem}
            </Alert>
          ) : null}
          <Stack spacing={2} sx={{ pb: 1 }}>
            <TextField
              id="session-email"
              label="El. paštas"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email}
            />
            <TextField
              id="session-password"
              label="Slaptažodis"
              type="password"
              autoComplete="current-password"
              required
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={sending}>
            Uždaryti
          </Button>
          <Button type="submit" variant="contained" disabled={sending}>
            {sending ? "Jungiamasi…" : "Prisijungti"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export default SessionDialog;
