import BugReportIcon from "@mui/icons-material/BugReport";
import type { ResourceProps } from "react-admin";
import { ClientErrorList } from "./ClientErrorList";

export const clientErrors = {
  list: ClientErrorList,
  icon: BugReportIcon,
} satisfies Omit<ResourceProps, "name">;

export default clientErrors;
