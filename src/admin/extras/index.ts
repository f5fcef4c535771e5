import AddShoppingCartIcon from "@mui/icons-material/AddShoppingCart";
import type { ResourceProps } from "react-admin";
import type { Extra } from "../../domain/schemas";
import { ExtraList } from "./ExtraList";

export const extras = {
  list: ExtraList,
  icon: AddShoppingCartIcon,
  recordRepresentation: (extra: Extra) => extra.name,
} satisfies Omit<ResourceProps, "name">;

export default extras;
