// The bulk price change of /admin/price-update: a preview, then one transaction that writes every
// rule of the preview or none, refuses a preview gone stale, and records the whole change (who,
// what, every old and new tier) in the history and the audit log. The plan is the back-office's own
// planner's (src/domain/priceChange.ts), so what staff preview is exactly what is written.
import { CHANGED_FEMININE_FORMS, CREATED_FEMININE_FORMS, formatDone, RULE_FORMS } from "../domain/format";
import { InputError, parseFields } from "../domain/input";
import { type PlannedRule, type PriceChange, type PriceScope, planPriceUpdate } from "../domain/priceChange";
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
} from "../domain/priceUpdate";
import { priceApplyInputSchema, pricePreviewInputSchema } from "../domain/priceUpdateInput";
import type { Car, Price } from "../domain/schemas";
import { loadAll } from "./catalog";
import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import type { CoreContext, Reader } from "./ports";
import { insertDoc, replaceDoc, writeAudit, writer } from "./writes";

export type { PriceUpdateLogEntry, PriceUpdateResult } from "../domain/priceUpdate";

/** Serialises bulk changes with each other. */
const PRICE_LIST_LOCK = "price-list";

type RuleRecord = Price & { id: string; updatedAt: string };

async function planInputs(reader: Reader) {
  const prices = (await loadAll<Price>(reader, COLLECTIONS.prices)) as RuleRecord[];
  const cars = await loadAll<Car>(reader, COLLECTIONS.cars);
  return { prices, cars };
}

export async function previewPriceUpdate(ctx: CoreContext, body: unknown): Promise<{ plan: PlannedRule[] }> {
  const input = parseFields(pricePreviewInputSchema, body);
  const { prices, cars } = await planInputs(ctx.store);
  return { plan: planPriceUpdate(prices, cars, input.scope as PriceScope, input.change as PriceChange) };
}

export async function applyPriceUpdate(ctx: CoreContext, body: unknown, actor: string): Promise<PriceUpdateResult> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const input = parseFields(priceApplyInputSchema, body);
  const change = input.change as PriceChange;
  const scope = input.scope as PriceScope;
  const batchId = store.newId(COLLECTIONS.priceUpdates);

  const outcome = await store.transaction(async (tx) => {
    await tx.lock(PRICE_LIST_LOCK);
    const { prices, cars } = await planInputs(tx);
    const plan = planPriceUpdate(prices, cars, scope, change);
    const refusal = planRefusal(plan, input.expected);
    if (refusal?.reason === "empty") throw new InputError(refusal.message, { scope: refusal.message });
    if (refusal) throw new CoreError("precondition", refusal.message);

    const w = writer(tx, store, now);
    const byId = new Map(prices.map((price) => [price.id, price]));
    const written: WrittenRule[] = [];
    for (const rule of plan) {
      const current = rule.priceId ? byId.get(rule.priceId) : undefined;
      if (rule.priceId && current) {
        replaceDoc(w, COLLECTIONS.prices, rule.priceId, plannedPriceDoc(rule, current), current.createdAt);
        written.push({ key: rule.key, id: rule.priceId, kind: "updated" });
      } else {
        const id = insertDoc(w, COLLECTIONS.prices, plannedPriceDoc(rule));
        written.push({ key: rule.key, id, kind: "created" });
      }
    }
    // One history entry for the whole change, plus the usual per-record audit entries.
    insertDoc(w, COLLECTIONS.priceUpdates, { actor, change, scope, rules: changeLogRules(plan, written) }, batchId);
    writeAudit(w, { action: "price-update", resource: "prices", recordId: batchId, actor });
    for (const entry of written) {
      writeAudit(w, {
        action: entry.kind === "created" ? "create" : "update",
        resource: "prices",
        recordId: entry.id,
        actor,
        batchId,
      });
    }
    return { plan, written };
  });

  for (const entry of outcome.written) ctx.events.publish("prices", entry.id, entry.kind);
  const { updated, created } = countWritten(outcome.written);
  const sign = change.value > 0 ? "+" : "";
  ctx.log.info(
    `Kainų atnaujinimas ${batchId} (${actor}): ${sign}${change.value}${change.kind === "percent" ? " %" : " €"}, ` +
      `${formatDone(updated, CHANGED_FEMININE_FORMS, RULE_FORMS)}, ${formatDone(created, CREATED_FEMININE_FORMS, RULE_FORMS)}`,
  );
  return { batchId, updated, created, plan: outcome.plan };
}

/** The latest bulk changes, newest first (the page's history). */
export async function priceUpdateHistory(ctx: CoreContext, limit = 10): Promise<PriceUpdateLogEntry[]> {
  const docs = await ctx.store.query(COLLECTIONS.priceUpdates, {
    orderBy: [{ field: "createdAt", direction: "desc" }],
    limit: historyLimit(limit),
  });
  return docs.map((doc) => priceUpdateLogEntry(doc.id, String(doc.data.createdAt ?? ""), doc.data));
}
