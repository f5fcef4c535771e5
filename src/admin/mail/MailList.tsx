// The e-mail outbox: what was queued, sent or failed.
import { DataTable, List, SelectInput } from "react-admin";
import type { Mail } from "../../domain/schemas";
import { type ChipTone, ChoiceChip, DateTimeValue } from "../common/fields";
import { MAIL_STATE_CHOICES } from "../labels";

type MailRecord = Mail & { id: string };
const Column = DataTable.Col<MailRecord>;

const MAIL_STATE_TONES: Readonly<Record<string, ChipTone>> = {
  PENDING: "info",
  PROCESSING: "info",
  SUCCESS: "success",
  ERROR: "error",
};

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
    >
      <DataTable bulkActionButtons={false} rowClick="show">
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
      </DataTable>
    </List>
  );
}
