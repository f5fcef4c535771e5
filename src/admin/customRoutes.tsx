// The SPEC's admin paths that are not plain resource screens.
import { CircularProgress } from "@mui/material";
import { lazy, Suspense } from "react";
import { CustomRoutes } from "react-admin";
import { Route } from "react-router-dom";
import { AccountPage } from "./account/AccountPage";
import { CheckAvailability } from "./availability/CheckAvailability";
import { CarCreate } from "./cars/CarCreate";
import { HandoverPage } from "./desk/HandoverPage";
import { ReturnPage } from "./desk/ReturnPage";
import { InvoiceListPage } from "./invoices/InvoiceListPage";
import { InvoiceShowPage } from "./invoices/InvoiceShowPage";
import { PriceUpdate } from "./prices/PriceUpdate";
import { PrintEdit } from "./print/PrintEdit";
import { RequestReply } from "./requests/RequestReply";
import { ReservationCreate } from "./reservations/ReservationCreate";
import { ReservationEdit } from "./reservations/ReservationEdit";
import { SettingsPage } from "./settings/SettingsPage";
import { SortingPage } from "./sorting/SortingPage";

// The reports bring the charting library: its own chunk, loaded when the page is opened.
const ReportsPage = lazy(() => import("./reports/ReportsPage"));

export function adminCustomRoutes() {
  return (
    <CustomRoutes>
      <Route path="/cars/add" element={<CarCreate />} />
      <Route path="/reservations/add" element={<ReservationCreate />} />
      <Route path="/reservations/add/:reservationId" element={<ReservationEdit />} />
      <Route path="/sorting" element={<SortingPage />} />
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="/check-availability" element={<CheckAvailability />} />
      <Route path="/requests/reply/:id" element={<RequestReply />} />
      <Route path="/print-edit/:reservationId" element={<PrintEdit />} />
      <Route path="/price-update" element={<PriceUpdate />} />
      <Route path="/reservations/:id/handover" element={<HandoverPage />} />
      <Route path="/reservations/:id/return" element={<ReturnPage />} />
      <Route path="/account" element={<AccountPage />} />
      <Route path="/invoices" element={<InvoiceListPage />} />
      <Route path="/invoices/:id" element={<InvoiceShowPage />} />
      <Route
        path="/reports"
        element={
          <Suspense fallback={<CircularProgress sx={{ m: 2 }} aria-label="Įkeliama" />}>
            <ReportsPage />
          </Suspense>
        }
      />
    </CustomRoutes>
  );
}
