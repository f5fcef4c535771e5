// The e-mail outbox: what was queued, sent or failed.
import { BulkExportButton, DataTable, List, SelectInput } from "react-admin";
import type { Mail } from "../../domain/schemas";
import { csvExporter, EXPORT_SELECTED_LABEL } from "../common/csv";
import { type ChipTone, ChoiceChip, DateTimeValue } from "../common/fields";
import { choiceName, MAIL_STATE_CHOICES } from "../labels";
import { MailRef } from "./MailRef";
import { ResendMailButton } from "./ResendMailButton";

type MailRecord = Mail & { id: string };
const Column = DataTable.Col<MailRecord>;

const MAIL_STATE_TONES: Readonly<Record<string, ChipTone>> = {
  PENDING: "info",
  PROCESSING: "info",
  SUCCESS: "success",
  ERROR: "error",
};

export const mailExporter = csvExporter<MailRecord>({
  fileName: "laiškai",
  columns: [
    { header: "Sukurta", value: (m) => m.createdAt, kind: "dateTime" },
    { header: "Gavėjas", value: (m) => (Array.isArray(m.to) ? m.to.join(", ") : m.to) },
    { header: "Tema", value: (m) => m.message?.subject },
    { header: "Būsena", value: (m) => choiceName(MAIL_STATE_CHOICES, m.delivery?.state) },
    { header: "Bandymai", value: (m) => m.delivery?.attempts, kind: "number" },
    { header: "Išsiųsta", value: (m) => m.delivery?.endTime, kind: "dateTime" },
    { header: "Klaida", value: (m) => m.delivery?.error },
    { header: "Susijęs įrašas", value: (m) => m.ref },
  ],
});

export function MailList() {
  return (
    <List
      filters={[
        <SelectInput
          key="state"
          source="delivery.state"
          choices={MAIL_STATE_CHOICES}
          translateChoice={false}
          label="Būsena"
        />,
      ]}
      sort={{ field: "createdAt", order: "DESC" }}
      exporter={mailExporter}
    >
      <DataTable bulkActionButtons={<BulkExportButton label={EXPORT_SELECTED_LABEL} />} rowClick="show">
        <Column source="createdAt" field={DateTimeValue} />
        <Column source="to" disableSort render={(mail) => (Array.isArray(mail.to) ? mail.to.join(", ") : mail.to)} />
        <Column source="message.subject" label="resources.mail.fields.subject" disableSort />
        <Column
          source="delivery.state"
          label="resources.mail.fields.state"
          disableSort
          render={() => <ChoiceChip source="delivery.state" choices={MAIL_STATE_CHOICES} tones={MAIL_STATE_TONES} />}
        />
        <Column source="delivery.attempts" label="resources.mail.fields.attempts" disableSort />
        <Column
          source="ref"
          label="resources.mail.fields.ref"
          disableSort
          render={(mail) => <MailRef value={mail.ref} />}
        />
        <Column label="" disableSort render={(mail) => <ResendMailButton mail={mail} compact />} />
      </DataTable>
    </List>
  );
}
