// Price rules: per car or per class, optionally for a season, with tiers by rental length.
import { BulkExportButton, DataTable, List, ReferenceField, SelectInput } from "react-admin";
import { formatMoney, formatTierSpan } from "../../domain/format";
import type { Price } from "../../domain/schemas";
import { carName, csvExporter, EXPORT_SELECTED_LABEL, relatedRecord } from "../common/csv";
import { CAR_CATEGORY_CHOICES, choiceName } from "../labels";

type PriceRecord = Price & { id: string };
const Column = DataTable.Col<PriceRecord>;

export function tiersText(tiers: Price["tiers"]): string {
  return [...tiers]
    .sort((a, b) => a.fromDays - b.fromDays)
    .map((tier) => {
      const span = formatTierSpan(tier.fromDays, tier.toDays);
      return `${span}: ${formatMoney(tier.dailyRate)}`;
    })
    .join("; ");
}

export const priceExporter = csvExporter<PriceRecord>({
  fileName: "kainos",
  references: { carId: "cars" },
  columns: [
    { header: "Automobilis", value: (p, rel) => carName(relatedRecord(rel, "carId", p.carId)) },
    { header: "Klasė", value: (p) => (p.category ? choiceName(CAR_CATEGORY_CHOICES, p.category) : "") },
    { header: "Sezonas", value: (p) => (p.season ? p.season.name || "Sezonas" : "Visus metus") },
    { header: "Sezonas nuo", value: (p) => p.season?.from, kind: "date" },
    { header: "Sezonas iki", value: (p) => p.season?.to, kind: "date" },
    { header: "Kainų pakopos", value: (p) => tiersText(p.tiers) },
  ],
});

const priceFilters = [
  <SelectInput key="category" source="category" choices={CAR_CATEGORY_CHOICES} translateChoice={false} />,
];

export function PriceList() {
  return (
    <List filters={priceFilters} sort={{ field: "category", order: "ASC" }} perPage={50} exporter={priceExporter}>
      <DataTable bulkActionButtons={<BulkExportButton label={EXPORT_SELECTED_LABEL} />} rowClick="edit">
        <Column
          source="carId"
          render={(price) =>
            price.carId ? (
              <ReferenceField source="carId" reference="cars" link={false} />
            ) : (
              `Visa klasė: ${choiceName(CAR_CATEGORY_CHOICES, price.category)}`
            )
          }
        />
        <Column
          source="season"
          disableSort
          render={(price) =>
            price.season
              ? `${price.season.name ? `${price.season.name}: ` : ""}${price.season.from} – ${price.season.to}`
              : "Visus metus"
          }
        />
        <Column source="tiers" disableSort render={(price) => tiersText(price.tiers)} />
      </DataTable>
    </List>
  );
}
