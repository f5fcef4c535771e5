import {
  BulkExportButton,
  CreateButton,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
} from "react-admin";
import type { News } from "../../domain/schemas";
import { csvExporter, EXPORT_SELECTED_LABEL } from "../common/csv";
import { ChoiceChip, DateTimeValue, Thumbnail } from "../common/fields";
import { choiceName, NEWS_STATUS_CHOICES } from "../labels";

type NewsRecord = News & { id: string };
const Column = DataTable.Col<NewsRecord>;

const newsFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={NEWS_STATUS_CHOICES} translateChoice={false} />,
];

export const newsExporter = csvExporter<NewsRecord>({
  fileName: "naujienos",
  columns: [
    { header: "Antraštė", value: (n) => n.title },
    { header: "Būsena", value: (n) => choiceName(NEWS_STATUS_CHOICES, n.status) },
    { header: "Paskelbta", value: (n) => n.publishedAt, kind: "dateTime" },
    { header: "Santrauka", value: (n) => n.excerpt },
    { header: "Adresas nuorodoje", value: (n) => n.slug },
  ],
});

export function NewsList() {
  return (
    <List
      filters={newsFilters}
      sort={{ field: "publishedAt", order: "DESC" }}
      exporter={newsExporter}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton label="Nauja naujiena" />
          <ExportButton />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={<BulkExportButton label={EXPORT_SELECTED_LABEL} />} rowClick="edit">
        <Column source="image" label="resources.cars.fields.thumbnail" disableSort field={Thumbnail} />
        <Column source="title" />
        <Column source="publishedAt" field={DateTimeValue} />
        <Column
          source="status"
          render={() => (
            <ChoiceChip
              source="status"
              choices={NEWS_STATUS_CHOICES}
              tones={{ published: "success", draft: "default" }}
            />
          )}
        />
      </DataTable>
    </List>
  );
}
