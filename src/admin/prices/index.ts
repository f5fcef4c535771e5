import EuroIcon from "@mui/icons-material/Euro";
import type { ResourceProps } from "react-admin";
import { PriceList } from "./PriceList";

export const prices = {
  list: PriceList,
  icon: EuroIcon,
} satisfies Omit<ResourceProps, "name">;

export default prices;
