// Back-office operations that are more than one record's CRUD, each one server-side and atomic:
//   POST /api/admin/actions/requests/:id/reply   mail to the outbox + reply recorded + answered
//   POST /api/admin/actions/prices/preview       the bulk price change's old and new rates
//   POST /api/admin/actions/prices/apply         ...applied in one transaction and logged
//   GET  /api/admin/actions/prices/history       the latest bulk changes
//   POST /api/admin/actions/prices/undo          the latest change undone as a whole, logged
//   POST /api/admin/actions/sorting              the catalogue order of cars or offers, one batch
//   POST /api/admin/actions/quote                live quote and availability for a reservation form
// and, in front of the generic resource routes, the sanitising of staff-written HTML (news and
// offer bodies, the settings' texts) before it is validated and stored.
// Mounted under /api/admin, behind requireStaff() (see app.ts): every route needs a session.
import { type Context, Hono } from "hono";
import { replyToInquiry } from "../../src/core/inquiries";
import { applyPriceUpdate, previewPriceUpdate, priceUpdateHistory, undoPriceUpdate } from "../../src/core/priceUpdate";
import { checkQuote } from "../../src/core/quoteCheck";
import { saveSortOrder } from "../../src/core/sorting";
import { coreFor } from "../core";
import { currentUser } from "../http/auth";
import { readJsonObject } from "../http/body";
import type { AppEnv } from "../http/context";
import { sanitizeRichText, sanitizeTextOrHtml } from "../services/richText";

type Sanitiser = (doc: Record<string, unknown>) => void;

const sanitiseField = (doc: Record<string, unknown>, key: string, clean: (text: string) => string) => {
  if (typeof doc[key] === "string") doc[key] = clean(doc[key] as string);
};

/** The rich-text fields of each resource; the site shows them as HTML. */
const SANITISERS: Record<string, Sanitiser> = {
  news: (doc) => sanitiseField(doc, "body", sanitizeRichText),
  offers: (doc) => sanitiseField(doc, "body", sanitizeRichText),
  settings: (doc) => {
    for (const key of ["terms", "about", "privacy"]) sanitiseField(doc, key, sanitizeTextOrHtml);
  },
};

/**
 * Rewrites the JSON body with its rich text sanitised, then lets the resource route handle the
 * write as usual. A body that is not a JSON object is left alone for that route to refuse.
 */
async function sanitiseBody(c: Context<AppEnv>, next: () => Promise<void>): Promise<void> {
  const sanitiser = SANITISERS[c.req.param("resource") ?? ""];
  if (sanitiser) {
    let text: string | null = null;
    try {
      text = await c.req.text();
    } catch {
      text = null;
    }
    if (text !== null) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
        sanitiser(parsed as Record<string, unknown>);
        // Hono reads the body through this cache, so the next handler sees the sanitised JSON. The
        // cache holds promises at run time although its type says string (Hono's request.js).
        c.req.bodyCache = { text: Promise.resolve(JSON.stringify(parsed)) as unknown as string };
      }
    }
  }
  await next();
}

export function adminActionRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post("/:resource{news|offers}", sanitiseBody);
  app.put("/:resource{news|offers|settings}/:id", sanitiseBody);

  app.post("/actions/requests/:id/reply", async (c) => {
    const core = coreFor(c.get("deps").db);
    const id = c.req.param("id");
    return c.json(await replyToInquiry(core, id, await readJsonObject(c), currentUser(c).email), 201);
  });

  app.post("/actions/prices/preview", async (c) => {
    const core = coreFor(c.get("deps").db);
    return c.json(await previewPriceUpdate(core, await readJsonObject(c)), 200);
  });

  app.post("/actions/prices/apply", async (c) => {
    const core = coreFor(c.get("deps").db);
    return c.json(await applyPriceUpdate(core, await readJsonObject(c), currentUser(c).email), 200);
  });

  app.post("/actions/prices/undo", async (c) => {
    const core = coreFor(c.get("deps").db);
    return c.json(await undoPriceUpdate(core, await readJsonObject(c), currentUser(c).email), 200);
  });

  app.get("/actions/prices/history", async (c) => c.json(await priceUpdateHistory(coreFor(c.get("deps").db)), 200));

  app.post("/actions/sorting", async (c) => {
    const core = coreFor(c.get("deps").db);
    return c.json(await saveSortOrder(core, await readJsonObject(c), currentUser(c).email), 200);
  });

  app.post("/actions/quote", async (c) => {
    const core = coreFor(c.get("deps").db);
    return c.json(await checkQuote(core, await readJsonObject(c)), 200);
  });

  return app;
}
