// The customer's data rights, written once for every store (memory, PGlite/PostgreSQL, Firestore):
//
// - exportCustomerData: everything held about one person (the customer record, reservations,
//   inquiries matched by e-mail or phone, mails sent to them or about their records, the hand-over
//   and return acts with their signatures and photo lists, damages, payments and invoices of their
//   reservations, and the audit entries about all of those), as JSON; customerExportSummary()
//   renders the same as a readable Lithuanian HTML page.
// - eraseCustomer: anonymises the person everywhere: the customer record, their reservations'
//   free texts and acts' licence data and signer names, the signature images and signed PDFs (the
//   private files are deleted), inquiries (deleted), the outbox (recipients and bodies) and the
//   audit log (any text naming them, and the diffs of entries about their records). The search
//   indexes follow the documents (PostgreSQL's tsvector triggers, Firestore's `_search` tokens are
//   written by the store from the document). Kept, and listed in the answer with the reason:
//   issued invoices and credit notes (never touched), the payments ledger, and a reservation whose
//   damage claim is still open (its acts and signatures, and the customer's name and contacts).
//   The erasure is audited by who, when and how many records, never by the erased values.
// - applyRetention: the retention periods of the settings (src/domain/retention.ts), applied once
//   a day (the local job runner, Firebase's scheduled function). A run claims the day with a
//   marker document retentionRuns/<Vilnius date> written in a locked transaction, so two servers
//   run it once; each step selects only what is still due, so a run interrupted half-way is
//   completed by the next day's run. The marker keeps the run's counts.
//
// Files are not part of a transaction: they are deleted before the documents that name them are
// rewritten, so a failure leaves at worst a document naming a file that is gone (the documents
// route answers 404), never a personal file that no document names.
import { formatDate, formatDateTime, formatMoney } from "../domain/format";
import { InputError } from "../domain/input";
import { textToHtml } from "../domain/mailText";
import {
  containsMatch,
  ERASED,
  ERASED_CUSTOMER_OPTIONAL,
  ERASED_MARK,
  erasedCustomerFields,
  erasedEmail,
  needleMatcher,
  type PersonNeedles,
  personNeedles,
  type RetentionCutoffs,
  type RetentionSettings,
  retentionCutoffs,
  retentionOf,
  scrubValue,
} from "../domain/retention";
import type { Customer, Damage, HandoverAct, InquiryRequest, Reservation, ReturnAct } from "../domain/schemas";
import { vilniusDateString } from "../domain/time";
import { checkClockForDestructiveJob } from "./clockGuard";
import { COLLECTIONS, SETTINGS_ID } from "./collections";
import { ledgerEntryOf, readErasureLedger, writeLedgerEntry } from "./erasureLedger";
import { CoreError } from "./errors";
import type { CoreContext, DocumentStore, PrivateFiles, Reader, StoredDoc } from "./ports";
import { customerRecord, damageRecord, inquiryRecord, reservationRecord, type Stamped } from "./records";
import { forEachPage, letOthersRun } from "./scan";
import { insertDoc, queueMail, replaceDoc, type Writer, writeAudit, writer } from "./writes";

/** The private files with removal: what an erasure and the retention job need. */
export interface ErasableFiles extends PrivateFiles {
  /** deletes the file; true when there was one */
  remove(path: string): Promise<boolean>;
}

export interface DataRightsDeps {
  files: ErasableFiles;
}

export const CUSTOMER_NOT_FOUND_MESSAGE = "Klientas nerastas";
export const ALREADY_ERASED_MESSAGE = "Šio kliento duomenys jau ištrinti";
/** The actor of the retention job's writes in the audit log. */
export const RETENTION_ACTOR = "saugojimo terminai";
/** How many documents one transaction of an erasure or a retention step rewrites (Firestore allows 500 writes). */
const CHUNK = 100;

type Doc = Record<string, unknown>;

// ---------- gathering one person's records ----------

interface PersonRecords {
  customer: Stamped<Customer>;
  reservations: Stamped<Reservation>[];
  requests: Stamped<InquiryRequest>[];
  mails: StoredDoc[];
  audit: StoredDoc[];
  damages: Stamped<Damage>[];
  payments: StoredDoc[];
  invoices: StoredDoc[];
}

const byId = (docs: StoredDoc[]): StoredDoc[] => {
  const seen = new Map<string, StoredDoc>();
  for (const doc of docs) seen.set(doc.id, doc);
  return [...seen.values()];
};

/** A query on a collection another part of the product may not have yet (an old database): empty then. */
async function optionalQuery(reader: Reader, collection: string, field: string, value: unknown): Promise<StoredDoc[]> {
  try {
    return await reader.query(collection, { where: [{ field, op: "==", value }] });
  } catch {
    return [];
  }
}

async function loadCustomer(ctx: CoreContext, id: string): Promise<Stamped<Customer>> {
  const found = ctx.store.isId(id) ? await ctx.store.get(COLLECTIONS.customers, id) : null;
  if (!found) throw new CoreError("not-found", CUSTOMER_NOT_FOUND_MESSAGE);
  return customerRecord(found);
}

async function gatherPerson(ctx: CoreContext, customer: Stamped<Customer>): Promise<PersonRecords> {
  const { store } = ctx;
  const eq = (collection: string, field: string, value: unknown) =>
    store.query(collection, { where: [{ field, op: "==", value }] });
  const reservations = (await eq(COLLECTIONS.reservations, "customerId", customer.id)).map((d) => reservationRecord(d));
  const requestDocs = [...(await eq(COLLECTIONS.requests, "email", customer.email))];
  if (customer.phone) requestDocs.push(...(await eq(COLLECTIONS.requests, "phone", customer.phone)));
  const requests = byId(requestDocs).map((d) => inquiryRecord(d));

  const refs = [
    ...reservations.map((r) => `reservation:${r.id}`),
    ...requests.map((r) => `request:${r.id}`),
    `customer:${customer.id}`,
  ];
  const mailDocs: StoredDoc[] = [...(await eq(COLLECTIONS.mail, "to", customer.email))];
  mailDocs.push(
    ...(await store.query(COLLECTIONS.mail, {
      where: [{ field: "to", op: "array-contains", value: customer.email }],
    })),
  );
  mailDocs.push(...(await eq(COLLECTIONS.mail, "replyTo", customer.email)));
  for (const ref of refs) mailDocs.push(...(await eq(COLLECTIONS.mail, "ref", ref)));
  const mails = byId(mailDocs).sort((a, b) => String(a.data.createdAt).localeCompare(String(b.data.createdAt)));

  const damages: Stamped<Damage>[] = [];
  const payments: StoredDoc[] = [];
  for (const r of reservations) {
    damages.push(...(await eq(COLLECTIONS.damages, "reservationId", r.id)).map((d) => damageRecord(d)));
    payments.push(...(await optionalQuery(store, COLLECTIONS.payments, "reservationId", r.id)));
  }
  const invoices = await optionalQuery(store, COLLECTIONS.invoices, "customerId", customer.id);

  const recordIds = [
    customer.id,
    ...reservations.map((r) => r.id),
    ...requests.map((r) => r.id),
    ...mails.map((m) => m.id),
  ];
  const auditDocs: StoredDoc[] = [];
  for (const id of recordIds) auditDocs.push(...(await eq(COLLECTIONS.auditLog, "recordId", id)));
  const audit = byId(auditDocs).sort((a, b) => String(a.data.at).localeCompare(String(b.data.at)));
  return { customer, reservations, requests, mails, audit, damages, payments: byId(payments), invoices };
}

