/**
 * The rules extractors on made-up sentences and pages: officers' titles and names around note
 * headings and chart legends, and which dated acts are decisions, signings or no event.
 */
import { describe, expect, it } from "vitest";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { readFilingFacts } from "@/lib/extraction/entities/filing-facts";
import { extractTimelineFromPages } from "@/lib/extraction/timeline";
import type { EntityPayload, ExtractionPage, TimelineEventPayload } from "@/lib/extraction/types";
import type { TextSpan } from "@/lib/ingest/types";

const ctx = { filename: "annual-report.pdf" };
const page = (text: string, pageNumber = 20): ExtractionPage => ({ pageNumber, text });
const orgs = (p: ExtractionPage) => extractEntitiesFromPages([p], ctx).candidates.map((c) => c.payload as EntityPayload).filter((e) => e.entityType === "organisation").map((e) => e.name);
const typed = (text: string) => extractTimelineFromPages([page(text)], ctx).candidates.map((c) => c.payload as TimelineEventPayload).map((e) => [e.eventType, e.eventDate]);

/** Rows of cells at given x positions (a blank run between cells), as pdfjs gives them; a cell may hold a line break. */
function columnsPage(pageNumber: number, rows: string[][], xs: number[]): ExtractionPage {
  let text = "";
  const spans: TextSpan[] = [];
  let y = 50;
  for (const cells of rows) {
    cells.forEach((cell, c) => {
      if (c > 0) {
        spans.push({ start: text.length, length: 1, x: xs[c - 1]! + cells[c - 1]!.length * 5, y, width: 9000, height: 9 });
        text += " ";
      }
      cell.split("\n").forEach((part, k) => {
        if (k > 0) text += "\n";
        spans.push({ start: text.length, length: part.length, x: xs[c]!, y: y + k * 14, width: part.length * 5, height: 9 });
        text += part;
      });
    });
    text += "\n";
    y += 14 * Math.max(...cells.map((c) => c.split("\n").length));
  }
  return { pageNumber, text, spans };
}

describe("entities: wrapped titles, note headings and chart legends", () => {
  it("reads an officer's title wrapped after '&' onto the next line whole", () => {
    const officers = columnsPage(8, [
      ["Information About Our Executive Officers"],
      ["Name", "Age", "Present Position"],
      ["Priya N. Raman", "55", "Group President, Transportation &\nElectronics"],
      ["Omar Haddad", "48", "Executive Vice President and Chief Financial Officer"],
    ], [20, 200, 260]);
    expect(readFilingFacts([officers]).officers.map((o) => o.title)).toEqual(["Group President, Transportation & Electronics", "Executive Vice President and Chief Financial Officer"]);
  });

  it("starts a name after a numbered note heading on the line above, however long the heading", () => {
    // a page of lines about 60 characters wide, so the heading's 40 characters are no short line
    const body = [
      "On October 9, 2018, we acquired all the outstanding shares of",
      "the company for a total of $3.2 billion in cash and debt. It is",
      "a global provider of aviation parts and supply chain services",
      "to airlines and operators. The acquisition was accounted for",
      "as a business combination; its results are in our services",
      "segment from the date of the acquisition onwards this year.",
    ].join("\n");
    expect(orgs(page(`Table of Contents\n\nNote 3 – Acquisitions and Joint Ventures\nHarbour Aero Inc.\n\n${body}`))).toEqual(["Harbour Aero Inc."]);
  });

  it("drops a chart legend's number glued to a company's name ('S&P 500Harbour Corporation')", () => {
    expect(orgs(page("Dow Jones U.S. Transportation AverageS&P 500Harbour Corporation\n$50\n$70"))).toEqual(["Harbour Corporation"]);
  });
});

describe("timeline: decisions, signings and approvals", () => {
  it("types a ruling or a board resolution 'dated' a day as a decision, not a signing", () => {
    expect(typed("Additionally, the ruling of the court overseeing the Utility’s probation dated April 3, 2019 places further restrictions on dividends.")).toEqual([["decision", "2019-04-03"]]);
    expect(typed("She is indemnified in accordance with the terms of the re solution of the Board of Directors of Harbour Corporation dated July 19, 1995, or as required by law.")).toEqual([["decision", "1995-07-19"]]);
  });

  it("reads no decision into an approval only on a condition ('that, if approved, would extend …')", () => {
    expect(typed("On October 1, 2018, the Utility entered into a stipulation with TAG that, if approved, would extend the rate case cycle through 2022.").filter(([t]) => t === "decision")).toEqual([]);
    // the condition a few words before the cue
    expect(typed("The agreement will terminate if the effective date does not occur on or prior to September 30, 2020 or December 31, 2020 if such later outside date is approved by the court.").filter(([t]) => t === "decision")).toEqual([]);
    // an approval that happened stays one
    expect(typed("On October 1, 2018, the Commission approved the stipulation.")).toEqual([["decision", "2018-10-01"]]);
  });

  it("reads no signing into documents referred to by their date (responses, requests, a data tape, a plan of reorganization)", () => {
    expect(typed("The court directed the Utility to provide additional information in connection with the Utility’s prior responses dated November 29, 2019.")).toEqual([]);
    expect(typed("Conformed Through Commitment Increase Request, dated August 12, 2022 EXHIBIT A To Amendment 8 to the Financing Agreement.")).toEqual([]);
    expect(typed("All information contained in the datatape dated on or about January 2021 relating to the agreements is true and correct.")).toEqual([]);
    expect(typed("The Debtors filed the Debtors’ Joint Chapter 11 Plan of Reorganization dated January 31, 2020 with the Bankruptcy Court.")).toEqual([]);
    // a settlement dated a day was entered into that day
    expect(typed("The Utility updated its request due to the wildfire insurance settlement dated October 7, 2022 discussed below.")).toEqual([["signed", "2022-10-07"]]);
  });

  it("reads no decision into 'approved' used as an adjective ('an approved plan as of the effective date, June 5, 2019')", () => {
    expect(typed("The Commission approved the memorandum account on August 5, 2019, so the Utility will record costs incurred in implementing an approved mitigation plan as of the effective date, June 5, 2019.")).toEqual([["decision", "2019-08-05"]]);
  });

  it("reads no signing into a court paper's signature block ('Dated: … Respectfully submitted')", () => {
    expect(typed("Dated: November 1, 2019 San Francisco, California Respectfully submitted, HARBOUR CORPORATION By: Name: Dana Whitfield Title: Chief Financial Officer")).toEqual([]);
  });

  it("starts a long sentence's description before a participle's noun, not at 'dated'", () => {
    const text =
      "Bond Documents means each of the following agreements, as amended, supplemented, restated, or otherwise modified from time to time: (c) Reimbursement Agreement between the Utility and Harbour Bank relating to the Pollution Control Refunding Revenue Bonds 1997 Series B, dated December 1, 2015; (d) Reimbursement Agreement between the Utility and Westbrook Bank.";
    const e = extractTimelineFromPages([page(text)], ctx).candidates.map((c) => c.payload as TimelineEventPayload).find((x) => x.eventDate === "2015-12-01")!;
    expect(e.description).not.toMatch(/^…dated/);
    expect(e.description).toMatch(/Series B, dated December 1, 2015/);
  });

  it("dates an approval by its own date, not by the date naming what was approved ('the October 15, 2020 settlement')", () => {
    expect(typed("On December 30, 2020, the Commission approved the October 15, 2020 settlement without modifications.")).toEqual([["decision", "2020-12-30"]]);
  });
});
