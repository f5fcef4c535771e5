import type { ReactNode } from "react";
import { Layout } from "react-admin";
import { AdminAppBar } from "./AdminAppBar";
import { AdminMenu } from "./AdminMenu";
import { LiveUpdates } from "./LiveUpdates";

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      <LiveUpdates />
      {children}
    </Layout>
  );
}
