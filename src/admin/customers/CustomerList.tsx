import { type Theme, useMediaQuery } from "@mui/material";
import {
  CreateButton,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from "react-admin";
import type { Customer } from "../../domain/schemas";
import { DateTimeValue } from "../common/fields";
import { CUSTOMER_TYPE_CHOICES, choiceName } from "../labels";

type CustomerRecord = Customer & { id: string };
const Column = DataTable.Col<CustomerRecord>;

const customerFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Vardas, el. paštas, telefonas…" />,
  <SelectInput key="type" source="type" choices={CUSTOMER_TYPE_CHOICES} translateChoice={false} />,
];

export function CustomerList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <List
      filters={customerFilters}
      sort={{ field: "lastName", order: "ASC" }}
      perPage={25}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton label="Naujas klientas" />
          <ExportButton />
        </TopToolbar>
      }
    >
      {isSmall ? (
        <SimpleList<CustomerRecord>
          primaryText={(customer) => `${customer.firstName} ${customer.lastName}`}
          secondaryText={(customer) =>
            [customer.companyName, customer.email, customer.phone].filter(Boolean).join(" · ")
          }
          rowClick="edit"
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="edit">
          <Column source="lastName" />
          <Column source="firstName" />
          <Column source="companyName" />
          <Column source="email" />
          <Column source="phone" />
          <Column source="type" render={(customer) => choiceName(CUSTOMER_TYPE_CHOICES, customer.type)} />
          <Column source="createdAt" field={DateTimeValue} />
        </DataTable>
      )}
    </List>
  );
}