// ---------- export ----------

export interface SignatureExport {
  reservationId: string;
  reservationNumber: string | null;
  act: "handover" | "return";
  signerName: string;
  signedAt: string;
  /** the stored image's private path */
  image: string;
  /** the image itself, or null when the file is gone (erased or deleted by the retention period) */
  dataUrl: string | null;
}

export interface CustomerExport {
  format: "ratunuoma-asmens-duomenys";
  version: 1;
  exportedAt: string;
  exportedBy: string;
  customer: Doc & { id: string };
  reservations: (Doc & { id: string })[];
  inquiries: (Doc & { id: string })[];
  mails: (Doc & { id: string })[];
  /** the hand-over and return acts with their signed documents (private paths) */
  documents: { reservationId: string; reservationNumber: string | null; kind: string; path: string }[];
  signatures: SignatureExport[];
  photos: { reservationId: string; reservationNumber: string | null; act: string; path: string }[];
  damages: (Doc & { id: string })[];
  payments: (Doc & { id: string })[];
  invoices: (Doc & { id: string })[];
  audit: (Doc & { id: string })[];
}

const plain = (doc: StoredDoc): Doc & { id: string } => ({ ...doc.data, id: doc.id });

const toBase64 = (bytes: Uint8Array): string => {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

function actsOf(r: Reservation): { act: "handover" | "return"; value: HandoverAct | ReturnAct }[] {
  const acts: { act: "handover" | "return"; value: HandoverAct | ReturnAct }[] = [];
  if (r.handover) acts.push({ act: "handover", value: r.handover });
  if (r.returnAct) acts.push({ act: "return", value: r.returnAct });
  return acts;
}

/** Everything held about the customer `id`, and nothing about anyone else. Admins only (the adapters check). */
export async function exportCustomerData(
  ctx: CoreContext,
  deps: { files: PrivateFiles },
  id: string,
  actor: string,
): Promise<CustomerExport> {
  const customer = await loadCustomer(ctx, id);
  const person = await gatherPerson(ctx, customer);
  const documents: CustomerExport["documents"] = [];
  const signatures: SignatureExport[] = [];
  const photos: CustomerExport["photos"] = [];
  for (const r of person.reservations) {
    const number = r.number ?? null;
    for (const { act, value } of actsOf(r)) {
      documents.push({ reservationId: r.id, reservationNumber: number, kind: act, path: value.document });
      if (act === "handover" && (value as HandoverAct).agreementDocument) {
        const path = (value as HandoverAct).agreementDocument as string;
        documents.push({ reservationId: r.id, reservationNumber: number, kind: "agreement", path });
      }
      const bytes = await deps.files.get(value.signature.image);
      signatures.push({
        reservationId: r.id,
        reservationNumber: number,
        act,
        signerName: value.signature.signerName,
        signedAt: value.signature.signedAt,
        image: value.signature.image,
        dataUrl: bytes ? `data:image/png;base64,${toBase64(bytes)}` : null,
      });
      for (const path of value.photos ?? []) photos.push({ reservationId: r.id, reservationNumber: number, act, path });
      for (const mark of value.damages ?? []) {
        for (const path of mark.photos ?? [])
          photos.push({ reservationId: r.id, reservationNumber: number, act, path });
      }
    }
  }
  // Audited: who exported whose data, when (never the data itself).
  await ctx.store.transaction(async (tx) => {
    writeAudit(writer(tx, ctx.store, ctx.clock.now()), {
      action: "export",
      resource: "customers",
      recordId: id,
      actor,
      format: "asmens duomenų kopija",
    });
  });
  return {
    format: "ratunuoma-asmens-duomenys",
    version: 1,
    exportedAt: ctx.clock.now().toISOString(),
    exportedBy: actor,
    customer: { ...customer },
    reservations: person.reservations.map((r) => ({ ...r })),
    inquiries: person.requests.map((r) => ({ ...r })),
    mails: person.mails.map(plain),
    documents,
    signatures,
    photos,
    damages: person.damages.map((d) => ({ ...d })),
    payments: person.payments.map(plain),
    invoices: person.invoices.map(plain),
    audit: person.audit.map(plain),
  };
}

// ---------- the readable summary ----------

const escapeHtml = (value: unknown): string =>
  String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

const when = (value: unknown): string => (typeof value === "string" && value ? formatDateTime(value) : "–");
const day = (value: unknown): string => (typeof value === "string" && value ? formatDate(value) : "–");

const CUSTOMER_LABELS: [keyof Customer, string][] = [
  ["firstName", "Vardas"],
  ["lastName", "Pavardė"],
  ["companyName", "Įmonė"],
  ["companyCode", "Įmonės kodas"],
  ["vatCode", "PVM mokėtojo kodas"],
  ["email", "El. paštas"],
  ["phone", "Telefonas"],
  ["birthDate", "Gimimo data"],
  ["licenceNumber", "Vairuotojo pažymėjimo nr."],
  ["licenceIssuedAt", "Pažymėjimas išduotas"],
  ["personalCode", "Asmens kodas"],
  ["idDocumentNumber", "Asmens dokumento nr."],
  ["address", "Adresas"],
  ["notes", "Pastabos"],
  ["language", "Laiškų kalba"],
  ["consentAt", "Sutikimas duotas"],
];

const STATUS_LT: Readonly<Record<string, string>> = {
  new: "nauja",
  confirmed: "patvirtinta",
  active: "vykdoma",
  completed: "užbaigta",
  cancelled: "atšaukta",
  no_show: "neatvyko",
};

function table(headers: string[], rows: string[][]): string {
  if (rows.length === 0) return "<p>Nėra.</p>";
  const head = headers.map((h) => `<th>${escapeHtml(h)}</th>`).join("");
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join("")}</tr>`).join("");
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The export as a readable Lithuanian page (HTML, printable). */
export function customerExportSummary(data: CustomerExport, companyName = ""): string {
  const c = data.customer as Doc;
  const customerRows = CUSTOMER_LABELS.filter(([key]) => c[key] !== undefined && c[key] !== null && c[key] !== "").map(
    ([key, label]) => [
      label,
      key === "birthDate" || key === "licenceIssuedAt"
        ? day(c[key])
        : key === "consentAt"
          ? when(c[key])
          : String(c[key]),
    ],
  );
  const reservations = data.reservations.map((r) => {
    const quote = r.quote as { total?: number } | undefined;
    return [
      String(r.number ?? r.id),
      when(r.pickupAt),
      when(r.returnAt),
      STATUS_LT[String(r.status)] ?? String(r.status),
      typeof quote?.total === "number" ? formatMoney(quote.total) : "–",
    ];
  });
  const inquiries = data.inquiries.map((r) => [
    when(r.createdAt),
    String(r.type),
    String(r.message ?? "").slice(0, 300),
  ]);
  const mails = data.mails.map((m) => {
    const message = (m.message ?? {}) as { subject?: string };
    const delivery = (m.delivery ?? {}) as { state?: string };
    return [
      when(m.createdAt),
      Array.isArray(m.to) ? m.to.join(", ") : String(m.to ?? ""),
      message.subject ?? "",
      delivery.state ?? "",
    ];
  });
  const signatures = data.signatures.map((s) => [
    s.reservationNumber ?? s.reservationId,
    s.act === "handover" ? "išdavimo aktas" : "grąžinimo aktas",
    s.signerName,
    when(s.signedAt),
    s.dataUrl ? "saugomas (JSON faile)" : "ištrintas",
  ]);
  const documents = data.documents.map((d) => [
    d.reservationNumber ?? d.reservationId,
    d.kind === "agreement" ? "nuomos sutartis" : d.kind === "handover" ? "išdavimo aktas" : "grąžinimo aktas",
    d.path,
  ]);
  const photos = data.photos.map((p) => [
    p.reservationNumber ?? p.reservationId,
    p.act === "handover" ? "išdavimas" : "grąžinimas",
    p.path,
  ]);
  const damages = data.damages.map((d) => [
    when(d.foundAt),
    String(d.note ?? ""),
    d.status === "open" ? "atviras" : "sutaisytas",
  ]);
  const invoices = data.invoices.map((i) => [
    String(i.number ?? i.id),
    day(i.issueDate ?? i.issuedAt ?? i.createdAt),
    typeof i.total === "number" ? formatMoney(i.total) : "–",
  ]);
  const audit = data.audit.map((a) => [
    when(a.at),
    String(a.actor ?? ""),
    String(a.action ?? ""),
    String(a.resource ?? ""),
  ]);
  const title = `Asmens duomenų išrašas: ${String(c.firstName ?? "")} ${String(c.lastName ?? "")}`.trim();
  return `<!doctype html>
<html lang="lt"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top;font-size:.9rem}
th{background:#f3f3f3}h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:1.5rem}</style></head><body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(companyName ? `${companyName}. ` : "")}Išrašas parengtas ${escapeHtml(when(data.exportedAt))}, parengė ${escapeHtml(data.exportedBy)}. Visi duomenys pateikti ir pridedamame JSON faile.</p>
<h2>Kliento duomenys</h2>${table(["Laukas", "Reikšmė"], customerRows)}
<h2>Rezervacijos (${data.reservations.length})</h2>${table(["Numeris", "Paėmimas", "Grąžinimas", "Būsena", "Kaina"], reservations)}
<h2>Užklausos (${data.inquiries.length})</h2>${table(["Gauta", "Tipas", "Žinutė"], inquiries)}
<h2>Išsiųsti el. laiškai (${data.mails.length})</h2>${table(["Laikas", "Gavėjas", "Tema", "Būsena"], mails)}
<h2>Sutartys ir aktai (${data.documents.length})</h2>${table(["Rezervacija", "Dokumentas", "Failas"], documents)}
<h2>Parašai (${data.signatures.length})</h2>${table(["Rezervacija", "Dokumentas", "Pasirašė", "Laikas", "Atvaizdas"], signatures)}
<h2>Nuotraukos (${data.photos.length})</h2>${table(["Rezervacija", "Aktas", "Failas"], photos)}
<h2>Pažeidimai (${data.damages.length})</h2>${table(["Rasta", "Aprašymas", "Būsena"], damages)}
<h2>Sąskaitos faktūros (${data.invoices.length})</h2>${table(["Numeris", "Data", "Suma"], invoices)}
<h2>Veiksmų žurnalas (${data.audit.length})</h2>${table(["Laikas", "Kas", "Veiksmas", "Įrašas"], audit)}
</body></html>`;
}

// ---------- erasure ----------

export interface ErasureReport {
  customerId: string;
  erasedAt: string;
  /** how many records of each kind were anonymised or deleted */
  counts: {
    customers: number;
    reservations: number;
    inquiriesDeleted: number;
    mails: number;
    auditEntries: number;
    filesDeleted: number;
  };
  /** what was kept, and why */
  kept: { kind: string; id: string; label: string; reason: string }[];
}

const KEPT_INVOICE_REASON =
  "Išrašytos sąskaitos faktūros ir kreditiniai dokumentai su juose nurodytais duomenimis saugomi pagal buhalterinės apskaitos teisės aktus";
const KEPT_PAYMENT_REASON = "Mokėjimų įrašai saugomi pagal buhalterinės apskaitos teisės aktus";
const KEPT_CLAIM_REASON =
  "Dėl šios nuomos nagrinėjama žala: aktai, parašai ir kliento vardas bei kontaktai saugomi, kol pretenzija bus išspręsta";

/** Fields of an audit entry that hold a record's values (before/after diffs): replaced whole for a person's records. */
const DIFF_KEYS = ["before", "after", "changes", "diff", "previous", "values", "fields"];

/** Runs `work` over the ids in chunks of CHUNK, one transaction per chunk. */
async function inChunks(ids: string[], work: (chunk: string[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    if (i > 0) await letOthersRun();
    await work(ids.slice(i, i + CHUNK));
  }
}

/**
 * The documents `ids` of `collection`, CHUNK at a time, each chunk read again and changed in its
 * own transaction (what is gone meanwhile is left out); `change` gets the chunk's writer.
 */
function changeInChunks(
  store: DocumentStore,
  collection: string,
  ids: string[],
  now: Date,
  change: (docs: StoredDoc[], w: Writer) => void,
): Promise<void> {
  return inChunks(ids, (chunk) =>
    store.transaction(async (tx) => {
      const found: StoredDoc[] = [];
      for (const docId of chunk) {
        const doc = store.isId(docId) ? await tx.get(collection, docId) : null;
        if (doc) found.push(doc);
      }
      change(found, writer(tx, store, now));
    }),
  );
}

function scrubReservation(r: Doc, matchers: (RegExp | null)[], keepActs: boolean): Doc {
  const out: Doc = scrubValue(r, matchers);
  out.comment = "";
  out.notes = "";
  const contract = { ...((out.contract as Doc | undefined) ?? {}) };
  contract.text = null;
  out.contract = contract;
  if (!keepActs) {
    for (const key of ["handover", "returnAct"] as const) {
      const act = out[key] as Doc | null | undefined;
      if (!act) continue;
      const next: Doc = { ...act, signature: { ...(act.signature as Doc), signerName: ERASED } };
      if (key === "handover") next.licence = { ...(act.licence as Doc), number: ERASED };
      out[key] = next;
    }
  }
  return out;
}

/** The private files of a reservation's acts that name the person: signature images and signed PDFs. */
function personalFilesOf(r: Reservation): string[] {
  const paths: string[] = [];
  for (const { act, value } of actsOf(r)) {
    paths.push(value.signature.image, value.document);
    if (act === "handover" && (value as HandoverAct).agreementDocument) {
      paths.push((value as HandoverAct).agreementDocument as string);
    }
  }
  return paths;
}

function scrubMail(
  mail: Doc,
  person: { email: string; customerId: string },
  matchers: (RegExp | null)[],
  about: boolean,
): Doc {
  const replaceAddress = (value: unknown): unknown =>
    typeof value === "string" && value.trim().toLowerCase() === person.email.toLowerCase()
      ? erasedEmail(person.customerId)
      : value;
  const out: Doc = scrubValue({ ...mail }, matchers);
  out.to = Array.isArray(mail.to) ? mail.to.map(replaceAddress) : replaceAddress(mail.to);
  if (typeof mail.replyTo === "string" && replaceAddress(mail.replyTo) !== mail.replyTo) delete out.replyTo;
  if (about) {
    const message = (mail.message ?? {}) as Doc;
    out.message = { subject: scrubValue(String(message.subject ?? ""), matchers) || ERASED_MARK, text: "" };
  }
  return out;
}

// ---------- future bookings ----------

/** How eraseCustomer treats the customer's future and running bookings. */
export interface EraseOptions {
  /**
   * "refuse" (staff's erasure, the default): refused with the bookings' numbers, so staff cancel
   * them first and the customer gets the usual cancellation notice while their address still exists;
   * "cancel" (a restore erasing again, reapplyErasures): the future new and confirmed bookings are
   * cancelled (the cars freed) with an audit entry each and a mail to the staff address.
   */
  futureBookings?: "refuse" | "cancel";
}

/** The reason written on a booking cancelled because its customer's erasure was applied again. */
export const ERASURE_CANCEL_REASON = "Kliento asmens duomenys ištrinti";

/** Bookings that still hold a car: new or confirmed ones not yet over, and a rental under way. */
function pendingBookings(reservations: Stamped<Reservation>[], now: Date): Stamped<Reservation>[] {
  return reservations.filter(
    (r) =>
      r.status === "active" ||
      ((r.status === "new" || r.status === "confirmed") && Date.parse(String(r.returnAt)) > now.getTime()),
  );
}

export function pendingBookingsMessage(pending: Pick<Reservation, "number" | "status">[]): string {
  const numbers = pending.map((r) => r.number ?? "be numerio").join(", ");
  const running = pending.some((r) => r.status === "active");
  return running
    ? `Kliento duomenų ištrinti negalima: vykdoma jo nuoma (${numbers}). Ištrinkite, kai automobilis bus grąžintas.`
    : `Kliento duomenų ištrinti negalima: jis turi būsimų rezervacijų (${numbers}). Pirmiausia jas atšaukite – klientas gaus įprastą pranešimą apie atšaukimą, – tada ištrinkite.`;
}

/** Cancels the erased customer's future bookings (a restore's erasure): audited, staff told by mail. */
async function cancelForErasure(
  ctx: CoreContext,
  customer: Stamped<Customer>,
  pending: Stamped<Reservation>[],
  actor: string,
  now: Date,
): Promise<void> {
  const cancellable = pending.filter((r) => r.status === "new" || r.status === "confirmed");
  if (cancellable.length === 0) return;
  const mailId = await ctx.store.transaction(async (tx) => {
    // Every read before the first write.
    const current: StoredDoc[] = [];
    for (const r of cancellable) {
      const found = await tx.get(COLLECTIONS.reservations, r.id);
      if (found) current.push(found);
    }
    const settings = await tx.get(COLLECTIONS.settings, SETTINGS_ID);
    const w = writer(tx, ctx.store, now);
    const numbers: string[] = [];
    for (const found of current) {
      const r = found;
      const status = String(found.data.status);
      if (status !== "new" && status !== "confirmed") continue;
      const next = { ...found.data, status: "cancelled", cancelReason: ERASURE_CANCEL_REASON };
      replaceDoc(w, COLLECTIONS.reservations, r.id, next, found.data.createdAt as string | undefined);
      writeAudit(w, {
        action: "update",
        resource: "reservations",
        recordId: r.id,
        actor,
        changes: { status: { from: status, to: "cancelled" } },
        reason: ERASURE_CANCEL_REASON,
      });
      numbers.push(String(found.data.number ?? r.id));
    }
    const company = (settings?.data.company ?? {}) as { emails?: unknown };
    const staffAddress = Array.isArray(company.emails) ? String(company.emails[0] ?? "") : "";
    if (numbers.length === 0 || !staffAddress) return null;
    const text = [
      `Pakartotinai ištrinti kliento (${customer.id}) asmens duomenys, todėl atšauktos jo rezervacijos: ${numbers.join(", ")}.`,
      "Automobiliai atlaisvinti. Klientui pranešimas nesiųstas: jo kontaktai ištrinti.",
    ].join("\n\n");
    return queueMail(w, {
      to: staffAddress,
      subject: `Atšauktos ištrinto kliento rezervacijos: ${numbers.join(", ")}`,
      text,
      html: textToHtml(text),
      ref: `customer:${customer.id}`,
    });
  });
  for (const r of cancellable) ctx.events.publish("reservations", r.id, "updated");
  if (mailId) ctx.events.publish("mail", mailId, "created");
}

/**
 * Anonymises the customer `id` everywhere (see the top of this file). Safe to run again: a second
 * run finds what the first one left (e.g. after a failure half-way) and finishes it.
 */
export async function eraseCustomer(
  ctx: CoreContext,
  deps: DataRightsDeps,
  id: string,
  actor: string,
  options: EraseOptions = {},
): Promise<ErasureReport> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const at = now.toISOString();
  const customer = await loadCustomer(ctx, id);
  if (customer.anonymisedAt) throw new CoreError("conflict", ALREADY_ERASED_MESSAGE);
  let person = await gatherPerson(ctx, customer);
  const pending = pendingBookings(person.reservations, now);
  if (pending.length > 0) {
    if (options.futureBookings !== "cancel") throw new CoreError("precondition", pendingBookingsMessage(pending));
    await cancelForErasure(ctx, customer, pending, actor, now);
    person = await gatherPerson(ctx, customer);
  }
  const needles: PersonNeedles = personNeedles(customer as unknown as Doc);
  const strong = needleMatcher(needles.strong);
  const names = needleMatcher(needles.names, true);
  const report: ErasureReport = {
    customerId: id,
    erasedAt: at,
    counts: { customers: 0, reservations: 0, inquiriesDeleted: 0, mails: 0, auditEntries: 0, filesDeleted: 0 },
    kept: [],
  };

  for (const invoice of person.invoices) {
    report.kept.push({
      kind: "invoice",
      id: invoice.id,
      label: `Sąskaita ${String(invoice.data.number ?? invoice.id)}`,
      reason: KEPT_INVOICE_REASON,
    });
  }
  for (const payment of person.payments) {
    report.kept.push({ kind: "payment", id: payment.id, label: "Mokėjimo įrašas", reason: KEPT_PAYMENT_REASON });
  }
  const claimed = new Set(person.damages.filter((d) => d.status === "open").map((d) => d.reservationId ?? ""));
  for (const r of person.reservations) {
    if (claimed.has(r.id)) {
      report.kept.push({
        kind: "reservation",
        id: r.id,
        label: `Rezervacija ${r.number ?? r.id}`,
        reason: KEPT_CLAIM_REASON,
      });
    }
  }
  const openClaim = claimed.size > 0;

  // 1. Files first: signature images and signed PDFs of reservations without an open claim.
  for (const r of person.reservations) {
    if (claimed.has(r.id)) continue;
    for (const path of personalFilesOf(r)) if (await deps.files.remove(path)) report.counts.filesDeleted += 1;
  }

  // 2. Reservations: free texts, the agreement text, licence data and signer names.
  const matchers = [strong, names];
  await changeInChunks(
    store,
    COLLECTIONS.reservations,
    person.reservations.map((r) => r.id),
    now,
    (docs, w) => {
      for (const doc of docs) {
        const next = scrubReservation(doc.data, matchers, claimed.has(doc.id));
        replaceDoc(w, COLLECTIONS.reservations, doc.id, next, doc.data.createdAt as string | undefined);
      }
    },
  );
  report.counts.reservations = person.reservations.length;

  // 3. Inquiries: deleted.
  await changeInChunks(
    store,
    COLLECTIONS.requests,
    person.requests.map((r) => r.id),
    now,
    (docs, w) => {
      for (const doc of docs) w.tx.delete(COLLECTIONS.requests, doc.id);
    },
  );
  report.counts.inquiriesDeleted = person.requests.length;

  // 3b. "Mano rezervacija" links: deleted, so no old e-mail opens the reservation any more.
  const reservationIds = person.reservations.map((r) => r.id);
  for (let i = 0; i < reservationIds.length; i += 30) {
    // Firestore's "in" takes at most 30 values.
    const links = await store.query(COLLECTIONS.reservationLinks, {
      where: [{ field: "reservationId", op: "in", value: reservationIds.slice(i, i + 30) }],
    });
    await inChunks(
      links.map((link) => link.id),
      (chunk) =>
        store.transaction(async (tx) => {
          for (const linkId of chunk) tx.delete(COLLECTIONS.reservationLinks, linkId);
        }),
    );
  }

  // 4. The outbox: mails to or about the person lose recipient and body; any other mail naming them is scrubbed.
  const aboutMail = new Set(person.mails.map((m) => m.id));
  const mailIds = [...aboutMail];
  await forEachPage(store, COLLECTIONS.mail, (page) => {
    for (const m of page) if (!aboutMail.has(m.id) && containsMatch(m.data, strong)) mailIds.push(m.id);
  });
  await changeInChunks(store, COLLECTIONS.mail, mailIds, now, (docs, w) => {
    for (const doc of docs) {
      const about = aboutMail.has(doc.id);
      const next = scrubMail(doc.data, { email: customer.email, customerId: id }, about ? matchers : [strong], about);
      replaceDoc(w, COLLECTIONS.mail, doc.id, next, doc.data.createdAt as string | undefined);
    }
  });
  report.counts.mails = mailIds.length;

  // 5. The audit log: entries about the person's records lose their diffs and names; any entry naming them is scrubbed.
  const personRecordIds = new Set([
    id,
    ...person.reservations.map((r) => r.id),
    ...person.requests.map((r) => r.id),
    ...aboutMail,
  ]);
  const auditIds: string[] = [];
  await forEachPage(store, COLLECTIONS.auditLog, (page) => {
    for (const entry of page) {
      const about =
        personRecordIds.has(String(entry.data.recordId)) &&
        (DIFF_KEYS.some((k) => entry.data[k] !== undefined) || containsMatch(entry.data, names));
      if (about || containsMatch(entry.data, strong)) auditIds.push(entry.id);
    }
  });
  await changeInChunks(store, COLLECTIONS.auditLog, auditIds, now, (docs, w) => {
    for (const doc of docs) {
      const about = personRecordIds.has(String(doc.data.recordId));
      const next: Doc = scrubValue({ ...doc.data }, about ? matchers : [strong]);
      if (about) for (const key of DIFF_KEYS) if (next[key] !== undefined) next[key] = ERASED_MARK;
      // The audit log is written once and kept; only its personal values change.
      w.tx.set(COLLECTIONS.auditLog, doc.id, next);
    }
  });
  report.counts.auditEntries = auditIds.length;

  // 6. The customer record (last: a failure before leaves it findable for a second run), and the audit entry.
  await store.transaction(async (tx) => {
    const found = await tx.get(COLLECTIONS.customers, id);
    if (!found) throw new CoreError("not-found", CUSTOMER_NOT_FOUND_MESSAGE);
    const ledger = await tx.get(COLLECTIONS.erasureLedger, id);
    const current = found.data;
    const w = writer(tx, store, now);
    let next: Doc;
    if (openClaim) {
      // The name and contacts stay while a claim is open; everything else personal goes.
      next = { ...current, birthDate: null, licenceIssuedAt: null, notes: "" };
      for (const key of ["licenceNumber", "personalCode", "idDocumentNumber"]) if (key in next) next[key] = "";
      report.kept.push({ kind: "customer", id, label: "Kliento vardas ir kontaktai", reason: KEPT_CLAIM_REASON });
    } else {
      next = { ...current, ...erasedCustomerFields(id, at) };
      // Emptied rather than left out: a form open on the record then shows them empty too.
      for (const key of ERASED_CUSTOMER_OPTIONAL) if (key in next) next[key] = "";
    }
    replaceDoc(w, COLLECTIONS.customers, id, next, current.createdAt as string | undefined);
    // The ledger (outside the erased data): a restore of an older backup erases them again.
    writeLedgerEntry(w, ledgerEntryOf(customer, at, !openClaim), ledger);
    writeAudit(w, {
      action: "erase",
      resource: "customers",
      recordId: id,
      actor,
      counts: { ...report.counts, customers: 1 },
      kept: report.kept.length,
      complete: !openClaim,
    });
  });
  report.counts.customers = 1;

  ctx.events.publish("customers", id, "updated");
  for (const r of person.reservations) ctx.events.publish("reservations", r.id, "updated");
  ctx.log.info(
    `Kliento ${id} duomenys ištrinti (${actor}): rezervacijų ${report.counts.reservations}, užklausų ${report.counts.inquiriesDeleted}, laiškų ${report.counts.mails}, žurnalo įrašų ${report.counts.auditEntries}, failų ${report.counts.filesDeleted}; palikta ${report.kept.length}`,
  );
  return report;
}

// ---------- retention ----------

export interface RetentionCounts {
  /** reservations whose licence data and signature images were deleted */
  reservationLicences: number;
  /** signature image files deleted */
  signatureFiles: number;
  /** customers whose licence number and issue date were deleted */
  customerLicences: number;
  inquiriesDeleted: number;
  mailBodies: number;
  customersAnonymised: number;
}

export interface RetentionRun {
  /** the Vilnius date the run is for */
  day: string;
  /** false: another run (server) had this day already, or the clock guard refused it */
  ran: boolean;
  /** why the run did not start (Lithuanian): the clock is far from the stored data (src/core/clockGuard.ts) */
  refused?: string;
  /** true: the run stopped at RETENTION_MAX_PER_RUN records; the rest comes on the next day's run */
  capped?: boolean;
  counts: RetentionCounts | null;
  settings: RetentionSettings;
}

/**
 * At most this many records are deleted or anonymised (and signature files removed) per daily run;
 * the rest waits for the next day. A wrong setting or a bug then costs at most a day's share.
 */
export const RETENTION_MAX_PER_RUN = 1000;

/** What a run may still change: every step takes from it (take), in order. */
interface Budget {
  left: number;
  capped: boolean;
}
function take<T>(budget: Budget, items: T[]): T[] {
  if (items.length <= budget.left) {
    budget.left -= items.length;
    return items;
  }
  budget.capped = true;
  const taken = items.slice(0, Math.max(0, budget.left));
  budget.left = 0;
  return taken;
}

const emptyCounts = (): RetentionCounts => ({
  reservationLicences: 0,
  signatureFiles: 0,
  customerLicences: 0,
  inquiriesDeleted: 0,
  mailBodies: 0,
  customersAnonymised: 0,
});

async function retentionSettingsOf(ctx: CoreContext): Promise<RetentionSettings> {
  const doc = await ctx.store.get(COLLECTIONS.settings, SETTINGS_ID);
  return retentionOf(doc?.data ?? {});
}

/** Claims the day: true for the one run that writes the marker. */
async function claimDay(ctx: CoreContext, dayId: string, now: Date, settings: RetentionSettings): Promise<boolean> {
  return ctx.store.transaction(async (tx) => {
    await tx.lock("retention-run");
    if (await tx.get(COLLECTIONS.retentionRuns, dayId)) return false;
    insertDoc(
      writer(tx, ctx.store, now),
      COLLECTIONS.retentionRuns,
      {
        day: dayId,
        status: "running",
        startedAt: now.toISOString(),
        finishedAt: null,
        settings,
        counts: null,
      },
      dayId,
    );
    return true;
  });
}

/** The open damage claims' reservations. */
async function claimedReservations(ctx: CoreContext): Promise<Set<string>> {
  const open = await ctx.store.query(COLLECTIONS.damages, { where: [{ field: "status", op: "==", value: "open" }] });
  return new Set(open.map((d) => String(d.data.reservationId ?? "")).filter((v) => v !== ""));
}

/** What the retention periods need to know of the reservations, read a page at a time (src/core/scan.ts). */
interface ReservationFacts {
  /** returned before the licence cut-off, no open claim, a licence number still on the hand-over */
  licenceDue: { id: string; signatures: string[] }[];
  /** customers of rentals returned before the licence cut-off with no open claim */
  returnedCustomers: Set<string>;
  /** customers with a rental returning on or after the licence cut-off */
  licenceRecent: Set<string>;
  /** customers with a rental returning on or after the inactivity cut-off */
  activeCustomers: Set<string>;
  /** customers with a rental under an open damage claim */
  claimedCustomers: Set<string>;
}

async function reservationFacts(ctx: CoreContext, cut: RetentionCutoffs): Promise<ReservationFacts> {
  const claimed = await claimedReservations(ctx);
  const limits = { licence: Date.parse(cut.licence), inactiveCustomers: Date.parse(cut.inactiveCustomers) };
  const facts: ReservationFacts = {
    licenceDue: [],
    returnedCustomers: new Set(),
    licenceRecent: new Set(),
    activeCustomers: new Set(),
    claimedCustomers: new Set(),
  };
  await forEachPage(ctx.store, COLLECTIONS.reservations, (page) => {
    for (const doc of page) {
      const r = reservationRecord(doc);
      const customerId = String(r.customerId ?? "");
      const returnAt = Date.parse(String(r.returnAt));
      if (Number.isNaN(returnAt)) continue;
      if (claimed.has(r.id)) facts.claimedCustomers.add(customerId);
      if (returnAt >= limits.inactiveCustomers) facts.activeCustomers.add(customerId);
      if (returnAt >= limits.licence) {
        facts.licenceRecent.add(customerId);
        continue;
      }
      if (!r.returnAct || !(r.returnAct.returnedAt < cut.licence) || claimed.has(r.id)) continue;
      facts.returnedCustomers.add(customerId);
      if (r.handover && r.handover.licence.number !== ERASED) {
        facts.licenceDue.push({ id: r.id, signatures: actsOf(r).map(({ value }) => value.signature.image) });
      }
    }
  });
  return facts;
}

async function purgeLicences(
  ctx: CoreContext,
  deps: DataRightsDeps,
  facts: ReservationFacts,
  now: Date,
  counts: RetentionCounts,
  budget: Budget,
) {
  const { store } = ctx;
  const licenceDue = take(budget, facts.licenceDue);
  for (const due of licenceDue) {
    for (const image of due.signatures) if (await deps.files.remove(image)) counts.signatureFiles += 1;
  }
  const dueIds = licenceDue.map((r) => r.id);
  await changeInChunks(store, COLLECTIONS.reservations, dueIds, now, (docs, w) => {
    for (const doc of docs) {
      const handover = doc.data.handover as Doc | null | undefined;
      if (!handover) continue;
      const next = {
        ...doc.data,
        handover: { ...handover, licence: { ...(handover.licence as Doc), number: ERASED } },
      };
      replaceDoc(w, COLLECTIONS.reservations, doc.id, next, doc.data.createdAt as string | undefined);
      counts.reservationLicences += 1;
    }
  });

  // The customer's own licence fields: once every rental of theirs was returned before the cut-off.
  const candidates = take(
    budget,
    [...facts.returnedCustomers].filter((cid) => !facts.licenceRecent.has(cid) && !facts.claimedCustomers.has(cid)),
  );
  await changeInChunks(store, COLLECTIONS.customers, candidates, now, (docs, w) => {
    for (const doc of docs) {
      if (!doc.data.licenceNumber && (doc.data.licenceIssuedAt ?? null) === null) continue;
      const next: Doc = { ...doc.data, licenceIssuedAt: null };
      if ("licenceNumber" in next) next.licenceNumber = "";
      replaceDoc(w, COLLECTIONS.customers, doc.id, next, doc.data.createdAt as string | undefined);
      counts.customerLicences += 1;
    }
  });
}

/** Whether the document was created before the instant `cutMs`. */
const createdBefore = (doc: StoredDoc, cutMs: number): boolean => Date.parse(String(doc.data.createdAt)) < cutMs;

async function deleteOldInquiries(
  ctx: CoreContext,
  cut: RetentionCutoffs,
  now: Date,
  counts: RetentionCounts,
  budget: Budget,
) {
  const { store } = ctx;
  const cutMs = Date.parse(cut.inquiries);
  const old: string[] = [];
  await forEachPage(store, COLLECTIONS.requests, (page) => {
    for (const doc of page) if (createdBefore(doc, cutMs)) old.push(doc.id);
  });
  await changeInChunks(store, COLLECTIONS.requests, take(budget, old), now, (docs, w) => {
    for (const doc of docs) {
      if (!createdBefore(doc, cutMs)) continue;
      w.tx.delete(COLLECTIONS.requests, doc.id);
      counts.inquiriesDeleted += 1;
    }
  });
}

const FINISHED_MAIL = new Set(["SUCCESS", "ERROR"]);
const hasBody = (data: Doc): boolean => {
  const message = (data.message ?? {}) as Doc;
  return (
    (typeof message.text === "string" && message.text !== "") ||
    message.html !== undefined ||
    message.attachments !== undefined
  );
};

async function purgeMailBodies(
  ctx: CoreContext,
  cut: RetentionCutoffs,
  now: Date,
  counts: RetentionCounts,
  budget: Budget,
) {
  const { store } = ctx;
  const cutMs = Date.parse(cut.mailBodies);
  const old: string[] = [];
  await forEachPage(store, COLLECTIONS.mail, (page) => {
    for (const doc of page) {
      const finished = FINISHED_MAIL.has(String((doc.data.delivery as Doc | undefined)?.state));
      if (createdBefore(doc, cutMs) && finished && hasBody(doc.data)) old.push(doc.id);
    }
  });
  await changeInChunks(store, COLLECTIONS.mail, take(budget, old), now, (docs, w) => {
    for (const doc of docs) {
      if (!hasBody(doc.data)) continue;
      const message = (doc.data.message ?? {}) as Doc;
      const next = { ...doc.data, message: { subject: message.subject, text: "" } };
      replaceDoc(w, COLLECTIONS.mail, doc.id, next, doc.data.createdAt as string | undefined);
      counts.mailBodies += 1;
    }
  });
}

async function anonymiseInactive(
  ctx: CoreContext,
  deps: DataRightsDeps,
  facts: ReservationFacts,
  cut: RetentionCutoffs,
  counts: RetentionCounts,
  budget: Budget,
) {
  const cutMs = Date.parse(cut.inactiveCustomers);
  const inactive: string[] = [];
  await forEachPage(ctx.store, COLLECTIONS.customers, (page) => {
    for (const doc of page) {
      if (!createdBefore(doc, cutMs) || doc.data.anonymisedAt) continue;
      // A customer whose rental has an open claim stays until the claim is closed.
      if (facts.activeCustomers.has(doc.id) || facts.claimedCustomers.has(doc.id)) continue;
      inactive.push(doc.id);
    }
  });
  for (const id of take(budget, inactive)) {
    try {
      await eraseCustomer(ctx, deps, id, RETENTION_ACTOR);
      counts.customersAnonymised += 1;
    } catch (error) {
      // Erased meanwhile, or a booking ahead after all: left for a later day.
      if (error instanceof CoreError && (error.kind === "conflict" || error.kind === "precondition")) continue;
      ctx.log.error(`Nepavyko nuasmeninti neaktyvaus kliento ${id}`, error);
    }
  }
}

/**
 * The retention periods applied for the day of `now` (Europe/Vilnius): once per day however many
 * servers run the job; `ran: false` when the day was done (or is being done) by another run.
 */
export async function applyRetention(
  ctx: CoreContext,
  deps: DataRightsDeps,
  now: Date = ctx.clock.now(),
): Promise<RetentionRun> {
  const dayId = vilniusDateString(now);
  const settings = await retentionSettingsOf(ctx);
  // A clock far from the data (src/core/clockGuard.ts) would make everything "old": nothing runs.
  const clock = await checkClockForDestructiveJob(ctx, "Asmens duomenų saugojimo terminai", now);
  if (!clock.ok) {
    ctx.log.error(clock.reason ?? "");
    return { day: dayId, ran: false, refused: clock.reason ?? "", counts: null, settings };
  }
  if (!(await claimDay(ctx, dayId, now, settings))) return { day: dayId, ran: false, counts: null, settings };
  const cut = retentionCutoffs(settings, now);
  const counts = emptyCounts();
  const budget: Budget = { left: RETENTION_MAX_PER_RUN, capped: false };
  let failure: unknown = null;
  try {
    const facts = await reservationFacts(ctx, cut);
    await purgeLicences(ctx, deps, facts, now, counts, budget);
    await deleteOldInquiries(ctx, cut, now, counts, budget);
    await purgeMailBodies(ctx, cut, now, counts, budget);
    await anonymiseInactive(ctx, deps, facts, cut, counts, budget);
  } catch (error) {
    failure = error;
    ctx.log.error(`Saugojimo terminų taikymas ${dayId} nepavyko; kitą dieną bus tęsiama`, error);
  }
  const finishedAt = ctx.clock.now().toISOString();
  await ctx.store.transaction(async (tx) => {
    const marker = await tx.get(COLLECTIONS.retentionRuns, dayId);
    const w = writer(tx, ctx.store, now);
    const data = {
      ...(marker?.data ?? {}),
      day: dayId,
      status: failure ? "failed" : "done",
      finishedAt,
      counts,
      error: failure ? String((failure as Error).message ?? failure) : null,
    };
    replaceDoc(w, COLLECTIONS.retentionRuns, dayId, data, marker?.data.createdAt as string | undefined);
    writeAudit(w, { action: "retention", resource: "retentionRuns", recordId: dayId, actor: RETENTION_ACTOR, counts });
  });
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (total > 0 || failure) {
    ctx.log.info(
      `Saugojimo terminai ${dayId}: pažymėjimų ${counts.reservationLicences + counts.customerLicences}, parašų failų ${counts.signatureFiles}, užklausų ${counts.inquiriesDeleted}, laiškų turinių ${counts.mailBodies}, nuasmenintų klientų ${counts.customersAnonymised}`,
    );
  }
  if (budget.capped) {
    ctx.log.warn(
      `Saugojimo terminai ${dayId}: pasiekta riba – ne daugiau kaip ${RETENTION_MAX_PER_RUN} įrašų per dieną; likusieji bus tvarkomi kitą dieną`,
    );
  }
  return { day: dayId, ran: true, capped: budget.capped, counts, settings };
}

/** The latest runs, newest first (the settings screen shows them). */
export async function retentionRuns(ctx: CoreContext, limit = 10): Promise<Doc[]> {
  const docs = await ctx.store.query(COLLECTIONS.retentionRuns);
  return docs
    .map((d) => ({ ...d.data, id: d.id }))
    .sort((a, b) => String(b.id).localeCompare(String(a.id)))
    .slice(0, limit);
}

// ---------- after a restore ----------

/** The actor of the erasures a restore applies again. */
export const RESTORE_ACTOR = "atkūrimas iš atsarginės kopijos";

export interface ReapplyReport {
  /** ledger entries read */
  entries: number;
  /** customers erased again (the restored data still held them) */
  erased: string[];
  /** ledger entries whose customer the restored data does not hold (created after the backup, or gone) */
  absent: number;
}

/**
 * Erases again every customer of the erasure ledger (src/core/erasureLedger.ts) the store still
 * holds un-erased: run after a restore, so an older archive never brings an erased person back.
 * Their future bookings are cancelled (audited, staff told). Safe to run again.
 */
export async function reapplyErasures(
  ctx: CoreContext,
  deps: DataRightsDeps,
  actor: string = RESTORE_ACTOR,
): Promise<ReapplyReport> {
  const entries = await readErasureLedger(ctx.store);
  const report: ReapplyReport = { entries: entries.length, erased: [], absent: 0 };
  for (const entry of entries) {
    const customerId = String(entry.data.customerId ?? entry.id);
    const found = ctx.store.isId(customerId) ? await ctx.store.get(COLLECTIONS.customers, customerId) : null;
    if (!found) {
      report.absent += 1;
      continue;
    }
    if (found.data.anonymisedAt) continue;
    // A partial erasure (an open damage claim kept the name and contacts): done again only when the
    // restored record holds more than that erasure left.
    if (entry.data.complete === false && !holdsMoreThanPartialErasure(found.data)) continue;
    await eraseCustomer(ctx, deps, customerId, actor, { futureBookings: "cancel" });
    report.erased.push(customerId);
  }
  if (report.erased.length > 0) {
    ctx.log.info(`Po atkūrimo pakartotinai ištrinti ${report.erased.length} klientų duomenys (ištrynimų sąrašas)`);
  }
  return report;
}

// ---------- list exports ----------

/** The lists staff may export as CSV (the back-office's csvExporter reports each export here). */
export const EXPORTABLE_LISTS = [
  "customers",
  "reservations",
  "requests",
  "cars",
  "fleet",
  "prices",
  "offers",
  "news",
  "locations",
  "extras",
  "mail",
  "staff",
  "damages",
  "client-errors",
  "audit-log",
] as const;

export const EXPORT_LIST_MESSAGE = "Nežinomas eksportuojamas sąrašas";

/**
 * Records a CSV export in the audit log (who, which list, how many rows, when), before the file
 * is made: the back-office makes the file only once this answered.
 */
export async function recordListExport(
  ctx: CoreContext,
  input: unknown,
  actor: string,
): Promise<{ recorded: true; at: string }> {
  const body = (typeof input === "object" && input !== null ? input : {}) as { resource?: unknown; count?: unknown };
  const resource = typeof body.resource === "string" ? body.resource : "";
  if (!(EXPORTABLE_LISTS as readonly string[]).includes(resource)) {
    throw new InputError(EXPORT_LIST_MESSAGE, { resource: EXPORT_LIST_MESSAGE });
  }
  const count = typeof body.count === "number" && Number.isInteger(body.count) && body.count >= 0 ? body.count : 0;
  const now = ctx.clock.now();
  await ctx.store.transaction(async (tx) => {
    writeAudit(writer(tx, ctx.store, now), {
      action: "export",
      resource,
      recordId: "",
      actor,
      format: "CSV",
      count,
    });
  });
  return { recorded: true, at: now.toISOString() };
}

/** What a partial erasure empties (the rest waits for the claim): any of it back means it must run again. */
function holdsMoreThanPartialErasure(customer: Doc): boolean {
  return ["birthDate", "licenceIssuedAt", "notes", "licenceNumber", "personalCode", "idDocumentNumber"].some(
    (key) => customer[key] !== undefined && customer[key] !== null && customer[key] !== "",
  );
}
