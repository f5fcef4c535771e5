// Where the hire of a car is taxed (the place of supply) and how its invoice carries the VAT.
// Pure: the caller (src/core/invoices.ts) passes the rental's contracted period and the buyer.
//
// The rules, Council Directive 2006/112/EC as transposed by the Lithuanian VAT law (PVM įstatymo
// 13 straipsnis „Paslaugų teikimo vieta“); docs/pvm.md explains them in Lithuanian:
// - Short-term hire of a means of transport – continuous possession or use for at most 30 days
//   (art. 56(3); Implementing Regulation 282/2011 art. 39: the duration the contract sets) – is
//   supplied where the vehicle is actually put at the customer's disposal (art. 56(1)). Every
//   place of this company is in Lithuania, so it is taxed here at the Lithuanian rate, whoever the
//   customer is.
// - Other (long-term) hire to a taxable person is supplied where the customer is established
//   (art. 44, the general B2B rule): for a business of another member state that gives a valid VAT
//   code, Lithuanian VAT is not charged and the customer accounts for it (reverse charge,
//   art. 196); the invoice carries the customer's VAT code (art. 226(4)) and the mention
//   „Atvirkštinis apmokestinimas“ (art. 226(11a)). A Lithuanian business: Lithuanian VAT.
// - Long-term hire to a non-taxable person is supplied where the customer is established, has
//   their permanent address or usually resides (art. 56(2)). A Lithuanian resident: Lithuanian
//   VAT. A resident of another member state: that state's VAT, which the company declares through
//   the Union one-stop shop (OSS, art. 369a–369k); this product keeps no other states' rates, so
//   it refuses to issue such an invoice and says why (the accountant issues it). A customer
//   without a valid VAT code is treated as a non-taxable person (Regulation 282/2011 art. 18(2)).
// - Long-term hire to anyone established outside the EU (Northern Ireland "XI" codes included:
//   the Protocol covers goods, not services) is supplied outside the EU VAT area: also refused,
//   with the reason, as this product keeps no treatment for it.
import { checkVatCode, EU_COUNTRIES } from "./vatCodes";

/** The longest short-term hire of a car, in days of continuous possession (Directive 2006/112/EC art. 56(3)). */
export const SHORT_TERM_HIRE_DAYS = 30;

/** The mention an invoice of a reverse-charged supply carries (Directive 2006/112/EC art. 226(11a)). */
export const REVERSE_CHARGE_NOTATION = "Atvirkštinis apmokestinimas";
/** Why, printed under the mention. */
export const REVERSE_CHARGE_BASIS =
  "PVM apskaičiuoja ir sumoka paslaugos gavėjas (Tarybos direktyvos 2006/112/EB 44 ir 196 str.; PVM įstatymo 13 str.)";

export const PLACE_OF_SUPPLY_MESSAGES = {
  consumerAbroad: (country: string) =>
    `Ilgesnė nei ${SHORT_TERM_HIRE_DAYS} dienų nuoma vartotojui, gyvenančiam kitoje ES valstybėje (${country}), ` +
    "apmokestinama tos valstybės PVM (direktyvos 2006/112/EB 56 str. 2 d.), deklaruojamu per OSS. " +
    "Sistema kitų valstybių PVM tarifų neturi: tokią sąskaitą išrašykite buhalterinėje programoje.",
  businessWithoutCode: (country: string) =>
    `Įmonė iš kitos ES valstybės (${country}) be galiojančio PVM mokėtojo kodo ilgesnei nei ${SHORT_TERM_HIRE_DAYS} ` +
    "dienų nuomai laikoma vartotoju, o jai PVM skaičiuojamas jos valstybėje. Įrašykite kliento PVM mokėtojo kodą " +
    "(tada taikomas atvirkštinis apmokestinimas) arba išrašykite sąskaitą buhalterinėje programoje.",
  outsideEu: (country: string) =>
    `Ilgesnės nei ${SHORT_TERM_HIRE_DAYS} dienų nuomos klientui už ES ribų (${country}) paslaugų teikimo vieta ` +
    "yra ne ES PVM teritorijoje: sistema tokios sąskaitos neišrašo, išrašykite ją buhalterinėje programoje.",
} as const;

export interface HireBuyer {
  type: "private" | "business";
  /** ISO 3166-1 alpha-2; "LT" when not known */
  country: string;
  /** the VAT code as on the customer's card; "" when none */
  vatCode: string;
}

export type HireVatTreatment =
  /** Lithuanian VAT at the rental's rate */
  | { kind: "domestic"; basis: string }
  /** no Lithuanian VAT: the customer accounts for it in its state */
  | { kind: "reverse-charge"; country: string; vatCode: string; basis: string }
  /** the product cannot invoice it: the message says why */
  | { kind: "refused"; message: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the contracted period is a short-term hire: at most 30 days of continuous possession. */
export function isShortTermHire(period: { pickupAt: string; returnAt: string }): boolean {
  return Date.parse(period.returnAt) - Date.parse(period.pickupAt) <= SHORT_TERM_HIRE_DAYS * DAY_MS;
}

/** The VAT treatment of one hire of a car, per the rules above. `home`: the seller's country (its places'). */
export function hireVatTreatment(
  period: { pickupAt: string; returnAt: string },
  buyer: HireBuyer,
  home = "LT",
): HireVatTreatment {
  if (isShortTermHire(period)) {
    return {
      kind: "domestic",
      basis: "Trumpalaikė nuoma: PVM ten, kur automobilis perduotas (direktyvos 56 str. 1 d.)",
    };
  }
  const country = (buyer.country || home).toUpperCase();
  const code = buyer.vatCode.trim() ? checkVatCode(buyer.vatCode) : null;
  const taxable = buyer.type === "business" && code?.ok === true;
  if (country === home && (!code?.ok || code.country === home)) {
    return {
      kind: "domestic",
      basis: taxable
        ? "Ilgalaikė nuoma Lietuvos įmonei (direktyvos 44 str.)"
        : "Ilgalaikė nuoma Lietuvos gyventojui (direktyvos 56 str. 2 d.)",
    };
  }
  if (taxable && code?.ok) {
    if (!EU_COUNTRIES.has(code.country))
      return { kind: "refused", message: PLACE_OF_SUPPLY_MESSAGES.outsideEu(code.prefix) };
    if (code.country === home) {
      return { kind: "domestic", basis: "Ilgalaikė nuoma Lietuvos įmonei (direktyvos 44 str.)" };
    }
    return { kind: "reverse-charge", country: code.country, vatCode: code.code, basis: REVERSE_CHARGE_BASIS };
  }
  if (!EU_COUNTRIES.has(country)) return { kind: "refused", message: PLACE_OF_SUPPLY_MESSAGES.outsideEu(country) };
  return {
    kind: "refused",
    message:
      buyer.type === "business"
        ? PLACE_OF_SUPPLY_MESSAGES.businessWithoutCode(country)
        : PLACE_OF_SUPPLY_MESSAGES.consumerAbroad(country),
  };
}
