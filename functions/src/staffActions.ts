// The staff actions of the registry (src/core/actions) as callable Cloud Functions: one generic
// onCall wrapper per definition, under the definition's callable name. Each checks the caller's
// role, reads the payload, runs the use case on the Firestore store and answers as the Firebase
// provider (src/backend/firebase/dataProvider.ts) expects; the core's refusals become HttpsErrors with
// Lithuanian messages (field errors in details.errors).
import * as logger from "firebase-functions/logger";
import { type CallableFunction, type CallableRequest, HttpsError, onCall } from "firebase-functions/v2/https";
import { roleFromClaims } from "../../src/backend/shared/firestore/roles";
import { type ActionContext, type ActionFile, type AnyStaffAction, STAFF_ACTIONS } from "../../src/core/actions/index";
import { useCases } from "../../src/core/actions/useCases";
import type { CoreContext } from "../../src/core/ports";
import type { StaffActor } from "../../src/core/writes";
import { ADMINS_ONLY_MESSAGE, erasableStorageFiles } from "./dataRights";
import { callableError, SIGN_IN_MESSAGE, STAFF_ONLY_MESSAGE } from "./errors";
import { createStoragePrivateFiles } from "./privateFiles";

/** The largest page of a list a callable answers. */
const MAX_LIST_PAGE = 500;

/** The signed-in staff member the action allows; refused with the action's (or the usual) message. */
function callerOf(request: CallableRequest, action: AnyStaffAction): StaffActor {
  if (!request.auth) throw new HttpsError("unauthenticated", SIGN_IN_MESSAGE);
  const role = roleFromClaims(request.auth.token);
  const adminsOnly = !action.roles.includes("staff");
  if (!role) {
    throw new HttpsError("permission-denied", adminsOnly && !action.refusal ? ADMINS_ONLY_MESSAGE : STAFF_ONLY_MESSAGE);
  }
  if (!action.roles.includes(role)) throw new HttpsError("permission-denied", action.refusal ?? ADMINS_ONLY_MESSAGE);
  // Who acted, for the records: the signed-in e-mail address (or the uid).
  const email = request.auth.token.email;
  return { email: typeof email === "string" ? email : request.auth.uid, role };
}

/** The use case's answer as the callable sends it. */
function callableAnswer(action: AnyStaffAction, result: unknown): unknown {
  switch (action.http.answer) {
    case "file": {
      const file = result as ActionFile;
      if (file.bytes === undefined) return { fileName: file.fileName, xml: file.text ?? "" };
      return {
        fileName: file.fileName,
        contentType: file.contentType,
        base64: Buffer.from(file.bytes).toString("base64"),
        ...(file.signed === undefined ? {} : { signed: file.signed }),
      };
    }
    case "list": {
      const page = result as { data: unknown[]; total: number };
      return { data: page.data, total: page.total };
    }
    default:
      return result;
  }
}

/** One callable per staff action that has one, by its callable name. */
export function staffCallables(
  core: () => CoreContext,
  actions: Readonly<Record<string, AnyStaffAction>> = STAFF_ACTIONS,
): Record<string, CallableFunction<unknown, Promise<unknown>>> {
  const callables: Record<string, CallableFunction<unknown, Promise<unknown>>> = {};
  for (const action of Object.values(actions)) {
    const name = action.callable;
    if (name === false) continue;
    callables[name] = onCall(async (request) => {
      try {
        const actor = callerOf(request, action);
        // Storage is opened only by the use cases that read or write private files.
        const ctx: ActionContext = {
          core: core(),
          actor,
          get documents() {
            return { files: createStoragePrivateFiles(), inlineMailAttachments: true };
          },
          get erasableFiles() {
            return erasableStorageFiles();
          },
          maxListPage: MAX_LIST_PAGE,
        };
        return callableAnswer(action, await action.run(useCases, action.input.parse(request.data), ctx));
      } catch (error) {
        throw callableError(error, (unexpected) => logger.error(`Funkcija ${name}: netikėta klaida`, unexpected));
      }
    });
  }
  return callables;
}
