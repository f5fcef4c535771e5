// In front of the generic resource routes: the sanitising of staff-written HTML (news and offer
// bodies, the settings' texts) before it is validated and stored. The staff actions themselves
// (replies, bulk prices, sorting, the live quote, ...) are the registry's (src/core/actions,
// mounted by server/routes/staffActions.ts).
// Mounted under /api/admin, behind requireStaff() (see app.ts): every route needs a session.
import { type Context, Hono } from "hono";
import { readMeasuredText } from "../http/body";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
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
      // Measured while read: a forged 120 000-key or 100 000-deep body stops here (400/413).
      text = await readMeasuredText(c);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      text = null;
    }
    if (text !== null) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const sanitised = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
      if (sanitised) sanitiser(parsed as Record<string, unknown>);
      // Hono reads the body through this cache, so the next handler sees the sanitised JSON (or the
      // text as it came, which it refuses with its own message). The cache holds promises at run
      // time although its type says string (Hono's request.js).
      c.req.bodyCache = { text: Promise.resolve(sanitised ? JSON.stringify(parsed) : text) as unknown as string };
    }
  }
  await next();
}

export function richTextRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post("/:resource{news|offers}", sanitiseBody);
  app.put("/:resource{news|offers|settings}/:id", sanitiseBody);

  return app;
}
