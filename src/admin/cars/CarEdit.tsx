import { Edit, useRecordContext } from "react-admin";
import type { Car } from "../../domain/schemas";
import { CarForm } from "./CarForm";

function CarTitle() {
  const record = useRecordContext<Car & { id: string }>();
  return <span>{record ? `Automobilis: ${record.make} ${record.model} (${record.year})` : "Automobilis"}</span>;
}

export function CarEdit() {
  return (
    <Edit title={<CarTitle />} mutationMode="pessimistic">
      <CarForm />
    </Edit>
  );
}

export default CarEdit;
