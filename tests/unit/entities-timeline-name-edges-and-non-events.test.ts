/**
 * The rules extractors on made-up sentences and pages: where a company's name starts and ends
 * (digits, registry numbers, titles, wrapped cells, names joined by 'and', two-column lists), and
 * sentences whose cue word dates no event.
 */
import { describe, expect, it } from "vitest";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { layoutText } from "@/lib/extraction/entities/layout";
import { extractTimelineFromPages } from "@/lib/extraction/timeline";
import { pageKind } from "@/lib/extraction/timeline/page-kind";
import type { EntityPayload, ExtractionPage, TimelineEventPayload } from "@/lib/extraction/types";
import { positionedText } from "@/tests/helpers/positioned";

const ctx = { filename: "annual-report.pdf" };
const page = (text: string, pageNumber = 20): ExtractionPage => ({ pageNumber, text });
const orgs = (p: ExtractionPage) => extractEntitiesFromPages([p], ctx).candidates.map((c) => c.payload as EntityPayload).filter((e) => e.entityType === "organisation").map((e) => e.name);
const events = (text: string, pageNumber = 20) => extractTimelineFromPages([page(text, pageNumber)], ctx).candidates.map((c) => c.payload as TimelineEventPayload);
const typed = (text: string) => events(text).map((e) => [e.eventType, e.eventDate]);

const positioned = (lines: Array<Array<[string, number]>>): ExtractionPage => ({ pageNumber: 30, ...positionedText(lines, { blankWidth: 9000 }) });

describe("entities: where a company's name starts and ends", () => {
  it("keeps a name whose first word holds a digit before the number inside it ('QX7 400 Harbourside LLC')", () => {
    expect(orgs(page("On May 3, 2020, the Utility and QX7 400 Harbourside LLC (“Landlord”), a wholly owned subsidiary of a fund, entered into a lease."))).toEqual(["QX7 400 Harbourside LLC"]);
  });

  it("keeps a registry number that opens a name inside a line ('2208817 Manitoba Limited')", () => {
    expect(orgs(page("Form S-8 333-100200 2208817 Manitoba Limited Stock Option Plan, as amended"))).toEqual(["2208817 Manitoba Limited"]);
    // a count written with separators or a year is no part of a name
    expect(orgs(page("In 2019 Harbour Grid Corporation hired 12,500 Lumen Limited staff."))).toEqual(["Harbour Grid Corporation", "Lumen Limited"]);
    // a ZIP code before a firm's name in an address block is no part of it
    expect(orgs(page("Westbrook Plaza New York, New York 10282 Harbour Securities LLC"))).toEqual(["Harbour Securities LLC"]);
  });

  it("drops a controller's or treasurer's title before 'of' from the company's name", () => {
    expect(orgs(page("He served as Senior Vice President, Chief Accounting Officer and Corporate Controller of Lumen Harbour Incorporated from 2014 to 2017."))).toEqual(["Lumen Harbour Incorporated"]);
    expect(orgs(page("She was Assistant Treasurer of Harbour Grid Corporation until 2019."))).toEqual(["Harbour Grid Corporation"]);
  });

  it("reads an exhibit description that wraps under its own column as one cell ('… Citi\\nGlobal Markets Inc.')", () => {
    const p = positioned([
      [["10.2", 20], ["Credit Agreement, dated as of May 10, 2011, among the Company, the Lenders party thereto, Westbrook", 60]],
      [["Global Markets Inc. and Harbour Securities LLC as joint lead arrangers.", 60]],
      [["10.3", 20], ["Form of Indemnity Agreement.", 60]],
    ]);
    expect(layoutText(p)).toContain("Westbrook\nGlobal Markets Inc.");
    expect(orgs(p)).toEqual(expect.arrayContaining(["Westbrook Global Markets Inc.", "Harbour Securities LLC"]));
    expect(orgs(p)).not.toContain("Global Markets Inc.");
  });

  it("keeps the organisation named before another joined by 'and' ('… Dow Lumen Corporation and HS Harbour Inc.')", () => {
    expect(orgs(page("The agreement was made by and between the Company, Dow Lumen Corporation and HS Harbour Inc. on that day."))).toEqual(expect.arrayContaining(["Dow Lumen Corporation", "HS Harbour Inc."]));
    expect(orgs(page("It was made among Lumen Incorporated, The Dow Lantern Company, Dow Lumen Corporation and HS Harbour Inc."))).toContain("Dow Lumen Corporation");
    // not the tail of a longer name that runs on to its left
    expect(orgs(page("Agents are Harbour Bank PLC, Westbrook, Lantern & Co. and Dana Securities plc."))).not.toContain("Lantern & Co.");
    expect(orgs(page("Lenders include Pacific Lumen and Electric Company and Harbour Capital Inc."))).not.toContain("Electric Company");
    expect(orgs(page("She held roles at Hudson’s Bay Co. and Dylex Inc. before."))).not.toContain("Bay Co.");
  });

  it("still breaks the row of a list printed in two columns from the row below it", () => {
    const p = positioned([
      [["Lumen Israel Ltd.", 20], ["Israel", 380]],
      [["Lumen Italy S.R.L.", 20], ["Italy", 380]],
      [["Harbour Trading LLC", 20]],
    ]);
    expect(layoutText(p)).toContain("Israel|Lumen Italy");
    expect(layoutText(p)).toContain("Italy|Harbour Trading LLC");
  });
});

