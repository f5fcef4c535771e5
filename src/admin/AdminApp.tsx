// The back-office: react-admin under /admin, inside the app's own data router (react-admin
// sees the router context and creates none). Providers come from the backend port.
import { useEffect, useState } from "react";
import { Admin, type AuthProvider, type DataProvider, Notification, Resource } from "react-admin";
import { BackendProvider } from "../app/BackendContext";
import LoadingScreen from "../app/LoadingScreen";
import type { Backend } from "../backend/port";
import { auditLog } from "./audit";
import { cars } from "./cars";
import { clientErrors } from "./client-errors";
import { withStaleSaveReports } from "./common/staleRecords";
import { customers } from "./customers";
import { adminCustomRoutes } from "./customRoutes";
import { damages } from "./damages";
import { Dashboard } from "./dashboard/Dashboard";
import { extras } from "./extras";
import { fleet } from "./fleet";
import { createI18nProvider } from "./i18n/i18nProvider";
import { AdminLayout } from "./layout/AdminLayout";
import { AdminNotFound, AdminNotFoundContext } from "./layout/AdminNotFound";
import { locations } from "./locations";
import { mail } from "./mail";
import { news } from "./news";
import { offers } from "./offers";
import { prices } from "./prices";
import { requests } from "./requests";
import { reservations } from "./reservations";
import { staff } from "./staff";
import { adminTheme } from "./theme";

export const ADMIN_BASENAME = "/admin";
export const ADMIN_TITLE = "Automobilių nuoma – administravimas";

interface Providers {
  dataProvider: DataProvider;
  authProvider: AuthProvider;
}

const i18nProvider = createI18nProvider();

/** Toasts at the top, below the app bar: at the bottom they covered the form's Save button. */
function AdminNotification() {
  return <Notification anchorOrigin={{ vertical: "top", horizontal: "center" }} sx={{ top: { xs: 56, sm: 64 } }} />;
}

/** `notFound`: the app's router knows no admin page at this address (its 404 shows inside the layout). */
export default function AdminApp({ backend, notFound = false }: { backend: Backend; notFound?: boolean }) {
  const [providers, setProviders] = useState<Providers | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);

  useEffect(() => {
    let current = true;
    backend.admin().then(
      (loaded) => {
        // Stale saves (someone else saved first) open the review dialog over the form.
        if (current) setProviders({ ...loaded, dataProvider: withStaleSaveReports(loaded.dataProvider) });
      },
      (error: unknown) => {
        if (current) setFailure(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      current = false;
    };
  }, [backend]);

  // The app's error boundary logs it, records it and shows the 500 page.
  if (failure) throw failure;
  if (!providers) return <LoadingScreen label="Įkeliama administravimo sistema…" />;

  return (
    <BackendProvider backend={backend}>
      <AdminNotFoundContext.Provider value={notFound}>
        <Admin
          basename={ADMIN_BASENAME}
          title={ADMIN_TITLE}
          dataProvider={providers.dataProvider}
          authProvider={providers.authProvider}
          i18nProvider={i18nProvider}
          theme={adminTheme}
          darkTheme={null}
          layout={AdminLayout}
          catchAll={AdminNotFound}
          notification={AdminNotification}
          dashboard={Dashboard}
          loginPage={false}
          requireAuth
          disableTelemetry
        >
          <Resource name="reservations" {...reservations} />
          <Resource name="requests" {...requests} />
          <Resource name="customers" {...customers} />
          <Resource name="cars" {...cars} />
          <Resource name="prices" {...prices} />
          <Resource name="fleet" {...fleet} />
          <Resource name="damages" {...damages} />
          <Resource name="extras" {...extras} />
          <Resource name="locations" {...locations} />
          <Resource name="offers" {...offers} />
          <Resource name="news" {...news} />
          <Resource name="mail" {...mail} />
          <Resource name="staff" {...staff} />
          <Resource name="client-errors" {...clientErrors} />
          <Resource name="audit-log" {...auditLog} />
          {adminCustomRoutes()}
        </Admin>
      </AdminNotFoundContext.Provider>
    </BackendProvider>
  );
}
