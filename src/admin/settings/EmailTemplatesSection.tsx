// The settings' e-mail templates: each automatic mail in Lithuanian and English, the reminder's
// hours, the placeholders each template may use, and a live preview with a demo reservation
// (the same renderer the server sends with, src/domain/notifications.ts).
import RestoreIcon from "@mui/icons-material/Restore";
import {
  Alert,
  Box,
  Button,
  MenuItem,
  TextField as MuiTextField,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useMemo, useState } from "react";
import { NumberInput, required, TextInput } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import {
  DEFAULT_EMAIL_TEMPLATES_EN,
  DEFAULT_EMAIL_TEMPLATES_LT,
  EMAIL_TEMPLATE_KEYS,
  type EmailTemplateKey,
} from "../../domain/emailTemplateDefaults";
import { MAIL_RETRY_DAYS_DEFAULT, MAIL_RETRY_DAYS_LIMITS } from "../../domain/mailQueue";
import {
  demoNoticeContext,
  type MailLanguage,
  PLACEHOLDERS,
  previewValues,
  renderTemplate,
  unknownPlaceholders,
} from "../../domain/notifications";
import type { Settings } from "../../domain/schemas";
import { DEFAULT_REMINDER_HOURS, EMPTY_COMPANY } from "../../domain/settings";
import { emptyToString } from "../common/form";

export const TEMPLATE_LABELS: Readonly<Record<EmailTemplateKey, { label: string; when: string }>> = {
  reservationReceived: { label: "Rezervacija gauta", when: "klientui rezervavus svetainėje" },
  reservationConfirmed: { label: "Rezervacija patvirtinta", when: "būsenai tapus „patvirtinta“" },
  reservationChanged: {
    label: "Rezervacija pakeista",
    when: "pakeitus naujos ar patvirtintos rezervacijos datas, automobilį ar vietą",
  },
  reservationCancelled: { label: "Rezervacija atšaukta", when: "atšaukus rezervaciją (su priežastimi)" },
  pickupReminder: { label: "Priminimas prieš paėmimą", when: "nustatytą valandų skaičių iki paėmimo" },
  returnThanks: {
    label: "Padėka po grąžinimo",
    when: "grąžinus automobilį: mokesčiai, galutinė suma, užstatas; pridedamas pasirašytas grąžinimo aktas",
  },
  handoverAct: { label: "Perdavimo aktas", when: "perdavus automobilį; pridedamas pasirašytas perdavimo aktas" },
  requestReply: { label: "Atsakymas į užklausą", when: "darbuotojui atsakant į užklausą" },
  invoiceIssued: {
    label: "Sąskaita faktūra",
    when: "išrašius sąskaitą (darbuotojo, automatiškai grąžinus ar mėnesio); pridedamas sąskaitos PDF",
  },
  creditNoteIssued: {
    label: "Kreditinė sąskaita",
    when: "išrašius kreditinę sąskaitą, koreguojančią išrašytą sąskaitą; pridedamas jos PDF",
  },
};

const FINAL_AMOUNT_TEMPLATES: readonly EmailTemplateKey[] = ["returnThanks"];

const DEFAULTS: Record<MailLanguage, typeof DEFAULT_EMAIL_TEMPLATES_LT> = {
  lt: DEFAULT_EMAIL_TEMPLATES_LT,
  en: DEFAULT_EMAIL_TEMPLATES_EN,
};
const prefixOf = (language: MailLanguage) => (language === "en" ? "emailTemplatesEn" : "emailTemplates");

function Preview({ language, templateKey }: { language: MailLanguage; templateKey: EmailTemplateKey }) {
  const prefix = prefixOf(language);
  const [subject, body, company] = useWatch({
    name: [`${prefix}.${templateKey}.subject`, `${prefix}.${templateKey}.body`, "company"],
  }) as [string | undefined, string | undefined, Settings["company"] | undefined];
  const fallback = DEFAULTS[language][templateKey];
  const subjectText = subject ?? fallback.subject;
  const bodyText = body ?? fallback.body;
  const values = useMemo(() => {
    const ctx = demoNoticeContext(
      { company: { ...EMPTY_COMPANY, ...(company ?? {}) }, emailTemplates: DEFAULT_EMAIL_TEMPLATES_LT },
      language,
    );
    return previewValues(FINAL_AMOUNT_TEMPLATES.includes(templateKey) ? ctx : { ...ctx, final: undefined }, language);
  }, [company, language, templateKey]);
  const unknown = unknownPlaceholders(`${subjectText}\n${bodyText}`);
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Peržiūra su demonstracine rezervacija
      </Typography>
      {unknown.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Nežinomos žymės liks laiške kaip parašytos: {unknown.join(", ")}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="email-preview">
        <Typography variant="body2" color="text.secondary">
          Tema
        </Typography>
        <Typography sx={{ fontWeight: 600, mb: 1.5, wordBreak: "break-word" }} data-testid="email-preview-subject">
          {renderTemplate(subjectText, values).replace(/\s+/g, " ").trim()}
        </Typography>
        <Box
          component="pre"
          data-testid="email-preview-body"
          sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", fontFamily: "inherit", m: 0 }}
        >
          {renderTemplate(bodyText, values)}
        </Box>
      </Paper>
    </Box>
  );
}

