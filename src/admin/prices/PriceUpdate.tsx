// /admin/price-update: raise or lower daily rates by a percentage or an amount, rounded, for a
// class, chosen cars or a season. The server prepares a preview of every old and new rate; only
// that preview can be applied, atomically (all rules or none), and the change is logged.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect, useMemo, useState } from "react";
import { Loading, Title, useGetList, useNotify } from "react-admin";
import {
  CHANGED_FEMININE_FORMS,
  CREATED_FEMININE_FORMS,
  formatCount,
  formatDateTime,
  formatDone,
  formatMoney,
  formatNumber,
  formatTierSpan,
  RULE_FORMS,
} from "../../domain/format";
import {
  type PlannedRule,
  PRICE_STEPS,
  type PriceChange,
  type PriceScope,
  planFingerprint,
  previewRows,
  seasonsOf,
} from "../../domain/priceChange";
import type { Car, Price } from "../../domain/schemas";
import { type PriceUpdateHistoryEntry, useAdminActions } from "../adminApi";
import { CAR_CATEGORY_CHOICES, choiceName } from "../labels";

type WithId<T> = T & { id: string };

const TIER_FORMS = ["kainos pakopa", "kainos pakopos", "kainos pakopų"] as const;

export function changeText(change: PriceChange): string {
  const sign = change.value > 0 ? "+" : "−";
  const size =
    change.kind === "percent" ? `${formatNumber(Math.abs(change.value))} %` : formatMoney(Math.abs(change.value));
  return `${sign}${size}, apvalinant iki ${formatMoney(change.step)}`;
}

function scopeText(scope: PriceScope, carName: (id: string) => string): string {
  const who =
    scope.carIds.length > 0
      ? scope.carIds.map(carName).join(", ")
      : scope.category
        ? `klasė „${choiceName(CAR_CATEGORY_CHOICES, scope.category)}“`
        : "visos klasės";
  const when =
    scope.season === "all"
      ? "visos kainos"
      : scope.season === "year-round"
        ? "visų metų kainos"
        : scope.season === "seasonal"
          ? "sezoninės kainos"
          : `sezonas ${scope.season.replace("/", " – ")}`;
  return `${who}; ${when}`;
}

