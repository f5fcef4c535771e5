// /admin/sorting: the order of cars in the public catalogue. Move with the buttons (keyboard
// friendly), then save once; only cars whose position changed are written.
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import SaveIcon from "@mui/icons-material/Save";
import {
  Alert,
  Box,
  Button,
  Card,
  IconButton,
  ListItem,
  ListItemText,
  List as MuiList,
  Stack,
  Typography,
} from "@mui/material";
import { useEffect, useMemo, useRef, useState } from "react";
import { Loading, RecordContextProvider, Title, useDataProvider, useGetList, useNotify } from "react-admin";
import type { Car } from "../../domain/schemas";
import { Thumbnail } from "../common/fields";
import { CAR_STATUS_LABELS } from "../labels";

type CarRecord = Car & { id: string };

export function SortingPage() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const { data, isPending, error, refetch } = useGetList<CarRecord>("cars", {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: "sortOrder", order: "ASC" },
  });
  const [order, setOrder] = useState<CarRecord[]>([]);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const focusTarget = useRef<string | null>(null);

  useEffect(() => {
    if (data) setOrder(data);
  }, [data]);

  const changed = useMemo(() => order.filter((car, index) => car.sortOrder !== index * 10), [order]);
  const dirty = useMemo(() => (data ?? []).some((car, index) => order[index]?.id !== car.id), [data, order]);

  useEffect(() => {
    if (!focusTarget.current) return;
    document.getElementById(focusTarget.current)?.focus();
    focusTarget.current = null;
  });

  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    if (target < 0 || target >= order.length) return;
    const next = [...order];
    const [car] = next.splice(index, 1);
    if (!car) return;
    next.splice(target, 0, car);
    setOrder(next);
    setAnnouncement(`${car.make} ${car.model}: ${target + 1} vieta iš ${next.length}`);
    // Keep focus on the moved car's button, or on its other button once it reaches an end.
    const atEnd = (delta < 0 && target === 0) || (delta > 0 && target === next.length - 1);
    const direction = delta < 0 !== atEnd ? "up" : "down";
    focusTarget.current = `sort-${car.id}-${direction}`;
  };

  const save = async () => {
    setSaving(true);
    try {
      // Positions step by 10 so a single car can later be slotted in between by hand.
      for (const car of changed) {
        const index = order.indexOf(car);
        await dataProvider.update<CarRecord>("cars", {
          id: car.id,
          data: { sortOrder: index * 10 },
          previousData: car,
        });
      }
      notify("Tvarka išsaugota", { type: "success" });
      await refetch();
    } catch (saveError) {
      notify(saveError instanceof Error ? saveError.message : "Tvarkos išsaugoti nepavyko", { type: "error" });
    } finally {
      setSaving(false);
    }
  };

  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">Automobilių įkelti nepavyko.</Alert>;

  return (
    <Box sx={{ mt: 2, maxWidth: 880 }}>
      <Title title="Rūšiavimas" />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2, alignItems: { sm: "center" } }}>
        <Typography sx={{ flex: 1 }}>
          Automobiliai rodomi svetainės kataloge šia tvarka. Perkelkite mygtukais ir išsaugokite.
        </Typography>
        <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={saving || !dirty}>
          {saving ? "Išsaugoma…" : "Išsaugoti tvarką"}
        </Button>
      </Stack>
      <Box role="status" aria-live="polite" sx={{ position: "absolute", left: -10000 }}>
        {announcement}
      </Box>
      <Card>
        <MuiList component="ol" aria-label="Automobilių tvarka kataloge" disablePadding>
          {order.map((car, index) => (
            <ListItem
              key={car.id}
              divider
              secondaryAction={
                <Stack direction="row">
                  <IconButton
                    id={`sort-${car.id}-up`}
                    aria-label={`Perkelti ${car.make} ${car.model} aukštyn`}
                    disabled={index === 0 || saving}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    id={`sort-${car.id}-down`}
                    aria-label={`Perkelti ${car.make} ${car.model} žemyn`}
                    disabled={index === order.length - 1 || saving}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                </Stack>
              }
            >
              <Typography sx={{ width: 40, color: "text.secondary" }} aria-hidden="true">
                {index + 1}.
              </Typography>
              <RecordContextProvider value={car}>
                <Box sx={{ mr: 2 }}>
                  <Thumbnail size={64} />
                </Box>
              </RecordContextProvider>
              <ListItemText
                primary={`${car.make} ${car.model} (${car.year})`}
                secondary={`${car.category} · ${CAR_STATUS_LABELS[car.status]}`}
              />
            </ListItem>
          ))}
        </MuiList>
      </Card>
    </Box>
  );
}

export default SortingPage;
