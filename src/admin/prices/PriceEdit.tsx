import { Create, Edit } from "react-admin";
import { NEW_PRICE_DEFAULTS, normalisePrice, PriceForm } from "./PriceForm";

export function PriceEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={normalisePrice}>
      <PriceForm canDelete />
    </Edit>
  );
}

export function PriceCreate() {
  return (
    <Create record={NEW_PRICE_DEFAULTS} transform={normalisePrice} redirect="list">
      <PriceForm />
    </Create>
  );
}
