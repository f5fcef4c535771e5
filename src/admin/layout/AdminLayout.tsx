import type { ReactNode } from "react";
import { Layout } from "react-admin";
import { AdminAppBar } from "./AdminAppBar";
import { AdminMenu } from "./AdminMenu";

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      {children}
    </Layout>
  );
}
