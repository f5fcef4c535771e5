// Settings › "Nuomos punktas": moving a car between places (src/domain/carTransfers.ts). The site
// offers a car at a place it can be brought to in time, for this fee, shown as its own quote line.
import { Typography } from "@mui/material";
import { NumberInput } from "react-admin";
import { TRANSFER_DEFAULTS, TRANSFER_LABEL } from "../../domain/carTransfers";

export function TransferSettingsSection() {
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        Automobilių pervežimas tarp vietų
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 640 }}>
        Svetainė siūlo automobilį paėmimo vietoje, kurioje jis tuo metu bus, arba į kurią jį spėsite pervežti. Pervežimo
        mokestis kainoje rodomas atskira eilute „{TRANSFER_LABEL}“.
      </Typography>
      <NumberInput
        source="transfers.fee"
        label="Pervežimo mokestis, €"
        helperText={`Numatyta ${TRANSFER_DEFAULTS.fee} €`}
        defaultValue={TRANSFER_DEFAULTS.fee}
        step={0.01}
        min={0}
      />
      <NumberInput
        source="transfers.leadHours"
        label="Mažiausias pervežimo laikas, val."
        helperText={`Tiek valandų turi praeiti nuo automobilio grąžinimo iki paėmimo kitoje vietoje (numatyta ${TRANSFER_DEFAULTS.leadHours} val.)`}
        defaultValue={TRANSFER_DEFAULTS.leadHours}
        step={1}
        min={0}
        max={168}
      />
    </>
  );
}
