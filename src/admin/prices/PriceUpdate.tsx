// /admin/price-update: raise or lower daily rates for a class, chosen cars or seasons. Staff see
// every old and new rate first; applying writes each changed rule (each write is audited).
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { Loading, Title, useDataProvider, useGetList, useNotify } from "react-admin";
import { formatCount, formatMoney } from "../../domain/format";
import type { Car, Price } from "../../domain/schemas";
import { CAR_CATEGORY_CHOICES, choiceName } from "../labels";
import { applyChange, type PriceChange, type PriceScope, previewRows, rulesInScope } from "./priceChange";

type WithId<T> = T & { id: string };

const STEPS: PriceChange["step"][] = [0.01, 0.1, 0.5, 1];
const RULE_FORMS = ["taisyklė", "taisyklės", "taisyklių"] as const;
const TIER_FORMS = ["kainos pakopa", "kainos pakopos", "kainos pakopų"] as const;

export function PriceUpdate() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const prices = useGetList<WithId<Price>>("prices", {
    pagination: { page: 1, perPage: 1000 },
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
  const [previewed, setPreviewed] = useState(false);
  const [applying, setApplying] = useState(false);

  const value = Number(valueText.replace(",", "."));
  const valueError =
    valueText.trim() === "" || !Number.isFinite(value) || value === 0 ? "Įveskite nenulinį skaičių" : null;
  const change = useMemo<PriceChange>(
    () => ({ kind, value: Number.isFinite(value) ? value : 0, step }),
    [kind, value, step],
  );
  const rules = useMemo(() => rulesInScope(prices.data ?? [], cars.data ?? [], scope), [prices.data, cars.data, scope]);
  const rows = useMemo(() => previewRows(rules, change), [rules, change]);
  const carName = (id: string | null) => {
    const car = cars.data?.find((c) => c.id === id);
    return car ? `${car.make} ${car.model} (${car.year})` : "Automobilis";
  };
  const ruleName = (rule: WithId<Price>) => {
    const who = rule.carId ? carName(rule.carId) : `Klasė: ${choiceName(CAR_CATEGORY_CHOICES, rule.category)}`;
    const when = rule.season
      ? `${rule.season.name ?? "Sezonas"} ${rule.season.from} – ${rule.season.to}`
      : "visus metus";
    return `${who}, ${when}`;
  };

  const resetPreview = () => setPreviewed(false);

  const apply = async () => {
    setApplying(true);
    let done = 0;
    try {
      for (const rule of rules) {
        await dataProvider.update<WithId<Price>>("prices", {
          id: rule.id,
          data: applyChange(rule, change),
          previousData: rule,
        });
        done += 1;
      }
      notify(`Kainos atnaujintos: ${formatCount(done, RULE_FORMS)}`, { type: "success" });
      setPreviewed(false);
      await prices.refetch();
    } catch (error) {
      const reason = error instanceof Error ? error.message : "nežinoma klaida";
      notify(`Atnaujinta taisyklių: ${done} iš ${rules.length}; toliau sustota: ${reason}`, { type: "error" });
      await prices.refetch();
    } finally {
      setApplying(false);
    }
  };

  if (prices.isPending || cars.isPending) return <Loading />;
  if (prices.error || cars.error) return <Alert severity="error">Kainų įkelti nepavyko.</Alert>;

  const carsInCategory = (cars.data ?? []).filter((car) => scope.category === null || car.category === scope.category);

  return (
    <Box sx={{ mt: 2, maxWidth: 1000 }}>
      <Title title="Kainų atnaujinimas" />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Kam keisti
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" } }}>
            <TextField
              select
              label="Klasė"
              value={scope.category ?? ""}
              onChange={(event) => {
                setScope({ ...scope, category: event.target.value || null, carIds: [] });
                resetPreview();
              }}
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
                resetPreview();
              }}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (selected) =>
                    (selected as string[]).length === 0 ? "Visi" : `Pasirinkta: ${(selected as string[]).length}`,
                  displayEmpty: true,
                },
                inputLabel: { shrink: true },
              }}
              helperText="Nepasirinkus – visi klasės automobiliai ir klasės kainos"
            >
              {carsInCategory.map((car) => (
                <MenuItem key={car.id} value={car.id}>
                  {car.make} {car.model} ({car.year})
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Sezonas"
              value={scope.season}
              onChange={(event) => {
                setScope({ ...scope, season: event.target.value as PriceScope["season"] });
                resetPreview();
              }}
            >
              <MenuItem value="all">Visos kainos</MenuItem>
              <MenuItem value="year-round">Tik visų metų kainos</MenuItem>
              <MenuItem value="seasonal">Tik sezoninės kainos</MenuItem>
            </TextField>
          </Box>
          <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
            Kaip keisti
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" } }}>
            <TextField
              select
              label="Pokytis"
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as PriceChange["kind"]);
                resetPreview();
              }}
            >
              <MenuItem value="percent">Procentais</MenuItem>
              <MenuItem value="amount">Suma eurais</MenuItem>
            </TextField>
            <TextField
              label={kind === "percent" ? "Dydis, %" : "Dydis, €"}
              value={valueText}
              onChange={(event) => {
                setValueText(event.target.value);
                resetPreview();
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
                resetPreview();
              }}
            >
              {STEPS.map((option) => (
                <MenuItem key={option} value={option}>
                  {formatMoney(option)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <Button
              variant="outlined"
              onClick={() => setPreviewed(true)}
              disabled={Boolean(valueError) || rules.length === 0}
            >
              Peržiūrėti pakeitimus
            </Button>
            <Button
              variant="contained"
              onClick={apply}
              disabled={!previewed || Boolean(valueError) || applying || rules.length === 0}
            >
              {applying ? "Taikoma…" : `Taikyti (${formatCount(rules.length, RULE_FORMS)})`}
            </Button>
          </Stack>
          {rules.length === 0 && (
            <Typography sx={{ mt: 1 }} color="text.secondary">
              Pasirinktai sričiai kainų taisyklių nėra.
            </Typography>
          )}
        </CardContent>
      </Card>
      {previewed && !valueError && (
        <Card component="section" aria-labelledby="preview-heading">
          <CardContent>
            <Typography id="preview-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
              Peržiūra: {formatCount(rows.length, TIER_FORMS)}
            </Typography>
            <Box sx={{ overflowX: "auto" }}>
              <Box
                component="table"
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
                    const rule = rules.find((r) => r.id === row.priceId);
                    return (
                      <tr key={`${row.priceId}-${row.tierIndex}`}>
                        <td>{rule ? ruleName(rule) : ""}</td>
                        <td>{row.toDays === null ? `nuo ${row.fromDays} d.` : `${row.fromDays}–${row.toDays} d.`}</td>
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
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

export default PriceUpdate;