function PlaceholderList() {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 1.5, rowGap: 0.5 }}
    >
      {PLACEHOLDERS.map((p) => (
        <Box key={p.key} sx={{ display: "contents" }}>
          <Box component="dt" sx={{ fontFamily: "monospace", fontSize: 13 }}>{`{{${p.key}}}`}</Box>
          <Box component="dd" sx={{ m: 0, fontSize: 13, color: "text.secondary" }}>
            {p.label}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The "Laiškų šablonai" tab of the settings form. */
export function EmailTemplatesSection() {
  const [language, setLanguage] = useState<MailLanguage>("lt");
  const [templateKey, setTemplateKey] = useState<EmailTemplateKey>("reservationConfirmed");
  const { setValue } = useFormContext();
  const prefix = prefixOf(language);
  const fallback = DEFAULTS[language][templateKey];
  const restore = () => {
    setValue(`${prefix}.${templateKey}.subject`, fallback.subject, { shouldDirty: true });
    setValue(`${prefix}.${templateKey}.body`, fallback.body, { shouldDirty: true });
  };

  return (
    <Stack spacing={2} sx={{ width: "100%", maxWidth: 1100 }}>
      <NumberInput
        source="reminderHours"
        label="Priminimas prieš paėmimą, val."
        helperText="Patvirtintos rezervacijos klientui laiškas išsiunčiamas tiek valandų iki paėmimo (1–168)"
        defaultValue={DEFAULT_REMINDER_HOURS}
        step={1}
        min={1}
        max={168}
        sx={{ maxWidth: 360 }}
      />
      <NumberInput
        source="mailRetryDays"
        label="Neišsiųstą laišką bandyti siųsti, d."
        helperText="Jei pašto serveris nepasiekiamas, laiškas siunčiamas pakartotinai tiek dienų (1–14), paskui pažymimas kaip neišsiųstas"
        defaultValue={MAIL_RETRY_DAYS_DEFAULT}
        step={1}
        min={MAIL_RETRY_DAYS_LIMITS[0]}
        max={MAIL_RETRY_DAYS_LIMITS[1]}
        sx={{ maxWidth: 360 }}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <MuiTextField
          select
          label="Šablonas"
          value={templateKey}
          onChange={(event) => setTemplateKey(event.target.value as EmailTemplateKey)}
          size="small"
          sx={{ minWidth: 260 }}
          slotProps={{ htmlInput: { "data-testid": "template-select" } }}
        >
          {EMAIL_TEMPLATE_KEYS.map((key) => (
            <MenuItem key={key} value={key}>
              {TEMPLATE_LABELS[key].label}
            </MenuItem>
          ))}
        </MuiTextField>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={language}
          onChange={(_, value: MailLanguage | null) => value && setLanguage(value)}
          aria-label="Laiško kalba"
        >
          <ToggleButton value="lt">Lietuvių</ToggleButton>
          <ToggleButton value="en">Anglų</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Siunčiama {TEMPLATE_LABELS[templateKey].when}. Kalba – kliento (kliento kortelėje; numatyta lietuvių).
      </Typography>
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) minmax(0, 1fr)" },
          gap: 2,
          alignItems: "start",
        }}
      >
        <Box key={`${prefix}.${templateKey}`}>
          <TextInput
            source={`${prefix}.${templateKey}.subject`}
            label="Tema"
            defaultValue={fallback.subject}
            validate={required()}
            parse={emptyToString}
            fullWidth
          />
          <TextInput
            source={`${prefix}.${templateKey}.body`}
            label="Tekstas"
            defaultValue={fallback.body}
            multiline
            minRows={10}
            validate={required()}
            parse={emptyToString}
            fullWidth
          />
          <Button startIcon={<RestoreIcon />} onClick={restore} size="small">
            Atkurti numatytąjį tekstą
          </Button>
        </Box>
        <Preview language={language} templateKey={templateKey} />
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Žymės
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Rašykite dvigubuose riestiniuose skliaustuose; siunčiant pakeičiamos rezervacijos duomenimis. Žymė be reikšmės
          tampa tuščia. Senos žymės {"{number}"}, {"{name}"}, {"{car}"}, {"{pickup}"}, {"{return}"}, {"{total}"},{" "}
          {"{company}"}, {"{subject}"}, {"{body}"} tebeveikia.
        </Typography>
        <PlaceholderList />
      </Box>
    </Stack>
  );
}

export default EmailTemplatesSection;
