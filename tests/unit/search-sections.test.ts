import { describe, expect, it } from "vitest";
import { annotatePages, newDocumentReading } from "@/lib/search/page-annotations";
import { findHeadings, initialSectionState, sectionsOfPages } from "@/lib/search/sections";
import { sectionIntent, sectionMatch } from "@/lib/search/section-intent";

const TOC = [
  "TABLE OF CONTENTS",
  "PART I",
  "Item 1. Business 3",
  "Item 1A. Risk Factors 6",
  "Item 3. Legal Proceedings 12",
  "PART II",
  "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations 14",
  "Item 8. Financial Statements and Supplementary Data 30",
].join("\n");

describe("section detection", () => {
  it("treats a table of contents as no section and learns its item titles", () => {
    const state = initialSectionState();
    const [toc] = sectionsOfPages([TOC], state);
    expect(toc.section).toBeNull();
    expect(findHeadings(TOC).tableOfContents).toBe(true);
    expect(state.numbers.get("7")).toBe("mdna");
  });

  it("gives each page the section of the last heading before it, across batches", () => {
    const state = initialSectionState();
    const pages = sectionsOfPages([
      TOC,
      "Item 1. Busines s.\nWe make aircraft. Our primary customers are airlines.",
      "Competition is intense.",
      "Item 1A. Risk Factors\nOur business is cyclical.",
    ], state);
    expect(pages.map((p) => p.section)).toEqual([null, "business", "business", "risk_factors"]);
    const [next] = sectionsOfPages(["Demand for aircraft depends on airline profits."], state);
    expect(next.section).toBe("risk_factors");
  });

  it("lists every section on a page where a part starts midway, the larger one as main", () => {
    const [page] = sectionsOfPages([
      `Item 2. Properties\nWe own plants.\nItem 3. Legal Proceedings\n${"Various lawsuits are pending against us. ".repeat(10)}`,
    ]);
    expect(page.section).toBe("legal_proceedings");
    expect(page.sections).toEqual(["properties", "legal_proceedings"]);
  });

  it("reads note topics inside the financial statements, and ignores cross-references", () => {
    const pages = sectionsOfPages([
      "Item 8. Financial Statements and Supplementary Data\nConsolidated Statements of Operations",
      "Note 6 of our Notes to Consolidated Financial Statements describes the sale.",
      "Note 21 – Legal Proceedings\nMultiple legal actions have been filed against us.",
      "Note 22 – Segment Information\nWe operate in three segments.",
      "Item 15 of this Annual Report lists the exhibits.",
    ]);
    expect(pages.map((p) => p.section)).toEqual(["financial_statements", "financial_statements", "legal_proceedings", "segments", "segments"]);
    expect(pages[2].sections).toContain("financial_statements");
  });

  it("maps bare running headers through the document's own item titles", () => {
    const state = initialSectionState();
    const pages = sectionsOfPages([TOC, "PART II Item 7\nRevenue grew 8%.", "PART II Item 8\nNote 3 — Acquisitions\nWe acquired a business.", "PART II Item 8\nThe acquisition closed."], state);
    expect(pages.map((p) => p.section)).toEqual([null, "mdna", "acquisitions", "acquisitions"]);
  });

  it("reads executive officers and the chapters of a Swedish report", () => {
    const pages = sectionsOfPages([
      "Information about our Executive Officers\nJohn Doe, 58, President and Chief Executive Officer.",
      "Innehåll\nSammanfattning 11\n1 Författningsförslag 15\n2 Bakgrund 21",
      "Sammanfattning\nUtredaren föreslår nya regler.",
      "1 Författningsförslag\nFörslag till lag om ändring.",
      "2 Bakgrund\nReglerna infördes 1990.\n2.1 Bakgrund till uppdraget\nUtredningen tillsattes.",
      "5 Konsekvenser\nFörslagen påverkar företagen.",
    ]);
    expect(pages.map((p) => p.section)).toEqual(["executive_officers", "executive_officers", "summary", "legislative_proposals", "background", "consequences"]);
  });

  it("annotates pages with language and section, inheriting the document's language on number-only pages", () => {
    const reading = newDocumentReading();
    const a = annotatePages([
      { page: 1, text: "Sammanfattning\nUtredningen har haft i uppdrag att se över reglerna och att lämna förslag." },
      { page: 2, text: "2022 2021\n1 234 5 678\n9 101 1 213" },
    ], reading);
    expect(a.map((p) => [p.language, p.section])).toEqual([["sv", "summary"], ["sv", "summary"]]);
    expect(reading.lastPage).toBe(2);
  });
});

