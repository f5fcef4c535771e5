// /admin/sorting: the order of cars and offers as the public site shows them. Drag a row with
// the mouse, or with the keyboard: focus a row's handle, Space to pick it up, arrows to move,
// Space or Enter to drop, Escape to put it back (the arrow buttons work too). Then save once:
// the whole order is written in one batch on the server.
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import DragIndicatorIcon from "@mui/icons-material/DragIndicator";
import RestoreIcon from "@mui/icons-material/Restore";
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
  Tab,
  Tabs,
  Typography,
} from "@mui/material";
import { useEffect, useMemo, useRef, useState } from "react";
import { Loading, RecordContextProvider, Title, useGetList, useNotify } from "react-admin";
import type { Car, Offer } from "../../domain/schemas";
import { useAdminActions } from "../adminApi";
import { Thumbnail } from "../common/fields";
import { moveItem } from "../common/ImagesInput";
import { UnsavedChangesGuard } from "../common/UnsavedChangesDialog";
import { CAR_STATUS_LABELS } from "../labels";

type CarRecord = Car & { id: string };
type OfferRecord = Offer & { id: string };
type Sortable = { id: string; sortOrder?: number };

interface SortableListProps<T extends Sortable> {
  resource: "cars" | "offers";
  records: T[];
  title: (record: T) => string;
  subtitle: (record: T) => string;
  imageSource: string;
  onSaved: () => void;
}

