import MailOutlineIcon from "@mui/icons-material/MailOutline";
import type { ResourceProps } from "react-admin";
import type { InquiryRequest } from "../../domain/schemas";
import { RequestList } from "./RequestList";

export const requests = {
  list: RequestList,
  icon: MailOutlineIcon,
  recordRepresentation: (request: InquiryRequest) => `${request.name} (${request.email})`,
} satisfies Omit<ResourceProps, "name">;

export default requests;
