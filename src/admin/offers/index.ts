import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import type { ResourceProps } from "react-admin";
import type { Offer } from "../../domain/schemas";
import { OfferList } from "./OfferList";

export const offers = {
  list: OfferList,
  icon: LocalOfferIcon,
  recordRepresentation: (offer: Offer) => offer.title,
} satisfies Omit<ResourceProps, "name">;

export default offers;
