import BadgeIcon from "@mui/icons-material/Badge";
import type { ResourceProps } from "react-admin";
import type { StaffUser } from "../../domain/schemas";
import { StaffCreate, StaffEdit } from "./StaffForm";
import { StaffList } from "./StaffList";

export const staff = {
  list: StaffList,
  edit: StaffEdit,
  create: StaffCreate,
  icon: BadgeIcon,
  recordRepresentation: (user: StaffUser) => user.name,
} satisfies Omit<ResourceProps, "name">;

export default staff;
