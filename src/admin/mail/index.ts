import OutboxIcon from "@mui/icons-material/Outbox";
import type { ResourceProps } from "react-admin";
import type { Mail } from "../../domain/schemas";
import { MailList } from "./MailList";
import { MailShow } from "./MailShow";

export const mail = {
  list: MailList,
  show: MailShow,
  icon: OutboxIcon,
  recordRepresentation: (record: Mail) => record.message.subject,
} satisfies Omit<ResourceProps, "name">;

export default mail;
