import { CreateButton, DataTable, FilterButton, List, SearchInput, SelectInput, TopToolbar } from "react-admin";
import type { News } from "../../domain/schemas";
import { ChoiceChip, DateTimeValue, Thumbnail } from "../common/fields";
import { NEWS_STATUS_CHOICES } from "../labels";

type NewsRecord = News & { id: string };
const Column = DataTable.Col<NewsRecord>;

const newsFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={NEWS_STATUS_CHOICES} translateChoice={false} />,
];

export function NewsList() {
  return (
    <List
      filters={newsFilters}
      sort={{ field: "publishedAt", order: "DESC" }}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton label="Nauja naujiena" />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false} rowClick="edit">
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
