// Settings › "Kainos ir mokesčiai": the tariff (settings.tariff, src/domain/tariff.ts), the one place
// of every fee a customer is bound by. The terms page and the agreement print it
// (src/domain/tariffText.ts), the quote adds the fees that apply by rule (src/domain/ruleFees.ts)
// and the counter's return charges use it (src/domain/returnCharges.ts). An older settings document
// without it shows the desk's old rates over the defaults (the form's defaultValues: tariffOf).
import { Typography } from "@mui/material";
import { NumberInput } from "react-admin";
import { formatMoney } from "../../domain/format";
import { TARIFF_DEFAULTS } from "../../domain/tariffDefaults";

const money = (label: string, source: keyof typeof TARIFF_DEFAULTS, helperText: string) => (
  <NumberInput
    key={source}
    source={`tariff.${source}`}
    label={label}
    helperText={`${helperText} (numatyta ${formatMoney(Number(TARIFF_DEFAULTS[source] ?? 0))})`}
    step={0.01}
    min={0}
  />
);

export function DeskSettingsSection() {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 640 }}>
        Šie skaičiai spausdinami nuomos sąlygų puslapyje ir sutartyje („Kainos ir mokesčiai“), jais skaičiuojama kaina
        prieš rezervuojant ir grąžinimo mokesčiai. Apskaičiuotą grąžinimo sumą pakeisti gali tik administratorius,
        nurodęs priežastį.
      </Typography>
      {money("Viršyto kilometro kaina, €/km", "extraKmRate", "Už kiekvieną kilometrą virš automobilio ridos limito")}
      <NumberInput
        source="tariff.unlimitedMileageFromDays"
        label="Rida neribojama nuo, parų"
        helperText="Nuo tiek parų nuomos ridos limitas netaikomas; tuščia – automobilio limitas taikomas visada"
        step={1}
        min={1}
        max={730}
      />
      {money(
        "Trūkstamo bako ketvirčio kaina, €",
        "fuelPerQuarter",
        "Už kiekvieną trūkstamą ketvirtį, palyginti su išdavimu",
      )}
      {money("Degalų pildymo paslauga, €", "fuelServiceFee", "Vieną kartą, kai trūksta degalų")}
      {money("Valymo mokestis, €", "cleaningFee", "Kai grąžinant pažymima „Reikia valymo“")}
      {money("Rūkymo mokestis, €", "smokingFee", "Kai grąžinant pažymima „Rūkyta automobilyje“")}
      {money("Vėlavimo grąžinti mokestis, €", "lateReturnFee", "Vieną kartą, be pradėtų parų kainos")}
      <NumberInput
        source="tariff.minDriverAge"
        label="Mažiausias vairuotojo amžius, m."
        helperText={`Automobiliui galima nustatyti didesnį (numatyta ${TARIFF_DEFAULTS.minDriverAge} m.)`}
        step={1}
        min={16}
        max={99}
      />
      <NumberInput
        source="tariff.youngDriverUnderAge"
        label="Jauno vairuotojo mokestis taikomas iki, m."
        helperText={`Pagal gimimo datą paėmimo dieną (numatyta ${TARIFF_DEFAULTS.youngDriverUnderAge} m.)`}
        step={1}
        min={16}
        max={99}
      />
      {money("Jauno vairuotojo mokestis parai, €", "youngDriverPerDay", "Įtraukiamas į kainą automatiškai")}
      {money("Kelionės į užsienį mokestis, €", "abroadFee", "Kai klientas nurodo, kad vyks į užsienį")}
      {money("Užstato padidinimas vykstant į užsienį, €", "abroadExtraDeposit", "Pridedamas prie automobilio užstato")}
      {money(
        "Paėmimas ar grąžinimas ne darbo laiku, €",
        "afterHoursFee",
        "Už kiekvieną paėmimą ar grąžinimą už darbo valandų",
      )}
    </>
  );
}
