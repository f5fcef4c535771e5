// Settings › "Sąskaitos": the invoice series, the credit notes' own series and the invoice at the
// return (settings.invoicing, src/domain/invoices.ts). A VAT invoice needs the company's VAT code
// (tab "Įmonė"); without it the invoices are plain ones and there is no i.SAF.
import { Typography } from "@mui/material";
import { BooleanInput, NumberInput, SelectInput, TextInput } from "react-admin";
import { INVOICING_DEFAULTS } from "../../domain/invoices";
import {
  DAMAGE_VAT_LABELS,
  DAMAGE_VAT_TREATMENTS,
  DEFAULT_DAMAGE_VAT,
  MAX_PAYMENT_TERM_DAYS,
} from "../../domain/invoicingSettings";

const DAMAGE_VAT_CHOICES = DAMAGE_VAT_TREATMENTS.map((id) => ({ id, name: DAMAGE_VAT_LABELS[id] }));

const upper = (value: string | null | undefined) => (value ?? "").toUpperCase();

export function InvoicingSettingsSection() {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
        Numeriai serijoje eina iš eilės be tarpų (pvz., RN-000123). Išrašyta sąskaita nekeičiama – klaida taisoma
        kreditine sąskaita, kuri turi savo seriją. PVM sąskaitos išrašomos, kai skiltyje „Įmonė“ įrašytas PVM mokėtojo
        kodas.
      </Typography>
      <TextInput
        source="invoicing.series"
        label="Sąskaitų serija"
        helperText="1–6 didžiosios lotyniškos raidės; pakeitus serija pradedama nuo 000001"
        defaultValue={INVOICING_DEFAULTS.series}
        parse={upper}
        sx={{ maxWidth: 260 }}
      />
      <TextInput
        source="invoicing.creditSeries"
        label="Kreditinių sąskaitų serija"
        helperText="Turi skirtis nuo sąskaitų serijos"
        defaultValue={INVOICING_DEFAULTS.creditSeries}
        parse={upper}
        sx={{ maxWidth: 260 }}
      />
      <TextInput
        source="invoicing.advanceSeries"
        label="Avansinių sąskaitų serija"
        helperText="Avansinė PVM sąskaita išrašoma, kai mokėjimas internetu gaunamas prieš sąskaitą; galutinė sąskaita avansą atskaito"
        defaultValue={INVOICING_DEFAULTS.advanceSeries}
        parse={upper}
        sx={{ maxWidth: 520 }}
      />
      <NumberInput
        source="invoicing.paymentTermDays"
        label="Apmokėjimo terminas, dienos"
        helperText="Apmokėti iki = išrašymo data + tiek dienų; klientui galima nurodyti kitą terminą jo kortelėje"
        defaultValue={INVOICING_DEFAULTS.paymentTermDays}
        min={0}
        max={MAX_PAYMENT_TERM_DAYS}
        step={1}
        sx={{ maxWidth: 520 }}
      />
      <BooleanInput
        source="invoicing.autoInvoiceAtReturn"
        label="Išrašyti sąskaitą automatiškai grąžinant automobilį (privatiems klientams)"
        defaultValue={INVOICING_DEFAULTS.autoInvoiceAtReturn}
        helperText="Verslo klientams išrašoma mėnesio sąskaita (Sąskaitos › Mėnesio sąskaita)"
      />
      <SelectInput
        source="invoicing.damageVat"
        label="Žalos atlyginimas sąskaitoje"
        choices={DAMAGE_VAT_CHOICES}
        defaultValue={DEFAULT_DAMAGE_VAT}
        helperText="Žalos atlyginimas paprastai nėra PVM objektas: eilutė be PVM su pastaba „Neapmokestinama PVM“"
        sx={{ maxWidth: 520 }}
      />
    </>
  );
}
