// Staff-only vehicle records: plates, VIN, mileage, document expiry.
import { BulkExportButton, DataTable, List, ReferenceField, SearchInput } from "react-admin";
import { formatNumber } from "../../domain/format";
import type { Fleet } from "../../domain/schemas";
import { nextServiceKm } from "../../domain/upkeep";
import { carName, csvExporter, EXPORT_SELECTED_LABEL, relatedRecord } from "../common/csv";
import { DateTimeValue } from "../common/fields";

type FleetRecord = Fleet & { id: string };
const Column = DataTable.Col<FleetRecord>;

export const fleetExporter = csvExporter<FleetRecord>({
  fileName: "autoparkas",
  references: { carId: "cars" },
  columns: [
    { header: "Valstybinis numeris", value: (f) => f.plateNumber },
    { header: "Automobilis", value: (f, rel) => carName(relatedRecord(rel, "carId", f.carId)) },
    { header: "VIN kodas", value: (f) => f.vin },
    { header: "Rida, km", value: (f) => f.mileage, kind: "number" },
    { header: "Draudimas galioja iki", value: (f) => f.insuranceValidTo, kind: "date" },
    { header: "Techninė apžiūra galioja iki", value: (f) => f.inspectionValidTo, kind: "date" },
    { header: "Techninis aptarnavimas iki", value: (f) => f.serviceDueDate, kind: "date" },
    { header: "Aptarnavimo intervalas, km", value: (f) => f.serviceIntervalKm, kind: "number" },
    { header: "Rida paskutinio aptarnavimo metu, km", value: (f) => f.lastServiceMileage, kind: "number" },
    { header: "Kitas aptarnavimas, km", value: (f) => nextServiceKm(f), kind: "number" },
    { header: "Vidinės pastabos", value: (f) => f.notes },
  ],
});

export function FleetList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: "plateNumber", order: "ASC" }}
      exporter={fleetExporter}
    >
      <DataTable bulkActionButtons={<BulkExportButton label={EXPORT_SELECTED_LABEL} />} rowClick="edit">
        <Column source="plateNumber" />
        <Column source="carId">
          <ReferenceField source="carId" reference="cars" />
        </Column>
        <Column source="vin" />
        <Column source="mileage" render={(fleet) => `${formatNumber(fleet.mileage, 0)} km`} />
        <Column source="insuranceValidTo" render={() => <DateTimeValue source="insuranceValidTo" dateOnly />} />
        <Column source="inspectionValidTo" render={() => <DateTimeValue source="inspectionValidTo" dateOnly />} />
        <Column
          source="serviceDueDate"
          label="Techninis aptarnavimas iki"
          render={() => <DateTimeValue source="serviceDueDate" dateOnly />}
        />
        <Column
          source="lastServiceMileage"
          label="Kitas aptarnavimas"
          disableSort
          render={(fleet) => {
            const due = nextServiceKm(fleet);
            return due === null ? "–" : `${formatNumber(due, 0)} km`;
          }}
        />
      </DataTable>
    </List>
  );
}
