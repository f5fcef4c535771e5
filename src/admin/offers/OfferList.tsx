import { CreateButton, DataTable, ExportButton, List, SearchInput, TopToolbar } from "react-admin";
import { formatMoney } from "../../domain/format";
import type { Offer } from "../../domain/schemas";
import { DateTimeValue, Thumbnail, YesNoValue } from "../common/fields";

type OfferRecord = Offer & { id: string };
const Column = DataTable.Col<OfferRecord>;

export function discountText(discount: Offer["discount"]): string {
  if (!discount) return "—";
  return discount.type === "percent" ? `−${discount.value} %` : `−${formatMoney(discount.value)}`;
}

export function OfferList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: "sortOrder", order: "ASC" }}
      actions={
        <TopToolbar>
          <CreateButton label="Nauja akcija" />
          <ExportButton />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false} rowClick="edit">
        <Column source="image" label="resources.cars.fields.thumbnail" disableSort field={Thumbnail} />
        <Column source="title" />
        <Column source="discount" disableSort render={(offer) => discountText(offer.discount)} />
        <Column source="validFrom" render={() => <DateTimeValue source="validFrom" dateOnly />} />
        <Column source="validTo" render={() => <DateTimeValue source="validTo" dateOnly />} />
        <Column source="active" field={YesNoValue} />
        <DataTable.NumberCol source="sortOrder" />
      </DataTable>
    </List>
  );
}
