// /admin/print-edit/:reservationId: the rental agreement (nuomos sutartis) with its handover act.
// Staff fill in mileage, fuel and damages, may edit the text, save, and print it on A4.
import PrintIcon from "@mui/icons-material/Print";
import RestoreIcon from "@mui/icons-material/Restore";
import SaveIcon from "@mui/icons-material/Save";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  GlobalStyles,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useMemo, useState } from "react";
import { Loading, Title, useDataProvider, useGetList, useGetMany, useGetOne, useNotify } from "react-admin";
import { useParams } from "react-router-dom";
import { formatNumber } from "../../domain/format";
import {
  type Car,
  type Customer,
  type Fleet,
  FUEL_LEVELS,
  type Location,
  type Reservation,
  type Settings,
} from "../../domain/schemas";
import { UnsavedChangesGuard } from "../common/UnsavedChangesDialog";
import { contractValues, FUEL_LEVEL_LABELS, fillContract } from "./contractText";

type WithId<T> = T & { id: string };
type Contract = Reservation["contract"];

const PRINT_STYLES = {
  "@page": { size: "A4", margin: "18mm 16mm" },
  "@media print": {
    "body *": { visibility: "hidden" },
    ".contract-print, .contract-print *": { visibility: "visible" },
    ".contract-print": { position: "absolute", left: 0, top: 0, width: "100%", boxShadow: "none !important" },
    "html, body": { background: "#fff !important" },
  },
} as const;

type ContractField = keyof Contract;
const CONTRACT_FIELDS: readonly ContractField[] = ["mileageOut", "mileageIn", "fuelOut", "fuelIn", "damages", "text"];
type FieldErrors = Partial<Record<ContractField, string>>;

/** The browser's own check before saving; the server checks the same rule. */
export function contractProblems(contract: Contract): FieldErrors {
  const { mileageOut, mileageIn } = contract;
  if (mileageOut !== null && mileageIn !== null && mileageIn < mileageOut) {
    return { mileageIn: `Grąžinimo rida turi būti ne mažesnė nei paėmimo rida (${formatNumber(mileageOut)} km)` };
  }
  return {};
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** { "contract.mileageIn": "…" }, { contract: { mileageIn: "…" } } or ["…"] values, flattened to dotted keys. */
function flattenErrors(errors: unknown, prefix = "", into: Record<string, string> = {}): Record<string, string> {
  if (!isRecord(errors)) return into;
  for (const [key, value] of Object.entries(errors)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string" && value) into[path] = value;
    else if (Array.isArray(value) && typeof value[0] === "string") into[path] = value[0];
    else if (isRecord(value)) flattenErrors(value, path, into);
  }
  return into;
}

/** A refused save's field messages: the contract's own fields inline, the rest in a list. */
export function serverFieldErrors(error: unknown): { fields: FieldErrors; other: string[] } {
  const raw: Record<string, string> = {};
  if (isRecord(error)) {
    // react-admin's HttpError keeps the body ({ message, errors }); the Firebase adapter has fieldErrors.
    if (isRecord(error.body)) flattenErrors(error.body.errors, "", raw);
    flattenErrors(error.fieldErrors, "", raw);
  }
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(raw)) {
    const field = CONTRACT_FIELDS.find((name) => path === name || path.endsWith(`contract.${name}`));
    if (field && !fields[field]) fields[field] = message;
    else if (!other.includes(message)) other.push(message);
  }
  return { fields, other };
}

const numberOrNull = (value: string): number | null => {
  if (value.trim() === "") return null;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : null;
};

