// Price rules: per car or per class, optionally for a season, with tiers by rental length.
import { DataTable, List, ReferenceField, SelectInput } from "react-admin";
import { formatMoney, formatTierSpan } from "../../domain/format";
import type { Price } from "../../domain/schemas";
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

const priceFilters = [
  <SelectInput key="category" source="category" choices={CAR_CATEGORY_CHOICES} translateChoice={false} />,
];

export function PriceList() {
  return (
    <List filters={priceFilters} sort={{ field: "category", order: "ASC" }} perPage={50}>
      <DataTable bulkActionButtons={false} rowClick="edit">
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