export function PriceUpdate() {
  const { previewPriceUpdate, applyPriceUpdate, priceUpdateHistory } = useAdminActions();
  const notify = useNotify();
  const prices = useGetList<WithId<Price>>("prices", {
    pagination: { page: 1, perPage: 5000 },
    sort: { field: "category", order: "ASC" },
  });
  const cars = useGetList<WithId<Car>>("cars", {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: "sortOrder", order: "ASC" },
  });
  const [scope, setScope] = useState<PriceScope>({ category: null, carIds: [], season: "all" });
  const [kind, setKind] = useState<PriceChange["kind"]>("percent");
  const [valueText, setValueText] = useState("10");
  const [step, setStep] = useState<PriceChange["step"]>(0.5);
  const [plan, setPlan] = useState<PlannedRule[] | null>(null);
  const [busy, setBusy] = useState<"preview" | "apply" | null>(null);
  const [history, setHistory] = useState<PriceUpdateHistoryEntry[]>([]);

  const loadHistory = useMemo(
    () => () =>
      priceUpdateHistory().then(
        (entries) => setHistory(entries),
        () => setHistory([]),
      ),
    [priceUpdateHistory],
  );
  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  const value = Number(valueText.replace(",", ".").replace("−", "-"));
  const valueError =
    valueText.trim() === "" || !Number.isFinite(value) || value === 0
      ? "Įveskite nenulinį skaičių"
      : kind === "percent" && (value <= -100 || value > 500)
        ? "Procentinis pokytis turi būti nuo −99 iki 500 %"
        : null;
  const change: PriceChange = { kind, value: Number.isFinite(value) ? value : 0, step };
  const seasons = useMemo(() => seasonsOf(prices.data ?? []), [prices.data]);
  const carName = (id: string | null) => {
    const car = cars.data?.find((c) => c.id === id);
    return car ? `${car.make} ${car.model} (${car.year})` : "Automobilis";
  };
  const ruleName = (rule: PlannedRule) => {
    const who = rule.carId ? carName(rule.carId) : `Klasė „${choiceName(CAR_CATEGORY_CHOICES, rule.category)}“`;
    const when = rule.season
      ? `${rule.season.name ?? "Sezonas"} ${rule.season.from} – ${rule.season.to}`
      : "visus metus";
    return `${who}, ${when}${rule.priceId ? "" : " (nauja automobilio taisyklė pagal klasės kainas)"}`;
  };

  // Any change to the inputs invalidates the preview: only what was shown can be applied.
  const reset = () => setPlan(null);

  const preview = async () => {
    setBusy("preview");
    try {
      const result = await previewPriceUpdate({ change, scope });
      setPlan(result.plan);
    } catch (error) {
      notify(error instanceof Error ? error.message : "Peržiūros paruošti nepavyko", { type: "error" });
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!plan) return;
    setBusy("apply");
    try {
      const result = await applyPriceUpdate({ change, scope, expected: planFingerprint(plan) });
      notify(
        `Kainos atnaujintos: ${formatDone(result.updated, CHANGED_FEMININE_FORMS, RULE_FORMS)}${result.created > 0 ? `, ${formatDone(result.created, CREATED_FEMININE_FORMS, RULE_FORMS)}` : ""}`,
        { type: "success" },
      );
      setPlan(null);
      await Promise.all([prices.refetch(), loadHistory()]);
    } catch (error) {
      notify(error instanceof Error ? error.message : "Kainų atnaujinti nepavyko", { type: "error" });
      setPlan(null);
    } finally {
      setBusy(null);
    }
  };

  if (prices.isPending || cars.isPending) return <Loading />;
  if (prices.error || cars.error) return <Alert severity="error">Kainų įkelti nepavyko.</Alert>;

  const carsInCategory = (cars.data ?? []).filter((car) => scope.category === null || car.category === scope.category);
  const rows = plan ? previewRows(plan) : [];
  const changedRules = plan?.filter((rule) => rule.changed).length ?? 0;

  return (
    <Box sx={{ mt: 2, maxWidth: 1040 }}>
      <Title title="Kainų atnaujinimas" />
      <Card sx={{ mb: 2 }} component="section" aria-labelledby="scope-heading">
        <CardContent>
          <Typography id="scope-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            1. Kam keisti
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" } }}>
            <TextField
              select
              label="Klasė"
              value={scope.category ?? ""}
              onChange={(event) => {
                setScope({ ...scope, category: event.target.value || null, carIds: [] });
                reset();
              }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Visos klasės</MenuItem>
              {CAR_CATEGORY_CHOICES.map((choice) => (
                <MenuItem key={choice.id} value={choice.id}>
                  {choice.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Automobiliai"
              value={scope.carIds}
              onChange={(event) => {
                const selected = event.target.value as unknown as string[] | string;
                setScope({ ...scope, carIds: Array.isArray(selected) ? selected : selected.split(",") });
                reset();
              }}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (selected) =>
                    (selected as string[]).length === 0
                      ? "Visi klasės automobiliai"
                      : `Pasirinkta: ${(selected as string[]).length}`,
                  displayEmpty: true,
                },
                inputLabel: { shrink: true },
              }}
              helperText="Automobilis be savų kainų gaus savo kainas pagal klasės kainas"
            >
              {carsInCategory.map((car) => (
                <MenuItem key={car.id} value={car.id}>
                  <Checkbox checked={scope.carIds.includes(car.id)} size="small" sx={{ p: 0.5, mr: 1 }} />
                  <ListItemText primary={`${car.make} ${car.model} (${car.year})`} />
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Sezonas"
              value={scope.season}
              onChange={(event) => {
                setScope({ ...scope, season: event.target.value });
                reset();
              }}
            >
              <MenuItem value="all">Visos kainos</MenuItem>
              <MenuItem value="year-round">Tik visų metų kainos</MenuItem>
              <MenuItem value="seasonal">Tik sezoninės kainos</MenuItem>
              {seasons.map((season) => (
                <MenuItem key={season.key} value={season.key}>
                  {season.label}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
            2. Kaip keisti
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" } }}>
            <TextField
              select
              label="Pokytis"
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as PriceChange["kind"]);
                reset();
              }}
            >
              <MenuItem value="percent">Procentais</MenuItem>
              <MenuItem value="amount">Suma eurais parai</MenuItem>
            </TextField>
            <TextField
              label={kind === "percent" ? "Dydis, %" : "Dydis, €"}
              value={valueText}
              onChange={(event) => {
                setValueText(event.target.value);
                reset();
              }}
              error={Boolean(valueError)}
              helperText={valueError ?? "Neigiamas skaičius mažina kainą, pvz. −5"}
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
            />
            <TextField
              select
              label="Apvalinti iki"
              value={step}
              onChange={(event) => {
                setStep(Number(event.target.value) as PriceChange["step"]);
                reset();
              }}
            >
              {PRICE_STEPS.map((option) => (
                <MenuItem key={option} value={option}>
                  {formatMoney(option)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 2 }}>
            <Button variant="outlined" onClick={preview} disabled={Boolean(valueError) || busy !== null}>
              {busy === "preview" ? "Ruošiama…" : "3. Peržiūrėti pakeitimus"}
            </Button>
            <Button
              variant="contained"
              onClick={apply}
              disabled={!plan || changedRules === 0 || Boolean(valueError) || busy !== null}
            >
              {busy === "apply"
                ? "Taikoma…"
                : plan
                  ? `4. Taikyti (${formatCount(changedRules, RULE_FORMS)})`
                  : "4. Taikyti (pirmiau peržiūrėkite)"}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {plan && (
        <Card component="section" aria-labelledby="preview-heading" sx={{ mb: 2 }}>
          <CardContent>
            <Typography id="preview-heading" variant="h6" component="h2">
              Peržiūra: {formatCount(rows.length, TIER_FORMS)}, {formatCount(changedRules, RULE_FORMS)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {changeText(change)}; {scopeText(scope, carName)}. Pritaikius pasikeis visos šios kainos iš karto arba nė
              viena.
            </Typography>
            {rows.length === 0 ? (
              <Alert severity="info">Pasirinktai sričiai kainų taisyklių nėra.</Alert>
            ) : (
              <Box sx={{ overflowX: "auto" }}>
                <Box
                  component="table"
                  aria-labelledby="preview-heading"
                  sx={{
                    borderCollapse: "collapse",
                    width: "100%",
                    "& th, & td": { borderBottom: "1px solid", borderColor: "divider", p: 1, textAlign: "left" },
                    "& td.num, & th.num": { textAlign: "right", whiteSpace: "nowrap" },
                  }}
                >
                  <thead>
                    <tr>
                      <th scope="col">Taisyklė</th>
                      <th scope="col">Nuomos trukmė</th>
                      <th scope="col" className="num">
                        Dabar, € parai
                      </th>
                      <th scope="col" className="num">
                        Bus, € parai
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => {
                      const rule = plan.find((r) => r.key === row.key);
                      return (
                        <tr key={`${row.key}-${row.tierIndex}`} data-preview-row={row.key}>
                          <td>{rule ? ruleName(rule) : ""}</td>
                          <td>{formatTierSpan(row.fromDays, row.toDays)}</td>
                          <td className="num">{formatMoney(row.oldRate)}</td>
                          <td className="num">
                            <strong>{formatMoney(row.newRate)}</strong>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </Box>
              </Box>
            )}
          </CardContent>
        </Card>
      )}
      <Card component="section" aria-labelledby="history-heading">
        <CardContent>
          <Typography id="history-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            Ankstesni kainų atnaujinimai
          </Typography>
          {history.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Kainos dar nebuvo atnaujintos šiuo įrankiu.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {history.map((entry) => (
                <li key={entry.id}>
                  <Typography variant="body2">
                    {formatDateTime(entry.at)} · {entry.actor} · {changeText(entry.change)} ·{" "}
                    {scopeText(entry.scope, carName)} · {formatCount(entry.rules, RULE_FORMS)}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

export default PriceUpdate;
