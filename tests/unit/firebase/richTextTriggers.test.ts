// The Firestore trigger that sanitises staff-written rich text on the Firebase adapter
// (functions/src/richTextTriggers.ts): it rewrites only what sanitising changes, its own write
// ends the round, and a document saved again meanwhile is left to its newer write.
import { describe, expect, it } from "vitest";
import * as triggers from "../../../functions/src/richTextTriggers";
import { sanitiseWrittenDocument } from "../../../functions/src/richTextTriggers";
import { RICH_TEXT_FIELDS } from "../../../src/domain/richTextPolicy";

const UPDATE_TIME = { seconds: 1, nanoseconds: 0 };

/** A written document as the trigger sees it; update() records the write (or fails with `error`). */
function written(data: Record<string, unknown> | null, error?: unknown) {
  const updates: { changes: Record<string, unknown>; precondition: unknown }[] = [];
  let current = data ? { ...data } : null;
  const snapshot = () => ({
    exists: current !== null,
    id: "naujiena000000000001",
    data: () => (current ? { ...current } : undefined),
    updateTime: UPDATE_TIME,
    ref: {
      id: "naujiena000000000001",
      update: async (changes: Record<string, unknown>, precondition: unknown) => {
        if (error) throw error;
        updates.push({ changes, precondition });
        current = { ...current, ...changes };
      },
    },
  });
  return { updates, snapshot };
}

type Snapshot = Parameters<typeof sanitiseWrittenDocument>[1];

describe("formatuoto teksto valymo trigeris", () => {
  it("perrašo tik pakeistus laukus, su dokumento atnaujinimo laiko sąlyga", async () => {
    const doc = written({
      title: "Naujiena <b>lieka</b>",
      body: '<p>Sveiki<script>alert(1)</script><img src=x onerror="alert(1)"> <a href="javascript:alert(1)">čia</a></p>',
    });
    expect(await sanitiseWrittenDocument("news", doc.snapshot() as unknown as Snapshot)).toBe("sanitised");
    expect(doc.updates).toEqual([
      { changes: { body: "<p>Sveiki <a>čia</a></p>" }, precondition: { lastUpdateTime: UPDATE_TIME } },
    ]);
  });

  it("savo paties įrašo antrą kartą neperrašo: ratas baigiasi", async () => {
    const doc = written({ body: '<p onclick="x()">Akcija</p><iframe src="https://blogis.lt"></iframe>' });
    expect(await sanitiseWrittenDocument("offers", doc.snapshot() as unknown as Snapshot)).toBe("sanitised");
    // The trigger's own write fires it again: nothing left to change, nothing written.
    expect(await sanitiseWrittenDocument("offers", doc.snapshot() as unknown as Snapshot)).toBe("clean");
    expect(doc.updates).toHaveLength(1);
    expect(doc.updates[0]?.changes).toEqual({ body: "<p>Akcija</p>" });
  });

  it("nustatymų ir jų viešos kopijos tekstai: paprastas tekstas lieka, HTML valomas", async () => {
    for (const collection of ["settings", "publicSettings"]) {
      const doc = written({
        terms: "1. Nuoma & sąlygos\n\nNuomininkas < 21 m. moka papildomai.",
        about: "<p>Apie mus<script>alert(1)</script></p>",
        privacy: "<p>Privatumas</p>",
      });
      expect(await sanitiseWrittenDocument(collection, doc.snapshot() as unknown as Snapshot)).toBe("sanitised");
      expect(doc.updates.map((update) => update.changes)).toEqual([{ about: "<p>Apie mus</p>" }]);
    }
  });

  it("švaraus, ištrinto dokumento ir kitų kolekcijų neliečia", async () => {
    const clean = written({ body: "<h2>Antraštė</h2><p>Tekstas su <strong>žodžiu</strong>.</p>" });
    expect(await sanitiseWrittenDocument("news", clean.snapshot() as unknown as Snapshot)).toBe("clean");
    const deleted = written(null);
    expect(await sanitiseWrittenDocument("news", deleted.snapshot() as unknown as Snapshot)).toBe("deleted");
    expect(await sanitiseWrittenDocument("news", undefined)).toBe("deleted");
    const car = written({ description: "<script>x</script>" });
    expect(await sanitiseWrittenDocument("cars", car.snapshot() as unknown as Snapshot)).toBe("clean");
    expect([...clean.updates, ...deleted.updates, ...car.updates]).toEqual([]);
  });

  it("jei dokumentas ką tik vėl pakeistas, palieka jį naujesniam įrašui; kitos klaidos neslepia", async () => {
    const meanwhile = written({ body: "<script>x</script><p>a</p>" }, { code: 9, message: "FAILED_PRECONDITION" });
    expect(await sanitiseWrittenDocument("news", meanwhile.snapshot() as unknown as Snapshot)).toBe(
      "changed-meanwhile",
    );
    const broken = written({ body: "<script>x</script><p>a</p>" }, new Error("Firestore nepasiekiama"));
    await expect(sanitiseWrittenDocument("news", broken.snapshot() as unknown as Snapshot)).rejects.toThrow(
      "Firestore nepasiekiama",
    );
  });

  it("kiekvienai kolekcijai su formatuotu tekstu yra trigeris, klausantis jos dokumentų įrašų", () => {
    const watched = Object.values(triggers)
      .map((value) => (value as { __endpoint?: { eventTrigger?: Record<string, unknown> } }).__endpoint?.eventTrigger)
      .filter((trigger) => trigger !== undefined);
    expect(watched.map((trigger) => trigger.eventType)).toEqual(
      Object.keys(RICH_TEXT_FIELDS).map(() => "google.cloud.firestore.document.v1.written"),
    );
    expect(watched.map((trigger) => (trigger.eventFilterPathPatterns as { document: string }).document).sort()).toEqual(
      Object.keys(RICH_TEXT_FIELDS)
        .map((collection) => `${collection}/{id}`)
        .sort(),
    );
  });
});
