// The cars' damage register (pažeidimų registras): what returns found, open until repaired. Staff
// filter by car and status and mark a damage repaired; entries come only from the desk's return.
import BuildCircleIcon from "@mui/icons-material/BuildCircle";
import SaveIcon from "@mui/icons-material/Save";
import {
  Box,
  Button,
  Chip,
  IconButton,
  TextField as MuiTextField,
  type Theme,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { useState } from "react";
import {
  AutocompleteInput,
  DataTable,
  List,
  RecordContextProvider,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
} from "react-admin";
import { diagramZone } from "../../domain/carDiagram";
import { formatDateTime, formatMoney, formatNumber } from "../../domain/format";
import type { Damage } from "../../domain/schemas";
import { useAdminActions } from "../adminApi";
import { DateTimeValue } from "../common/fields";

type DamageRecord = Damage & { id: string };
const Column = DataTable.Col<DamageRecord>;

export const DAMAGE_STATUS_LABELS: Record<Damage["status"], string> = { open: "Atviras", repaired: "Sutaisytas" };
const STATUS_CHOICES = Object.entries(DAMAGE_STATUS_LABELS).map(([id, name]) => ({ id, name }));

/** "Pažymėti sutaisytą": the server records when and by whom (409 when someone did it first). */
export function MarkRepairedButton() {
  const damage = useRecordContext<DamageRecord>();
  const actions = useAdminActions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (damage?.status !== "open") return null;
  const mark = async (event: React.MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      await actions.markDamageRepaired(damage.id, damage.version);
      notify("Pažeidimas pažymėtas sutaisytu", { type: "success" });
    } catch (error) {
      notify(error instanceof Error ? error.message : "Pažymėti nepavyko", { type: "error" });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<BuildCircleIcon />}
      onClick={mark}
      disabled={busy}
      sx={{ whiteSpace: "nowrap" }}
    >
      Pažymėti sutaisytą
    </Button>
  );
}

/** "12,50" or "12.50" -> 12.5; "" -> null (not known); undefined when it is not an amount. */
const readCost = (text: string): number | null | undefined => {
  const cleaned = text.replace(/[\s\u00a0€]/g, "").replace(",", ".");
  if (cleaned === "") return null;
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : undefined;
};

/** The repair's cost: an estimate from the return, corrected here once the repair is known. */
export function RepairCostEditor() {
  const damage = useRecordContext<DamageRecord>();
  const actions = useAdminActions();
  const notify = useNotify();
  const refresh = useRefresh();
  const stored = damage?.repairCost ?? null;
  const [text, setText] = useState(stored === null ? "" : formatNumber(stored, 2).replace(/\s/g, ""));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!damage) return null;
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const cost = readCost(text);
    if (cost === undefined) {
      setError("Įveskite sumą eurais, pvz. 420,00");
      return;
    }
    setBusy(true);
    try {
      await actions.setDamageRepairCost(damage.id, cost, damage.version);
      setError(null);
      notify(cost === null ? "Remonto kaina ištrinta" : `Remonto kaina išsaugota: ${formatMoney(cost)}`, {
        type: "success",
      });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : "Išsaugoti nepavyko", { type: "error" });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <Box component="form" onSubmit={save} sx={{ display: "flex", alignItems: "flex-start", gap: 0.5 }}>
      <MuiTextField
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onClick={(event) => event.stopPropagation()}
        placeholder="nežinoma"
        error={Boolean(error)}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { inputMode: "decimal", "aria-label": "Remonto kaina, €" } }}
        sx={{ width: 110 }}
      />
      <IconButton type="submit" aria-label="Išsaugoti remonto kainą" disabled={busy} size="small" sx={{ mt: 0.25 }}>
        <SaveIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

function StatusChip() {
  const damage = useRecordContext<DamageRecord>();
  if (!damage) return null;
  return (
    <Chip
      size="small"
      label={DAMAGE_STATUS_LABELS[damage.status]}
      color={damage.status === "open" ? "warning" : "success"}
      variant={damage.status === "open" ? "filled" : "outlined"}
    />
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="carId" source="carId" reference="cars" alwaysOn>
    <AutocompleteInput label="Automobilis" sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <SelectInput key="status" source="status" label="Būsena" choices={STATUS_CHOICES} alwaysOn />,
];

/** The phone's view (390 px): one card per damage, the action within reach. */
function DamageCards() {
  const { data, isPending } = useListContext<DamageRecord>();
  if (isPending) return null;
  if (!data || data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        Pažeidimų nėra
      </Typography>
    );
  }
  return (
    <Box>
      {data.map((damage) => (
        <RecordContextProvider key={damage.id} value={damage}>
          <Box sx={{ p: 2, borderBottom: 1, borderColor: "divider", display: "grid", gap: 0.75 }}>
            <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, alignItems: "center" }}>
              <Typography fontWeight={600}>
                <ReferenceField source="carId" reference="cars" link={false} />
              </Typography>
              <StatusChip />
            </Box>
            <Typography>{damage.note}</Typography>
            <Typography variant="body2" color="text.secondary">
              {diagramZone(damage.x, damage.y)} · rastas {formatDateTime(damage.foundAt)}
            </Typography>
            <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
              <Typography variant="body2">Remonto kaina, €:</Typography>
              <RepairCostEditor />
            </Box>
            <Box>
              <MarkRepairedButton />
            </Box>
          </Box>
        </RecordContextProvider>
      ))}
    </Box>
  );
}

export function DamageList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: "open" }}
      sort={{ field: "foundAt", order: "DESC" }}
      exporter={false}
    >
      {isSmall ? (
        <DamageCards />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <Column source="carId">
            <ReferenceField source="carId" reference="cars" link={false} />
          </Column>
          <Column source="note" disableSort render={(d) => <span>{d.note}</span>} />
          <Column source="x" label="Vieta" disableSort render={(d) => diagramZone(d.x, d.y)} />
          <Column source="foundAt" render={() => <DateTimeValue source="foundAt" />} />
          <Column source="reservationId" disableSort>
            <ReferenceField source="reservationId" reference="reservations" emptyText="—">
              <TextField source="number" />
            </ReferenceField>
          </Column>
          <Column source="status" disableSort render={() => <StatusChip />} />
          <Column source="repairCost" disableSort render={() => <RepairCostEditor />} />
          <Column source="repairedAt" render={() => <DateTimeValue source="repairedAt" />} />
          <Column label="Veiksmai" disableSort render={() => <MarkRepairedButton />} />
        </DataTable>
      )}
    </List>
  );
}
