import { DataTable, List, SearchInput, SelectInput } from "react-admin";
import type { Customer } from "../../domain/schemas";
import { DateTimeValue } from "../common/fields";
import { CUSTOMER_TYPE_CHOICES, choiceName } from "../labels";

type CustomerRecord = Customer & { id: string };
const Column = DataTable.Col<CustomerRecord>;

const customerFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={CUSTOMER_TYPE_CHOICES} translateChoice={false} />,
];

export function CustomerList() {
  return (
    <List filters={customerFilters} sort={{ field: "lastName", order: "ASC" }} perPage={25}>
      <DataTable bulkActionButtons={false}>
        <Column source="lastName" />
        <Column source="firstName" />
        <Column source="companyName" />
        <Column source="email" />
        <Column source="phone" />
        <Column source="type" render={(customer) => choiceName(CUSTOMER_TYPE_CHOICES, customer.type)} />
        <Column source="createdAt" field={DateTimeValue} />
      </DataTable>
    </List>
  );
}
