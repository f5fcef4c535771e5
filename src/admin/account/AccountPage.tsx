// "Mano paskyra": the signed-in staff member's own e-mail and display name. The name is what the
// rental agreement and the acts print for the lessor's representative ("Nuomotojo atstovas"); without
// one the car can be neither handed over nor taken back (src/core/staff.ts). Below: the member's own
// password, changed with the current one; the account's other sessions end.
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { Loading, Title, useNotify, useRefresh } from "react-admin";
import { useBackend } from "../../app/BackendContext";
import { PASSWORD_MIN_LENGTH } from "../../domain/passwordRules";
import { useAdminActions } from "../adminApi";

type Account = { email: string; name: string; nameReady: boolean };

export function AccountPage() {
  const actions = useAdminActions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [account, setAccount] = useState<Account | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    actions
      .ownAccount()
      .then((loaded) => {
        if (!live) return;
        setAccount(loaded);
        setName(loaded.nameReady ? loaded.name : "");
      })
      .catch((failure: unknown) => {
        if (live) setLoadError(failure instanceof Error ? failure.message : "Nepavyko įkelti paskyros");
      });
    return () => {
      live = false;
    };
  }, [actions]);

  if (loadError) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {loadError}
      </Alert>
    );
  }
  if (!account) return <Loading />;

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = await actions.setOwnName(name);
      setAccount(saved);
      setName(saved.name);
      notify("Vardas ir pavardė išsaugoti", { type: "success" });
      refresh();
    } catch (failure) {
      const fields = (failure as { errors?: Record<string, string> }).errors;
      setError(fields?.name ?? (failure instanceof Error ? failure.message : "Nepavyko išsaugoti"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Card sx={{ mt: 2, maxWidth: 640 }}>
        <Title title="Mano paskyra" />
        <CardContent sx={{ display: "grid", gap: 2 }}>
          <Typography variant="h6" component="h1">
            Mano paskyra
          </Typography>
          <Typography>
            El. paštas: <strong>{account.email}</strong>
          </Typography>
          {!account.nameReady && (
            <Alert severity="warning">
              Įrašykite savo vardą ir pavardę: jie spausdinami sutartyje ir aktuose kaip nuomotojo atstovo. Be jų
              automobilio perduoti ir priimti negalėsite.
            </Alert>
          )}
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
            sx={{ display: "grid", gap: 2, maxWidth: 420 }}
          >
            <TextField
              label="Vardas ir pavardė"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              error={Boolean(error)}
              helperText={error ?? "Taip jūsų vardas rodomas sutartyse ir perdavimo bei grąžinimo aktuose"}
              slotProps={{ htmlInput: { maxLength: 120, autoComplete: "name" } }}
            />
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={saving || name.trim() === ""}
                startIcon={saving ? <CircularProgress size={16} /> : undefined}
              >
                Išsaugoti
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
      <PasswordCard />
    </>
  );
}

type PasswordFields = { currentPassword: string; newPassword: string; repeat: string };
const NO_PASSWORDS: PasswordFields = { currentPassword: "", newPassword: "", repeat: "" };

function PasswordCard() {
  const backend = useBackend();
  const notify = useNotify();
  const [values, setValues] = useState<PasswordFields>(NO_PASSWORDS);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordFields | "form", string>>>({});
  const [saving, setSaving] = useState(false);
  const field = (name: keyof PasswordFields) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
    error: Boolean(errors[name]),
  });

  const change = async () => {
    if (values.newPassword !== values.repeat) {
      setErrors({ repeat: "Slaptažodžiai nesutampa" });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await backend.session.changePassword(values.currentPassword, values.newPassword);
      setValues(NO_PASSWORDS);
      notify("Slaptažodis pakeistas. Kitur atidarytos šios paskyros sesijos baigtos.", { type: "success" });
    } catch (failure) {
      const fields = (failure as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
      setErrors({
        ...(fields.currentPassword ? { currentPassword: fields.currentPassword } : {}),
        ...(fields.newPassword ? { newPassword: fields.newPassword } : {}),
        ...(!fields.currentPassword && !fields.newPassword
          ? { form: failure instanceof Error ? failure.message : "Nepavyko pakeisti slaptažodžio" }
          : {}),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <CardContent sx={{ display: "grid", gap: 2 }}>
        <Typography variant="h6" component="h2">
          Slaptažodis
        </Typography>
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            void change();
          }}
          sx={{ display: "grid", gap: 2, maxWidth: 420 }}
        >
          <TextField
            label="Dabartinis slaptažodis"
            type="password"
            required
            {...field("currentPassword")}
            helperText={errors.currentPassword}
            slotProps={{ htmlInput: { autoComplete: "current-password", maxLength: 200 } }}
          />
          <TextField
            label="Naujas slaptažodis"
            type="password"
            required
            {...field("newPassword")}
            helperText={
              errors.newPassword ??
              `Bent ${PASSWORD_MIN_LENGTH} simbolių; ne iš dažniausiai naudojamų; be jūsų vardo ar el. pašto`
            }
            slotProps={{ htmlInput: { autoComplete: "new-password", maxLength: 200 } }}
          />
          <TextField
            label="Pakartokite naują slaptažodį"
            type="password"
            required
            {...field("repeat")}
            helperText={errors.repeat}
            slotProps={{ htmlInput: { autoComplete: "new-password", maxLength: 200 } }}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={saving || !values.currentPassword || !values.newPassword || !values.repeat}
              startIcon={saving ? <CircularProgress size={16} /> : undefined}
            >
              Keisti slaptažodį
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
