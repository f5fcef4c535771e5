// Whole collections read a page at a time, in document id order, for the jobs that look at
// every document (the retention periods): memory stays bounded however large the history is,
// and each page is one short query (PGlite runs one query at a time, so a long one stalls every
// visitor's request behind it). Paging by id is one range on one field, which every store
// serves from its primary index (Firestore: __name__).
import { DOCUMENT_ID, type Reader, type StoredDoc } from "./ports";

export const SCAN_PAGE_SIZE = 500;

/**
 * Gives the event loop a turn (timers, I/O: visitors' requests). An embedded database answers a
 * query synchronously, so a job awaiting query after query would otherwise never let a request
 * in, however short each query is.
 */
export const letOthersRun = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** Calls `visit` with every document of `collection`, `pageSize` at a time, in id order. */
export async function forEachPage(
  reader: Reader,
  collection: string,
  visit: (docs: StoredDoc[]) => Promise<void> | void,
  pageSize: number = SCAN_PAGE_SIZE,
): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const page: StoredDoc[] = await reader.query(collection, {
      where: after === null ? [] : [{ field: DOCUMENT_ID, op: ">", value: after }],
      limit: pageSize,
    });
    if (page.length === 0) return;
    await visit(page);
    if (page.length < pageSize) return;
    after = (page[page.length - 1] as StoredDoc).id;
    await letOthersRun();
  }
}
