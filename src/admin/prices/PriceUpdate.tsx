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
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
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
  formatSignedMoney,
  type PlannedRule,
  PRICE_STEPS,
  type PriceChange,
  type PriceScope,
  planFingerprint,
  planSummary,
  previewRows,
  refusedRules,
  seasonsOf,
} from "../../domain/priceChange";
import { floorRefusalMessage, undoTarget } from "../../domain/priceUpdate";
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

/** The confirmation's summary: "Bus pakeista 12 taisyklių (…) — mažiausias pokytis −5,00 €, didžiausias −20,00 €". */
export function confirmationText(plan: readonly PlannedRule[]): string {
  const summary = planSummary(plan);
  const parts = [formatCount(summary.tiers, TIER_FORMS)];
  if (summary.created > 0) parts.push(`iš jų ${formatDone(summary.created, NEW_FORMS, RULE_FORMS)}`);
  const sizes =
    summary.smallest === null || summary.largest === null
      ? ""
      : ` — mažiausias pokytis ${formatSignedMoney(summary.smallest)}, didžiausias ${formatSignedMoney(summary.largest)}`;
  return `Bus ${formatDone(summary.rules, CHANGED_FEMININE_FORMS, RULE_FORMS)} (${parts.join(", ")})${sizes}.`;
}

const NEW_FORMS = ["nauja", "naujos", "naujų"] as const;

export function PriceUpdate() {
  const { previewPriceUpdate, applyPriceUpdate, priceUpdateHistory, undoPriceUpdate } = useAdminActions();
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
  const [busy, setBusy] = useState<"preview" | "apply" | "undo" | null>(null);
  const [confirming, setConfirming] = useState<"apply" | "undo" | null>(null);
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
    setConfirming(null);
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

  const undoEntry = undoTarget(history);
  const undo = async () => {
    if (!undoEntry) return;
    setConfirming(null);
    setBusy("undo");
    try {
      const result = await undoPriceUpdate({ batchId: undoEntry.id });
      notify(
        `Pakeitimas atšauktas: ${formatDone(result.restored, RESTORED_FORMS, RULE_FORMS)}` +
          (result.deleted > 0 ? `, ${formatDone(result.deleted, DELETED_FORMS, RULE_FORMS)}` : ""),
        { type: "success" },
      );
      setPlan(null);
    } catch (error) {
      notify(error instanceof Error ? error.message : "Pakeitimo atšaukti nepavyko", { type: "error" });
    } finally {
      setBusy(null);
      await Promise.all([prices.refetch(), loadHistory()]);
    }
  };

  if (prices.isPending || cars.isPending) return <Loading />;
  if (prices.error || cars.error) return <Alert severity="error">Kainų įkelti nepavyko.</Alert>;

  const carsInCategory = (cars.data ?? []).filter((car) => scope.category === null || car.category === scope.category);
  const rows = plan ? previewRows(plan) : [];
  const changedRules = plan?.filter((rule) => rule.changed).length ?? 0;
  const refused = plan ? refusedRules(plan) : [];

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
              onClick={() => setConfirming("apply")}
              disabled={!plan || changedRules === 0 || refused.length > 0 || Boolean(valueError) || busy !== null}
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
            {refused.length > 0 && (
              <Alert severity="error" sx={{ mb: 1 }} role="alert">
                {floorRefusalMessage(refused.length, refusedFloor(refused))} Raudonai pažymėtos kainos būtų per mažos;
                taikyti negalima.
              </Alert>
            )}
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
                      const reason = rule?.refusalErrors?.[`tiers.${row.tierIndex}.dailyRate`] ?? null;
                      return (
                        <Box
                          component="tr"
                          key={`${row.key}-${row.tierIndex}`}
                          data-preview-row={row.key}
                          data-refused={reason ? "true" : undefined}
                          sx={reason ? { bgcolor: "#fdecea", "& td": { color: "error.dark" } } : undefined}
                        >
                          <td>{rule ? ruleName(rule) : ""}</td>
                          <td>{formatTierSpan(row.fromDays, row.toDays)}</td>
                          <td className="num">{formatMoney(row.oldRate)}</td>
                          <td className="num">
                            <strong>{formatMoney(row.newRate)}</strong>
                            {reason && (
                              <Typography
                                component="span"
                                variant="body2"
                                sx={{ display: "block", color: "error.dark" }}
                              >
                                {reason}
                              </Typography>
                            )}
                          </td>
                        </Box>
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
                <li key={entry.id} data-history-entry={entry.id}>
                  <Typography variant="body2" color={entry.undoneBy ? "text.secondary" : undefined}>
                    {formatDateTime(entry.at)} · {entry.actor} · {entry.undoOf ? "Atšauktas pakeitimas: " : ""}
                    {changeText(entry.change)} · {scopeText(entry.scope, carName)} ·{" "}
                    {formatCount(entry.rules, RULE_FORMS)}
                    {entry.undoneBy ? " · atšauktas" : ""}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
          {undoEntry && (
            <Button
              variant="outlined"
              color="warning"
              sx={{ mt: 2 }}
              onClick={() => setConfirming("undo")}
              disabled={busy !== null}
            >
              {busy === "undo" ? "Atšaukiama…" : "Atšaukti paskutinį pakeitimą"}
            </Button>
          )}
        </CardContent>
      </Card>
      <Dialog
        open={confirming === "apply" && plan !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby="apply-confirm-title"
      >
        <DialogTitle id="apply-confirm-title">Taikyti kainų pakeitimą?</DialogTitle>
        <DialogContent>
          <DialogContentText>{plan ? confirmationText(plan) : ""}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>
            {changeText(change)}; {scopeText(scope, carName)}. Pakeitimą vėliau bus galima atšaukti.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Atšaukti</Button>
          <Button variant="contained" onClick={apply} autoFocus>
            Taikyti
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={confirming === "undo" && undoEntry !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby="undo-confirm-title"
      >
        <DialogTitle id="undo-confirm-title">Atšaukti paskutinį kainų pakeitimą?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {undoEntry
              ? `${formatDateTime(undoEntry.at)} · ${undoEntry.actor} · ${changeText(undoEntry.change)}; ${scopeText(undoEntry.scope, carName)}. ` +
                `Visoms ${formatCount(undoEntry.rules, RULE_DATIVE_FORMS)} bus grąžintos ankstesnės kainos, o jo sukurtos naujos taisyklės (jei tokių yra) – ištrintos.`
              : ""}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Ne, palikti</Button>
          <Button variant="contained" color="warning" onClick={undo} autoFocus>
            Atšaukti pakeitimą
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

const RESTORED_FORMS = ["grąžinta", "grąžintos", "grąžinta"] as const;
const DELETED_FORMS = ["ištrinta", "ištrintos", "ištrinta"] as const;
const RULE_DATIVE_FORMS = ["taisyklei", "taisyklėms", "taisyklių"] as const;

/** The floor a refused rule names (all refusals of one plan share it). */
const refusedFloor = (refused: readonly PlannedRule[]): number => refused[0]?.refusalFloor ?? 1;
