// /admin/requests/reply/:id: answer an inquiry by e-mail. One server operation puts the mail in
// the outbox, records the reply on the inquiry and sets it to answered (all or nothing).

import SendIcon from "@mui/icons-material/Send";
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { Loading, Title, useBasename, useGetList, useGetOne, useNotify, useRedirect, useUpdate } from "react-admin";
import { useParams } from "react-router-dom";
import { countryName } from "../../domain/countries";
import { formatCount, formatDateTime, formatNumber } from "../../domain/format";
import { replyInputSchema } from "../../domain/inquiry";
import type { InquiryRequest, Settings } from "../../domain/schemas";
import { DEFAULT_EMAIL_TEMPLATES } from "../../domain/settings";
import { useAdminActions } from "../adminApi";
import { choiceName, REQUEST_STATUS_CHOICES, REQUEST_TYPE_CHOICES } from "../labels";

type RequestRecord = InquiryRequest & { id: string };
type ReplyErrors = { subject?: string; body?: string };

/** The server's own limits (src/domain/inquiry.ts), so the form refuses what the server would. */
export const REPLY_SUBJECT_MAX = replyInputSchema.shape.subject.maxLength ?? 200;
export const REPLY_BODY_MAX = replyInputSchema.shape.body.maxLength ?? 20_000;

/** "1 234 / 20 000 simbolių" */
export const charCounter = (length: number, max: number) => `${formatNumber(length)} / ${formatNumber(max)} simbolių`;

/** The reply's field errors, in the words the staff read under each field. */
export function replyErrors(subject: string, body: string): ReplyErrors {
  const found: ReplyErrors = {};
  if (!subject.trim()) found.subject = "Įrašykite temą";
  else if (subject.trim().length > REPLY_SUBJECT_MAX)
    found.subject = `Tema per ilga: ${charCounter(subject.trim().length, REPLY_SUBJECT_MAX)}`;
  if (!body.trim()) found.body = "Įrašykite atsakymą";
  else if (body.trim().length > REPLY_BODY_MAX) {
    const over = body.trim().length - REPLY_BODY_MAX;
    found.body = `Atsakymas per ilgas: sutrumpinkite ${formatCount(over, ["simboliu", "simboliais", "simbolių"])}`;
  }
  return found;
}

/** A server refusal's field messages ({ errors: { body: "…" } }), if it sent any. */
function serverFieldErrors(error: unknown): ReplyErrors {
  const body = (error as { body?: { errors?: unknown } } | null)?.body;
  const errors = body?.errors;
  if (!errors || typeof errors !== "object") return {};
  const { subject, body: text } = errors as Record<string, unknown>;
  return {
    ...(typeof subject === "string" ? { subject } : {}),
    ...(typeof text === "string" ? { body: text } : {}),
  };
}
type SettingsRecord = Settings & { id: string };

