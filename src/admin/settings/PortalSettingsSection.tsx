// Settings › "Mano rezervacija": the customer's own page (src/core/customerPortal.ts): until when a
// customer cancels free of charge, and whether their changes wait for staff.
import { Typography } from "@mui/material";
import { BooleanInput, NumberInput } from "react-admin";
import { PORTAL_DEFAULTS } from "../../domain/schemas";

export function PortalSettingsSection() {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 640 }}>
        Kiekviename kliento laiške yra asmeninė nuoroda į puslapį „Mano rezervacija“: ten klientas mato rezervaciją,
        gali ją pakeisti, atšaukti, užpildyti vairuotojo duomenis ir atsisiųsti dokumentus.
      </Typography>
      <NumberInput
        source="portal.freeCancellationHours"
        label="Nemokamas atšaukimas iki, val. prieš paėmimą"
        helperText={`Vėliau puslapis nurodo sąlygų mokesčius ir prašo skambinti (numatyta ${PORTAL_DEFAULTS.freeCancellationHours} val.)`}
        defaultValue={PORTAL_DEFAULTS.freeCancellationHours}
        step={1}
        min={0}
        max={720}
      />
      <BooleanInput
        source="portal.changesNeedApproval"
        label="Kliento pakeitimus tvirtina darbuotojai"
        helperText="Įjungus kliento pakeitimas tampa užklausa darbuotojams; išjungus – pritaikomas iš karto"
        defaultValue={PORTAL_DEFAULTS.changesNeedApproval}
      />
    </>
  );
}
