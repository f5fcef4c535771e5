// "Sumokėti likutį" on "Mano rezervacija": where the provider sends the customer back. The token
// is never in these addresses (the provider would keep it): the page keeps it in the tab's
// sessionStorage before leaving and finds it again at PORTAL_PAYMENT_RETURN_PATH.
import type { CheckoutUrls } from "../core/payments";
import { PORTAL_PAYMENT_RETURN_PATH } from "../domain/portal";
import { PAYSERA_CALLBACK_PATH } from "./siteCheckout";

export function portalPaymentUrls(origin: string): CheckoutUrls {
  const base = origin.replace(/\/+$/, "");
  return {
    successUrl: `${base}${PORTAL_PAYMENT_RETURN_PATH}?busena=sekmingas`,
    cancelUrl: `${base}${PORTAL_PAYMENT_RETURN_PATH}?busena=atsauktas`,
    callbackUrl: `${base}${PAYSERA_CALLBACK_PATH}`,
  };
}
