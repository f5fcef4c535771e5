// iCal subscriptions on secret addresses: for the whole fleet or one car. An admin makes a new
// address (the old one stops working at once); it is shown once, to copy into a calendar app.
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { usePermissions } from "react-admin";
import type { CalendarFeedInfo } from "../../core/calendarFeeds";
import { formatDateTime } from "../../domain/format";
import { useAdminActions } from "../adminApi";
import type { CarChoice } from "./TimelineDialogs";

const FLEET = "fleet";

export function CalendarFeedsPanel({ cars }: { cars: CarChoice[] }) {
  const actions = useAdminActions();
  const { permissions } = usePermissions();
  const isAdmin = permissions === "admin";
  const [choice, setChoice] = useState(FLEET);
  const [feeds, setFeeds] = useState<CalendarFeedInfo[] | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let live = true;
    actions.listCalendarFeeds().then(
      (list) => live && setFeeds(list),
      () => live && setFeeds([]),
    );
    return () => {
      live = false;
    };
  }, [actions]);

  const feedId = choice === FLEET ? FLEET : `car-${choice}`;
  const existing = feeds?.find((feed) => feed.feedId === feedId);

  const regenerate = async () => {
    setBusy(true);
    setError(null);
    setCopied(false);
    try {
      const made = await actions.regenerateCalendarFeed({ carId: choice === FLEET ? null : choice });
      setUrl(`${window.location.origin}${made.path}`);
      setFeeds((list) => [
        ...(list ?? []).filter((feed) => feed.feedId !== made.feedId),
        { feedId: made.feedId, carId: made.carId, updatedAt: new Date().toISOString() },
      ]);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Adreso sukurti nepavyko");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="ical-title">
      <CardContent>
        <Typography id="ical-title" variant="h6" component="h2" gutterBottom>
          Kalendoriaus prenumerata (iCal)
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Slaptas adresas, kurį galima įtraukti į Google, Apple ar Outlook kalendorių. Naujas adresas rodomas tik vieną
          kartą; sukūrus naują, senasis nebeveikia.
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
          <TextField
            select
            label="Kalendorius"
            value={choice}
            onChange={(event) => {
              setChoice(event.target.value);
              setUrl(null);
            }}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value={FLEET}>Visas parkas</MenuItem>
            {cars.map((car) => (
              <MenuItem key={car.id} value={car.id}>
                {car.name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={regenerate} disabled={!isAdmin || busy}>
            {existing ? "Sukurti naują adresą" : "Sukurti adresą"}
          </Button>
        </Stack>
        <Typography variant="body2" sx={{ mt: 1 }} color="text.secondary">
          {feeds === null
            ? " "
            : existing
              ? `Adresas sukurtas ${formatDateTime(existing.updatedAt)}.`
              : "Šiam kalendoriui adreso dar nėra."}
          {isAdmin ? "" : " Adresą sukurti ar pakeisti gali tik administratorius."}
        </Typography>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
        {url ? (
          <Alert severity="success" sx={{ mt: 2 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Nukopijuokite adresą dabar – vėliau jo parodyti nebebus galima:
            </Typography>
            <Box
              component="code"
              data-feed-url
              sx={{ display: "block", overflowWrap: "anywhere", fontSize: 13, bgcolor: "background.paper", p: 1 }}
            >
              {url}
            </Box>
            <Button
              size="small"
              sx={{ mt: 1 }}
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(url);
                  setCopied(true);
                } catch {
                  setError("Nukopijuoti nepavyko – pažymėkite adresą ir nukopijuokite patys");
                }
              }}
            >
              {copied ? "Nukopijuota" : "Kopijuoti"}
            </Button>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
