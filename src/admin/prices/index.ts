import EuroIcon from "@mui/icons-material/Euro";
import type { ResourceProps } from "react-admin";
import { PriceCreate, PriceEdit } from "./PriceEdit";
import { PriceList } from "./PriceList";

export const prices = {
  list: PriceList,
  edit: PriceEdit,
  create: PriceCreate,
  icon: EuroIcon,
  recordRepresentation: () => "kainos taisyklė",
} satisfies Omit<ResourceProps, "name">;

export default prices;