/** "{name}" -> value; unknown placeholders stay as they are. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export function replyDraft(request: InquiryRequest, settings: Settings | undefined): { subject: string; body: string } {
  const template = settings?.emailTemplates.requestReply ?? DEFAULT_EMAIL_TEMPLATES.requestReply;
  const company = settings?.company.brand || settings?.company.name || "";
  const topic = `Jūsų užklausa (${choiceName(REQUEST_TYPE_CHOICES, request.type).toLocaleLowerCase("lt-LT")})`;
  const values = { name: request.name, subject: topic, body: "", company };
  return { subject: fillTemplate(template.subject, values), body: fillTemplate(template.body, values) };
}

export function RequestReply() {
  const { id = "" } = useParams();
  const basename = useBasename();
  const { replyToRequest } = useAdminActions();
  const [update, { isPending: updatingStatus }] = useUpdate<RequestRecord>();
  const notify = useNotify();
  const redirect = useRedirect();
  const request = useGetOne<RequestRecord>("requests", { id });
  const settings = useGetList<SettingsRecord>("settings", {
    pagination: { page: 1, perPage: 1 },
    sort: { field: "id", order: "ASC" },
  });
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [prefilled, setPrefilled] = useState(false);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<ReplyErrors>({});

  useEffect(() => {
    if (prefilled || !request.data || settings.isPending) return;
    const draft = replyDraft(request.data, settings.data?.[0]);
    setSubject(draft.subject);
    setBody(draft.body);
    setPrefilled(true);
  }, [prefilled, request.data, settings.isPending, settings.data]);

  if (request.isPending) return <Loading />;
  if (request.error || !request.data) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        Užklausa nerasta.
      </Alert>
    );
  }
  const inquiry = request.data;
  const subjectTooLong = subject.trim().length > REPLY_SUBJECT_MAX;
  const bodyTooLong = body.trim().length > REPLY_BODY_MAX;

  const setStatus = (status: RequestRecord["status"], message: string) =>
    update(
      "requests",
      { id: inquiry.id, data: { status }, previousData: inquiry },
      {
        mutationMode: "pessimistic",
        onSuccess: () => notify(message, { type: "success" }),
        onError: (error) =>
          notify(error instanceof Error ? error.message : "Būsenos pakeisti nepavyko", { type: "error" }),
      },
    );

  const send = async () => {
    const found = replyErrors(subject, body);
    setErrors(found);
    if (found.subject || found.body) return;
    setSending(true);
    try {
      await replyToRequest(inquiry.id, { subject: subject.trim(), body: body.trim() });
      notify("Atsakymas įdėtas į siuntimo eilę, užklausa pažymėta kaip atsakyta", { type: "success" });
      redirect("list", "requests");
    } catch (error) {
      setErrors(serverFieldErrors(error));
      notify(error instanceof Error ? error.message : "Atsakymo išsiųsti nepavyko", { type: "error" });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ mt: 2, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "2fr 3fr" } }}>
      <Title title={`Atsakymas: ${inquiry.name}`} />
      <Card component="section" aria-labelledby="inquiry-heading">
        <CardContent>
          <Typography id="inquiry-heading" variant="h6" component="h2">
            Užklausa
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {choiceName(REQUEST_TYPE_CHOICES, inquiry.type)} · {choiceName(REQUEST_STATUS_CHOICES, inquiry.status)}
            {inquiry.createdAt ? ` · ${formatDateTime(inquiry.createdAt)}` : ""}
          </Typography>
          <Typography>
            {inquiry.name}, <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
            {inquiry.phone ? `, ${inquiry.phone}` : ""}
          </Typography>
          {inquiry.company && (
            <Typography variant="body2">
              {inquiry.company.name}, įmonės kodas {inquiry.company.code}
              {inquiry.company.vatCode ? `, PVM mokėtojo kodas ${inquiry.company.vatCode}` : ""}
              {inquiry.company.country ? `, ${countryName(inquiry.company.country)}` : ""}
            </Typography>
          )}
          <Typography
            component="blockquote"
            sx={{ whiteSpace: "pre-wrap", mt: 2, mx: 0, pl: 2, borderLeft: 3, borderColor: "divider" }}
          >
            {inquiry.message}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: "wrap", gap: 1 }}>
            {inquiry.status !== "closed" && (
              <Button
                size="small"
                variant="outlined"
                disabled={updatingStatus}
                onClick={() => setStatus("closed", "Užklausa uždaryta")}
              >
                Uždaryti be atsakymo
              </Button>
            )}
            {inquiry.status !== "spam" && (
              <Button
                size="small"
                variant="outlined"
                color="warning"
                disabled={updatingStatus}
                onClick={() => setStatus("spam", "Užklausa pažymėta kaip šlamštas")}
              >
                Žymėti kaip šlamštą
              </Button>
            )}
            {inquiry.status !== "new" && (
              <Button size="small" disabled={updatingStatus} onClick={() => setStatus("new", "Užklausa vėl nauja")}>
                Grąžinti į naujas
              </Button>
            )}
          </Stack>
          {inquiry.replies.length > 0 && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                Ankstesni atsakymai
              </Typography>
              {inquiry.replies.map((reply) => (
                <Box key={reply.at} sx={{ mt: 1 }}>
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(reply.at)} · {reply.by} · {reply.subject}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
                    {reply.body}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="reply-heading">
        <CardContent>
          <Typography id="reply-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            Atsakymas gavėjui {inquiry.email}
          </Typography>
          <TextField
            label="Tema"
            value={subject}
            onChange={(event) => {
              setSubject(event.target.value);
              if (errors.subject) setErrors({ ...errors, subject: replyErrors(event.target.value, body).subject });
            }}
            error={Boolean(errors.subject) || subjectTooLong}
            helperText={
              errors.subject ?? (subjectTooLong ? charCounter(subject.trim().length, REPLY_SUBJECT_MAX) : undefined)
            }
            required
          />
          <TextField
            label="Tekstas"
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              if (errors.body) setErrors({ ...errors, body: replyErrors(subject, event.target.value).body });
            }}
            error={Boolean(errors.body) || bodyTooLong}
            helperText={
              <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
                <span>
                  {errors.body ??
                    (bodyTooLong
                      ? replyErrors(subject, body).body
                      : "Laiškas bus įdėtas į siuntimo eilę ir išsiųstas iš įmonės el. pašto adreso.")}
                </span>
                <span data-testid="reply-counter" aria-live="polite">
                  {charCounter(body.trim().length, REPLY_BODY_MAX)}
                </span>
              </Box>
            }
            required
            multiline
            minRows={10}
            // A long text scrolls inside the field: the counter below stays in sight.
            maxRows={20}
          />
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <Button variant="contained" startIcon={<SendIcon />} onClick={send} disabled={sending}>
              {sending ? "Siunčiama…" : "Siųsti atsakymą"}
            </Button>
            <Button
              href={`${basename}/requests`}
              onClick={(event) => {
                event.preventDefault();
                redirect("list", "requests");
              }}
            >
              Atšaukti
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

export default RequestReply;
