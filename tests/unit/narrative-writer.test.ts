import { describe, expect, it } from "vitest";
import { narrativeExcerpt, narrativeQuestion, type NarrativeKbPage } from "@/lib/agent/knowledge/pages";
import { answersByPage } from "@/lib/answers/narrative/select";
import type { KbPage, KbResult } from "@/lib/agent/knowledge/types";
import { writeFact } from "@/lib/agent/offline/answers/fact";
import { writeSynthesis } from "@/lib/agent/offline/answers/overview";
import type { ToolExchange } from "@/lib/agent/offline/conversation";
import type { Plan } from "@/lib/agent/offline/intent";

const OFFER_QUESTION = /add (?:this|it) (?:question )?to the Q&A list/i; // as intent.ts reads a "yes" to our offer

const kbPage = (page: number, excerpt: string): KbPage => ({
  document: "ACME_2022_10K.pdf",
  page,
  excerpt: `"${excerpt}"`,
  citation: `(source: ACME_2022_10K.pdf, p.${page})`,
  url: `/deals/x/documents/d?page=${page}`,
});

const result = (query: string, pages: KbPage[]): KbResult => ({
  dataNotice: "",
  query,
  intent: "fact",
  understood: { metrics: [] },
  findings: [],
  timeline: [],
  corrections: [],
  conflicts: [],
  forecastVsActual: [],
  pages,
  coverage: "pages",
  notes: [],
});

const exchange = (r: KbResult): ToolExchange[] => [{ toolName: "query_knowledge_base", input: { query: r.query }, output: r } as ToolExchange];
const plan = (question: string, intent: Plan["intent"] = "fact"): Plan => ({ intent, question, metrics: [] });

describe("narrative answers in the local model's writer", () => {
  it("answers a yes/no question with the verdict first and the deciding sentence quoted with its citation", () => {
    const q = "Is the company involved in any litigation?";
    const text = writeFact(plan(q), exchange(result(q, [kbPage(17, "Various legal proceedings, claims and investigations are pending against us.")])));
    expect(text).toMatch(/^Yes — ACME_2022_10K\.pdf states: "Various legal proceedings, claims and investigations are pending against us\." \(source: ACME_2022_10K\.pdf, p\.17\)/);
  });

  it("abstains instead of quoting a page header, says what it searched and offers the Q&A item", () => {
    const q = "Any litigation against the company?";
    const text = writeFact(plan(q), exchange(result(q, [kbPage(52, "Note 14 - Legal Proceedings 88 … INDEX TO CONSOLIDATED FINANCIAL STATEMENTS")])));
    expect(text).toMatch(/^I couldn't find/);
    expect(text).toMatch(/I searched ACME_2022_10K\.pdf for "litigation"/);
    expect(text).not.toMatch(/Note 14/);
    expect(text).toMatch(OFFER_QUESTION);
  });

  it("abstains first when the quoted evidence only hedges, then shows the closest passage and offers the Q&A item", () => {
    const q = "Is the business subject to economic cycles?";
    const text = writeFact(plan(q), exchange(result(q, [kbPage(9, "Demand for our products could be affected by economic cycles, and a downturn may reduce our revenues.")])));
    expect(text).toMatch(/^I couldn't find a sentence in the uploaded documents that settles this either way\./);
    expect(text).toMatch(/"Demand for our products could be affected by economic cycles, and a downturn may reduce our revenues\." \(source: ACME_2022_10K\.pdf, p\.9\)/);
    expect(text).toMatch(OFFER_QUESTION);
  });

  it("answers 'who is the CEO' from an executive officers row as name and title", () => {
    const q = "Who is the CEO?";
    const text = writeSynthesis({ ...plan(q, "synthesis"), topic: "the CEO" }, exchange(result(q, [kbPage(21, "Jane Q. Doe 58 Chairman, President and Chief Executive Officer")])));
    expect(text).toMatch(/^Jane Q\. Doe — Chairman, President and Chief Executive Officer \(source: ACME_2022_10K\.pdf, p\.21\)/);
  });

  it("lists the customers a Business page names, never a figure row", () => {
    const q = "Who are the primary customers of the company?";
    const pages = [kbPage(118, "Widgets 4,120 3,870 3,410"), kbPage(4, "Our primary customers are national utilities and large industrial distributors.")];
    const text = writeSynthesis({ ...plan(q, "synthesis"), topic: "the primary customers of the company" }, exchange(result(q, pages)));
    expect(text).toMatch(/"Our primary customers are national utilities and large industrial distributors\." \(source: ACME_2022_10K\.pdf, p\.4\)/);
    expect(text).not.toMatch(/4,120/);
  });
});

describe("narrative answers from pages the knowledge base marked", () => {
  it("quotes only pages marked as answering; a page kept for context is never the answer", () => {
    const q = "Who are the company's main competitors?";
    const context: NarrativeKbPage = { ...kbPage(7, "Our main competitors include Beta Corp and Gamma Ltd in North America."), answers: false };
    const text = writeSynthesis({ ...plan(q, "synthesis"), topic: "the company's main competitors" }, exchange(result(q, [context])));
    expect(text).toMatch(/^I couldn't find/);
    expect(text).toMatch(OFFER_QUESTION);
  });

  it("names the sections it searched when it abstains", () => {
    const q = "Any litigation?";
    const pages: NarrativeKbPage[] = [{ ...kbPage(20, "Item 3. Legal Proceedings"), answers: false, section: "Legal Proceedings" }];
    expect(writeFact(plan(q), exchange(result(q, pages)))).toMatch(/I searched ACME_2022_10K\.pdf \(Legal Proceedings\) for "litigation"/);
  });
});

describe("narrative page excerpts returned by query_knowledge_base", () => {
  const page = "Table of Contents\nItem 3. Legal Proceedings\n\nWe are not currently a party to any material pending legal proceedings.\n18";

  it("are the page's answering sentences, verbatim, without the header", () => {
    const q = narrativeQuestion("Any pending legal proceedings?", new Set())!;
    const [units] = answersByPage(q, [{ document: "a.pdf", page: 18, citation: "", text: page }]);
    expect(narrativeExcerpt(units!)).toBe("We are not currently a party to any material pending legal proceedings.");
    expect(units![0]!.section).toBe("Legal Proceedings");
  });

  it("are not used for a figure question naming a metric", () => {
    expect(narrativeQuestion("What was revenue in 2022?", new Set(["revenue"]))).toBeUndefined();
    expect(narrativeQuestion("What drove the revenue increase?", new Set(["revenue"]))).toBeDefined();
  });
});
