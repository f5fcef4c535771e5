// The audit log as staff read it (admins only): the stored entry's shape and the Lithuanian names
// of its actions and records. Entries are written by the core (src/core/writes.ts writeAudit) and,
// for the Firebase back-office's direct writes, by a Firestore trigger (functions/src/auditTrigger.ts).
import { z } from "zod";

/** One entry: who (`actor`), what (`action` on `resource`/`recordId`), when (`at`), and details. */
export const auditEntrySchema = z.looseObject({
  action: z.string(),
  resource: z.string(),
  recordId: z.string(),
  actor: z.string(),
  at: z.string(),
});
export type AuditEntryRecord = z.infer<typeof auditEntrySchema> & {
  changes?: Record<string, { before: unknown; after: unknown }>;
};

export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: "Sukurta",
  update: "Pakeista",
  delete: "Ištrinta",
  upload: "Įkeltas failas",
  "remove-file": "Pašalintas failas",
  "price-update": "Kainų atnaujinimas",
  erase: "Ištrinti asmens duomenys",
  retention: "Duomenų saugojimo valymas",
  export: "Duomenų eksportas",
  merge: "Klientai sujungti",
};

/** Records by the name the log keeps (the admin resource or the store collection). */
export const AUDIT_RESOURCE_LABELS: Readonly<Record<string, string>> = {
  reservations: "Rezervacija",
  customers: "Klientas",
  cars: "Automobilis",
  prices: "Kaina",
  settings: "Nustatymai",
  fleet: "Autoparkas",
  offers: "Akcija",
  news: "Naujiena",
  requests: "Užklausa",
  locations: "Vieta",
  extras: "Paslauga",
  mail: "Laiškas",
  staff: "Darbuotojas",
  damages: "Pažeidimas",
  maintenance: "Techninė priežiūra",
  payments: "Mokėjimas",
  invoices: "Sąskaita",
  approvals: "Patvirtinimo prašymas",
  calendarFeeds: "Kalendoriaus sklaida",
  retentionRuns: "Duomenų saugojimas",
  backups: "Atsarginė kopija",
};

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;
export const auditResourceLabel = (resource: string): string => AUDIT_RESOURCE_LABELS[resource] ?? resource;

/** The filter's choices (react-admin SelectInput). */
export const AUDIT_ACTION_CHOICES = Object.entries(AUDIT_ACTION_LABELS).map(([id, name]) => ({ id, name }));
export const AUDIT_RESOURCE_CHOICES = Object.entries(AUDIT_RESOURCE_LABELS).map(([id, name]) => ({ id, name }));
