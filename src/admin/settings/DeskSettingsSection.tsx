// Settings › "Nuomos punktas": the rates the rental desk's return charges use (settings.desk,
// src/domain/returnCharges.ts). An older settings document without them reads the defaults.
import { Typography } from "@mui/material";
import { NumberInput } from "react-admin";
import { formatMoney } from "../../domain/format";
import { DESK_DEFAULTS } from "../../domain/schemas";

export function DeskSettingsSection() {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 640 }}>
        Šiais tarifais apskaičiuojami grąžinimo mokesčiai. Apskaičiuotą sumą grąžinant automobilį pakeisti gali tik
        administratorius, nurodęs priežastį.
      </Typography>
      <NumberInput
        source="desk.extraKmRate"
        label="Viršyto kilometro kaina, €/km"
        helperText={`Už kiekvieną kilometrą virš automobilio ridos limito × nuomos parų (numatyta ${formatMoney(DESK_DEFAULTS.extraKmRate)}/km)`}
        defaultValue={DESK_DEFAULTS.extraKmRate}
        step={0.01}
        min={0}
      />
      <NumberInput
        source="desk.fuelChargePerQuarter"
        label="Trūkstamo bako ketvirčio kaina, €"
        helperText={`Už kiekvieną trūkstamą ketvirtį, palyginti su išdavimu (numatyta ${formatMoney(DESK_DEFAULTS.fuelChargePerQuarter)})`}
        defaultValue={DESK_DEFAULTS.fuelChargePerQuarter}
        step={0.5}
        min={0}
      />
      <NumberInput
        source="desk.cleaningFee"
        label="Valymo mokestis, €"
        helperText={`Kai grąžinant pažymima „Reikia valymo“ (numatyta ${formatMoney(DESK_DEFAULTS.cleaningFee)})`}
        defaultValue={DESK_DEFAULTS.cleaningFee}
        step={0.5}
        min={0}
      />
    </>
  );
}
