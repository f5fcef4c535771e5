// The dashboard's fleet upkeep card: insurance, technical inspection and service falling due
// within 30 days or 1 000 km (src/domain/upkeep.ts), overdue ones first and in red, each a link
// to the car's fleet record.
import ErrorIcon from "@mui/icons-material/Error";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import {
  Card,
  CardContent,
  CardHeader,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  List as MuiList,
  Typography,
} from "@mui/material";
import { useMemo } from "react";
import { useBasename, useGetList } from "react-admin";
import { Link } from "react-router-dom";
import { formatCount, formatNumber } from "../../domain/format";
import type { Car, Fleet } from "../../domain/schemas";
import { vilniusDateString } from "../../domain/time";
import { UPKEEP_WARN_DAYS, UPKEEP_WARN_KM, upkeepWarnings } from "../../domain/upkeep";

const WARNING_FORMS = ["įspėjimas", "įspėjimai", "įspėjimų"] as const;
const HEADING_ID = "dashboard-upkeep";

export function UpkeepWarnings() {
  const basename = useBasename();
  const fleet = useGetList<Fleet & { id: string }>("fleet", {
    sort: { field: "plateNumber", order: "ASC" },
    pagination: { page: 1, perPage: 1000 },
  });
  const cars = useGetList<Car & { id: string }>("cars", {
    sort: { field: "sortOrder", order: "ASC" },
    pagination: { page: 1, perPage: 1000 },
  });
  const warnings = useMemo(() => upkeepWarnings(fleet.data ?? [], vilniusDateString(new Date())), [fleet.data]);
  const carNames = useMemo(
    () => new Map((cars.data ?? []).map((car) => [car.id, `${car.make} ${car.model}`])),
    [cars.data],
  );
  const overdue = warnings.filter((warning) => warning.severity === "overdue").length;

  return (
    <Card component="section" aria-labelledby={HEADING_ID} sx={{ mt: 2 }}>
      <CardHeader
        title={
          <Typography id={HEADING_ID} variant="h6" component="h2">
            Autoparko priežiūra
          </Typography>
        }
        subheader={
          fleet.isPending
            ? "Įkeliama…"
            : fleet.error
              ? "Nepavyko įkelti duomenų"
              : `${formatCount(warnings.length, WARNING_FORMS)}${overdue > 0 ? `, iš jų pavėluota: ${formatNumber(overdue)}` : ""} · įspėjama prieš ${formatNumber(UPKEEP_WARN_DAYS)} dienų ir ${formatNumber(UPKEEP_WARN_KM)} km`
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 1 }}>
        {!fleet.isPending && !fleet.error && warnings.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            Artimiausiu metu draudimo, techninės apžiūros ir aptarnavimo terminų nėra.
          </Typography>
        )}
        {warnings.length > 0 && (
          <MuiList dense disablePadding sx={{ columnWidth: { md: 420 }, columnGap: 2 }}>
            {warnings.map((warning) => {
              const late = warning.severity === "overdue";
              const car = carNames.get(warning.carId);
              return (
                <ListItem
                  key={`${warning.fleetId}-${warning.kind}`}
                  disablePadding
                  sx={{ breakInside: "avoid" }}
                  data-severity={warning.severity}
                >
                  <ListItemButton component={Link} to={`${basename}/fleet/${warning.fleetId}`}>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      {late ? (
                        <ErrorIcon color="error" titleAccess="Pavėluota" />
                      ) : (
                        <WarningAmberIcon color="warning" titleAccess="Artėja terminas" />
                      )}
                    </ListItemIcon>
                    <ListItemText
                      primary={`${warning.plateNumber}${car ? ` · ${car}` : ""}`}
                      secondary={warning.message}
                      slotProps={{
                        secondary: { color: late ? "error" : "text.secondary", fontWeight: late ? 600 : 400 },
                      }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </MuiList>
        )}
      </CardContent>
    </Card>
  );
}

export default UpkeepWarnings;
