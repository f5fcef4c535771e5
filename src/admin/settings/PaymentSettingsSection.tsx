// Settings › "Mokėjimai": what the site charges online at booking (settings.payments,
// src/domain/payments.ts). Which provider takes the payment is the server's configuration
// (README „Mokėjimai internetu“); without one, customers pay at pick-up.
import { Typography } from "@mui/material";
import { BooleanInput, NumberInput, SelectInput } from "react-admin";
import { formatMoney } from "../../domain/format";
import { PAYMENT_DEFAULTS } from "../../domain/schemas";

const CHARGE_CHOICES = [
  { id: "advance", name: "Fiksuotas avansas" },
  { id: "percent", name: "Kainos procentas" },
  { id: "full", name: "Visa kaina" },
];

export function PaymentSettingsSection() {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 640 }}>
        Kai serveryje sukonfigūruota Paysera arba Stripe, rezervuojantis svetainėje klientas nukreipiamas sumokėti
        internetu. Sumą visada apskaičiuoja serveris pagal rezervacijos kainą. Be mokėjimų sistemos mokama atsiimant
        automobilį.
      </Typography>
      <SelectInput
        source="payments.onlineCharge"
        label="Kiek mokama internetu"
        choices={CHARGE_CHOICES}
        defaultValue={PAYMENT_DEFAULTS.onlineCharge}
        translateChoice={false}
      />
      <NumberInput
        source="payments.advanceAmount"
        label="Avansas, €"
        helperText={`Taikoma pasirinkus fiksuotą avansą; ne daugiau nei kaina (numatyta ${formatMoney(PAYMENT_DEFAULTS.advanceAmount)})`}
        defaultValue={PAYMENT_DEFAULTS.advanceAmount}
        step={1}
        min={0}
      />
      <NumberInput
        source="payments.advancePercent"
        label="Kainos dalis, %"
        helperText={`Taikoma pasirinkus kainos procentą (numatyta ${PAYMENT_DEFAULTS.advancePercent} %)`}
        defaultValue={PAYMENT_DEFAULTS.advancePercent}
        step={1}
        min={1}
        max={100}
      />
      <NumberInput
        source="payments.paymentHoldMinutes"
        label="Kiek laiko automobilis laikomas laukiant mokėjimo, min."
        helperText={`Nesumokėjus per šį laiką rezervacija atšaukiama ir automobilis vėl laisvas (numatyta ${PAYMENT_DEFAULTS.paymentHoldMinutes} min.)`}
        defaultValue={PAYMENT_DEFAULTS.paymentHoldMinutes}
        step={5}
        min={5}
        max={1440}
      />
      <BooleanInput
        source="payments.depositHold"
        label="Užstatą rezervuoti kortelėje (tik Stripe)"
        helperText="Užstato suma kortelėje užblokuojama kartu su mokėjimu ir atlaisvinama Stripe valdymo skydelyje"
        defaultValue={PAYMENT_DEFAULTS.depositHold}
      />
    </>
  );
}
