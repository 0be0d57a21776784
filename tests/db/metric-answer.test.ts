/**
 * compute_metric end to end: two made-up companies' 10-K text filings through the real ingest
 * and the findings extraction (statements read line by line), then metric questions answered
 * from the named company's statement lines with cited inputs — never the other company's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { answerMetricQuestion } from "@/lib/agent/knowledge/metric-answer";
import { SourceRegistry } from "@/lib/agent/sources";
import { runExtraction } from "@/lib/extraction/run";
import { ingestFile } from "@/lib/ingest/ingest";
import { openTestDb } from "../helpers/db";
import { tempDir, writeFixture } from "../helpers/fixtures";
import { cover, statements } from "../helpers/filings";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

describe("compute_metric on statements read by the pipeline", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  const ask = (question: string, sources = new SourceRegistry("peers")) => answerMetricQuestion({ db, dealId, sources }, { question });

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "peers", name: "Peers" })).id;
    const dir = tempDir("manda-metric-");
    for (const [file, registrant, ticker, fileNumber, k] of [["ALDERWICK_2023_10K.txt", "ALDERWICK INSTRUMENTS, INC.", "ALDW", "1-12345", 1], ["brindle-10k-2023.txt", "Brindlemoor Foods Corporation", "BRND", "1-67890", 3]] as const) {
      // MD&A repeats the operating cash flow (10-Ks do): one of the two validates as the other's duplicate
      const mdna = ["Item 7. Management's Discussion and Analysis", "Cash flows (In millions)", "Years Ended December 31, 2023 2022 2021", `Net cash provided by operating activities $ ${(200 * k).toLocaleString("en-US")} $ ${(140 * k).toLocaleString("en-US")} $ ${(120 * k).toLocaleString("en-US")}`].join("\n");
      const pages = [cover(registrant, ticker, fileNumber), mdna, ...statements(registrant, k)];
      const r = await ingestFile({ db, dealId, filePath: writeFixture(dir, file, new TextEncoder().encode(pages.join("\f"))) });
      if (r.status !== "indexed" || !r.documentId) throw new Error(`${file} was not indexed`);
      await runExtraction(db, { dealId, documentId: r.documentId, kind: "findings", mode: "rules" });
    }
  }, 120_000);
  afterAll(() => cleanup());

  it("reads a line item from the named company's cash-flow statement, cited at its page", async () => {
    const sources = new SourceRegistry("peers");
    const r = await ask("What is Alderwick's FY2023 capital expenditure in USD millions?", sources);
    expect(r.status).toBe("answered");
    expect(r.answer).toMatch(/USD 110 million/);
    expect(r.answer).toContain("(source: ALDERWICK_2023_10K.txt, p.5)");
    expect(sources.list().map((s) => s.document)).toEqual(["ALDERWICK_2023_10K.txt"]);
  });

  it("computes a metric from the other company's statements only", async () => {
    const r = await ask("What is Brindlemoor's FY2023 operating margin? Round to one decimal place.");
    expect(r.status).toBe("answered");
    expect(r.answer).toMatch(/20\.0%/);
    expect(r.inputs.every((i) => i.citation.includes("brindle-10k-2023.txt"))).toBe(true);
    expect(r.inputs.map((i) => i.value)).toEqual(expect.arrayContaining([600e6, 3000e6]));
    // the result as fields beside the markdown
    expect(r.result).toMatchObject({ name: "Operating margin", unit: "percent", stated: ["20.0%"] });
    expect(r.result!.value).toBeCloseTo(0.2, 6);
  });

  it("a definition in the question is the formula, averages over two balance sheets", async () => {
    const r = await ask("What is Alderwick's FY2023 inventory turnover ratio? Inventory turnover is defined as: (FY2023 COGS) / (average inventory between FY2022 and FY2023). Round to two decimal places.");
    expect(r.answer).toMatch(/4\.44\b/); // 600 / ((150 + 120) / 2)
  });

  it("reads a statement line the validator marked the duplicate of the same value stated in MD&A", async () => {
    // which of the two validates first depends on the order candidates are checked: make it the statement line's turn to be the duplicate
    const n = await db.query("update staging_extractions set status = 'duplicate' where deal_id = $1 and candidate_key like 'statement:cash_flow:operating_cash_flow:FY2023:%'", [dealId]);
    expect(n.rowCount).toBeGreaterThan(0);
    const r = await ask("What is Alderwick's FY2023 free cash flow in USD millions?");
    expect(r.status).toBe("answered");
    expect(r.answer).toMatch(/USD 90 million/); // 200 − 110
  });

  it("a missing input is named, never guessed", async () => {
    const r = await ask("What is Alderwick's FY2020 gross margin?");
    expect(r.status).toBe("incomplete");
    expect(r.answer).toMatch(/FY2020/);
    expect(r.answer).not.toMatch(/\d+\.\d%/);
  });

  it("a product's revenue in a deal of several companies is a part of the named company, not its total (no crash naming it)", async () => {
    const r = await ask("How much revenue did Alderwick Pulse Pro generate in FY2023?");
    expect(r.status).toBe("no_statements");
    expect(r.partOf).toBe("Alderwick Pulse Pro");
    expect(r.notes.join(" ")).toMatch(/Alderwick Pulse Pro is not ALDERWICK INSTRUMENTS/i);
  });

  it("a balance asked as of a day the statements' year does not end on is not computed", async () => {
    const r = await ask("What was Alderwick's current ratio as of June 30, 2023? The current ratio is defined as total current assets divided by total current liabilities.");
    expect(r.status).toBe("incomplete");
    expect(r.answer).toMatch(/^I couldn't compute .* as of 2023-06-30: the statements read give FY2023 as of 2023-12-31/);
    expect(r.answer).not.toMatch(/2\.6/);
  });

  it("a question naming no company in a two-company deal asks which one", async () => {
    const r = await ask("What was the FY2023 net income?");
    expect(r.status).toBe("ask_company");
    expect(r.answer).toMatch(/ALDERWICK|Alderwick/);
    expect(r.answer).toMatch(/Brindlemoor|BRINDLEMOOR/);
  });
});
