/**
 * The rules extractors on made-up sentences and pages: where an event's description starts, which
 * table row describes a date, dates that are no event, and names read across possessives, lost
 * ligatures, fund series and past titles.
 */
import { describe, expect, it } from "vitest";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { sentencesWithOffsets } from "@/lib/extraction/sentences";
import { extractTimelineFromPages } from "@/lib/extraction/timeline";
import { eventTypeLabel } from "@/lib/extraction/timeline/labels";
import type { EntityPayload, ExtractionPage, TimelineEventPayload } from "@/lib/extraction/types";
import type { TextSpan } from "@/lib/ingest/types";
import { repairPages } from "@/lib/ingest/glyphs";

const ctx = { filename: "annual-report.pdf" };
const page = (text: string, pageNumber = 20): ExtractionPage => ({ pageNumber, text });
const entities = (p: ExtractionPage) => extractEntitiesFromPages([p], ctx).candidates.map((c) => c.payload as EntityPayload);
const orgs = (p: ExtractionPage) => entities(p).filter((e) => e.entityType === "organisation").map((e) => e.name);
const people = (p: ExtractionPage) => entities(p).filter((e) => e.entityType === "person").map((e) => e.name);
const events = (p: ExtractionPage) => extractTimelineFromPages([p], ctx).candidates.map((c) => c.payload as TimelineEventPayload);
const typed = (text: string) => events(page(text)).map((e) => [e.eventType, e.eventDate]);
const described = (text: string, date: string) => events(page(text)).find((e) => e.eventDate === date)?.description;

describe("timeline: descriptions start where the sentence starts", () => {
  it("keeps the subject of a long sentence instead of cutting into it before the date", () => {
    const text =
      "Dana Whitfield currently serves as Executive Vice President of the Harbourline Customer organization. " +
      "Ms. Whitfield joined Harbourline as Senior Director of Global Talent Development in April 2002 through the acquisition of Westbrook Systems Corporation, a Canadian software company, where she served as Vice President of Human Resources and Learning. " +
      "In December 2005 she was promoted.";
    expect(described(text, "2002-04-01")).toMatch(/^Ms\. Whitfield joined Harbourline as Senior Director/);
    // and cited from there too: the excerpt (50–200 characters) starts with the sentence, not inside it
    const cited = extractTimelineFromPages([page(text)], ctx).candidates.find((c) => (c.payload as TimelineEventPayload).eventDate === "2002-04-01")!.evidence.text;
    expect(cited).toMatch(/^Ms\. Whitfield joined Harbourline/);
    expect(cited.length).toBeLessThanOrEqual(200);
  });

  it("starts a sentence whose date comes late at a clause that keeps the noun the date is of", () => {
    const text =
      "Other income includes net recoveries from insurance, net of plaintiff payments, of $65 million (before the tax impact of $27 million) during the twelve months ended December 31, 2017, " +
      "associated with the settlement agreement in connection with the shareholder derivative litigation that was approved by the court on July 18, 2017. This includes $90 million of recoveries.";
    const d = described(text, "2017-07-18")!;
    expect(d).toMatch(/^…associated with the settlement agreement/);
    expect(d).toMatch(/approved by the court on July 18, 2017\.$/);
  });

  it("drops a people table's row glued before a biography's sentence", () => {
    const text = "Name Age Positions\nDana Whitfield 52 Executive Vice President, Chief Financial Officer\nMs. Whitfield joined Harbourline in February 2007 as Executive Vice President and Chief Financial Officer. Before that she was at Westbrook.";
    expect(described(text, "2007-02-01")).toBe("Ms. Whitfield joined Harbourline in February 2007 as Executive Vice President and Chief Financial Officer.");
  });

  it("drops a heading or page number glued before a sentence that opens with its date", () => {
    expect(described("Deferred Compensation Plan On September 21, 2006, the Board of Directors approved the Harbourline Deferred Compensation Plan.", "2006-09-21")).toBe(
      "On September 21, 2006, the Board of Directors approved the Harbourline Deferred Compensation Plan.",
    );
    expect(described("88 On January 24, 2014, our Compensation Committee approved the 2014 Performance Share Program.", "2014-01-24")).toBe(
      "On January 24, 2014, our Compensation Committee approved the 2014 Performance Share Program.",
    );
  });

  it("ends a sentence at an abbreviation's stop when a new one opens after the date ('… Company Ltd. In 2007, …')", () => {
    const text = "In July 2004, he was appointed operations manager of Harbour (Ningbo) Company Ltd. In 2007, he moved to the head office as controller.";
    expect(described(text, "2004-07-01")).toBe("In July 2004, he was appointed operations manager of Harbour (Ningbo) Company Ltd.");
  });

  it("reads Swedish sentences across the abbreviations the shared splitter lacks ('Kungl. Maj:t')", () => {
    expect(sentencesWithOffsets("Genom beslut den 11 april 1969 bemyndigade Kungl. Maj:t chefen för departementet att tillkalla sakkunniga. Utredningen tog namnet X.").map((x) => x.text)).toEqual([
      "Genom beslut den 11 april 1969 bemyndigade Kungl. Maj:t chefen för departementet att tillkalla sakkunniga.",
      "Utredningen tog namnet X.",
    ]);
  });

  it("reads a bullet as the start of its sentence", () => {
    const text = "Regulatory matters in the year:\n• In November 2022, the regulator issued the Utility’s safety certification. • In December 2022, the regulator approved a resolution authorizing the Utility’s exit from the program.";
    expect(described(text, "2022-12-01")).toBe("In December 2022, the regulator approved a resolution authorizing the Utility’s exit from the program.");
  });
});

