// The car page's staff-only parts: the fleet record (plate, VIN, mileage, insurance and
// inspection dates, internal notes; its own `fleet` resource, never public) and the car's
// price tiers (its own rules, or the class rules it follows until it gets its own).
import AddIcon from "@mui/icons-material/Add";
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Divider, Stack, Typography } from "@mui/material";
import { type ReactNode, useState } from "react";
import {
  CreateBase,
  EditBase,
  Loading,
  SaveButton,
  SimpleForm,
  Toolbar,
  useGetList,
  useRecordContext,
} from "react-admin";
import { formatMoney, formatTierSpan } from "../../domain/format";
import type { Car, Fleet, Price } from "../../domain/schemas";
import { SaveDeleteToolbar } from "../common/form";
import { FleetInputs, validateFleet } from "../fleet/FleetInputs";
import { CAR_CATEGORY_CHOICES, choiceName } from "../labels";
import { normalisePrice, PriceInputs, validatePrice } from "../prices/PriceForm";

type CarRecord = Car & { id: string };
type FleetRecord = Fleet & { id: string };
type PriceRecord = Price & { id: string };

function Panel({
  id,
  title,
  subheader,
  children,
}: {
  id: string;
  title: string;
  subheader?: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <CardHeader
        title={
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
        }
        subheader={subheader}
        sx={{ pb: 0 }}
      />
      {children}
    </Card>
  );
}

const fleetToolbar = (
  <Toolbar>
    <SaveButton label="Išsaugoti autoparko duomenis" />
  </Toolbar>
);

/** The car's fleet record: edit it, or create it when the car has none yet. */
export function FleetPanel() {
  const car = useRecordContext<CarRecord>();
  const fleet = useGetList<FleetRecord>(
    "fleet",
    { filter: { carId: car?.id }, pagination: { page: 1, perPage: 1 }, sort: { field: "id", order: "ASC" } },
    { enabled: Boolean(car?.id) },
  );
  if (!car) return null;
  const record = fleet.data?.[0];
  return (
    <Panel
      id="fleet-heading"
      title="Autoparko duomenys (matomi tik darbuotojams)"
      subheader="Valstybinis numeris, VIN kodas, rida, draudimo ir techninės apžiūros galiojimas"
    >
      {fleet.isPending ? (
        <Loading />
      ) : record ? (
        <EditBase resource="fleet" id={record.id} mutationMode="pessimistic" redirect={false}>
          <SimpleForm validate={validateFleet} toolbar={fleetToolbar}>
            <FleetInputs />
          </SimpleForm>
        </EditBase>
      ) : (
        <CreateBase
          resource="fleet"
          record={{ carId: car.id, notes: "", insuranceValidTo: null, inspectionValidTo: null }}
          redirect={false}
          mutationOptions={{ onSuccess: () => void fleet.refetch() }}
        >
          <CardContent sx={{ pb: 0 }}>
            <Alert severity="info">Šiam automobiliui autoparko duomenų dar nėra. Užpildykite ir išsaugokite.</Alert>
          </CardContent>
          <SimpleForm validate={validateFleet} toolbar={fleetToolbar}>
            <FleetInputs />
          </SimpleForm>
        </CreateBase>
      )}
    </Panel>
  );
}

function tiersText(tiers: Price["tiers"]): string {
  return [...tiers]
    .sort((a, b) => a.fromDays - b.fromDays)
    .map((tier) => `${formatTierSpan(tier.fromDays, tier.toDays)}: ${formatMoney(tier.dailyRate)}`)
    .join(" · ");
}

const seasonText = (price: Price) =>
  price.season
    ? `${price.season.name ? `${price.season.name}: ` : ""}${price.season.from} – ${price.season.to}`
    : "Visus metus";

const priceToolbar = (canDelete: boolean) => (
  <SaveDeleteToolbar canDelete={canDelete} saveLabel="Išsaugoti kainas" deleteRedirect={false} />
);

/** The car's price tiers: its own rules (editable) or the class rules it follows. */
export function CarPricesPanel() {
  const car = useRecordContext<CarRecord>();
  const [adding, setAdding] = useState(false);
  const prices = useGetList<PriceRecord>(
    "prices",
    { filter: {}, pagination: { page: 1, perPage: 5000 }, sort: { field: "id", order: "ASC" } },
    { enabled: Boolean(car?.id) },
  );
  if (!car) return null;
  const own = (prices.data ?? []).filter((price) => price.carId === car.id);
  const classRules = (prices.data ?? []).filter((price) => price.carId === null && price.category === car.category);
  const template = classRules.find((price) => price.season === null) ?? classRules[0];

  return (
    <Panel
      id="prices-heading"
      title="Kainos parai"
      subheader={
        own.length > 0
          ? "Šis automobilis turi savo kainas; klasės kainos jam netaikomos."
          : `Automobilis naudoja klasės „${choiceName(CAR_CATEGORY_CHOICES, car.category)}“ kainas.`
      }
    >
      {prices.isPending ? (
        <Loading />
      ) : (
        <>
          {own.map((price) => (
            <Box key={price.id}>
              <Divider sx={{ mt: 1 }} />
              <CardContent sx={{ pb: 0 }}>
                <Chip size="small" label={seasonText(price)} />
              </CardContent>
              <EditBase
                resource="prices"
                id={price.id}
                mutationMode="pessimistic"
                redirect={false}
                transform={normalisePrice}
                mutationOptions={{ onSuccess: () => void prices.refetch() }}
              >
                <SimpleForm validate={validatePrice} toolbar={priceToolbar(true)}>
                  <PriceInputs fixedOwner />
                </SimpleForm>
              </EditBase>
            </Box>
          ))}
          {own.length === 0 && (
            <CardContent>
              {classRules.length === 0 ? (
                <Alert severity="warning">
                  Nei automobiliui, nei jo klasei kaina nenustatyta – svetainėje jo rezervuoti nepavyks.
                </Alert>
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {classRules.map((price) => (
                    <li key={price.id}>
                      <Typography variant="body2">
                        <strong>{seasonText(price)}:</strong> {tiersText(price.tiers)}
                      </Typography>
                    </li>
                  ))}
                </Box>
              )}
            </CardContent>
          )}
          {adding ? (
            <Box>
              <Divider />
              <CardContent sx={{ pb: 0 }}>
                <Typography variant="subtitle1" component="h3">
                  Nauja automobilio kaina
                </Typography>
              </CardContent>
              <CreateBase
                resource="prices"
                record={{
                  carId: car.id,
                  category: null,
                  season: null,
                  tiers: template?.tiers ?? [{ fromDays: 1, toDays: null, dailyRate: 40 }],
                }}
                redirect={false}
                transform={normalisePrice}
                mutationOptions={{
                  onSuccess: () => {
                    setAdding(false);
                    void prices.refetch();
                  },
                }}
              >
                <SimpleForm validate={validatePrice} toolbar={priceToolbar(false)}>
                  <PriceInputs fixedOwner />
                </SimpleForm>
              </CreateBase>
            </Box>
          ) : (
            <CardContent>
              <Stack direction="row" spacing={1}>
                <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setAdding(true)}>
                  {own.length > 0 ? "Pridėti sezoninę ar kitą kainą" : "Nustatyti savas kainas"}
                </Button>
              </Stack>
            </CardContent>
          )}
        </>
      )}
    </Panel>
  );
}
