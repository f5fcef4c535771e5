// Staff-only vehicle records: plates, VIN, mileage, document expiry.
import { DataTable, List, ReferenceField, SearchInput } from "react-admin";
import { formatNumber } from "../../domain/format";
import type { Fleet } from "../../domain/schemas";
import { DateTimeValue } from "../common/fields";

type FleetRecord = Fleet & { id: string };
const Column = DataTable.Col<FleetRecord>;

export function FleetList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: "plateNumber", order: "ASC" }}>
      <DataTable bulkActionButtons={false} rowClick="edit">
        <Column source="plateNumber" />
        <Column source="carId">
          <ReferenceField source="carId" reference="cars" />
        </Column>
        <Column source="vin" />
        <Column source="mileage" render={(fleet) => `${formatNumber(fleet.mileage, 0)} km`} />
        <Column source="insuranceValidTo" render={() => <DateTimeValue source="insuranceValidTo" dateOnly />} />
        <Column source="inspectionValidTo" render={() => <DateTimeValue source="inspectionValidTo" dateOnly />} />
      </DataTable>
    </List>
  );
}
