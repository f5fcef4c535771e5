// Renders "access denied" in place for staff, instead of react-admin's redirect to
// /admin/access-denied (a path the app's route table answers with 404).
import type { ReactNode } from "react";
import { AccessDenied, Loading, useCanAccess, useResourceContext } from "react-admin";

export function AdminOnly({ resource, children }: { resource?: string; children: ReactNode }) {
  const contextResource = useResourceContext();
  const name = resource ?? contextResource ?? "";
  const { canAccess, isPending } = useCanAccess({ resource: name, action: "list" });
  if (isPending) return <Loading />;
  if (!canAccess) return <AccessDenied />;
  return <>{children}</>;
}
