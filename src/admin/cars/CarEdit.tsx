import { Box, Card } from "@mui/material";
import { Edit, useRecordContext } from "react-admin";
import type { Car } from "../../domain/schemas";
import { HistoryButton } from "../audit/HistoryButton";
import { CarForm } from "./CarForm";
import { CarPricesPanel, FleetPanel } from "./CarPanels";

function CarTitle() {
  const record = useRecordContext<Car & { id: string }>();
  return <span>{record ? `Automobilis: ${record.make} ${record.model} (${record.year})` : "Automobilis"}</span>;
}

/** Every field of the car, then its fleet record and its prices, each saved on its own. */
export function CarEdit() {
  return (
    <Edit title={<CarTitle />} mutationMode="pessimistic" component="div">
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <HistoryButton resource="cars" />
      </Box>
      <Card>
        <CarForm />
      </Card>
      <Box sx={{ mb: 2 }}>
        <FleetPanel />
        <CarPricesPanel />
      </Box>
    </Edit>
  );
}

export default CarEdit;
