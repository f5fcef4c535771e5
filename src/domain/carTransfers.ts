// Moving a car between pickup places (settings.transfers): what the customer pays when the car
// has to be brought to the pickup place and how long the move takes at the least. Apart from the
// place rules (carLocation.ts) so the settings schema (schemas.ts) uses it without the two
// importing each other.
import { z } from "zod";
import { TRANSFER_DEFAULTS } from "./carTransferText";
import { numberTypeError } from "./zodLocale";

export { TRANSFER_DEFAULTS, TRANSFER_LABEL } from "./carTransferText";

export const transferSettingsSchema = z
  .object({
    /** € the customer pays when the car must be brought from another place to the pickup */
    fee: z
      .number({ error: numberTypeError })
      .min(0, { error: "Suma negali būti neigiama" })
      .max(10_000, { error: "Per didelė suma" })
      .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), {
        error: "Suma gali turėti ne daugiau kaip 2 skaitmenis po kablelio",
      })
      .default(TRANSFER_DEFAULTS.fee),
    /** the shortest time, in hours, between the car being free at one place and its pickup at another */
    leadHours: z
      .number({ error: numberTypeError })
      .int({ error: "Turi būti sveikas skaičius" })
      .min(0, { error: "Turi būti ne mažiau kaip 0 val." })
      .max(168, { error: "Turi būti ne daugiau kaip 168 val. (7 d.)" })
      .default(TRANSFER_DEFAULTS.leadHours),
  })
  .strict();
export type TransferSettings = z.infer<typeof transferSettingsSchema>;

/** The settings' transfer rules; an older document (or a broken entry) has the defaults. */
export function transfersOf(settings: { transfers?: unknown } | null | undefined): TransferSettings {
  return transferSettingsSchema.safeParse(settings?.transfers ?? {}).data ?? { ...TRANSFER_DEFAULTS };
}
