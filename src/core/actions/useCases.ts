// The use cases the staff actions run, by module: the hosts (server/routes/staffActions.ts,
// functions/src/staffActions.ts) hand this to each definition's `run`. Only they import it, so the
// browser's back-office bundle never holds the use cases (PDF, mail, archives). An action whose
// use case is in a module not listed here adds its module once.

import * as approvals from "../approvals";
import * as backupSchedule from "../backupSchedule";
import * as calendarFeeds from "../calendarFeeds";
import * as catalog from "../catalog";
import * as customerMerge from "../customerMerge";
import * as customerPortal from "../customerPortal";
import * as dataRights from "../dataRights";
import * as deskDocumentFiles from "../deskDocumentFiles";
import * as inquiries from "../inquiries";
import * as invoices from "../invoices";
import * as mailQueue from "../mailQueue";
import * as mailResend from "../mailResend";
import * as maintenance from "../maintenance";
import * as payments from "../payments";
import * as priceUpdate from "../priceUpdate";
import * as quoteCheck from "../quoteCheck";
import * as rentalChanges from "../rentalChanges";
import * as rentalDesk from "../rentalDesk";
import * as reports from "../reports";
import * as sorting from "../sorting";
import * as staff from "../staff";

export const useCases = {
  approvals,
  backupSchedule,
  calendarFeeds,
  catalog,
  customerMerge,
  customerPortal,
  dataRights,
  deskDocumentFiles,
  inquiries,
  invoices,
  mailQueue,
  mailResend,
  maintenance,
  payments,
  priceUpdate,
  quoteCheck,
  rentalChanges,
  rentalDesk,
  reports,
  sorting,
  staff,
};

export type UseCases = typeof useCases;