/** Mileage and fuel level read at one end of the rental: handing the car over ("Out") or taking it back ("In"). */
function HandoverReadings({
  stage,
  when,
  contract,
  change,
  errors,
}: {
  stage: "Out" | "In";
  when: string;
  contract: Contract;
  change: (patch: Partial<Contract>) => void;
  errors: FieldErrors;
}) {
  const mileage = `mileage${stage}` as const;
  const fuel = `fuel${stage}` as const;
  return (
    <>
      <TextField
        id={`contract-${mileage}`}
        label={`Rida ${when}, km`}
        value={contract[mileage] ?? ""}
        onChange={(event) => change({ [mileage]: numberOrNull(event.target.value) })}
        slotProps={{ htmlInput: { inputMode: "numeric" } }}
        error={Boolean(errors[mileage])}
        helperText={errors[mileage]}
      />
      <TextField
        id={`contract-${fuel}`}
        select
        label={`Degalų lygis ${when}`}
        value={contract[fuel] ?? ""}
        onChange={(event) => change({ [fuel]: (event.target.value || null) as Contract[typeof fuel] })}
        error={Boolean(errors[fuel])}
        helperText={errors[fuel]}
      >
        <MenuItem value="">Nenurodyta</MenuItem>
        {FUEL_LEVELS.map((level) => (
          <MenuItem key={level} value={level}>
            {FUEL_LEVEL_LABELS[level]}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** Section headings are the lines written in capitals ("1. ŠALYS"); the first line is the title. */
const isHeading = (line: string) =>
  /\p{Lu}/u.test(line) && line === line.toLocaleUpperCase("lt-LT") && line.length < 90;

/** A car seen from above, for marking damage by hand at the handover (front on the left). */
function CarDiagram() {
  return (
    <Box component="figure" sx={{ m: 0, mb: 1.5, breakInside: "avoid" }}>
      <svg
        viewBox="0 0 420 170"
        width="100%"
        style={{ maxWidth: 420 }}
        role="img"
        aria-label="Automobilio schema pažeidimams pažymėti"
      >
        <g transform="translate(25 0)">
          <g fill="none" stroke="#000" strokeWidth="2">
            <rect x="40" y="30" width="340" height="110" rx="46" />
            <path d="M120 38 Q 150 85 120 132" />
            <path d="M290 40 Q 270 85 290 130" />
            <rect x="150" y="44" width="120" height="82" rx="10" />
            <line x1="40" y1="85" x2="70" y2="85" />
            <line x1="350" y1="85" x2="380" y2="85" />
          </g>
          <g fill="#000">
            <rect x="70" y="14" width="52" height="16" rx="5" />
            <rect x="298" y="14" width="52" height="16" rx="5" />
            <rect x="70" y="140" width="52" height="16" rx="5" />
            <rect x="298" y="140" width="52" height="16" rx="5" />
          </g>
        </g>
        <text x="0" y="90" fontSize="12" fontFamily="serif">
          priekis
        </text>
        <text x="432" y="90" fontSize="12" fontFamily="serif">
          galas
        </text>
      </svg>
      <Box component="figcaption" sx={{ fontSize: "9.5pt" }}>
        Automobilio schema: pažeidimus pažymėkite ranka perduodant ir grąžinant.
      </Box>
    </Box>
  );
}

/** The agreement as a document: title, headings and paragraphs, exactly the text staff see and save. */
export function ContractDocument({ text }: { text: string }) {
  const blocks = text.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, index) => {
        const key = `${index}-${block.slice(0, 16)}`;
        if (index === 0) {
          return (
            <Box key={key} component="h2" sx={{ textAlign: "center", fontSize: "14pt", fontWeight: 700, m: 0, mb: 2 }}>
              {block}
            </Box>
          );
        }
        if (isHeading(block.trim())) {
          return (
            <Box
              key={key}
              component="h3"
              sx={{ fontSize: "11.5pt", fontWeight: 700, mt: 2, mb: 0.5, breakAfter: "avoid" }}
            >
              {block}
            </Box>
          );
        }
        const paragraph = (
          <Box key={key} component="p" sx={{ m: 0, mb: 1, breakInside: "avoid" }}>
            {block}
          </Box>
        );
        // The handover act's damages line refers to the diagram: draw it right there.
        return /schem/i.test(block) ? [paragraph, <CarDiagram key={`${key}-diagram`} />] : paragraph;
      })}
    </>
  );
}

export function PrintEdit() {
  const { reservationId = "" } = useParams();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const reservation = useGetOne<WithId<Reservation>>("reservations", { id: reservationId });
  const record = reservation.data;
  const customer = useGetOne<WithId<Customer>>(
    "customers",
    { id: record?.customerId ?? "" },
    { enabled: Boolean(record?.customerId) },
  );
  const car = useGetOne<WithId<Car>>("cars", { id: record?.carId ?? "" }, { enabled: Boolean(record?.carId) });
  const fleet = useGetList<WithId<Fleet>>(
    "fleet",
    { filter: { carId: record?.carId }, pagination: { page: 1, perPage: 1 }, sort: { field: "id", order: "ASC" } },
    { enabled: Boolean(record?.carId) },
  );
  const locations = useGetMany<WithId<Location>>(
    "locations",
    { ids: record ? [record.pickupLocationId, record.returnLocationId] : [] },
    { enabled: Boolean(record) },
  );
  const settings = useGetList<WithId<Settings>>("settings", {
    pagination: { page: 1, perPage: 1 },
    sort: { field: "id", order: "ASC" },
  });

  const [contract, setContract] = useState<Contract | null>(null);
  const [editedText, setEditedText] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [today] = useState(() => new Date());
  // What the page opened with (or last saved): the "unsaved changes" warning compares against it.
  const [baseline, setBaseline] = useState<{ contract: Contract; text: string | null } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  useEffect(() => {
    if (!record || contract !== null || fleet.isPending) return;
    // The handover starts from the fleet's last known mileage until staff read the odometer.
    const knownMileage = fleet.data?.[0]?.mileage ?? null;
    const initial = { ...record.contract, mileageOut: record.contract.mileageOut ?? knownMileage };
    setContract(initial);
    setEditedText(record.contract.text);
    setBaseline({ contract: initial, text: record.contract.text });
  }, [record, contract, fleet.isPending, fleet.data]);

  const dirty =
    baseline !== null &&
    contract !== null &&
    (editedText !== baseline.text ||
      CONTRACT_FIELDS.some((field) => field !== "text" && contract[field] !== baseline.contract[field]));

  const generated = useMemo(() => {
    if (!record || !contract) return "";
    const byId = new Map((locations.data ?? []).map((location) => [location.id, location]));
    const values = contractValues({
      reservation: { ...record, contract },
      customer: customer.data ?? null,
      car: car.data ?? null,
      fleet: fleet.data?.[0] ?? null,
      pickupLocation: byId.get(record.pickupLocationId) ?? null,
      returnLocation: byId.get(record.returnLocationId) ?? null,
      settings: settings.data?.[0] ?? null,
      today,
    });
    return fillContract(settings.data?.[0]?.contractTemplate ?? "", values);
  }, [record, contract, customer.data, car.data, fleet.data, locations.data, settings.data, today]);

  if (reservation.isPending || settings.isPending) return <Loading />;
  if (reservation.error || !record || !contract) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        Rezervacija nerasta.
      </Alert>
    );
  }
  if (!settings.data?.[0]?.contractTemplate) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        Sutarties šablonas tuščias. Užpildykite jį skiltyje „Nustatymai“.
      </Alert>
    );
  }

  const documentText = editedText ?? generated;
  const change = (patch: Partial<Contract>) => {
    setContract({ ...contract, ...patch });
    // A corrected field loses its message.
    const cleared = Object.keys(patch).filter((field) => fieldErrors[field as ContractField]);
    if (cleared.length) {
      const next = { ...fieldErrors };
      for (const field of cleared) delete next[field as ContractField];
      setFieldErrors(next);
    }
  };

  const save = async () => {
    const problems = contractProblems(contract);
    setOtherErrors([]);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) {
      document.getElementById(`contract-${Object.keys(problems)[0]}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      // Store the text only when staff changed it; otherwise it follows the template and the data.
      const text = editedText !== null && editedText !== generated ? editedText : null;
      const { data } = await dataProvider.update<WithId<Reservation>>("reservations", {
        id: record.id,
        data: { contract: { ...contract, text } },
        previousData: record,
      });
      setContract(data.contract);
      setEditedText(data.contract.text);
      setBaseline({ contract: data.contract, text: data.contract.text });
      notify("Sutartis išsaugota", { type: "success" });
    } catch (error) {
      const refused = serverFieldErrors(error);
      setFieldErrors(refused.fields);
      setOtherErrors(refused.other);
      notify(error instanceof Error ? error.message : "Sutarties išsaugoti nepavyko", { type: "error" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      sx={{ mt: 2, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "360px 1fr" }, alignItems: "start" }}
    >
      <GlobalStyles styles={PRINT_STYLES} />
      <UnsavedChangesGuard dirty={dirty} />
      <Title title={`Sutartis ${record.number ?? ""}`} />
      <Card component="section" aria-labelledby="handover-heading">
        <CardContent>
          <Typography id="handover-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            Perdavimo–priėmimo aktas
          </Typography>
          {otherErrors.length > 0 ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {otherErrors.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          ) : null}
          <HandoverReadings stage="Out" when="perduodant" contract={contract} change={change} errors={fieldErrors} />
          <HandoverReadings stage="In" when="grąžinant" contract={contract} change={change} errors={fieldErrors} />
          <TextField
            id="contract-damages"
            label="Pažeidimai"
            value={contract.damages}
            onChange={(event) => change({ damages: event.target.value })}
            multiline
            minRows={3}
            error={Boolean(fieldErrors.damages)}
            helperText={fieldErrors.damages}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: "wrap", gap: 1 }}>
            <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={saving}>
              {saving ? "Išsaugoma…" : "Išsaugoti"}
            </Button>
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
              Spausdinti
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Box>
        <Card component="section" aria-labelledby="text-heading" sx={{ mb: 2 }}>
          <CardContent>
            <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 1 }}>
              <Typography id="text-heading" variant="h6" component="h2">
                Sutarties tekstas
              </Typography>
              <Button startIcon={<RestoreIcon />} onClick={() => setEditedText(null)} disabled={editedText === null}>
                Atkurti pagal šabloną
              </Button>
            </Stack>
            <TextField
              label="Tekstas spausdinimui"
              value={documentText}
              onChange={(event) => setEditedText(event.target.value)}
              multiline
              minRows={12}
              maxRows={30}
              error={Boolean(fieldErrors.text)}
              helperText={
                fieldErrors.text ??
                (editedText === null
                  ? "Tekstas sudaromas pagal šabloną ir rezervacijos duomenis."
                  : "Tekstas pakeistas ranka: rezervacijos duomenų pakeitimai į jį nebepatenka.")
              }
            />
          </CardContent>
        </Card>
        <Box
          className="contract-print"
          component="article"
          aria-label="Sutarties peržiūra"
          sx={{
            bgcolor: "#fff",
            color: "#000",
            p: { xs: 2, md: 5 },
            boxShadow: 1,
            borderRadius: 1,
            fontFamily: '"Times New Roman", Times, serif',
            fontSize: "11.5pt",
            lineHeight: 1.45,
            whiteSpace: "pre-wrap",
          }}
        >
          <ContractDocument text={documentText} />
        </Box>
      </Box>
    </Box>
  );
}

export default PrintEdit;
