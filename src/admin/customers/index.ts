import PeopleIcon from "@mui/icons-material/People";
import type { ResourceProps } from "react-admin";
import type { Customer } from "../../domain/schemas";
import { CustomerList } from "./CustomerList";

export const customers = {
  list: CustomerList,
  icon: PeopleIcon,
  recordRepresentation: (customer: Customer) =>
    `${customer.firstName} ${customer.lastName}${customer.companyName ? ` (${customer.companyName})` : ""}`,
} satisfies Omit<ResourceProps, "name">;

export default customers;
