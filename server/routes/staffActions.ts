// The staff actions of the registry (src/core/actions) as routes under /api/admin: one generic
// mounting function. Each definition gives the method, the path (its `:field` segments are payload
// fields), where the rest of the payload travels (body or query), the success status and the kind of
// answer (JSON, a file, a react-admin list, the data export); the route checks the role, reads the
// payload, runs the use case and answers. Mounted behind requireStaff() (app.ts), before the generic
// resource routes.
import { type Context, Hono } from "hono";
import {
  type ActionContext,
  type ActionFile,
  type AnyStaffAction,
  pathParams,
  STAFF_ACTIONS,
} from "../../src/core/actions/index";
import { useCases } from "../../src/core/actions/useCases";
import { localBackupArchives } from "../backup/scheduled";
import { coreFor } from "../core";
import { currentUser, FORBIDDEN_MESSAGE } from "../http/auth";
import { readJsonObject } from "../http/body";
import type { AppEnv } from "../http/context";
import { dispositionHeader } from "../http/disposition";
import { ApiError } from "../http/errors";
import { MAX_PAGE_SIZE, parseListParams } from "../http/listQuery";
import { privateFilesFor } from "../services/privateFiles";
import { erasableFilesFor } from "./dataRights";

/** A file name for the data export: the customer's id only (no personal data in names that end up in logs). */
const exportName = (id: string, ext: string): string => `asmens-duomenys-${id.replace(/[^A-Za-z0-9-]/g, "")}.${ext}`;

function actionContext(c: Context<AppEnv>, user: ReturnType<typeof currentUser>): ActionContext {
  const { db, config } = c.get("deps");
  const core = coreFor(db);
  return {
    core,
    actor: { email: user.email, role: user.role === "admin" ? "admin" : "staff" },
    documents: { files: privateFilesFor(config, db) },
    erasableFiles: erasableFilesFor(config, db),
    maxListPage: MAX_PAGE_SIZE,
    backups: localBackupArchives(core, db, {
      dataDir: config.dataDir,
      copyDir: config.backupCopyDir,
      s3: config.backupS3,
    }),
  };
}

/** The payload from the path, the query and the body, as the definition places its fields. */
async function readPayload(c: Context<AppEnv>, action: AnyStaffAction): Promise<Record<string, unknown>> {
  const { http } = action;
  const params: Record<string, string> = {};
  for (const { field, suffix } of pathParams(http.path)) {
    const segment = c.req.param(field) ?? "";
    params[field] = suffix === "" ? segment : segment.endsWith(suffix) ? segment.slice(0, -suffix.length) : "";
  }
  if (http.answer === "list") {
    const list = parseListParams({
      sort: c.req.query("sort"),
      range: c.req.query("range"),
      filter: c.req.query("filter"),
      rangeHeader: c.req.header("range"),
    });
    return { ...list, ...params };
  }
  if (http.method === "GET" || http.method === "DELETE" || http.body === false) {
    const query: Record<string, string> = {};
    for (const key of http.query ?? []) {
      const value = c.req.query(key);
      if (value !== undefined) query[key] = value;
    }
    return { ...query, ...params };
  }
  const body = await readJsonObject(c);
  if (http.fixed && body[http.fixed.field] !== http.fixed.value) {
    throw new ApiError(422, http.fixed.message, { [http.fixed.field]: http.fixed.message });
  }
  return typeof http.body === "string" ? { ...params, [http.body]: body } : { ...body, ...params };
}

function answer(c: Context<AppEnv>, action: AnyStaffAction, payload: Record<string, unknown>, result: unknown) {
  const status = action.http.status ?? 200;
  switch (action.http.answer) {
    case "file": {
      const file = result as ActionFile;
      c.header("Content-Type", file.contentType);
      c.header("Content-Disposition", dispositionHeader(file.fileName, c.req.query("inline") === "1"));
      if (file.bytes) c.header("Content-Length", String(file.bytes.length));
      else if (file.stream && file.size !== undefined) c.header("Content-Length", String(file.size));
      c.header("X-Content-Type-Options", "nosniff");
      if (file.signed !== undefined) c.header("X-Document-Signed", file.signed ? "1" : "0");
      if (file.stream) {
        c.header("Cache-Control", "no-store");
        return c.body(file.stream, status);
      }
      return c.body(file.bytes ? (file.bytes as Uint8Array<ArrayBuffer>) : (file.text ?? ""), status);
    }
    case "list": {
      const page = result as { data: unknown[]; total: number; start: number };
      const resource = action.http.path.split("/").pop() ?? "";
      const last = page.start + page.data.length - 1;
      c.header(
        "Content-Range",
        page.data.length > 0 ? `${resource} ${page.start}-${last}/${page.total}` : `${resource} */${page.total}`,
      );
      c.header("X-Total-Count", String(page.total));
      c.header("Access-Control-Expose-Headers", "Content-Range, X-Total-Count");
      return c.json(page.data, status);
    }
    case "export": {
      const { data, summary } = result as { data: unknown; summary: string };
      const id = String(payload.id ?? "");
      if (c.req.query("format") === "summary") {
        c.header("Content-Disposition", `inline; filename="${exportName(id, "html")}"`);
        return c.html(summary, status);
      }
      c.header("Content-Disposition", `attachment; filename="${exportName(id, "json")}"`);
      return c.json(data, status);
    }
    default:
      return c.json(result, status);
  }
}

/** Every staff action of the registry, mounted under /api/admin. */
export function staffActionRoutes(actions: Readonly<Record<string, AnyStaffAction>> = STAFF_ACTIONS): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const action of Object.values(actions)) {
    // Hono's parameter is the whole segment; a `:field.ext` suffix is taken off in readPayload.
    const route = action.http.path.replace(/:([A-Za-z]+)\.[a-z]+/g, ":$1");
    app.on(action.http.method, route, async (c) => {
      const user = currentUser(c);
      if (!action.roles.includes(user.role)) throw new ApiError(403, action.refusal ?? FORBIDDEN_MESSAGE);
      const payload = await readPayload(c, action);
      const result = await action.run(useCases, action.input.parse(payload), actionContext(c, user));
      return answer(c, action, payload, result);
    });
  }
  return app;
}
