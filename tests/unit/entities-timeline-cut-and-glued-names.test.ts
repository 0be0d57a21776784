/**
 * The shared sentence reader, names the PDF text layer cut or glued, and timeline rows under a
 * group heading or too long to show whole, each on a small made-up page.
 */
import { describe, expect, it } from "vitest";
import { splitSentences } from "@/lib/extraction/sentences";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { readFilingFacts } from "@/lib/extraction/entities/filing-facts";
import { sentencesWithOffsets } from "@/lib/extraction/sentences";
import { extractTimelineFromPages } from "@/lib/extraction/timeline";
import type { EntityPayload, ExtractionPage, TimelineEventPayload } from "@/lib/extraction/types";
import type { TextSpan } from "@/lib/ingest/types";
import { repairPages } from "@/lib/ingest/glyphs";

const ctx = { filename: "annual-report.pdf" };
const page = (text: string, pageNumber = 20): ExtractionPage => ({ pageNumber, text });
const entities = (pages: ExtractionPage[]) => extractEntitiesFromPages(pages, ctx).candidates.map((c) => c.payload as EntityPayload);
const orgs = (p: ExtractionPage) => entities([p]).filter((e) => e.entityType === "organisation").map((e) => e.name);
const people = (p: ExtractionPage) => entities([p]).filter((e) => e.entityType === "person").map((e) => `${e.name} — ${e.role}`);
/** Lines of prose about 70 characters wide, so a page's short lines stand out. */
const prose = [
  "The company designs and sells outdoor equipment through its own stores",
  "and through independent retailers in North America, Europe and Asia;",
  "its products are made by contract manufacturers under long contracts.",
  "Results of the year are discussed in the sections that follow below.",
].join("\n");

describe("the shared sentence reader", () => {
  it("reads across the Swedish abbreviations in the splitter's own list, in any document", () => {
    expect(splitSentences("Se betänkandet s. 12 och nr. 5. Därefter beslöt Kungl. Maj:t att tillkalla en utredare.")).toEqual([
      "Se betänkandet s. 12 och nr. 5.",
      "Därefter beslöt Kungl. Maj:t att tillkalla en utredare.",
    ]);
  });

  it("still ends a sentence at a possessive's s", () => {
    expect(splitSentences("The brand is the company's. Sales rose.")).toEqual(["The brand is the company's.", "Sales rose."]);
  });

  it("gives each sentence its offset, bullets starting one", () => {
    const text = "Approved in 2021. • In May 2022, the board met. Done.";
    expect(sentencesWithOffsets(text)).toEqual([
      { text: "Approved in 2021.", start: 0 },
      { text: "• In May 2022, the board met.", start: 18 },
      { text: "Done.", start: 48 },
    ]);
  });
});

describe("entities: names cut or glued", () => {
  it("keeps a lower-case preposition inside a listed name ('Beacon on Demand US LLC'), not in prose", () => {
    const list = page("Subsidiaries of the Registrant\nHalcyon Tools, LLC United States of America\nBeacon on Demand US LLC United States of America\nTroves, LLC United States of America");
    expect(orgs(list)).toContain("Beacon on Demand US LLC");
    expect(orgs(list)).not.toContain("Demand US LLC");
    const text = page(`${prose}\nwe rely on a few suppliers; our outdoor segment buys its tents and its\nReliance on Harbour Outfitters Inc. for tents is discussed in Item 1A.`);
    expect(orgs(text)).toEqual(["Harbour Outfitters Inc."]);
  });

  it("reads a name across a blank line the PDF put inside a sentence ('… reported by the National' | 'Quotation Bureau Incorporated')", () => {
    const p = page(`${prose}\nthe average of the highest bid and lowest asked prices as reported by the National\n\nQuotation Bureau Incorporated, or any similar successor organization, on that day;`);
    expect(orgs(p)).toEqual(["National Quotation Bureau Incorporated"]);
    // a heading on its own line before a blank line still starts no name, however long, nor does a signature's title
    expect(orgs(page(`${prose}\n\nNotes to Consolidated Financial Statements\n\nHarbour Aero Inc. and Subsidiary Companies`))).toEqual(["Harbour Aero Inc."]);
    expect(orgs(page(`${prose}\n\nPresident and Chief Financial Officer\n\nHARBOUR STRATEGIES II LLC`))).toEqual(["HARBOUR STRATEGIES II LLC"]);
    expect(orgs(page(`${prose}\n\nAcquisitions\n\nHarbour Aero Inc. was acquired in the year for cash.`))).toEqual(["Harbour Aero Inc."]);
  });

  it("reads no organisation into a table's column heading ('Company Name Where Incorporated or Organized')", () => {
    const names = orgs(page("EXHIBIT 21\n\nCompany Name Where Incorporated or Organized\n\nHarbour Labs, LLC California"));
    expect(names.some((n) => /Where|Incorporated/.test(n))).toBe(false);
  });

  it("keeps a proper name's possessive inside a company's name ('Quill’s Pizza Inc.'), not a generic owner's ('the Company’s')", () => {
    expect(orgs(page(`${prose}\nMs. Lane serves on the board of directors for Quill’s Pizza Inc. and the board of trustees of a college.`))).toEqual(["Quill’s Pizza Inc."]);
    expect(orgs(page(`${prose}\nThe terms of the Company’s Harbour Aero Inc. notes are set out in Note 9 to the statements.`))).toEqual(["Harbour Aero Inc."]);
  });

  it("reads a name going on with 'for' after its legal form whole ('Harbour Corporation for Assigned Names and Numbers')", () => {
    expect(orgs(page(`${prose}\nunder the governance of the Harbour Corporation for Assigned Names and Numbers (“HCANN”) and others.`))).toEqual(["Harbour Corporation for Assigned Names and Numbers"]);
    // a period after it is no part of the name
    expect(orgs(page(`${prose}\nthe results of Harbour Corporation for Fiscal 2023 are set out below in the tables.`))).toEqual(["Harbour Corporation"]);
  });

  it("closes a blank the PDF put beside a short name's ampersand ('HB& T Corporation', 'H B&T Corporation')", () => {
    expect(orgs(page(`${prose}\nConsolidated Statements of Income for each of HB& T Corporation and the Utility.`))).toEqual(["HB&T Corporation"]);
    expect(orgs(page(`${prose}\nConsolidated Statements of Income for each of H B&T Corporation and the Utility.`))).toEqual(["HB&T Corporation"]);
  });

  it("reads no party's role before 'and' into the name ('the Administrative Agent and Harbour Corporation')", () => {
    expect(orgs(page(`${prose}\nthe proceeds were held by the escrow agent pursuant to an escrow agreement by and among the Collateral Agent, the Escrow\nAgent, the Administrative Agent and Harbour Corporation and released on the Effective Date.`))).toEqual(["Harbour Corporation"]);
  });

  it("reads a title with its portfolio ('was appointed our President of Services')", () => {
    expect(people(page(`${prose}\nDana Whitfield was appointed our President of Services in April 2016. In this role, she oversees our services.`))).toEqual(["Dana Whitfield — President of Services"]);
  });

  it("reads a name whole whose ligature the PDF text layer lost, as stored ('Harbour Interna\\u0000onal Group Limited')", async () => {
    const [stored] = await repairPages([page(`${prose}\nThe notes were issued by Harbour Interna\u0000onal Group Limited and guaranteed by the parent.`)]);
    expect(orgs(stored!)).toEqual(["Harbour International Group Limited"]);
  });

  it("reads a registrant's name the PDF text layer lost a ligature in, as stored", async () => {
    const cover = [page(`FORM 10-K\nFor the fiscal year ended May 31, 2023\n\nHarbour Corpora\u0000on\n\n(Exact name of registrant as specified in its charter)\n\nDelaware 54-2185193`, 1)];
    const stored = await repairPages(cover);
    expect(readFilingFacts(stored).registrant?.name).toBe("Harbour Corporation");
    expect(entities(stored).filter((e) => e.role === "registrant").map((e) => e.name)).toEqual(["Harbour Corporation"]);
  });
});

