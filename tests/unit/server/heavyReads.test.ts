import { describe, expect, it } from "vitest";
import { turnTaker } from "../../../server/http/heavyReads";

/** A promise and its resolver, to finish a piece of work when the test says so. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe("sunkių skaitymų eilė", () => {
  it("vienu metu vykdo ne daugiau nei leista, kitus – atėjimo tvarka", async () => {
    const turns = turnTaker(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      turns.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(turns.waiting).toBe(2);
    gates[1]?.open();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.open();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(turns.waiting).toBe(0);
    gates[2]?.open();
    gates[3]?.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
  });

  it("nepavykęs skaitymas atlaisvina eilę kitam", async () => {
    const turns = turnTaker(1);
    const failing = turns.run(async () => {
      throw new Error("nepavyko");
    });
    const next = turns.run(async () => "kitas");
    await expect(failing).rejects.toThrow("nepavyko");
    expect(await next).toBe("kitas");
    expect(await turns.run(async () => "dar vienas")).toBe("dar vienas");
  });
});
