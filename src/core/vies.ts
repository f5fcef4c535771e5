// VIES before a reverse charge: when the company asks VIES (VIES_CHECK on; the port VatRegistry,
// src/core/ports.ts), a long-term hire is reverse-charged only to a VAT code VIES confirms as
// registered today (Implementing Regulation 282/2011 art. 18(1): the supplier verifies the
// customer's VAT number). VIES off (the default): nothing is asked and nothing is blocked.
import { buyerParty, partyCountry } from "../domain/invoices";
import type { Customer, Reservation } from "../domain/schemas";
import { checkVatCode } from "../domain/vatCodes";
import { hireVatTreatment } from "../domain/vatPlaceOfSupply";
import { CoreError } from "./errors";
import { type CoreContext, type VatRegistryAnswer, VatRegistryUnavailableError } from "./ports";

export const VIES_INVALID_MESSAGE = (code: string) =>
  `VIES patikrinimas: PVM mokėtojo kodas ${code} šiandien neregistruotas ar neaktyvus, todėl atvirkštinio ` +
  "apmokestinimo taikyti negalima. Patikrinkite kodą kliento kortelėje.";

/** VIES's answer for the code, or null when VIES is not asked (off) or the code is malformed. Throws VatRegistryUnavailableError. */
export async function viesAnswer(ctx: CoreContext, vatCode: string): Promise<VatRegistryAnswer | null> {
  const checked = checkVatCode(vatCode);
  if (!ctx.vatRegistry || !checked.ok) return null;
  return ctx.vatRegistry.check({ countryCode: checked.prefix, vatNumber: checked.code.slice(2) });
}

/**
 * Before invoicing the rentals to the customer: when any of them is reverse-charged and VIES is
 * on, the customer's VAT code must be registered in VIES today; refused (409) with the reason
 * otherwise, also when VIES does not answer.
 */
export async function confirmReverseCharge(
  ctx: CoreContext,
  customer: Customer,
  rentals: readonly Pick<Reservation, "pickupAt" | "returnAt">[],
): Promise<void> {
  if (!ctx.vatRegistry) return;
  const buyer = buyerParty(customer);
  const reverse = rentals.some(
    (rental) =>
      hireVatTreatment(rental, { type: buyer.type, country: partyCountry(buyer), vatCode: buyer.vatCode }).kind ===
      "reverse-charge",
  );
  if (!reverse) return;
  let answer: VatRegistryAnswer | null;
  try {
    answer = await viesAnswer(ctx, buyer.vatCode);
  } catch (error) {
    if (error instanceof VatRegistryUnavailableError) throw new CoreError("precondition", error.message);
    throw error;
  }
  if (answer && !answer.valid) throw new CoreError("precondition", VIES_INVALID_MESSAGE(buyer.vatCode));
  if (answer) ctx.log.info(`VIES patvirtino PVM mokėtojo kodą ${buyer.vatCode} (${answer.requestDate ?? "be datos"})`);
}
