// The catalogue order of cars and offers, saved in one batch: every position of the new order is
// written in one transaction, so the public site never shows half of a reordering.
import { z } from "zod";
import { parseFields } from "../domain/input";
import { entityId } from "../domain/schemas";
import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import type { CoreContext } from "./ports";
import { toRecord } from "./records";
import { replaceDoc, writeAudit, writer } from "./writes";

export const SORTABLE_RESOURCES = ["cars", "offers"] as const;
export type SortableResource = (typeof SORTABLE_RESOURCES)[number];
/** Positions step by 10, so one record can later be slotted in between by hand. */
export const SORT_STEP = 10;
export const SORTING_GONE_MESSAGE = "Kai kurių įrašų nebėra. Atnaujinkite puslapį ir bandykite dar kartą.";

export const sortingInputSchema = z
  .object({
    resource: z.enum(SORTABLE_RESOURCES, { error: "Rikiuoti galima tik automobilius arba akcijas" }),
    ids: z
      .array(entityId)
      .min(1, { error: "Sąrašas tuščias" })
      .max(2000)
      .refine((ids) => new Set(ids).size === ids.length, { error: "Įrašai sąraše kartojasi" }),
  })
  .strict();

export async function saveSortOrder(
  ctx: CoreContext,
  body: unknown,
  actor: string,
): Promise<{ resource: SortableResource; changed: string[] }> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const input = parseFields(sortingInputSchema, body);
  const collection = COLLECTIONS[input.resource];
  const ids = input.ids;
  if (ids.some((id) => !store.isId(id))) throw new CoreError("precondition", SORTING_GONE_MESSAGE);

  const changed = await store.transaction(async (tx) => {
    const found = [];
    for (const id of ids) {
      const doc = await tx.get(collection, id);
      if (!doc) throw new CoreError("precondition", SORTING_GONE_MESSAGE);
      found.push(toRecord<{ sortOrder?: number | null }>(doc));
    }
    const w = writer(tx, store, now);
    const changedIds: string[] = [];
    for (const [index, record] of found.entries()) {
      const position = index * SORT_STEP;
      if (record.sortOrder === position) continue;
      replaceDoc(w, collection, record.id, { ...record, sortOrder: position }, record.createdAt);
      writeAudit(w, { action: "update", resource: input.resource, recordId: record.id, actor });
      changedIds.push(record.id);
    }
    return changedIds;
  });

  for (const id of changed) ctx.events.publish(input.resource, id, "updated");
  ctx.log.info(
    `${actor} išsaugojo ${input.resource === "cars" ? "automobilių" : "akcijų"} tvarką: pakeista vietų ${changed.length}`,
  );
  return { resource: input.resource, changed };
}
