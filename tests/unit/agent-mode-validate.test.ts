import { describe, expect, it } from "vitest";
import { analyzeConstraints } from "@/lib/agent/mode/constraints";
import { groundCitations } from "@/lib/agent/mode/grounding";
import { extractNumbers, knownNumbers, numberIsKnown, quoteFoundIn } from "@/lib/agent/mode/text";
import type { OpenedCitation, SearchRecord, SearchResultItem } from "@/lib/agent/mode/types";
import { validateFinal } from "@/lib/agent/mode/validate";

const D1 = "11111111-1111-4111-8111-111111111111";
const D2 = "22222222-2222-4222-8222-222222222222";

const REV = "Third quarter 2024\nRevenue for the third quarter of 2024 was EUR 5.2 million, an increase of 12% compared with EUR 4.64 million in the third quarter of 2023.";
const MAR = "Gross margin was 42%, down from 45% for the full year 2023, mainly due to higher cloud hosting and supply chain costs. Manage-\nment expects recovery.";

function opened(n: number, text: string, extra: Partial<OpenedCitation> = {}): OpenedCitation {
  return { n, ref: `R${n}`, documentId: n === 1 ? D1 : D2, document: n === 1 ? "Q3_2024_Report.pdf" : "Q3_2024_Report_b.pdf", page: n, pageEnd: n, chunkId: null, kind: "page", text, contextText: text, truncated: false, snippet: text.slice(0, 80), documentDate: "2024-10-24", documentKind: "quarterly report", versionGroup: null, role: "evidence", ...extra };
}

function result(ref: string, query: string, snippet: string, matched: string[], role: "evidence" | "request" = "evidence"): SearchResultItem {
  return { ref, type: "page", documentId: D1, document: role === "request" ? "IRL_Template.xlsx" : "Q3_2024_Report.pdf", page: 1, chunkId: null, snippet, documentDate: null, documentKind: null, role, matchedTerms: matched };
}

const Q = 'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';
const C = analyzeConstraints(Q);
const SEARCHES: SearchRecord[] = [
  { index: 1, query: "revenue", results: [result("R1", "revenue", "Revenue for the third quarter of 2024 was EUR 5.2 million", ["revenue"])] },
  { index: 2, query: "margins", results: [result("R2", "margins", "Gross margin was 42%", ["margin"])] },
  { index: 3, query: "litigation", results: [result("R3", "litigation", "Litigation history and pending disputes", ["litigation"], "request")] },
];
const OPENED = [opened(1, REV), opened(2, MAR)];
const GOOD = [
  "## Operating summary",
  '### Revenue\n"Revenue for the third quarter of 2024 was EUR 5.2 million" [1]',
  "### Margins\nGross margin was 42% in Q3 2024 [2].",
  "### Litigation\nInsufficient documentation — no document covers litigation.",
].join("\n\n");

const codes = (r: ReturnType<typeof validateFinal>) => r.failures.map((f) => f.code);
const run = (answer: string, over: Partial<Parameters<typeof validateFinal>[0]> = {}) => validateFinal({ answer, question: Q, constraints: C, searches: SEARCHES, opened: OPENED, ...over });

