// "Mano paskyra": the signed-in staff member's own e-mail and display name. The name is what the
// rental agreement and the acts print for the lessor's representative ("Nuomotojo atstovas"); without
// one the car can be neither handed over nor taken back (src/core/staff.ts).
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { Loading, Title, useNotify, useRefresh } from "react-admin";
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
  );
}
