import DirectionsCarIcon from "@mui/icons-material/DirectionsCar";
import type { ResourceProps } from "react-admin";
import type { Car } from "../../domain/schemas";
import { CarCreate } from "./CarCreate";
import { CarEdit } from "./CarEdit";
import { CarList } from "./CarList";

export const cars = {
  list: CarList,
  edit: CarEdit,
  create: CarCreate,
  icon: DirectionsCarIcon,
  recordRepresentation: (car: Car) => `${car.make} ${car.model} (${car.year})`,
} satisfies Omit<ResourceProps, "name">;

export { CarCreate, CarEdit, CarList };
export default cars;