describe("validation gate", () => {
  it("passes a complete, grounded answer", () => {
    const r = run(GOOD);
    expect(r.failures).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.markers).toEqual([1, 2]);
    expect(r.missingTopics).toEqual(["litigation"]); // an IRL row is a request, not evidence
  });
  it("minimum searches and required topics", () => {
    const r = run(GOOD, { searches: SEARCHES.slice(0, 1) });
    expect(codes(r)).toContain("MIN_SEARCHES_UNMET");
    expect(codes(r)).toContain("REQUIRED_TOPIC_NOT_SEARCHED");
    expect(r.failures.find((f) => f.code === "MIN_SEARCHES_UNMET")!.needsTools).toBe(true);
  });
  it("minimum opened citations", () => {
    const r = run(GOOD.replace("[2]", "[1]"), { opened: OPENED.slice(0, 1) });
    expect(codes(r)).toContain("MIN_OPEN_CITATIONS_UNMET");
  });
  it("hallucinated citation markers", () => {
    const r = run(`${GOOD}\n\nSee also [5].`);
    expect(codes(r)).toEqual(["INVALID_CITATION_MARKER"]);
    expect(r.invalidMarkers).toEqual([5]);
  });
  it("ungrounded numbers; unit scaling is tolerated", () => {
    expect(codes(run(GOOD.replace("42% in Q3 2024", "39% in Q3 2024")))).toContain("UNGROUNDED_NUMBER");
    expect(codes(run(GOOD.replace("Gross margin was 42% in Q3 2024 [2].", "Gross margin was 42% in Q3 2024, on revenue of EUR 5,200 thousand [2].")))).not.toContain("UNGROUNDED_NUMBER");
  });
  it("invented technical terms and DD claims", () => {
    expect(codes(run(GOOD.replace("— no document covers litigation.", "— no document covers litigation; run pg_reindex and check the SOX-404 memo.")))).toContain("UNGROUNDED_TERM");
    const r = run(GOOD.replace("### Margins", "### Margins\nThe lawsuit settlement hit margins."));
    expect(r.failures.find((f) => f.code === "UNGROUNDED_TERM")?.message).toMatch(/lawsuit|settlement/);
  });
  it("exact quotes: missing, not found, wrong source; whitespace and hyphenation tolerated", () => {
    expect(codes(run(GOOD.replace('"Revenue for the third quarter of 2024 was EUR 5.2 million" [1]', "Revenue was EUR 5.2 million [1]")))).toContain("EXACT_QUOTE_MISSING");
    expect(codes(run(GOOD.replace('"Revenue for the third quarter of 2024 was EUR 5.2 million"', '"Revenue for Q3 2024 was EUR 5.2 million"')))).toContain("QUOTE_NOT_FOUND");
    expect(codes(run(GOOD.replace("[1]", "[2]")))).toContain("QUOTE_WRONG_SOURCE");
    expect(quoteFoundIn("Management expects recovery", MAR)).toBe(true); // "Manage-\nment"
    expect(quoteFoundIn("Revenue for the   third quarter\nof 2024", REV)).toBe(true);
    expect(quoteFoundIn("Revenue for the third quarter … EUR 5.2 million", REV)).toBe(true);
  });
  it("the figure kind needs a number in the quote", () => {
    const r = run(GOOD.replace('"Revenue for the third quarter of 2024 was EUR 5.2 million" [1]', '"Revenue for the third quarter" [1]'));
    expect(codes(r)).toContain("EXACT_QUOTE_MISSING");
  });
  it("insufficiency disclosure: missing, and per topic", () => {
    expect(codes(run(GOOD.replace("Insufficient documentation — no document covers litigation.", "Nothing found.")))).toContain("INSUFFICIENCY_DISCLOSURE_MISSING");
    const elsewhere = GOOD.replace("### Litigation\nInsufficient documentation — no document covers litigation.", "### Litigation\nNothing found.\n\nInsufficient documentation.");
    expect(codes(run(elsewhere))).toContain("INSUFFICIENCY_DISCLOSURE_MISSING");
  });
  it("required sections and the newest-document rule", () => {
    const c = analyzeConstraints("Use the sections: Revenue, Outlook. Resolve conflicts using the newest dated document.");
    const old = opened(1, REV, { versionGroup: "q3", documentDate: "2024-10-01" });
    const neu = opened(2, REV.replace("5.2", "5.3"), { versionGroup: "q3", documentDate: "2024-11-01" });
    const r = validateFinal({ answer: "### Revenue\nRevenue was EUR 5.2 million [1].", question: "q", constraints: c, searches: SEARCHES, opened: [old, neu] });
    expect(codes(r)).toContain("SECTION_MISSING");
    expect(codes(r)).toContain("CONFLICT_RULE_UNMET");
    const ok = validateFinal({ answer: "### Revenue\nRevenue was EUR 5.3 million [2].\n\n### Outlook\nNo outlook is given [2].", question: "q", constraints: c, searches: SEARCHES, opened: [old, neu] });
    expect(codes(ok)).toEqual([]);
    // two versions with the same date cannot be ordered by date: the rule asks for neither
    const tie = opened(2, REV.replace("5.2", "5.3"), { versionGroup: "q3", documentDate: "2024-10-01" });
    const either = validateFinal({ answer: "### Revenue\nRevenue was EUR 5.2 million [1].\n\n### Outlook\nNo outlook is given [1].", question: "q", constraints: c, searches: SEARCHES, opened: [old, tie] });
    expect(codes(either)).not.toContain("CONFLICT_RULE_UNMET");
  });
  it("numbers: Swedish and thousands formats", () => {
    const known = knownNumbers(["Nettoomsättning 5 200 tkr, marginal 42,5 %", "Revenue 18,400"]);
    expect(numberIsKnown(extractNumbers("5,2 mkr")[0]!, known)).toBe(true);
    expect(numberIsKnown(extractNumbers("42,5")[0]!, known)).toBe(true);
    expect(numberIsKnown(extractNumbers("18.4 million")[0]!, known)).toBe(true);
    expect(numberIsKnown(extractNumbers("19.1")[0]!, known)).toBe(false);
  });
});

describe("citation grounding", () => {
  it("strips hallucinated markers and grounds the rest with ids, filename, snippet and viewer URL", () => {
    const g = groundCitations({ answer: `${GOOD}\n\nAlso [7] and [2, 9].`, opened: OPENED, searches: SEARCHES, dealSlug: "demo" });
    expect(g.stripped.sort((a, b) => a - b)).toEqual([7, 9]);
    expect(g.answer).not.toMatch(/\[7\]|\[9\]/);
    expect(g.answer).toContain("[2]");
    expect(g.citations.map((c) => c.n)).toEqual([1, 2]);
    const c1 = g.citations[0]!;
    expect(c1).toMatchObject({ documentId: D1, document: "Q3_2024_Report.pdf", page: 1, opened: true, snippet: "Revenue for the third quarter of 2024 was EUR 5.2 million" });
    expect(c1.url).toMatch(new RegExp(`^/deals/demo/documents/${D1}\\?page=1&highlight=Revenue`));
  });
  it("falls back to search snippets when nothing was opened", () => {
    const g = groundCitations({ answer: "Revenue grew [1].", opened: [], searches: SEARCHES, dealSlug: "demo" });
    expect(g.answer).toBe("Revenue grew.");
    expect(g.citations.length).toBeGreaterThan(0);
    expect(g.citations.every((c) => !c.opened)).toBe(true);
    expect(g.citations.some((c) => c.document === "IRL_Template.xlsx")).toBe(false);
  });
});
