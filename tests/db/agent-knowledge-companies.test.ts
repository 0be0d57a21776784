import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { scanConflicts } from "@/lib/agent/knowledge/conflicts";
import { queryKnowledgeBase } from "@/lib/agent/knowledge/query";
import { SourceRegistry } from "@/lib/agent/sources";
import { openTestDb } from "../helpers/db";
import { tempDir } from "../helpers/fixtures";
import { addRelation } from "./agent-fixtures";
import { seedTwoCompanyDeal } from "./agent-companies-fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const OLDER = /months older than the newest related document/;

describe("query_knowledge_base in a deal holding two companies' filings", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let seeded: Awaited<ReturnType<typeof seedTwoCompanyDeal>>;
  const kb = (query: string) => queryKnowledgeBase({ db, dealId: seeded.deal.id, sources: new SourceRegistry("two-companies") }, { query });

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    seeded = await seedTwoCompanyDeal(db);
  });
  afterAll(() => cleanup());

  it("ingest tells the filings apart: company, kind, fiscal period end and version group", async () => {
    const { rows } = await db.query<{ filename: string; company: string; kind: string; date: string; version_group: string }>(
      "select filename, company, kind, to_char(document_date, 'YYYY-MM-DD') as date, version_group from documents where deal_id = $1 order by filename",
      [seeded.deal.id],
    );
    expect(rows).toEqual([
      { filename: "3M_2018_10K.pdf", company: "3M", kind: "annual report", date: "2018-12-31", version_group: "3m_2018_10k" },
      { filename: "3M_2022_10K.pdf", company: "3M", kind: "annual report", date: "2022-12-31", version_group: "3m_2022_10k" },
      { filename: "AMAZON_2019_10K.pdf", company: "AMAZON", kind: "annual report", date: "2019-12-31", version_group: "amazon_2019_10k" },
    ]);
  });

  it("an Amazon figure is never called older than 3M's newer filing", async () => {
    const r = await kb("What were net sales in FY2019?");
    expect(r.answer?.value).toBe("USD 280.52 billion");
    expect(r.answer?.source.document).toBe("AMAZON_2019_10K.pdf");
    expect(r.notes.join(" ")).not.toMatch(OLDER);
  });

  it("a question naming a company is answered from that company's filings", async () => {
    const amazon = await kb("What were Amazon's net sales?");
    expect(amazon.answer?.source.document).toBe("AMAZON_2019_10K.pdf");
    expect(amazon.answer?.period).toBe("FY2019");
    expect(amazon.findings.every((f) => f.source.document.startsWith("AMAZON"))).toBe(true);
    expect(amazon.notes.join(" ")).not.toMatch(OLDER);

    const mmm = await kb("What were 3M's net sales in FY2018?");
    expect(mmm.answer?.value).toBe("USD 32.77 billion");
    expect(mmm.answer?.source.document).toBe("3M_2018_10K.pdf");
    expect(mmm.findings.every((f) => f.source.document.startsWith("3M_"))).toBe(true);
    // within one company the older filing is still said to be older
    expect(mmm.notes).toContain("The figure comes from a document dated 31 December 2018, 48 months older than the newest related document.");

    const amazon2018 = await kb("What were Amazon's net sales in FY2018?");
    expect(amazon2018.answer?.value).toBe("USD 232.89 billion");
    expect(amazon2018.answer?.source.document).toBe("AMAZON_2019_10K.pdf");
  });

  it("a rewritten search ('net sales by quarter') keeps the company the analyst's question names", async () => {
    const r = await queryKnowledgeBase({ db, dealId: seeded.deal.id, sources: new SourceRegistry("two-companies") }, { query: "net sales by quarter", question: "How did Amazon's net sales develop?", metric: "revenue", intent: "research", limit: 30 });
    expect(r.findings.length).toBeGreaterThan(0);
    expect(new Set(r.findings.map((f) => f.source.document))).toEqual(new Set(["AMAZON_2019_10K.pdf"]));
  });

  it("the latest filing of the company asked about answers, and is not called old", async () => {
    const r = await kb("What were 3M's net sales?");
    expect(r.answer?.source.document).toBe("3M_2022_10K.pdf");
    expect(r.answer?.period).toBe("FY2022");
    expect(r.notes.join(" ")).not.toMatch(OLDER);
  });

  it("two companies' figures for one year are not a conflict", async () => {
    const r = await kb("What were net sales in FY2018?");
    expect(r.conflicts).toEqual([]);
    expect(r.notes.join(" ")).not.toMatch(/AMAZON.*older|older.*3M/);

    await addRelation(db, seeded.deal.id, seeded.f.amzn2018, seeded.f.mmm2018, "CONTRADICTS");
    const scan = await scanConflicts({ db, dealId: seeded.deal.id, sources: new SourceRegistry("two-companies"), metric: "revenue" });
    expect(scan.conflicts).toEqual([]);
    expect(scan.notConflicts.join(" ")).toMatch(/not a conflict: they are about different companies \(AMAZON vs 3M\)/);
  });
});
