// Named route guards ("middleware" in the spec). A route lists guard names; the router
// refuses to build with a name nobody registered. A guard rejects a visit by throwing
// a redirect or an error response, which aborts the navigation.
import { redirect } from "react-router-dom";
import type { Backend } from "../backend/port";
import { logger } from "./logger";
import { loginUrlFor } from "./loginRedirect";

export interface GuardContext {
  backend: Backend;
  request: Request;
  url: URL;
  params: Record<string, string | undefined>;
}

export type Guard = (context: GuardContext) => void | Promise<void>;

const guards = new Map<string, Guard>();

export function registerGuard(name: string, guard: Guard): void {
  guards.set(name, guard);
}

export function hasGuard(name: string): boolean {
  return guards.has(name);
}

export function getGuard(name: string): Guard {
  const guard = guards.get(name);
  if (!guard) throw new Error(`Unknown route middleware: ${name}`);
  return guard;
}

/** Runs the named guards in order; the first rejection (a thrown redirect or error) wins. */
export async function runGuards(names: readonly string[], context: GuardContext): Promise<void> {
  for (const name of names) await getGuard(name)(context);
}

export { adminReturnPath, LOGIN_PATH, loginUrlFor, loginUrlForLocation, safeAdminRedirect } from "./loginRedirect";

/** auth: only a signed-in staff member passes; everyone else goes to /login. */
export const authGuard: Guard = async ({ backend, url }) => {
  const user = await backend.session.me();
  if (user) return;
  logger.info(`Neprisijungęs lankytojas nukreipiamas į prisijungimą: ${url.pathname}`);
  throw redirect(loginUrlFor(`${url.pathname}${url.search}`));
};

registerGuard("auth", authGuard);
