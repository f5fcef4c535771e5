// What every route sees: the app's dependencies and, behind requireStaff, the signed-in user.
import type { Context } from "hono";
import type { SessionUser } from "../../src/backend/port";
import type { Payments } from "../../src/payments/gateway";
import type { Config } from "../config";
import type { Db } from "../db/types";
import type { ServerState } from "./serverState";

/** The running mail sender (server/services/mail.ts startMailer); optional in tests. */
export interface MailerHandle {
  stop(): Promise<void>;
}

export interface AppDeps {
  db: Db;
  config: Config;
  /** the online payment provider, read from the environment when the server starts (server/start.ts) */
  payments: Payments;
  mailer?: MailerHandle;
  /** whether the server is stopping, and its metrics (server/start.ts); createApp makes one when absent */
  state?: ServerState;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** set by requireStaff; read it through currentUser(c) */
    user: SessionUser | undefined;
    /** the request's id (server/http/requestLog.ts), echoed as X-Request-Id */
    requestId: string;
  };
}

export type AppContext = Context<AppEnv>;
