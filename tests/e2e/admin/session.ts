// Signing in for the back-office tests. The /login page is prerendered HTML: a click before
// React has hydrated it submits the bare form (GET /login?) and nothing happens, so wait for
// the page's scripts to settle first, and try once more if the form was reloaded anyway.
import type { Page } from "playwright-core";
import { submitLoginForm } from "../../helpers/e2e";

export async function signInAs(page: Page, baseUrl: string, account: { email: string; password: string }) {
  for (let attempt = 1; ; attempt++) {
    await page.goto(`${baseUrl}/login`, { waitUntil: "networkidle" });
    await submitLoginForm(page, account);
    try {
      await page.waitForURL((url) => url.pathname.startsWith("/admin"), { timeout: 15_000 });
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}