function SortableList<T extends Sortable>({
  resource,
  records,
  title,
  subtitle,
  imageSource,
  onSaved,
}: SortableListProps<T>) {
  const { saveSortOrder } = useAdminActions();
  const notify = useNotify();
  const [order, setOrder] = useState<T[]>(records);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [grabbed, setGrabbed] = useState<{ id: string; from: number } | null>(null);
  const [dragId, setDragId] = useState<string | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const focusTarget = useRef<string | null>(null);

  const dirty = useMemo(() => records.some((record, index) => order[index]?.id !== record.id), [records, order]);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  // Fresh data (after saving, or a live update) replaces the list, but never an unsaved reordering.
  useEffect(() => {
    if (!dirtyNow.current) setOrder(records);
  }, [records]);

  useEffect(() => {
    if (!focusTarget.current) return;
    document.getElementById(focusTarget.current)?.focus();
    focusTarget.current = null;
  });

  const moveTo = (index: number, target: number, focus?: string) => {
    if (target < 0 || target >= order.length || target === index) return;
    const record = order[index];
    if (!record) return;
    setOrder(moveItem(order, index, target));
    setAnnouncement(`${title(record)}: ${target + 1} vieta iš ${order.length}`);
    if (focus) focusTarget.current = focus;
  };

  const handleKey = (event: React.KeyboardEvent, record: T, index: number) => {
    const handle = `sort-${resource}-${record.id}-handle`;
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      if (grabbed?.id === record.id) {
        setGrabbed(null);
        setAnnouncement(
          `${title(record)} ${resource === "cars" ? "padėtas" : "padėta"} į ${index + 1} vietą. Neišsaugota.`,
        );
      } else {
        setGrabbed({ id: record.id, from: index });
        setAnnouncement(
          `${title(record)} ${resource === "cars" ? "paimtas" : "paimta"}, ${index + 1} vieta iš ${order.length}. Rodyklėmis perkelkite, tarpu padėkite, Escape – atšaukti.`,
        );
      }
    } else if (grabbed?.id === record.id && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      event.preventDefault();
      moveTo(index, index + (event.key === "ArrowUp" ? -1 : 1), handle);
    } else if (grabbed?.id === record.id && (event.key === "Home" || event.key === "End")) {
      event.preventDefault();
      moveTo(index, event.key === "Home" ? 0 : order.length - 1, handle);
    } else if (event.key === "Escape" && grabbed?.id === record.id) {
      event.preventDefault();
      moveTo(index, grabbed.from, handle);
      setGrabbed(null);
      setAnnouncement(`${title(record)}: perkėlimas atšauktas`);
    }
  };

  const save = async () => {
    setSaving(true);
    try {
      const { changed } = await saveSortOrder(
        resource,
        order.map((record) => record.id),
      );
      notify(`Tvarka išsaugota (pakeista vietų: ${changed.length})`, { type: "success" });
      onSaved();
    } catch (error) {
      notify(error instanceof Error ? error.message : "Tvarkos išsaugoti nepavyko", { type: "error" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <UnsavedChangesGuard dirty={dirty} />
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{
          mb: 2,
          py: 1,
          alignItems: { sm: "center" },
          // The save button stays in reach however long the list is.
          position: "sticky",
          top: { xs: 56, sm: 64 },
          zIndex: 2,
          bgcolor: "background.default",
        }}
      >
        <Typography sx={{ flex: 1 }} id={`sorting-${resource}-help`}>
          Tempkite eilutes pele arba klaviatūra: pažymėkite rankenėlę, tarpas – paimti, rodyklės – perkelti, tarpas –
          padėti. Tada išsaugokite vienu kartu.
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button startIcon={<RestoreIcon />} onClick={() => setOrder(records)} disabled={saving || !dirty}>
            Atkurti
          </Button>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={saving || !dirty}>
            {saving ? "Išsaugoma…" : "Išsaugoti tvarką"}
          </Button>
        </Stack>
      </Stack>
      <Box role="status" aria-live="assertive" sx={{ position: "absolute", left: -10000, width: 1, height: 1 }}>
        {announcement}
      </Box>
      <Card>
        <MuiList
          component="ol"
          aria-label={resource === "cars" ? "Automobilių tvarka kataloge" : "Akcijų tvarka svetainėje"}
          aria-describedby={`sorting-${resource}-help`}
          disablePadding
        >
          {order.map((record, index) => {
            const name = title(record);
            const isGrabbed = grabbed?.id === record.id;
            return (
              <ListItem
                key={record.id}
                divider
                draggable={!saving}
                data-sort-id={record.id}
                onDragStart={(event) => {
                  setDragId(record.id);
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", record.id);
                }}
                onDragOver={(event) => {
                  if (!dragId) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = "move";
                  if (dropIndex !== index) setDropIndex(index);
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const from = order.findIndex((r) => r.id === dragId);
                  if (from >= 0) moveTo(from, index);
                  setDragId(null);
                  setDropIndex(null);
                }}
                onDragEnd={() => {
                  setDragId(null);
                  setDropIndex(null);
                }}
                sx={{
                  bgcolor: isGrabbed ? "rgba(13, 71, 161, 0.1)" : dragId === record.id ? "action.hover" : undefined,
                  borderTop: dropIndex === index && dragId !== record.id ? "3px solid #0d47a1" : undefined,
                  cursor: "grab",
                  pr: { xs: 12, sm: 14 },
                }}
                secondaryAction={
                  <Stack direction="row">
                    <IconButton
                      id={`sort-${resource}-${record.id}-up`}
                      aria-label={`Perkelti ${name} aukštyn`}
                      disabled={index === 0 || saving}
                      onClick={() =>
                        moveTo(
                          index,
                          index - 1,
                          index - 1 === 0 ? `sort-${resource}-${record.id}-down` : `sort-${resource}-${record.id}-up`,
                        )
                      }
                    >
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton
                      id={`sort-${resource}-${record.id}-down`}
                      aria-label={`Perkelti ${name} žemyn`}
                      disabled={index === order.length - 1 || saving}
                      onClick={() =>
                        moveTo(
                          index,
                          index + 1,
                          index + 1 === order.length - 1
                            ? `sort-${resource}-${record.id}-up`
                            : `sort-${resource}-${record.id}-down`,
                        )
                      }
                    >
                      <ArrowDownwardIcon />
                    </IconButton>
                  </Stack>
                }
              >
                <IconButton
                  id={`sort-${resource}-${record.id}-handle`}
                  aria-label={`${name}, ${index + 1} vieta iš ${order.length}. Tarpas – paimti ir perkelti rodyklėmis`}
                  aria-pressed={isGrabbed}
                  onKeyDown={(event) => handleKey(event, record, index)}
                  onBlur={(event) => {
                    // Focus moved elsewhere by staff (not lost while the row itself moved in the list).
                    if (isGrabbed && event.relatedTarget !== null) setGrabbed(null);
                  }}
                  disabled={saving}
                  sx={{ mr: 1, cursor: "grab" }}
                >
                  <DragIndicatorIcon />
                </IconButton>
                <Typography sx={{ width: 36, color: "text.secondary", flexShrink: 0 }} aria-hidden="true">
                  {index + 1}.
                </Typography>
                <RecordContextProvider value={record}>
                  <Box sx={{ mr: 2, display: { xs: "none", sm: "block" } }}>
                    <Thumbnail size={64} source={imageSource} />
                  </Box>
                </RecordContextProvider>
                <ListItemText primary={name} secondary={subtitle(record)} />
              </ListItem>
            );
          })}
        </MuiList>
      </Card>
    </>
  );
}

export function SortingPage() {
  const [tab, setTab] = useState<"cars" | "offers">("cars");
  const cars = useGetList<CarRecord>("cars", {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: "sortOrder", order: "ASC" },
  });
  const offers = useGetList<OfferRecord>("offers", {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: "sortOrder", order: "ASC" },
  });
  const current = tab === "cars" ? cars : offers;

  return (
    <Box sx={{ mt: 2, maxWidth: 960 }}>
      <Title title="Rikiavimas" />
      <Tabs
        value={tab}
        onChange={(_, value: "cars" | "offers") => setTab(value)}
        aria-label="Ką rikiuoti"
        sx={{ mb: 2 }}
      >
        <Tab value="cars" label="Automobiliai" id="sorting-tab-cars" aria-controls="sorting-panel" />
        <Tab value="offers" label="Akcijos" id="sorting-tab-offers" aria-controls="sorting-panel" />
      </Tabs>
      <Box id="sorting-panel" role="tabpanel" aria-labelledby={`sorting-tab-${tab}`}>
        {current.isPending ? (
          <Loading />
        ) : current.error ? (
          <Alert severity="error">Sąrašo įkelti nepavyko.</Alert>
        ) : tab === "cars" ? (
          <SortableList<CarRecord>
            key="cars"
            resource="cars"
            records={cars.data ?? []}
            title={(car) => `${car.make} ${car.model} (${car.year})`}
            subtitle={(car) => `${car.category} · ${CAR_STATUS_LABELS[car.status]}`}
            imageSource="images"
            onSaved={() => void cars.refetch()}
          />
        ) : (
          <SortableList<OfferRecord>
            key="offers"
            resource="offers"
            records={offers.data ?? []}
            title={(offer) => offer.title}
            subtitle={(offer) => `${offer.validFrom} – ${offer.validTo}${offer.active ? "" : " · neaktyvi"}`}
            imageSource="image"
            onSaved={() => void offers.refetch()}
          />
        )}
      </Box>
    </Box>
  );
}

export default SortingPage;
