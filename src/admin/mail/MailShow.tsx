// One outbox mail: recipients, subject, text, attachments and delivery state.
import AttachFileIcon from "@mui/icons-material/AttachFile";
import { Box, Link, Stack, Typography } from "@mui/material";
import { Labeled, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext } from "react-admin";
import { useBackend } from "../../app/BackendContext";
import type { Mail } from "../../domain/schemas";
import { ChoiceChip, DateTimeValue } from "../common/fields";
import { MAIL_STATE_CHOICES } from "../labels";
import { MailRef } from "./MailRef";
import { ResendMailButton } from "./ResendMailButton";

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

/** The files sent along (e.g. the signed act), each opening the private file for staff. */
function MailAttachments() {
  const mail = useRecordContext<Mail & { id: string }>();
  const backend = useBackend();
  const attachments = mail?.message.attachments ?? [];
  if (attachments.length === 0) return null;
  return (
    <Labeled label="Priedai">
      <Stack component="ul" spacing={0.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {attachments.map((attachment) => (
          <Stack component="li" key={attachment.path} direction="row" spacing={1} alignItems="center">
            <AttachFileIcon fontSize="small" color="action" aria-hidden />
            <Link
              href={backend.files.url(attachment.path)}
              target="_blank"
              rel="noopener"
              sx={{ wordBreak: "break-all" }}
            >
              {attachment.filename}
            </Link>
          </Stack>
        ))}
      </Stack>
    </Labeled>
  );
}

function Recipients() {
  const mail = useRecordContext<Mail & { id: string }>();
  if (!mail) return null;
  return <Typography>{Array.isArray(mail.to) ? mail.to.join(", ") : mail.to}</Typography>;
}

function RefLink() {
  const mail = useRecordContext<Mail & { id: string }>();
  return mail ? <MailRef value={mail.ref} /> : null;
}

function MailShowActions() {
  return (
    <TopToolbar>
      <ResendMailButton />
    </TopToolbar>
  );
}

export function MailShow() {
  return (
    <Show actions={<MailShowActions />}>
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
        <Labeled label="resources.mail.fields.ref">
          <RefLink />
        </Labeled>
        <MailAttachments />
        <MailBody />
      </SimpleShowLayout>
    </Show>
  );
}
