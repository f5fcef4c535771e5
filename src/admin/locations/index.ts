import PlaceIcon from "@mui/icons-material/Place";
import type { ResourceProps } from "react-admin";
import type { Location } from "../../domain/schemas";
import { LocationCreate, LocationEdit } from "./LocationForm";
import { LocationList } from "./LocationList";

export const locations = {
  list: LocationList,
  edit: LocationEdit,
  create: LocationCreate,
  icon: PlaceIcon,
  recordRepresentation: (location: Location) => location.name,
} satisfies Omit<ResourceProps, "name">;

export default locations;
