// Settings › "Duomenų saugojimas": how long personal data is kept (settings.retention,
// src/domain/retention.ts). The daily retention job (src/core/dataRights.ts) applies these
// periods, and the privacy page prints the same sentences shown here, so they never disagree.
import { Alert, Typography } from "@mui/material";
import { NumberInput } from "react-admin";
import { useWatch } from "react-hook-form";
import { RETENTION_DEFAULTS, retentionOf, retentionPolicyLines } from "../../domain/retention";

function PolicyPreview() {
  const retention = useWatch({ name: "retention" }) as unknown;
  const lines = retentionPolicyLines(retentionOf({ retention }));
  return (
    <Alert severity="info" icon={false} sx={{ mt: 1, maxWidth: 720 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Taip rašoma privatumo politikoje
      </Typography>
      <ul style={{ margin: 0, paddingLeft: "1.2rem" }}>
        {lines.map((line) => (
          <li key={line}>
            <Typography variant="body2">{line}</Typography>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

export function RetentionSettingsSection() {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
        Kiek laiko saugomi asmens duomenys. Terminai taikomi kasdien automatiškai; išrašytos sąskaitos ir atviros žalos
        pretenzijos lieka.
      </Typography>
      <NumberInput
        source="retention.licenceDays"
        label="Pažymėjimo duomenys ir parašai, dienų po grąžinimo"
        helperText={`Numatyta ${RETENTION_DEFAULTS.licenceDays}`}
        defaultValue={RETENTION_DEFAULTS.licenceDays}
        step={1}
        min={1}
        max={3650}
      />
      <NumberInput
        source="retention.inquiryMonths"
        label="Užklausos, mėnesių"
        helperText={`Numatyta ${RETENTION_DEFAULTS.inquiryMonths}`}
        defaultValue={RETENTION_DEFAULTS.inquiryMonths}
        step={1}
        min={1}
        max={120}
      />
      <NumberInput
        source="retention.mailBodyDays"
        label="Laiškų turinys, dienų"
        helperText={`Numatyta ${RETENTION_DEFAULTS.mailBodyDays}`}
        defaultValue={RETENTION_DEFAULTS.mailBodyDays}
        step={1}
        min={1}
        max={3650}
      />
      <NumberInput
        source="retention.inactiveCustomerYears"
        label="Neaktyvūs klientai nuasmeninami po, metų"
        helperText={`Numatyta ${RETENTION_DEFAULTS.inactiveCustomerYears}`}
        defaultValue={RETENTION_DEFAULTS.inactiveCustomerYears}
        step={1}
        min={1}
        max={20}
      />
      <PolicyPreview />
    </>
  );
}
