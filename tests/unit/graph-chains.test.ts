import { describe, expect, it } from "vitest";
import { chainPositions, currentVersion, sortChain, withNewerVersions } from "@/lib/graph/chains";
import { linkedBy, conflictingContradictions } from "@/lib/graph/conflict";
import type { ChainNode, FindingRef } from "@/lib/graph/types";

const node = (id: string, position: number, documentDate: string | null = null): ChainNode => ({ kind: "document", id, position, documentId: id, filename: `${id}.pdf`, documentDate });

describe("supersession chains (shared by the Postgres and Neo4j stores)", () => {
  it("a node reached twice keeps its first position", () => {
    const p = chainPositions([{ id: "x", position: 0 }, { id: "old", position: -1 }, { id: "new", position: 2 }, { id: "old", position: 3 }]);
    expect([...p]).toEqual([["x", 0], ["old", -1], ["new", 2]]);
  });

  it("sorts oldest first, then by document date and id on one level; the current version is last", () => {
    const chain = sortChain([node("v3", 2), node("b", 1, "2024-05-01"), node("v1", -1), node("a", 1, "2024-05-01"), node("v2", 0), node("c", 1, "2024-01-01")]);
    expect(chain.map((n) => n.id)).toEqual(["v1", "v2", "c", "a", "b", "v3"]);
    expect(currentVersion(chain)?.id).toBe("v3");
    expect(currentVersion([])).toBeUndefined();
  });

  it("follows version edges from older to newer, transitively, and stops at cycles", () => {
    const edges = [
      { fromId: "v2", toId: "v1" },
      { fromId: "v3", toId: "v2" },
      { fromId: "v1", toId: "v3" },
      { fromId: "w2", toId: "w1" },
    ];
    expect([...withNewerVersions(["v1"], edges)].sort()).toEqual(["v1", "v2", "v3"]);
    expect([...withNewerVersions(["w2"], edges)]).toEqual(["w2"]);
    expect([...withNewerVersions([], edges)]).toEqual([]);
  });
});

describe("contradictions as the stores return them", () => {
  const base: FindingRef = {
    id: "a", documentId: "d1", filename: "deck.pdf", documentDate: "2024-10-03", documentKind: "presentation", metric: "Revenue",
    metricKey: "revenue", period: "FY2023", valueText: "EUR 18.9 million", valueNum: 18_900_000, unit: "currency", currency: "EUR",
    isForecast: false, page: 4, cell: null, excerpt: "…", superseded: false, status: "active",
  };
  const other: FindingRef = { ...base, id: "b", documentId: "d2", filename: "ar.pdf", valueText: "EUR 18.4 million", valueNum: 18_400_000 };
  const none = () => false;

  it("keeps one conflict per pair of documents, metric and period, however the period is written", () => {
    const again: FindingRef = { ...other, id: "b2", period: "FY 2023" };
    const elsewhere: FindingRef = { ...other, id: "c", documentId: "d3", filename: "memo.pdf" };
    const out = conflictingContradictions([
      { relationId: "r1", reason: "differs", a: base, b: other },
      { relationId: "r2", reason: "differs", a: other, b: base },
      { relationId: "r3", reason: "differs", a: again, b: base },
      { relationId: "r4", reason: "differs", a: base, b: elsewhere },
    ], none);
    expect(out.map((c) => c.relationId)).toEqual(["r1", "r4"]);
    expect(out[0]).toMatchObject({ metricKey: "revenue", period: "FY2023", reason: "differs", a: { id: "a" }, b: { id: "b" } });
  });

  it("drops pairs that are no conflict or are outside the asked period", () => {
    const candidates = [{ relationId: "r1", reason: "", a: base, b: other }];
    expect(conflictingContradictions(candidates, linkedBy([{ fromId: "d2", toId: "d1" }]))).toEqual([]);
    expect(conflictingContradictions([{ relationId: "r2", reason: "", a: base, b: { ...other, isForecast: true } }], none)).toEqual([]);
    expect(conflictingContradictions(candidates, none, "FY2024")).toEqual([]);
    expect(conflictingContradictions(candidates, none, "fiscal year 2023")).toHaveLength(1);
  });
});
