import AddShoppingCartIcon from "@mui/icons-material/AddShoppingCart";
import type { ResourceProps } from "react-admin";
import type { Extra } from "../../domain/schemas";
import { ExtraCreate, ExtraEdit } from "./ExtraForm";
import { ExtraList } from "./ExtraList";

export const extras = {
  list: ExtraList,
  edit: ExtraEdit,
  create: ExtraCreate,
  icon: AddShoppingCartIcon,
  recordRepresentation: (extra: Extra) => extra.name,
} satisfies Omit<ResourceProps, "name">;

export default extras;