/** A table laid out one cell per line, with text positions: each row's cells share a height on the page. */
function tablePage(rows: string[][]): ExtractionPage {
  let text = "";
  const spans: TextSpan[] = [];
  rows.forEach((cells, r) => {
    const y = 100 + r * 20;
    cells.forEach((cell, c) => {
      // a cell wrapped over two lines keeps its row's height (the second line a little lower)
      cell.split("\n").forEach((part, k) => {
        spans.push({ start: text.length, length: part.length, x: 60 + c * 120, y: y + k * 5, width: part.length * 4, height: 6 });
        text += `${part}\n`;
      });
      text += "\n";
    });
  });
  return { pageNumber: 45, text, spans };
}

describe("timeline: a date in a table row", () => {
  it("describes a date in a table's cell by its own row, not the row printed after it", () => {
    const p = tablePage([
      ["Westrazine\n(westra-4)", "Plaque psoriasis", "Approved", "June\n2021"],
      ["Lumivex\n(lumi-2)", "Atopic dermatitis", "Filed", "Pending"],
    ]);
    const e = events(p).find((x) => x.eventDate === "2021-06-01")!;
    expect(e.description).toContain("Westrazine");
    expect(e.description).not.toContain("Lumivex");
  });
});

describe("timeline: dates that are no event", () => {
  it("reads no event into the start of a period ('since January 29, 2019')", () => {
    expect(typed("The Utility has received over 100,000 proofs of claim since January 29, 2019, of which most were resolved by the trusts and approved.")).toEqual([]);
  });

  it("reads no meeting into a date that is one of alternatives ('the earlier of (i) May 22, 2021 or (ii) the date of the annual meeting')", () => {
    expect(typed("Your units will vest on the earlier of (i) May 22, 2021 or (ii) the date of the 2021 annual meeting of shareholders.")).toEqual([]);
  });

  it("reads no appointment into a participle naming who acted ('the Committee appointed in the Chapter 11 Cases … filed')", () => {
    expect(typed("On February 17, 2022, the Official Committee of Creditors appointed in the Chapter 11 Cases filed its answering brief.").filter(([t]) => t === "appointed")).toEqual([]);
    // an appointment stays one
    expect(typed("On February 17, 2022, Dana Whitfield was appointed in the role of Chief Financial Officer.")).toEqual([["appointed", "2022-02-17"]]);
  });

  it("reads no deadline into the date a deadline moved away from, nor into one only asked for", () => {
    expect(typed("On February 8, 2018, the Commission extended the statutory deadline for the rate case from February 8, 2018 to August 9, 2018.").filter(([t]) => t === "report_due")).toEqual([]);
    expect(typed("On October 25, 2022, the Utility filed a motion requesting entry of an order further extending the deadline to object to claims to September 15, 2023.").filter(([t]) => t === "report_due")).toEqual([]);
    // a deadline set stays one
    expect(typed("The Bankruptcy Court set an objection deadline of March 23, 2022 for that claim.")).toEqual([["report_due", "2022-03-23"]]);
  });

  it("reads no signing into a court paper cited by its docket number", () => {
    expect(typed("The Debtors filed the Joint Chapter 11 Plan of Reorganization Dated June 19, 2020 Docket No. 8048 with the court.").filter(([t]) => t === "signed")).toEqual([]);
    expect(typed("Final Order Authorizing the Debtors to Maintain Existing Bank Accounts, dated March 13, 2019 [Docket No. 881].").filter(([t]) => t === "signed")).toEqual([]);
    expect(typed("On March 13, 2019, the Company signed a credit agreement with its lenders.")).toEqual([["signed", "2019-03-13"]]);
  });
});

