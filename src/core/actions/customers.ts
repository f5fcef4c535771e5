// Customers beyond react-admin's CRUD: merging a web booking's pending customer (src/core/customerMerge.ts).
import { envelope, id } from "./envelope";
import { STAFF, staffAction } from "./registry";

export const customerActions = {
  /** moves the pending web customer's reservations to the existing customer with its e-mail and deletes it */
  mergeCustomer: staffAction({
    roles: STAFF,
    args: (customerId: string) => ({ id: customerId }),
    input: envelope({ id }),
    http: { method: "POST", path: "/customers/:id/merge" },
    invalidates: ["customers", "reservations"],
    run: ({ customerMerge }, input, ctx) => customerMerge.mergeCustomer(ctx.core, input, ctx.actor.email),
  }),
};
