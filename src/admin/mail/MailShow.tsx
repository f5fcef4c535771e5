// One outbox mail: recipients, subject, text and delivery state.
import { Box, Typography } from "@mui/material";
import { Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from "react-admin";
import type { Mail } from "../../domain/schemas";
import { ChoiceChip, DateTimeValue } from "../common/fields";
import { MAIL_STATE_CHOICES } from "../labels";

function MailBody() {
  const mail = useRecordContext<Mail & { id: string }>();
  if (!mail) return null;
  return (
    <Labeled label="Tekstas">
      <Box
        component="pre"
        sx={{ whiteSpace: "pre-wrap", fontFamily: "inherit", m: 0, p: 2, bgcolor: "grey.100", borderRadius: 1 }}
      >
        {mail.message.text}
      </Box>
    </Labeled>
  );
}

function Recipients() {
  const mail = useRecordContext<Mail & { id: string }>();
  if (!mail) return null;
  return <Typography>{Array.isArray(mail.to) ? mail.to.join(", ") : mail.to}</Typography>;
}

export function MailShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <Labeled label="resources.mail.fields.createdAt">
          <DateTimeValue source="createdAt" />
        </Labeled>
        <Labeled label="resources.mail.fields.to">
          <Recipients />
        </Labeled>
        <TextField source="replyTo" emptyText="—" />
        <TextField source="message.subject" label="resources.mail.fields.subject" />
        <Labeled label="resources.mail.fields.state">
          <ChoiceChip source="delivery.state" choices={MAIL_STATE_CHOICES} />
        </Labeled>
        <TextField source="delivery.error" label="Klaida" emptyText="—" />
        <TextField source="ref" emptyText="—" />
        <MailBody />
      </SimpleShowLayout>
    </Show>
  );
}