describe("section intent", () => {
  it("points questions to the sections that answer them", () => {
    expect(sectionIntent("Has the company reported any material ongoing legal battles?").get("legal_proceedings")).toBe(1);
    expect(sectionIntent("Who are the company's primary customers?").get("business")).toBe(1);
    expect(sectionIntent("Is the business subject to cyclicality?").get("risk_factors")).toBe(1);
    expect(sectionIntent("What drove the change in operating margin?").get("mdna")).toBe(1);
    expect(sectionIntent("Who is the CEO?").get("executive_officers")).toBe(1);
    expect(sectionIntent("Vad föreslår utredaren om konsekvenserna?").get("consequences")).toBe(1);
    expect(sectionIntent("What is the FY2018 capital expenditure amount?").size).toBe(0);
  });

  it("matches a page through any section in effect on it", () => {
    const intent = sectionIntent("Any litigation?");
    expect(sectionMatch(intent, ["properties", "legal_proceedings"])).toBe(1);
    expect(sectionMatch(intent, ["mdna"])).toBe(0);
  });
});

describe("executive officers headings", () => {
  it("reads the usual ways filings title the executive officers", () => {
    for (const heading of ["EXECUTIVE OFFICERS OF THE REGISTRANTS", "Item 4A. Information About Our Executive Officers", "ACME CORPORATION EXECUTIVE OFFICERS", "Information about our Executive Officers"]) {
      expect(sectionsOfPages([`${heading}\nJane Roe, 61, Chief Executive Officer.`])[0].section).toBe("executive_officers");
    }
    expect(sectionsOfPages(["Our executive officers are listed below.\nJane Roe."])[0].section).toBeNull();
  });

  it("reads a contents entry with its page number as no heading, so the officers' part does not run on through the pages after it", () => {
    // a filing that numbers no Items: its contents list parts by title and page only
    const contents = ["Organization of Our Form 10-K", "Our Business Page", "Introduction to Our Business 2", "Management's Discussion and Analysis", "Segment Results 20", "Other Key Information", "Risk Factors 53", "Information About Our Executive Officers 68", "Financial Statements 71"].join("\n");
    const pages = sectionsOfPages([
      contents,
      "Introduction to Our Business\nWe design and make semiconductors.",
      "Management's Discussion and Analysis\nRevenue grew 8% on higher demand for server products.",
      "Operating margin fell on higher product costs.",
      "Risk Factors\nDemand for our products is cyclical.",
      "Information About Our Executive Officers\nJane Roe, 61, Chief Executive Officer.",
    ]);
    expect(pages.map((p) => p.section)).toEqual([null, null, "mdna", "mdna", "risk_factors", "executive_officers"]);
  });

  it("reads a note's title that starts with 'Summary of' as no report summary", () => {
    const pages = sectionsOfPages(["Item 15. Exhibits and Financial Statement Schedules\nThe following documents are filed.", "Summary of All Plans\nThe table below lists stock awards under all plans."]);
    expect(pages.map((p) => p.section)).toEqual(["exhibits", "exhibits"]);
    expect(sectionsOfPages(["Summary\nThe inquiry proposes a new act."])[0].section).toBe("summary");
  });
});

describe("marked-up and wrapped text", () => {
  it("reads Markdown chapter headings, and an unnamed chapter ends the previous part", () => {
    const pages = sectionsOfPages([
      "# Betänkande\n## Sammanfattning av förslag och bedömningar...\nKommissionen föreslår reformer.",
      "## 2 Kommissionens uppdrag och arbete\nKommissionen tillsattes 2023.",
      "## 3 Teknisk utveckling\nForskning och innovation.",
      "## 16 Författningskommentar\n1 § Denna lag gäller.",
    ]);
    expect(pages.map((p) => p.section)).toEqual(["summary", "assignment", null, "commentary"]);
  });

  it("does not take a wrapped body line for a heading", () => {
    const pages = sectionsOfPages(["Item 1A. Risk Factors\nVi har lämnat flera\nmyndighetsuppdrag.\nsummary), there is broad agreement"]);
    expect(pages[0].sections).toEqual(["risk_factors"]);
  });
  it("keeps a 10-Q's MD&A after its statements when a line there points at a note", () => {
    for (const pointer of ["Note 9B for more on the products discussed above.", "Note 4 for additional information regarding our segments.", "Note 7. Debt"]) {
      const pages = sectionsOfPages([
        "PART I. FINANCIAL INFORMATION\nItem 1. Financial Statements\nCondensed Consolidated Statements of Income",
        "Note 1. Basis of Presentation\nThe statements are unaudited.",
        "Note 2 – Litigation\nSeveral actions are pending against us.",
        "Item 2. Management's Discussion and Analysis of Financial Condition and Results of Operations\nRevenues fell 4%.",
        `Product revenues by region are shown above.\n${pointer}`,
        "Costs and Expenses\nMarketing expenses increased $40 million, primarily due to product launches.",
        "Item 3. Quantitative and Qualitative Disclosures About Market Risk\nWe hedge currency exposures.",
      ]);
      expect(pages.map((p) => p.section), pointer).toEqual(["financial_statements", "financial_statements", "legal_proceedings", "mdna", "mdna", "mdna", "market_risk"]);
    }
  });
});
