/**
 * get_explanations reads the deal's part names once per turn's tool deps for the same documents,
 * and again for another turn (new deps), other documents or after a failed read.
 */
import { describe, expect, it } from "vitest";
import { partNamesFor } from "@/lib/agent/evidence/explanations";
import type { EvidenceDeps } from "@/lib/agent/evidence/scope";
import { SourceRegistry } from "@/lib/agent/sources";
import type { Queryable } from "@/lib/db";

/** A database whose part-name query answers the labels given, counting the reads. */
function countingDb(labels: string[], fail = 0): Queryable & { reads: number } {
  const db = {
    reads: 0,
    async query<T>() {
      db.reads += 1;
      if (db.reads <= fail) throw new Error("connection lost");
      return { rows: labels.map((label) => ({ label })) as T[] } as never;
    },
    async exec() {},
  };
  return db;
}
const depsOf = (db: Queryable, dealId = "deal-1"): EvidenceDeps => ({ db, dealId, sources: new SourceRegistry("deal") });

describe("part names for get_explanations", () => {
  it("are read once per deps for the same deal and documents", async () => {
    const db = countingDb(["Americas", "Europe"]);
    const deps = depsOf(db);
    const first = await partNamesFor(deps, ["d1", "d2"]);
    const again = await partNamesFor(deps, ["d1", "d2"]);
    expect(again).toEqual(first);
    expect(db.reads).toBe(1);
  });

  it("are read again for other documents, another deal or a new turn's deps", async () => {
    const db = countingDb(["Americas"]);
    const deps = depsOf(db);
    await partNamesFor(deps, ["d1"]);
    await partNamesFor(deps, ["d1", "d3"]);
    expect(db.reads).toBe(2);
    await partNamesFor(depsOf(db, "deal-2"), ["d1"]);
    expect(db.reads).toBe(3);
    await partNamesFor(depsOf(db), ["d1"]);
    expect(db.reads).toBe(4);
  });

  it("are read again after a failed read", async () => {
    const db = countingDb(["Americas"], 1);
    const deps = depsOf(db);
    await expect(partNamesFor(deps, ["d1"])).rejects.toThrow();
    await expect(partNamesFor(deps, ["d1"])).resolves.toEqual(["Americas"]);
    expect(db.reads).toBe(2);
  });
});
