import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import type { ResourceProps } from "react-admin";
import type { Offer } from "../../domain/schemas";
import { OfferCreate, OfferEdit } from "./OfferForm";
import { OfferList } from "./OfferList";

export const offers = {
  list: OfferList,
  edit: OfferEdit,
  create: OfferCreate,
  icon: LocalOfferIcon,
  recordRepresentation: (offer: Offer) => offer.title,
} satisfies Omit<ResourceProps, "name">;

export default offers;
