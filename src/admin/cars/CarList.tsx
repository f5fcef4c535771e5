// The fleet as the catalogue shows it: thumbnails, filters, search and status.
import { type Theme, useMediaQuery } from "@mui/material";
import {
  BulkExportButton,
  CreateButton,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useBasename,
  useCreatePath,
} from "react-admin";
import { Link } from "react-router-dom";
import type { Car } from "../../domain/schemas";
import { csvExporter, EXPORT_SELECTED_LABEL } from "../common/csv";
import { type ChipTone, ChoiceChip, Thumbnail } from "../common/fields";
import {
  CAR_CATEGORY_CHOICES,
  CAR_STATUS_CHOICES,
  CAR_STATUS_LABELS,
  choiceName,
  FUEL_CHOICES,
  TRANSMISSION_CHOICES,
} from "../labels";

type CarRecord = Car & { id: string };

export const CAR_STATUS_TONES: Readonly<Record<string, ChipTone>> = {
  active: "success",
  hidden: "default",
  maintenance: "warning",
};

const carFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Markė, modelis…" />,
  <SelectInput key="category" source="category" choices={CAR_CATEGORY_CHOICES} translateChoice={false} />,
  <SelectInput key="transmission" source="transmission" choices={TRANSMISSION_CHOICES} translateChoice={false} />,
  <SelectInput key="fuel" source="fuel" choices={FUEL_CHOICES} translateChoice={false} />,
  <SelectInput key="status" source="status" choices={CAR_STATUS_CHOICES} translateChoice={false} />,
];

export const carExporter = csvExporter<CarRecord>({
  fileName: "automobiliai",
  columns: [
    { header: "Eilės tvarka", value: (car) => car.sortOrder, kind: "number" },
    { header: "Markė", value: (car) => car.make },
    { header: "Modelis", value: (car) => car.model },
    { header: "Pagaminimo metai", value: (car) => car.year, kind: "number" },
    { header: "Klasė", value: (car) => choiceName(CAR_CATEGORY_CHOICES, car.category) },
    { header: "Pavarų dėžė", value: (car) => choiceName(TRANSMISSION_CHOICES, car.transmission) },
    { header: "Degalų tipas", value: (car) => choiceName(FUEL_CHOICES, car.fuel) },
    { header: "Sėdimos vietos", value: (car) => car.seats, kind: "number" },
    { header: "Durys", value: (car) => car.doors, kind: "number" },
    { header: "Bagažas", value: (car) => car.bags, kind: "number" },
    { header: "Kondicionierius", value: (car) => car.airConditioning },
    { header: "Būsena", value: (car) => CAR_STATUS_LABELS[car.status] ?? car.status },
    { header: "Kaina nuo, € parai", value: (car) => car.priceFrom, kind: "money" },
    { header: "Užstatas, €", value: (car) => car.deposit, kind: "money" },
    { header: "Ridos limitas per parą, km", value: (car) => car.mileageLimitPerDay ?? "be limito" },
    { header: "Ilgalaikės nuomos kaina per mėnesį, €", value: (car) => car.longTermMonthlyPrice, kind: "money" },
    { header: "Mažiausias vairuotojo amžius", value: (car) => car.minDriverAge, kind: "number" },
    { header: "Mažiausias vairavimo stažas, metais", value: (car) => car.minLicenceYears, kind: "number" },
    { header: "Adresas nuorodoje", value: (car) => car.slug },
  ],
});

function CarListActions() {
  const basename = useBasename();
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton to={`${basename}/cars/add`} />
      <ExportButton />
    </TopToolbar>
  );
}

const Column = DataTable.Col<CarRecord>;

/** The thumbnail doubles as the row's keyboard-reachable edit link. */
function EditLink({ car }: { car: CarRecord }) {
  const createPath = useCreatePath();
  return (
    <Link
      to={createPath({ resource: "cars", id: car.id, type: "edit" })}
      aria-label={`Redaguoti: ${car.make} ${car.model}`}
      onClick={(event) => event.stopPropagation()}
      style={{ display: "inline-block" }}
    >
      <Thumbnail />
    </Link>
  );
}

export function CarList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <List
      filters={carFilters}
      actions={<CarListActions />}
      exporter={carExporter}
      sort={{ field: "sortOrder", order: "ASC" }}
      perPage={25}
    >
      {isSmall ? (
        <SimpleList<CarRecord>
          leftAvatar={() => <Thumbnail size={48} />}
          primaryText={(car) => `${car.make} ${car.model}`}
          secondaryText={(car) => `${car.year} · ${car.category} · ${car.transmission} · ${car.fuel}`}
          tertiaryText={(car) => CAR_STATUS_LABELS[car.status]}
          rowClick="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={<BulkExportButton label={EXPORT_SELECTED_LABEL} />}>
          <Column
            source="images"
            label="resources.cars.fields.thumbnail"
            disableSort
            render={(car) => <EditLink car={car} />}
          />
          <Column source="make" />
          <Column source="model" />
          <DataTable.NumberCol source="year" options={{ useGrouping: false }} />
          <Column source="category" render={(car) => choiceName(CAR_CATEGORY_CHOICES, car.category)} />
          <Column source="transmission" render={(car) => choiceName(TRANSMISSION_CHOICES, car.transmission)} />
          <Column source="fuel" render={(car) => choiceName(FUEL_CHOICES, car.fuel)} />
          <Column
            source="status"
            render={() => <ChoiceChip source="status" choices={CAR_STATUS_CHOICES} tones={CAR_STATUS_TONES} />}
          />
          <DataTable.NumberCol source="sortOrder" label="Eilė" />
        </DataTable>
      )}
    </List>
  );
}

export default CarList;
