import { BulkExportButton, CreateButton, DataTable, ExportButton, List, SearchInput, TopToolbar } from "react-admin";
import { formatMoney } from "../../domain/format";
import type { Offer } from "../../domain/schemas";
import { carName, csvExporter, EXPORT_SELECTED_LABEL, type Related } from "../common/csv";
import { DateTimeValue, Thumbnail, YesNoValue } from "../common/fields";

type OfferRecord = Offer & { id: string };
const Column = DataTable.Col<OfferRecord>;

export function discountText(discount: Offer["discount"]): string {
  if (!discount) return "—";
  return discount.type === "percent" ? `−${discount.value} %` : `−${formatMoney(discount.value)}`;
}

const offerCars = (offer: OfferRecord, related: Related) =>
  offer.carIds.length === 0
    ? "Visi automobiliai"
    : offer.carIds.map((id) => carName(related.carIds?.[id] as Parameters<typeof carName>[0]) || id).join(", ");

export const offerExporter = csvExporter<OfferRecord>({
  fileName: "akcijos",
  references: { carIds: "cars" },
  columns: [
    { header: "Pavadinimas", value: (o) => o.title },
    { header: "Nuolaida", value: (o) => discountText(o.discount) },
    { header: "Galioja nuo", value: (o) => o.validFrom, kind: "date" },
    { header: "Galioja iki", value: (o) => o.validTo, kind: "date" },
    { header: "Mažiausiai parų", value: (o) => o.minDays, kind: "number" },
    { header: "Automobiliai", value: offerCars },
    { header: "Aktyvi", value: (o) => o.active },
    { header: "Eilės tvarka", value: (o) => o.sortOrder, kind: "number" },
    { header: "Adresas nuorodoje", value: (o) => o.slug },
  ],
});

export function OfferList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: "sortOrder", order: "ASC" }}
      exporter={offerExporter}
      actions={
        <TopToolbar>
          <CreateButton label="Nauja akcija" />
          <ExportButton />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={<BulkExportButton label={EXPORT_SELECTED_LABEL} />} rowClick="edit">
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
