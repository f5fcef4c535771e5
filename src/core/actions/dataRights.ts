// The customer's data rights (src/core/dataRights.ts), admins only.
import { InputError } from "../../domain/input";
import { envelope, id, value, whole } from "./envelope";
import { ADMINS, STAFF, staffAction } from "./registry";

export const ERASE_CONFIRM_MESSAGE = "Patvirtinkite ištrynimą (confirm: true)";

export const dataRightsActions = {
  /** everything held about a customer (JSON) and its readable Lithuanian summary (HTML); admins only */
  exportCustomerData: staffAction({
    roles: ADMINS,
    args: (id: string) => ({ id }),
    input: envelope({ id }),
    http: { method: "GET", path: "/customers/:id/export", answer: "export" },
    run: async ({ catalog, dataRights }, input, ctx) => {
      const data = await dataRights.exportCustomerData(ctx.core, ctx.documents, input.id, ctx.actor.email);
      const settings = await catalog.loadSettings(ctx.core.store);
      return { data, summary: dataRights.customerExportSummary(data, settings.company.name) };
    },
  }),
  /** anonymises the customer everywhere; the counts and what was kept, and why; admins only */
  eraseCustomer: staffAction({
    roles: ADMINS,
    args: (id: string) => ({ id, confirm: true }),
    input: envelope({ id, confirm: value }),
    http: { method: "POST", path: "/customers/:id/erase" },
    invalidates: ["customers", "reservations", "requests", "mail"],
    run: ({ dataRights }, input, ctx) => {
      if (input.confirm !== true) throw new InputError(ERASE_CONFIRM_MESSAGE, { confirm: ERASE_CONFIRM_MESSAGE });
      return dataRights.eraseCustomer(ctx.core, { files: ctx.erasableFiles }, input.id, ctx.actor.email);
    },
  }),
  /** a list's CSV export, recorded in the audit log before the file is made (who, which list, how many rows) */
  recordListExport: staffAction({
    roles: STAFF,
    args: (input: { resource: string; count: number }) => input,
    input: whole,
    http: { method: "POST", path: "/exports", status: 201 },
    run: ({ dataRights }, input, ctx) => dataRights.recordListExport(ctx.core, input, ctx.actor.email),
  }),
};
