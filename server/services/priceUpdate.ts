// The bulk price change of /admin/price-update: a preview, then one transaction that writes
// every rule of the preview or none, refuses a preview that has gone stale, and logs the whole
// change (who, what, every old and new tier) in the audit log.
import { randomUUID } from "node:crypto";
import {
  type PlannedRule,
  type PriceChange,
  type PriceScope,
  planFingerprint,
  planPriceUpdate,
} from "../../src/admin/prices/priceChange";
import { formatCount } from "../../src/domain/format";
import {
  EMPTY_SCOPE_MESSAGE,
  priceApplyInputSchema,
  pricePreviewInputSchema,
  STALE_PREVIEW_MESSAGE,
} from "../../src/domain/priceUpdateInput";
import { type Car, type Price, priceSchema } from "../../src/domain/schemas";
import type { Db, Queryable } from "../db/types";
import { parseWith } from "../http/body";
import { ApiError } from "../http/errors";
import { log } from "../log";

export {
  EMPTY_SCOPE_MESSAGE,
  priceApplyInputSchema,
  priceChangeSchema,
  pricePreviewInputSchema,
  priceScopeSchema,
  STALE_PREVIEW_MESSAGE,
} from "../../src/domain/priceUpdateInput";

import { type DocRow, rowToRecord } from "./catalog";
import { publish } from "./events";

const RULE_FORMS = ["taisyklė", "taisyklės", "taisyklių"] as const;

type RuleRecord = Price & { id: string; updatedAt: string };

async function loadPlanInputs(q: Queryable, lock: boolean) {
  // Locks every price row: two bulk changes (or an edit) cannot interleave with this one.
  const prices = await q.query<DocRow>(
    `SELECT id, doc, created_at, updated_at FROM prices ORDER BY id${lock ? " FOR UPDATE" : ""}`,
  );
  const cars = await q.query<DocRow>("SELECT id, doc, created_at, updated_at FROM cars");
  return {
    prices: prices.rows.map((row) => rowToRecord<Price>(row) as RuleRecord),
    cars: cars.rows.map((row) => rowToRecord<Car>(row)),
  };
}

export async function previewPriceUpdate(db: Db, body: unknown): Promise<{ plan: PlannedRule[] }> {
  const input = parseWith(pricePreviewInputSchema, body);
  const { prices, cars } = await loadPlanInputs(db, false);
  return { plan: planPriceUpdate(prices, cars, input.scope as PriceScope, input.change as PriceChange) };
}

const sameFingerprint = (a: Record<string, string | null>, b: Record<string, string | null>): boolean => {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && (a[key] ?? null) === (b[key] ?? null));
};

export interface PriceUpdateResult {
  batchId: string;
  updated: number;
  created: number;
  plan: PlannedRule[];
}

export async function applyPriceUpdate(db: Db, body: unknown, actor: string): Promise<PriceUpdateResult> {
  const input = parseWith(priceApplyInputSchema, body);
  const change = input.change as PriceChange;
  const scope = input.scope as PriceScope;
  const batchId = randomUUID();

  const outcome = await db.transaction(async (tx) => {
    const { prices, cars } = await loadPlanInputs(tx, true);
    const plan = planPriceUpdate(prices, cars, scope, change);
    if (plan.length === 0) throw new ApiError(422, EMPTY_SCOPE_MESSAGE);
    if (!sameFingerprint(planFingerprint(plan), input.expected)) throw new ApiError(409, STALE_PREVIEW_MESSAGE);

    const written: { key: string; id: string; kind: "updated" | "created" }[] = [];
    for (const rule of plan) {
      if (rule.priceId) {
        const current = prices.find((price) => price.id === rule.priceId);
        if (!current) throw new ApiError(409, STALE_PREVIEW_MESSAGE);
        const { id: _id, createdAt: _c, updatedAt: _u, ...doc } = current;
        const next = priceSchema.parse({ ...doc, tiers: rule.newTiers });
        await tx.query("UPDATE prices SET doc = $2::jsonb, updated_at = now() WHERE id = $1", [
          rule.priceId,
          JSON.stringify(next),
        ]);
        written.push({ key: rule.key, id: rule.priceId, kind: "updated" });
      } else {
        const next = priceSchema.parse({
          carId: rule.carId,
          category: null,
          season: rule.season,
          tiers: rule.newTiers,
        });
        const inserted = await tx.query<{ id: string }>("INSERT INTO prices (doc) VALUES ($1::jsonb) RETURNING id", [
          JSON.stringify(next),
        ]);
        const id = inserted.rows[0]?.id;
        if (!id) throw new Error("Kainos taisyklė neįrašyta");
        written.push({ key: rule.key, id, kind: "created" });
      }
    }
    // One log entry for the whole change, with every old and new tier, plus the usual per-record entries.
    const at = new Date().toISOString();
    await tx.query("INSERT INTO audit_log (doc) VALUES ($1::jsonb)", [
      JSON.stringify({
        action: "price-update",
        resource: "prices",
        recordId: batchId,
        actor,
        at,
        change,
        scope,
        rules: plan.map((rule) => ({
          id: written.find((w) => w.key === rule.key)?.id ?? null,
          created: rule.priceId === null,
          carId: rule.carId,
          category: rule.category,
          season: rule.season,
          before: rule.oldTiers,
          after: rule.newTiers,
        })),
      }),
    ]);
    for (const entry of written) {
      await tx.query("INSERT INTO audit_log (doc) VALUES ($1::jsonb)", [
        JSON.stringify({
          action: entry.kind === "created" ? "create" : "update",
          resource: "prices",
          recordId: entry.id,
          actor,
          at,
          batchId,
        }),
      ]);
    }
    return { plan, written };
  });

  for (const entry of outcome.written) publish("prices", entry.id, entry.kind);
  const updated = outcome.written.filter((w) => w.kind === "updated").length;
  const created = outcome.written.length - updated;
  const sign = change.value > 0 ? "+" : "";
  log.info(
    `Kainų atnaujinimas ${batchId} (${actor}): ${sign}${change.value}${change.kind === "percent" ? " %" : " €"}, ` +
      `pakeista ${formatCount(updated, RULE_FORMS)}, sukurta ${formatCount(created, RULE_FORMS)}`,
  );
  return { batchId, updated, created, plan: outcome.plan };
}

export interface PriceUpdateLogEntry {
  id: string;
  at: string;
  actor: string;
  change: PriceChange;
  scope: PriceScope;
  rules: number;
}

/** The latest bulk changes, for the page's history (staff may read it; the full audit log is for admins). */
export async function priceUpdateHistory(db: Db, limit = 10): Promise<PriceUpdateLogEntry[]> {
  const { rows } = await db.query<{ id: string; doc: Record<string, unknown> }>(
    `SELECT id, doc FROM audit_log WHERE doc->>'action' = 'price-update' ORDER BY created_at DESC LIMIT ${Math.max(1, Math.min(limit, 50))}`,
  );
  return rows.map((row) => ({
    id: row.id,
    at: String(row.doc.at ?? ""),
    actor: String(row.doc.actor ?? ""),
    change: row.doc.change as PriceChange,
    scope: row.doc.scope as PriceScope,
    rules: Array.isArray(row.doc.rules) ? row.doc.rules.length : 0,
  }));
}
