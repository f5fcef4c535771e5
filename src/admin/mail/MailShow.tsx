// One outbox mail: recipients, subject, text, attachments and delivery state.
import AttachFileIcon from "@mui/icons-material/AttachFile";
import { Box, Link, Stack, Typography } from "@mui/material";
import { Labeled, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext } from "react-admin";
import type { Mail } from "../../domain/schemas";
import { ChoiceChip, DateTimeValue } from "../common/fields";
import { usePrivateFileUrl } from "../common/usePrivateFileUrl";
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

/** An attached file, opening the kept private file for staff. */
function AttachmentLink({ path, filename }: { path: string; filename: string }) {
  const url = usePrivateFileUrl(path);
  return (
    <Stack component="li" direction="row" spacing={1} alignItems="center">
      <AttachFileIcon fontSize="small" color="action" aria-hidden />
      <Link href={url} target="_blank" rel="noopener" sx={{ wordBreak: "break-all" }}>
        {filename}
      </Link>
    </Stack>
  );
}

/** The files sent along (e.g. the signed act). */
function MailAttachments() {
  const mail = useRecordContext<Mail & { id: string }>();
  const attachments = mail?.message.attachments ?? [];
  if (attachments.length === 0) return null;
  return (
    <Labeled label="Priedai">
      <Stack component="ul" spacing={0.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {attachments.map((attachment) => {
          // Inline (Firebase) attachments name their kept file under `document`.
          const path = "path" in attachment ? attachment.path : attachment.document;
          return <AttachmentLink key={path} path={path} filename={attachment.filename} />;
        })}
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
