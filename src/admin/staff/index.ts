import BadgeIcon from "@mui/icons-material/Badge";
import type { ResourceProps } from "react-admin";
import type { StaffUser } from "../../domain/schemas";
import { StaffList } from "./StaffList";

export const staff = {
  list: StaffList,
  icon: BadgeIcon,
  recordRepresentation: (user: StaffUser) => user.name,
} satisfies Omit<ResourceProps, "name">;

export default staff;