/** A page from cells placed by hand: each [text, x, y] is one run, the text layer joining them in order with the given separators. */
function placedPage(cells: Array<[string, number, number, string?]>): ExtractionPage {
  let text = "";
  const spans: TextSpan[] = [];
  for (const [t, x, y, sep] of cells) {
    spans.push({ start: text.length, length: t.length, x, y, width: t.length * 4, height: 7 });
    text += t + (sep ?? "\n\n");
  }
  return { pageNumber: 30, text, spans };
}

describe("timeline: a table row under a group heading", () => {
  it("describes a row by the group heading printed left of it across its rows ('Harbour Vaccine' | 'Booster | Approved | October 2021')", () => {
    const p = placedPage([
      ["PRODUCT", 20, 60], ["SERIES", 110, 60], ["EU", 170, 60],
      ["Harbour Vaccine", 20, 122],
      ["Primary", 110, 100], ["Approved", 170, 95], ["December", 170, 102, "\n"], ["2020", 170, 109],
      ["Booster", 110, 145], ["Approved", 170, 140], ["October", 170, 147, "\n"], ["2021", 170, 154],
      // a row that starts in the first column has no group heading: its product is its own first cell
      ["Westbrook Tablets", 20, 190, " "], ["Adult migraine", 110, 190], ["Approved", 170, 185], ["May", 170, 192, "\n"], ["2022", 170, 199],
    ]);
    const events = extractTimelineFromPages([p], ctx).candidates.map((c) => c.payload as TimelineEventPayload);
    expect(events.map((e) => [e.eventDate, e.description])).toEqual([
      ["2020-12-01", "Harbour Vaccine: Primary Approved December 2020"],
      ["2021-10-01", "Harbour Vaccine: Booster Approved October 2021"],
      ["2022-05-01", "Westbrook Tablets Adult migraine Approved May 2022"],
    ]);
  });
});

describe("timeline: a list item too long to show whole", () => {
  it("keeps what is dated (the item's head) and the date's clause, the middle left out", () => {
    const text =
      "Bond Documents means each of the following agreements, as amended, supplemented, restated, or otherwise modified from time to time: (c) Reimbursement Agreement between the Utility and Westbrook Bank of Commerce, New York Branch relating to the Harbour County Pollution Control Financing Authority Pollution Control Refunding Revenue Bonds (Harbour Gas Company) 1997 Series B, dated December 1, 2015; (d) Reimbursement Agreement between the Utility and Quill Bank Ltd. relating to the Harbour County Pollution Control Financing Authority Pollution Control Refunding Revenue Bonds (Harbour Gas Company) 1997 Series C.";
    const e = extractTimelineFromPages([page(text)], ctx).candidates.map((c) => c.payload as TimelineEventPayload).find((x) => x.eventDate === "2015-12-01")!;
    expect(e.description).toMatch(/^\(c\) Reimbursement Agreement between the Utility and Westbrook Bank .* … .*1997 Series B, dated December 1, 2015$/);
    expect(e.description.length).toBeLessThanOrEqual(200);
  });
});
