import neo4j from "neo4j-driver";
import { describe, expect, it } from "vitest";
import {
  chainNodeFromProps,
  chainQuery,
  contradictionsQuery,
  deleteStaleNodesQuery,
  deleteStaleRelationsQuery,
  findingFromProps,
  findingToProps,
  groupRelations,
  mergeNodesQuery,
  mergeRelationsQuery,
  neighbourFromRecord,
  relationFromRecord,
  schemaStatements,
  toNum,
} from "@/lib/graph/cypher";
import type { FindingRef, RelationRow, RelationType } from "@/lib/graph/types";

const { Record } = neo4j.types;

describe("Cypher builders", () => {
  it("creates a uniqueness constraint per label and deal indexes, idempotently", () => {
    const s = schemaStatements();
    for (const label of ["Deal", "Document", "Finding", "TimelineEvent", "Entity", "MandaNode"]) {
      expect(s.some((q) => q.includes(`FOR (n:${label}) REQUIRE n.id IS UNIQUE`))).toBe(true);
    }
    expect(s.some((q) => q.includes("FOR ()-[r:SUPERSEDES]-() ON (r.dealId)"))).toBe(true);
    expect(s.every((q) => q.includes("IF NOT EXISTS"))).toBe(true);
  });

  it("MERGEs nodes and relationships by id with parameters only", () => {
    const q = mergeNodesQuery("finding");
    expect(q).toContain("MERGE (n:Finding:MandaNode {id: row.id})");
    expect(q).toContain("SET n += row.props, n.dealId = $dealId, n.syncToken = $token");
    const r = mergeRelationsQuery("SUPERSEDES", "document", "document");
    expect(r).toContain("MATCH (a:Document {id: row.from})");
    expect(r).toContain("MERGE (a)-[r:SUPERSEDES]->(b)");
    expect(r).toContain("r.version = row.version");
    expect(() => mergeRelationsQuery("DROP_ALL" as RelationType, "document", "document")).toThrow(/Unknown relation type/);
    expect(() => mergeNodesQuery("user" as never)).toThrow(/Unknown node kind/);
  });

  it("removes what a sync did not stamp", () => {
    expect(deleteStaleRelationsQuery("CONTRADICTS")).toBe("MATCH ()-[r:CONTRADICTS]->() WHERE r.dealId = $dealId AND r.syncToken <> $token DELETE r");
    expect(deleteStaleNodesQuery("entity")).toContain("MATCH (n:Entity) WHERE n.dealId = $dealId AND n.syncToken <> $token DETACH DELETE n");
  });

  it("walks version edges in both directions for chains", () => {
    expect(chainQuery("finding", "older")).toContain("(n)-[rs:SUPERSEDES|SUPPORTS*1..64]->(o:Finding)");
    expect(chainQuery("document", "newer")).toContain("(n)<-[rs:SUPERSEDES|SUPPORTS*1..64]-(o:Document)");
    expect(chainQuery("document", "newer")).toContain("all(r IN rs WHERE r.version = true)");
  });

  it("encodes the conflict predicate in the conflict query", () => {
    const q = contradictionsQuery();
    expect(q).toContain("NOT a.superseded AND NOT b.superseded");
    expect(q).toContain("a.isForecast = b.isForecast");
    expect(q).toContain("a.documentId <> b.documentId");
    expect(q).toContain("NOT EXISTS { MATCH (a)-[:SUPERSEDES*1..64]->(b) }");
    expect(q).toContain("NOT EXISTS { MATCH (b)-[:SUPERSEDES*1..64]->(a) }");
  });

  it("groups relations into one MERGE per (type, from, to) and marks version edges", () => {
    const base = { dealId: "d", reason: "r", createdAt: "2025-01-01" };
    const rows: RelationRow[] = [
      { ...base, id: "1", type: "SUPERSEDES", fromKind: "document", fromId: "a", toKind: "document", toId: "b", createdBy: "filename_pattern" },
      { ...base, id: "2", type: "SUPPORTS", fromKind: "finding", fromId: "c", toKind: "finding", toId: "d", createdBy: "filename_pattern" },
      { ...base, id: "3", type: "SUPPORTS", fromKind: "finding", fromId: "e", toKind: "finding", toId: "f", createdBy: "value_comparison" },
      { ...base, id: "4", type: "EXTRACTED_FROM", fromKind: "finding", fromId: "c", toKind: "document", toId: "a", createdBy: "pipeline" },
    ];
    const groups = groupRelations(rows);
    expect(groups).toHaveLength(3);
    const supports = groups.find((g) => g.query.includes(":SUPPORTS"))!;
    expect(supports.rows.map((r) => [r.id, r.version])).toEqual([["2", true], ["3", false]]);
  });
});

describe("record mappers", () => {
  it("turns neo4j Integers into numbers", () => {
    expect(toNum(neo4j.int(42))).toBe(42);
    expect(toNum(7)).toBe(7);
    expect(toNum(null)).toBeNull();
    expect(toNum(BigInt(5))).toBe(5);
  });

  it("round-trips a finding through node properties", () => {
    const f: FindingRef = {
      id: "f1", documentId: "d1", filename: "AR.pdf", documentDate: "2024-03-15", documentKind: "annual report", metric: "EBITDA",
      metricKey: "ebitda", period: "FY2023", valueText: "EUR 3.9 million", valueNum: 3_900_000, unit: "currency", currency: "EUR",
      isForecast: false, page: 2, cell: null, excerpt: "EBITDA amounted to EUR 3.9 million", superseded: true, status: "active",
    };
    const props = { id: f.id, ...findingToProps(f), page: neo4j.int(2) };
    expect(props).not.toHaveProperty("cell");
    expect(findingFromProps(props)).toEqual(f);
  });

  it("maps chain nodes, neighbours and relations from records", () => {
    expect(chainNodeFromProps(["Document", "MandaNode"], { id: "d", filename: "x.pdf", documentDate: "2024-01-01" }, -1)).toEqual({
      kind: "document", id: "d", position: -1, documentId: "d", filename: "x.pdf", documentDate: "2024-01-01",
    });
    expect(chainNodeFromProps(["Deal", "MandaNode"], { id: "x" }, 0)).toBeUndefined();
    const n = new Record(["relationId", "type", "outgoing", "id", "labels", "reason", "createdBy"], ["r1", "SUPERSEDES", false, "f2", ["MandaNode", "Finding"], "why", "restatement"]);
    expect(neighbourFromRecord(n)).toEqual({ relationId: "r1", type: "SUPERSEDES", direction: "in", kind: "finding", id: "f2", reason: "why", createdBy: "restatement" });
    const r = new Record(
      ["id", "type", "fromId", "fromLabels", "toId", "toLabels", "reason", "createdBy", "createdAt"],
      ["r2", "EXTRACTED_FROM", "e1", ["Entity", "MandaNode"], "d1", ["Document", "MandaNode"], "mentioned", "pipeline", "2025-01-01"],
    );
    expect(relationFromRecord(r, "deal")).toEqual({
      id: "r2", dealId: "deal", type: "EXTRACTED_FROM", fromId: "e1", fromKind: "entity", toId: "d1", toKind: "document", reason: "mentioned", createdBy: "pipeline", createdAt: "2025-01-01",
    });
  });
});
