import BuildIcon from "@mui/icons-material/Build";
import type { ResourceProps } from "react-admin";
import type { Fleet } from "../../domain/schemas";
import { FleetCreate, FleetEdit } from "./FleetForm";
import { FleetList } from "./FleetList";

export const fleet = {
  list: FleetList,
  edit: FleetEdit,
  create: FleetCreate,
  icon: BuildIcon,
  recordRepresentation: (record: Fleet) => record.plateNumber,
} satisfies Omit<ResourceProps, "name">;

export default fleet;
