// The bulk price change of /admin/price-update: a preview, then one transaction that writes
// every rule of the preview or none, refuses a preview that has gone stale, and logs the whole
// change (who, what, every old and new tier) in the audit log.
import { randomUUID } from "node:crypto";
import { formatCount } from "../../src/domain/format";
import { type PlannedRule, type PriceChange, type PriceScope, planPriceUpdate } from "../../src/domain/priceChange";
import {
  changeLogRules,
  countWritten,
  historyLimit,
  type PriceUpdateLogEntry,
  type PriceUpdateResult,
  plannedPriceDoc,
  planRefusal,
  priceUpdateLogEntry,
  type WrittenRule,
} from "../../src/domain/priceUpdate";
import {
  priceApplyInputSchema,
  pricePreviewInputSchema,
  STALE_PREVIEW_MESSAGE,
} from "../../src/domain/priceUpdateInput";
import type { Car, Price } from "../../src/domain/schemas";
import type { Db, Queryable } from "../db/types";
import { parseWith } from "../http/body";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { type DocRow, rowToRecord } from "./catalog";
import { publish } from "./events";

export type { PriceUpdateLogEntry, PriceUpdateResult } from "../../src/domain/priceUpdate";

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

export async function applyPriceUpdate(db: Db, body: unknown, actor: string): Promise<PriceUpdateResult> {
  const input = parseWith(priceApplyInputSchema, body);
  const change = input.change as PriceChange;
  const scope = input.scope as PriceScope;
  const batchId = randomUUID();

  const outcome = await db.transaction(async (tx) => {
    const { prices, cars } = await loadPlanInputs(tx, true);
    const plan = planPriceUpdate(prices, cars, scope, change);
    const refusal = planRefusal(plan, input.expected);
    if (refusal) throw new ApiError(refusal.reason === "empty" ? 422 : 409, refusal.message);

    const written: WrittenRule[] = [];
    for (const rule of plan) {
      if (rule.priceId) {
        const current = prices.find((price) => price.id === rule.priceId);
        if (!current) throw new ApiError(409, STALE_PREVIEW_MESSAGE);
        await tx.query("UPDATE prices SET doc = $2::jsonb, updated_at = now() WHERE id = $1", [
          rule.priceId,
          JSON.stringify(plannedPriceDoc(rule, current)),
        ]);
        written.push({ key: rule.key, id: rule.priceId, kind: "updated" });
      } else {
        const inserted = await tx.query<{ id: string }>("INSERT INTO prices (doc) VALUES ($1::jsonb) RETURNING id", [
          JSON.stringify(plannedPriceDoc(rule)),
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
        rules: changeLogRules(plan, written),
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
  const { updated, created } = countWritten(outcome.written);
  const sign = change.value > 0 ? "+" : "";
  log.info(
    `Kainų atnaujinimas ${batchId} (${actor}): ${sign}${change.value}${change.kind === "percent" ? " %" : " €"}, ` +
      `pakeista ${formatCount(updated, RULE_FORMS)}, sukurta ${formatCount(created, RULE_FORMS)}`,
  );
  return { batchId, updated, created, plan: outcome.plan };
}

/** The latest bulk changes, for the page's history (staff may read it; the full audit log is for admins). */
export async function priceUpdateHistory(db: Db, limit = 10): Promise<PriceUpdateLogEntry[]> {
  const { rows } = await db.query<{ id: string; doc: Record<string, unknown> }>(
    `SELECT id, doc FROM audit_log WHERE doc->>'action' = 'price-update' ORDER BY created_at DESC LIMIT ${historyLimit(limit)}`,
  );
  return rows.map((row) => priceUpdateLogEntry(row.id, String(row.doc.at ?? ""), row.doc));
}
