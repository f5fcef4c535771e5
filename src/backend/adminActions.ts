// The back-office's actions beyond react-admin's CRUD, as the port offers them: every staff action
// of the registry (src/core/actions, its methods derived from the definitions) and the live change
// feed. A backend adapter adds these methods to its DataProvider (local: src/backend/local/admin.ts,
// Firebase: src/backend/firebase/dataProvider.ts); screens reach them through useAdminActions().
import type { StaffActionMethods } from "../core/actions/index";

export type LiveChangeKind = "created" | "updated" | "deleted";

export interface LiveChange {
  resource: string;
  id: string;
  kind: LiveChangeKind;
  at: string;
}

export interface AdminActions extends StaffActionMethods {
  /** live change feed; returns the unsubscribe function */
  subscribeToChanges(listener: (change: LiveChange) => void, onStatus?: (connected: boolean) => void): () => void;
}

/** The answer of one action, as the screen gets it. */
export type AdminActionResult<Name extends keyof StaffActionMethods> = Awaited<ReturnType<StaffActionMethods[Name]>>;

export const UNSUPPORTED_MESSAGE = "Šis veiksmas pasirinktame duomenų šaltinyje nepalaikomas";