describe("timeline: sentences that date no event", () => {
  it("reads being named in a lawsuit as no appointment", () => {
    expect(events("In October 2018, Lumen and other defendants, including two suppliers, were named in a putative class action in the U.S. District Court.")).toEqual([]);
    // the cue's window ends right after "were named i": its exclusion still reads the words after it
    expect(events("In October 2018, Lumen and other defendants, including Harbour and Westby, were named in a putative class action in the U.S. District Court.")).toEqual([]);
    expect(typed("In June 2016, he was named Chairman of the Board.")).toEqual([["appointed", "2016-06-01"]]);
  });

  it("reads an action denied ('no new agreements were signed') as no event", () => {
    expect(events("Beginning July 2015, no new Select Plus volume agreements were signed with commercial customers, who were encouraged to move.")).toEqual([]);
    expect(events("In March 2019, the plan had still not been approved by the regulator.")).toEqual([]);
    expect(typed("In March 2019, the regulator approved the plan, which sets no new targets.")).toEqual([["decision", "2019-03-01"]]);
  });

  it("reads a cue inside an opening phrase ('In connection with the approved settlement, on …, the Utility deposited') as no event of that date", () => {
    expect(events("In connection with the Commission approved settlement agreement, on April 12, 2004, the Utility deposited $1.7 billion into escrow.")).toEqual([]);
  });

  it("takes no cue across a footnote marker that opens the next sentence ('… approved by our Board. (2) In September 2015, we entered …')", () => {
    const text = "(1) In January 2015, the Board of Directors approved a new repurchase program. The new program approved by our Board of Directors is similar to the previous one. (2) In September 2015, as part of our repurchase program, we entered into a structured repurchase agreement with a bank.";
    expect(typed(text)).toEqual([["decision", "2015-01-01"]]);
  });

  it("recognises a signatures page signed '/S/' in capitals and mines no event from it", () => {
    const sig = [
      "SIGNATURES",
      "Under the requirements of Section 13 or 15(d) of the Securities Exchange Act of 1934, this report was signed on behalf of the Registrant by the authorized person named below.",
      "Lumen Inc.",
      "Dated: February 24, 2022 By: /S/ DANA K. WHITFIELD",
      "Dana K. Whitfield",
      "Senior Vice President and Corporate Secretary",
    ].join("\n");
    expect(pageKind(sig, 121)).toBe("signatures");
    expect(events(sig, 121)).toEqual([]);
  });
});
