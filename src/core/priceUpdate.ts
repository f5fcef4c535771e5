// The bulk price change of /admin/price-update: a preview, then one transaction that writes every
// rule of the preview or none, refuses a preview gone stale, and records the whole change (who,
// what, every old and new tier) in the history and the audit log. The plan is the back-office's own
// planner's (src/domain/priceChange.ts), so what staff preview is exactly what is written.
import { CHANGED_FEMININE_FORMS, CREATED_FEMININE_FORMS, formatDone, RULE_FORMS } from "../domain/format";
import { InputError, parseFields } from "../domain/input";
import { type PlannedRule, type PriceChange, type PriceScope, planPriceUpdate } from "../domain/priceChange";
import { priceFloorErrors } from "../domain/priceFloor";
import {
  changeLogRules,
  countWritten,
  floorRefusalMessage,
  historyLimit,
  loggedRules,
  type PriceUndoResult,
  type PriceUpdateLogEntry,
  type PriceUpdateResult,
  plannedPriceDoc,
  planRefusal,
  priceUpdateLogEntry,
  ruleChangedSince,
  UNDO_NOT_LATEST_MESSAGE,
  UNDO_NOTHING_MESSAGE,
  undoChangedSinceMessage,
  undoLogRules,
  undoTarget,
  type WrittenRule,
} from "../domain/priceUpdate";
import { priceApplyInputSchema, pricePreviewInputSchema, priceUndoInputSchema } from "../domain/priceUpdateInput";
import { type Car, type Price, priceSchema } from "../domain/schemas";
import { loadAll, loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import type { CoreContext, Reader } from "./ports";
import { insertDoc, replaceDoc, writeAudit, writer } from "./writes";

export type { PriceUndoResult, PriceUpdateLogEntry, PriceUpdateResult } from "../domain/priceUpdate";

/** Serialises bulk changes with each other. */
const PRICE_LIST_LOCK = "price-list";

type RuleRecord = Price & { id: string; updatedAt: string };

async function planInputs(reader: Reader) {
  const prices = (await loadAll<Price>(reader, COLLECTIONS.prices)) as RuleRecord[];
  const cars = await loadAll<Car>(reader, COLLECTIONS.cars);
  // The settings' price floor: rules the change would take below it are marked and never written.
  const floor = (await loadSettings(reader)).minDailyRate;
  return { prices, cars, floor };
}

export async function previewPriceUpdate(ctx: CoreContext, body: unknown): Promise<{ plan: PlannedRule[] }> {
  const input = parseFields(pricePreviewInputSchema, body);
  const { prices, cars, floor } = await planInputs(ctx.store);
  return { plan: planPriceUpdate(prices, cars, input.scope as PriceScope, input.change as PriceChange, floor) };
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
    const { prices, cars, floor } = await planInputs(tx);
    const plan = planPriceUpdate(prices, cars, scope, change, floor);
    const refusal = planRefusal(plan, input.expected, floor);
    if (refusal?.reason === "empty") throw new InputError(refusal.message, { scope: refusal.message });
    if (refusal?.reason === "floor") throw new InputError(refusal.message, { "change.value": refusal.message });
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

/**
 * Undoes the latest applied bulk change that is not undone (`batchId` names it, so two people
 * cannot undo two changes by clicking at once): every updated rule gets its old tiers back and
 * every rule the change created is deleted, in one transaction under the same lock as the apply.
 * Refused (409) when any of those rules was edited or deleted since; itself logged like a change.
 */
export async function undoPriceUpdate(ctx: CoreContext, body: unknown, actor: string): Promise<PriceUndoResult> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const input = parseFields(priceUndoInputSchema, body);
  const undoId = store.newId(COLLECTIONS.priceUpdates);

  const outcome = await store.transaction(async (tx) => {
    await tx.lock(PRICE_LIST_LOCK);
    const docs = await tx.query(COLLECTIONS.priceUpdates, { orderBy: [{ field: "createdAt", direction: "desc" }] });
    const entries = docs.map((doc) => ({
      doc,
      ...priceUpdateLogEntry(doc.id, String(doc.data.createdAt ?? ""), doc.data),
    }));
    const target = undoTarget(entries);
    if (!target) throw new CoreError("not-found", UNDO_NOTHING_MESSAGE);
    if (target.id !== input.batchId) throw new CoreError("precondition", UNDO_NOT_LATEST_MESSAGE);

    const rules = loggedRules(target.doc.data);
    const currents = await Promise.all(
      rules.map(async (rule) => (rule.id ? await tx.get(COLLECTIONS.prices, rule.id) : null)),
    );
    const changedSince = rules.filter((rule, i) =>
      ruleChangedSince(rule, (currents[i]?.data as Partial<Price> | undefined) ?? null),
    ).length;
    if (changedSince > 0) throw new CoreError("precondition", undoChangedSinceMessage(changedSince));

    // The old prices must keep today's floor too (it may have been raised since).
    const floor = (await loadSettings(tx)).minDailyRate;
    const tooLow = rules.filter(
      (rule) => !rule.created && Object.keys(priceFloorErrors({ tiers: rule.before }, floor)).length > 0,
    ).length;
    if (tooLow > 0) {
      const message = floorRefusalMessage(tooLow, floor);
      throw new InputError(message, { batchId: message });
    }

    const w = writer(tx, store, now);
    const written: { id: string; kind: "updated" | "deleted" }[] = [];
    rules.forEach((rule, i) => {
      const current = currents[i];
      if (!rule.id || !current) return;
      if (rule.created) {
        tx.delete(COLLECTIONS.prices, rule.id);
        written.push({ id: rule.id, kind: "deleted" });
        return;
      }
      const data = current.data as Price & { createdAt?: string };
      const { createdAt: _c, updatedAt: _u, ...fields } = data;
      const restored = priceSchema.parse({ ...fields, tiers: rule.before });
      replaceDoc(w, COLLECTIONS.prices, rule.id, { ...restored, version: data.version }, data.createdAt);
      written.push({ id: rule.id, kind: "updated" });
    });
    const targetData = target.doc.data as Record<string, unknown>;
    insertDoc(
      w,
      COLLECTIONS.priceUpdates,
      { actor, undoOf: target.id, change: targetData.change, scope: targetData.scope, rules: undoLogRules(rules) },
      undoId,
    );
    replaceDoc(
      w,
      COLLECTIONS.priceUpdates,
      target.id,
      { ...targetData, undoneBy: undoId },
      typeof targetData.createdAt === "string" ? targetData.createdAt : undefined,
    );
    writeAudit(w, { action: "price-update", resource: "prices", recordId: undoId, actor, undoOf: target.id });
    for (const entry of written) {
      writeAudit(w, {
        action: entry.kind === "deleted" ? "delete" : "update",
        resource: "prices",
        recordId: entry.id,
        actor,
        batchId: undoId,
        undoOf: target.id,
      });
    }
    return { undoOf: target.id, written };
  });

  for (const entry of outcome.written) ctx.events.publish("prices", entry.id, entry.kind);
  const restored = outcome.written.filter((entry) => entry.kind === "updated").length;
  const deleted = outcome.written.length - restored;
  ctx.log.info(
    `Kainų atnaujinimas ${outcome.undoOf} atšauktas (${undoId}, ${actor}): ` +
      `${formatDone(restored, CHANGED_FEMININE_FORMS, RULE_FORMS)}, ištrinta naujų: ${deleted}`,
  );
  return { batchId: undoId, undoOf: outcome.undoOf, restored, deleted };
}
