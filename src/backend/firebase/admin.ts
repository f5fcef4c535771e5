// The back-office providers on Firebase, loaded with react-admin only when /admin opens.
import type { AuthProvider, DataProvider } from "react-admin";
import { createFirebaseAuthProvider } from "./authProvider";
import { createFirestoreDataProvider } from "./dataProvider";
import type { FirebaseServices } from "./init";
import type { FirebaseSession } from "./session";

export function createFirebaseAdminProviders(
  services: FirebaseServices,
  session: FirebaseSession,
): { dataProvider: DataProvider; authProvider: AuthProvider } {
  return {
    dataProvider: createFirestoreDataProvider(services.firestore, services.functions, {
      currentUid: () => services.auth.currentUser?.uid ?? null,
      // A changed own role: take the new claims now, not in an hour.
      onOwnStaffChange: () => session.refresh(),
    }),
    authProvider: createFirebaseAuthProvider(session),
  };
}
