import CarCrashIcon from "@mui/icons-material/CarCrash";
import type { ResourceProps } from "react-admin";
import type { Damage } from "../../domain/schemas";
import { DamageList } from "./DamageList";

export const damages = {
  list: DamageList,
  icon: CarCrashIcon,
  recordRepresentation: (record: Damage) => record.note,
} satisfies Omit<ResourceProps, "name">;

export default damages;
