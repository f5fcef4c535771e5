// Every staff action of the back-office, by the method name the screens call (useAdminActions()).
// Adding one: its definition in one of these modules, its use case in src/core, its screen.
import { approvalActions } from "./approvals";
import { catalogActions } from "./catalog";
import { customerActions } from "./customers";
import { dataRightsActions } from "./dataRights";
import { deskActions } from "./desk";
import { fleetActions } from "./fleet";
import { invoiceActions } from "./invoices";
import { paymentActions } from "./payments";
import type { AnyStaffAction, ClientMethod } from "./registry";
import { reportActions } from "./reports";
import { requestActions } from "./requests";

const definitions = {
  ...requestActions,
  ...catalogActions,
  ...fleetActions,
  ...deskActions,
  ...paymentActions,
  ...dataRightsActions,
  ...customerActions,
  ...invoiceActions,
  ...approvalActions,
  ...reportActions,
};

export type StaffActionDefinitions = typeof definitions;
export type StaffActionName = keyof StaffActionDefinitions;

/** The screens' methods, derived from the definitions. */
export type StaffActionMethods = { [Name in StaffActionName]: ClientMethod<StaffActionDefinitions[Name]> };

/** The definitions with their callable names (the method's name unless the definition says). */
export const STAFF_ACTIONS: Readonly<Record<StaffActionName, AnyStaffAction>> = Object.fromEntries(
  Object.entries(definitions).map(([name, definition]) => [
    name,
    { ...definition, callable: (definition as { callable?: string | false }).callable ?? name },
  ]),
) as Record<StaffActionName, AnyStaffAction>;

export type { ActionContext, ActionFile, AnyStaffAction, UseCases } from "./registry";
export { invalidatedBy, pathParams } from "./registry";