describe("entities: possessives, broken text layers, fund series and past titles", () => {
  it("reads no company into a possessive plural ('Consolidated Statements of Partners’ Capital')", () => {
    expect(orgs(page("(iv) the Consolidated Statements of Stockholders’ Equity, (v) the Consolidated Statements of Partners’ Capital, (vi) related notes."))).toEqual([]);
    expect(orgs(page("The fund is managed by Westbrook Capital Partners, a Delaware firm."))).toEqual(["Westbrook Capital Partners"]);
  });

  it("reads a name whose ligature the PDF's text layer lost whole, as stored", async () => {
    const [stored] = await repairPages([page("Subsidiaries: Harbour Interna\u0000onal Group Limited, Harbour Lumen GmbH and Harbour EMEA Limited.")]);
    expect(orgs(stored!).sort()).toEqual(["Harbour EMEA Limited", "Harbour International Group Limited", "Harbour Lumen GmbH"]);
  });

  it("reads a fund's series and its own legal form after 'Fund' ('… Fund V-A, L.P.')", () => {
    expect(orgs(page("The Equity Commitment Letter, dated as of August 22, 2022, by and among Harbour Infrastructure Fund\n\nV-A, L.P., Harbour Infrastructure Fund V-B, L.P. and the Company."))).toEqual([
      "Harbour Infrastructure Fund V-A, L.P.",
      "Harbour Infrastructure Fund V-B, L.P.",
    ]);
  });

  it("reads no person into a name glued to 'Retired' or 'Former' before a past title", () => {
    expect(people(page("Dana T. Whitfield Retired Chairman, Chief Executive Officer and President, Westbrook & Co., Inc. Lead Independent Director"))).toEqual([]);
  });

  it("keeps a country word that goes on with a company's name after its legal form ('… Corporation Japan)')", () => {
    expect(orgs(page("the noncontrolling interests in the net profits of our subsidiaries (primarily Harbour Financial Software Limited and Harbour Corporation Japan) and net other income")).sort()).toEqual([
      "Harbour Corporation Japan",
      "Harbour Financial Software Limited",
    ]);
    // a list's jurisdiction column is no part of the name
    expect(orgs(page("Harbour Tropel Corporation Japan\nHarbour Ventures SAS France"))).not.toContain("Harbour Tropel Corporation Japan");
  });
});

describe("timeline: the event type in words", () => {
  it("names each type the extractors write, and any other in plain words", () => {
    expect(eventTypeLabel("appointed")).toBe("Appointment");
    expect(eventTypeLabel("report_due")).toBe("Deadline");
    expect(eventTypeLabel("fiscal_year_end")).toBe("Fiscal year end");
    expect(eventTypeLabel("share_buyback")).toBe("Share buyback");
    expect(eventTypeLabel("")).toBe("Event");
  });
});
