import type { ReactNode } from "react";
import { Layout } from "react-admin";
import { SessionDialog } from "../common/SessionDialog";
import { StaleRecordDialog } from "../common/StaleRecordDialog";
import { AdminAppBar } from "./AdminAppBar";
import { AdminMenu } from "./AdminMenu";
import { AdminNotFound, useAdminNotFound } from "./AdminNotFound";
import { LiveUpdates } from "./LiveUpdates";
import { RowCheckboxLabels } from "./RowCheckboxLabels";

export function AdminLayout({ children }: { children: ReactNode }) {
  const notFound = useAdminNotFound();
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      <LiveUpdates />
      <SessionDialog />
      <StaleRecordDialog />
      <RowCheckboxLabels />
      {notFound ? <AdminNotFound /> : children}
    </Layout>
  );
}
