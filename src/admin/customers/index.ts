import PeopleIcon from "@mui/icons-material/People";
import type { ResourceProps } from "react-admin";
import type { Customer } from "../../domain/schemas";
import { CustomerCreate, CustomerEdit } from "./CustomerForm";
import { CustomerList } from "./CustomerList";

export const customers = {
  list: CustomerList,
  edit: CustomerEdit,
  create: CustomerCreate,
  icon: PeopleIcon,
  recordRepresentation: (customer: Customer) =>
    `${customer.firstName} ${customer.lastName}${customer.companyName ? ` (${customer.companyName})` : ""}`,
} satisfies Omit<ResourceProps, "name">;

export default customers;
