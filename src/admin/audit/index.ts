import HistoryIcon from "@mui/icons-material/History";
import type { ResourceProps } from "react-admin";
import { AuditLogList } from "./AuditLogList";

export const auditLog = {
  list: AuditLogList,
  icon: HistoryIcon,
} satisfies Omit<ResourceProps, "name">;

export default auditLog;
