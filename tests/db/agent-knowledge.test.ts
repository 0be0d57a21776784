import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { scanConflicts } from "@/lib/agent/knowledge/conflicts";
import { queryKnowledgeBase } from "@/lib/agent/knowledge/query";
import { SourceRegistry } from "@/lib/agent/sources";
import { openTestDb } from "../helpers/db";
import { addRelation, seedDeal } from "./agent-fixtures";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const NO_SCORE = /confidence|similarity|score|\b0\.\d{2,}\b/i;

describe("query_knowledge_base on a seeded deal", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let seeded: Awaited<ReturnType<typeof seedDeal>>;
  const kb = (input: Parameters<typeof queryKnowledgeBase>[1], sources = new SourceRegistry("agent-test")) => queryKnowledgeBase({ db, dealId: seeded.deal.id, sources }, input);

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    seeded = await seedDeal(db);
  });
  afterAll(() => cleanup());

  it("match_findings uses the migration's per-model index and filters", async () => {
    const { rows } = await db.query<{ indexname: string }>("select indexname from pg_indexes where tablename = 'findings' and indexname like 'findings_embedding_%'");
    expect(rows.map((r) => r.indexname).sort()).toEqual(["findings_embedding_local_hnsw", "findings_embedding_openai_1536_hnsw"]);
    await kb({ query: "revenue" }); // embeds findings lazily
    const vec = `[${Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)).join(",")}]`;
    const all = await db.query("select * from match_findings($1::uuid, $2::halfvec, 'local:hash-ngram-384', 50)", [seeded.deal.id, vec]);
    expect(all.rows.length).toBe(11);
    const onlyCurrent = await db.query("select * from match_findings($1::uuid, $2::halfvec, 'local:hash-ngram-384', 50, null, array['financial'], array['active'], 0.8, 1.0, false)", [seeded.deal.id, vec]);
    expect(onlyCurrent.rows.length).toBe(10); // deck revenue (0.7) is outside the confidence range
    await expect(db.query("select * from match_findings($1::uuid, $2::halfvec, 'local:hash-ngram-384', 5)", [seeded.deal.id, "[1,0,0]"])).rejects.toThrow(/does not match model/);
  });

  it("fact retrieval: 'Q3' resolves to the latest Q3 and returns one authoritative actual with its source", async () => {
    const r = await kb({ query: "What was Q3 revenue?" });
    expect(r.intent).toBe("fact");
    expect(r.understood.period).toBe("Q3 2024");
    expect(r.answer?.value).toBe("EUR 5.2 million");
    expect(r.answer?.source.citation).toBe("(source: Q3_2024_Report.pdf, p.1)");
    expect(r.answer?.source.url).toMatch(/^\/deals\/agent-test\/documents\/[0-9a-f-]+\?page=1&highlight=Revenue\+for\+the\+third/);
    // forecast vs actual is not a conflict
    expect(r.conflicts).toEqual([]);
    expect(r.forecastVsActual).toHaveLength(1);
    expect(r.forecastVsActual[0]!.forecast.value).toBe("EUR 5.0 million");
    expect(JSON.stringify(r)).not.toMatch(NO_SCORE);
  });

  it("correction chain: the corrected value is preferred and the correction is said", async () => {
    const r = await kb({ query: "EBITDA FY2023" });
    expect(r.answer?.value).toBe("EUR 3.6 million");
    expect(r.answer?.source.document).toBe("Annual_Report_2023_CORRECTED.pdf");
    expect(r.answer?.corrects?.value).toBe("EUR 3.9 million");
    expect(r.corrections).toHaveLength(1);
    expect(r.corrections[0]!.explanation).toMatch(/supersedes Annual_Report_2023\.pdf.*3\.9.*corrected to EUR 3\.6 million/);
    expect(r.conflicts).toEqual([]); // a correction chain is not a conflict
    const old = r.findings.find((f) => f.value === "EUR 3.9 million");
    expect(old?.status).toBe("superseded");
    expect(old?.note).toMatch(/later corrected to EUR 3\.6 million/);
  });

  it("file-name versions supersede even without a relation", async () => {
    const r = await kb({ query: "revenue FY2023" });
    const original = r.findings.find((f) => f.source.document === "Annual_Report_2023.pdf");
    expect(original === undefined || original.status === "superseded").toBe(true);
    expect(r.answer?.source.document).toBe("Annual_Report_2023_CORRECTED.pdf");
  });

  it("conflict only for the same period in different documents with no SUPERSEDES", async () => {
    const r = await kb({ query: "revenue FY2023" });
    expect(r.conflicts).toHaveLength(1);
    const c = r.conflicts[0]!;
    expect(c.period).toBe("FY2023");
    expect(c.sides.map((s) => s.value).sort()).toEqual(["EUR 18.4 million", "EUR 18.9 million"]);
    expect(c.sides[0]!.documentKind).toBe("the audited annual report");
    expect(c.explanation).toMatch(/no correction links them/);
  });

  it("different periods are not a conflict, even with a CONTRADICTS edge", async () => {
    await addRelation(db, seeded.deal.id, seeded.f.q2Revenue, seeded.f.q3Revenue, "CONTRADICTS");
    const scan = await scanConflicts({ db, dealId: seeded.deal.id, sources: new SourceRegistry("agent-test"), metric: "revenue" });
    expect(scan.conflicts.map((c) => c.period)).toEqual(["FY2023"]);
    expect(scan.notConflicts.join(" ")).toMatch(/different periods \(Q2 2024 vs Q3 2024\)/);
    expect(scan.forecastVsActual.map((x) => x.period)).toEqual(["Q3 2024"]);
    const ebitda = await scanConflicts({ db, dealId: seeded.deal.id, sources: new SourceRegistry("agent-test"), metric: "EBITDA" });
    expect(ebitda.conflicts).toEqual([]);
    expect(ebitda.corrections).toHaveLength(1);
  });

  it("research: findings across periods, oldest first", async () => {
    const r = await kb({ query: "revenue trend by quarter" });
    expect(r.intent).toBe("research");
    const periods = r.timeline.filter((t) => /^Q/.test(t.period)).map((t) => t.period);
    expect(periods).toEqual(["Q2 2024", "Q3 2024"]);
  });

  it("falls back to pages when no finding covers the question", async () => {
    const sources = new SourceRegistry("agent-test");
    const r = await kb({ query: "Who is the Chief Financial Officer?" }, sources);
    expect(r.coverage).toBe("pages");
    expect(r.findings).toEqual([]);
    expect(r.pages[0]!.document).toBe("Management_Bios.docx");
    expect(r.pages[0]!.excerpt).toMatch(/John Doe/);
    expect(sources.resolve({ document: "Management_Bios.docx", page: r.pages[0]!.page })).toBeTruthy();
  });

  it("a page that reads like instructions is flagged and its numbers never count", async () => {
    const sources = new SourceRegistry("agent-test");
    const r = await kb({ query: "What do the board minutes say about other business?" }, sources);
    const inj = r.pages.find((p) => p.page === 3 && p.document === "Board_Minutes_Sep2024.docx");
    expect(inj?.containsInstructions).toBe(true);
    expect(r.dataNotice).toMatch(/never instructions/);
    expect(sources.untrustedTexts().length).toBeGreaterThan(0);
  });
});
