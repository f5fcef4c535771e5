// The catalogue order of cars and offers, saved in one batch: every position of the new order
// is written in one transaction, so the public site never shows half of a reordering.
import { z } from "zod";
import { entityId } from "../../src/domain/schemas";
import type { Db } from "../db/types";
import { parseWith } from "../http/body";
import { ApiError } from "../http/errors";
import { log } from "../log";
import { writeAudit } from "./audit";
import { publish } from "./events";

export const SORTABLE_RESOURCES = ["cars", "offers"] as const;
export type SortableResource = (typeof SORTABLE_RESOURCES)[number];
/** Positions step by 10, so one record can later be slotted in between by hand. */
export const SORT_STEP = 10;

export const sortingInputSchema = z
  .object({
    resource: z.enum(SORTABLE_RESOURCES, { error: "Rūšiuoti galima tik automobilius arba akcijas" }),
    ids: z
      .array(entityId)
      .min(1, { error: "Sąrašas tuščias" })
      .max(2000)
      .refine((ids) => new Set(ids).size === ids.length, { error: "Įrašai sąraše kartojasi" }),
  })
  .strict();

export async function saveSortOrder(
  db: Db,
  body: unknown,
  actor: string,
): Promise<{ resource: SortableResource; changed: string[] }> {
  const input = parseWith(sortingInputSchema, body);
  const table = input.resource; // the enum above: "cars" or "offers", both table names
  const ids = input.ids.map((id) => id.toLowerCase());

  const changed = await db.transaction(async (tx) => {
    const found = await tx.query<{ id: string; sort_order: string | null }>(
      `SELECT id, doc->>'sortOrder' AS sort_order FROM ${table} WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      [ids],
    );
    if (found.rows.length !== ids.length) {
      throw new ApiError(409, "Kai kurių įrašų nebėra. Atnaujinkite puslapį ir bandykite dar kartą.");
    }
    const current = new Map(found.rows.map((row) => [row.id, row.sort_order === null ? null : Number(row.sort_order)]));
    const changedIds: string[] = [];
    for (const [index, id] of ids.entries()) {
      const position = index * SORT_STEP;
      if (current.get(id) === position) continue;
      await tx.query(
        `UPDATE ${table} SET doc = jsonb_set(doc, '{sortOrder}', to_jsonb($2::int)), updated_at = now() WHERE id = $1`,
        [id, position],
      );
      await writeAudit(tx, { action: "update", resource: table, recordId: id, actor });
      changedIds.push(id);
    }
    return changedIds;
  });

  for (const id of changed) publish(input.resource, id, "updated");
  log.info(
    `${actor} išsaugojo ${input.resource === "cars" ? "automobilių" : "akcijų"} tvarką: pakeista vietų ${changed.length}`,
  );
  return { resource: input.resource, changed };
}
