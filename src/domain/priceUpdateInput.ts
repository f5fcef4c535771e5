// The bulk price change's input rules, shared by the server and the Cloud Functions.
import { z } from "zod";
import { carCategory, entityId } from "./schemas";

export const STALE_PREVIEW_MESSAGE =
  "Kainos pasikeitė po peržiūros. Peržiūrėkite pakeitimus iš naujo ir tik tada taikykite.";
export const EMPTY_SCOPE_MESSAGE = "Pasirinktai sričiai kainų taisyklių nėra";

const seasonScope = z.union(
  [
    z.enum(["all", "year-round", "seasonal"]),
    z.string().regex(/^\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}$/, { error: "Neteisingas sezonas" }),
  ],
  { error: "Neteisingas sezonas" },
);

export const priceChangeSchema = z
  .object({
    kind: z.enum(["percent", "amount"], { error: "Pasirinkite: procentais arba suma" }),
    value: z
      .number({ error: "Turi būti skaičius" })
      .refine((v) => Number.isFinite(v) && v !== 0, { error: "Įveskite nenulinį skaičių" }),
    step: z.union([z.literal(0.01), z.literal(0.1), z.literal(0.5), z.literal(1)], {
      error: "Neteisingas apvalinimas",
    }),
  })
  .strict()
  .refine((c) => c.kind !== "percent" || (c.value > -100 && c.value <= 500), {
    error: "Procentinis pokytis turi būti nuo −99 iki 500 %",
    path: ["value"],
  })
  .refine((c) => c.kind !== "amount" || Math.abs(c.value) <= 10_000, {
    error: "Per didelis pokytis",
    path: ["value"],
  });

export const priceScopeSchema = z
  .object({
    category: carCategory.nullable(),
    carIds: z.array(entityId).max(500).default([]),
    season: seasonScope.default("all"),
  })
  .strict();

export const pricePreviewInputSchema = z.object({ change: priceChangeSchema, scope: priceScopeSchema }).strict();
export const priceApplyInputSchema = z
  .object({
    change: priceChangeSchema,
    scope: priceScopeSchema,
    /** the preview's fingerprint: rule key -> updatedAt (null for a rule the change creates) */
    expected: z.record(z.string().max(200), z.string().max(40).nullable()),
  })
  .strict();

/** Undo names the change it undoes: only the latest change that is not undone may be undone. */
export const priceUndoInputSchema = z
  .object({ batchId: z.string({ error: "Nurodykite atšaukiamą pakeitimą" }).min(1).max(200) })
  .strict();
