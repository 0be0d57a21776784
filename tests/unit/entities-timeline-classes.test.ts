/**
 * Error classes found by the second, fresh labelled sample of bench:entities (round 2): each case
 * is a made-up sentence of the same shape (no filing text), checked against the rules extractors.
 */
import { describe, expect, it } from "vitest";
import { roleLabelsOf } from "@/lib/agent/knowledge/people";
import { sentencesOf } from "@/lib/agent/knowledge/people-answer";
import type { KbResult } from "@/lib/agent/knowledge/types";
import { writeSynthesis } from "@/lib/agent/offline/answers/overview";
import type { ToolExchange } from "@/lib/agent/offline/conversation";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { readEmployees } from "@/lib/extraction/entities/filing-facts";
import { extractTimelineFromPages } from "@/lib/extraction/timeline";
import { pageKind } from "@/lib/extraction/timeline/page-kind";
import type { EntityPayload, ExtractionPage, TimelineEventPayload } from "@/lib/extraction/types";

const ctx = { filename: "annual-report.pdf" };
const page = (text: string, pageNumber = 20): ExtractionPage => ({ pageNumber, text });
const entities = (text: string) => extractEntitiesFromPages([page(text)], ctx).candidates.map((c) => c.payload as EntityPayload);
const orgs = (text: string) => entities(text).filter((e) => e.entityType === "organisation").map((e) => e.name);
const events = (text: string, pageNumber = 20) => extractTimelineFromPages([page(text, pageNumber)], ctx).candidates.map((c) => c.payload as TimelineEventPayload);

describe("entities: names and roles", () => {
  it("keeps both titles a person holds together", () => {
    const people = entities("“We grew again,” said Dana Whitfield, Chair and CEO of Lumen. Omar Castell has served as our General Counsel and Secretary since 2011.").filter((e) => e.entityType === "person");
    expect(people).toContainEqual({ entityType: "person", name: "Dana Whitfield", role: "Chair and CEO" });
    expect(people).toContainEqual({ entityType: "person", name: "Omar Castell", role: "General Counsel and Secretary" });
  });

  it("keeps an honorary title whole, and it answers no 'who is the chair'", () => {
    const knight = entities("Lantern Holdings, LLC was formed by Peter J. Lindqvist, our Chairman Emeritus, to hold his shares.").find((e) => e.entityType === "person");
    expect(knight).toEqual({ entityType: "person", name: "Peter J. Lindqvist", role: "Chairman Emeritus" });
    expect(roleLabelsOf({ roles: ["Chairman Emeritus"] })).toEqual([]);
  });

  it("keeps the place after 'Corporation of' in the name", () => {
    expect(orgs("Since 1972, Harbour Trading Corporation of America (“Harbour America”) has financed our imports.")).toEqual(["Harbour Trading Corporation of America"]);
    expect(orgs("Harbour Grid Corporation of December 31, 2022 figures")).toEqual(["Harbour Grid Corporation"]);
  });

  it("quotes a biography as whole sentences: no split after a middle initial or 'Mr.'", () => {
    expect(sentencesOf("Table of Contents We design shoes. Dana K. Whitfield, Chairman and Chief Executive Officer — Mr. Whitfield, 62, was appointed in 2006. He joined in 1979.")).toEqual([
      "Table of Contents We design shoes.",
      "Dana K. Whitfield, Chairman and Chief Executive Officer — Mr. Whitfield, 62, was appointed in 2006.",
      "He joined in 1979.",
    ]);
  });

  it("reads no person from a plural title ('our Segment Presidents')", () => {
    expect(entities("Like our Segment Presidents, the President of Services will sit on the leadership team.").filter((e) => e.entityType === "person")).toEqual([]);
  });

  it("drops a sentence's opening word and a signatory's portfolio from an organisation's name", () => {
    expect(orgs("Should Harbour Grid Corporation conclude that recovery is no longer probable, it would record a charge.")).toEqual(["Harbour Grid Corporation"]);
    expect(orgs("Sincerely, Ann Lee Senior Vice President, Human Resources Harbour Grid Corporation")).toEqual(["Harbour Grid Corporation"]);
  });

  it("keeps 'General' that opens a firm's name ('General Atlantic LLC' is not a title)", () => {
    expect(orgs("He served as an Operating Partner at General Lantern LLC, a private equity firm.")).toEqual(["General Lantern LLC"]);
  });

  it("reads a statute as no organisation", () => {
    expect(orgs("We are subject to Section 203 of the Delaware General Corporation Law, which regulates acquisitions.")).toEqual([]);
  });

  it("reads names of up to seven words, without a heading in capitals or a statement's column heads", () => {
    expect(orgs("Its subsidiary Lumen Trade Networks Transport & Brokerage Private Limited operates in India.")).toEqual(["Lumen Trade Networks Transport & Brokerage Private Limited"]);
    expect(orgs("FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA Harbour Grid Corporation")).toEqual(["Harbour Grid Corporation"]);
    expect(orgs("Retained Earnings Accumulated Other Comprehensive Loss Total Harbour Grid Corporation Stockholders’ Equity")).toEqual([]);
  });

  it("reads a name with a number inside, but not a numbered part of a document before a name", () => {
    expect(orgs("The lawsuit was captioned, BRIX Local 98 Pension Fund, individually and on behalf of all others.")).toEqual(["BRIX Local 98 Pension Fund"]);
    expect(orgs("The agreement among NBIM Walker 601 LEX NYC LLC and the Partnership is dated.")).toEqual(["NBIM Walker 601 LEX NYC LLC"]);
    expect(orgs("See Note 12 Harbour Grid Corporation for details.")).toEqual(["Harbour Grid Corporation"]);
    expect(orgs("In Fiscal 2018 Harbour Grid Corporation grew.")).toEqual(["Harbour Grid Corporation"]);
  });

  it("drops a person's 'Jr.' before 'and', and ends a name at 'Co.' (both firms of 'X Co. and Y Inc.' kept)", () => {
    expect(orgs("Stock Unit Agreement between Anthony F. Lindqvist, Jr. and Harbour Grid Corporation for 2013.")).toEqual(["Harbour Grid Corporation"]);
    expect(orgs("She held roles at Harbour Lantern Co. and Dylex Inc. before.")).toEqual(["Dylex Inc.", "Harbour Lantern Co."]);
  });

  it("splits two names joined by 'and' (each kept when both have a legal form) but keeps 'Research and Development Inc.' whole", () => {
    expect(orgs("The lenders are the Bank of Canada and Sumitomo Lantern Banking Corporation, as agents.")).toEqual(["Sumitomo Lantern Banking Corporation"]);
    expect(orgs("We acquired Mobify Research and Development Inc. in 2020.")).toEqual(["Mobify Research and Development Inc."]);
    expect(orgs("The Company competes with Rolex S.A. and Coty Prestige Lancaster Group GmbH in Europe.")).toEqual(["Coty Prestige Lancaster Group GmbH", "Rolex S.A."]);
  });
});

describe("entities: a headcount keeps its qualifier", () => {
  it("says 'more than' when the company does", () => {
    expect(readEmployees([page("At the end of fiscal 2023, we employed more than 90,000 employees in the U.S. and Canada.", 7)], "LANTERN GOODS, INC.")?.detail).toBe("more than 90,000");
  });
});

describe("timeline: what is no event, and the right type", () => {
  it("types a decision dated that day as a decision, not a signing", () => {
    expect(events("Includes adjustments adopted per the CPUC decision dated July 14, 2022.").map((e) => [e.eventType, e.eventDate])).toEqual([["decision", "2022-07-14"]]);
  });

  it("reads the date a provision applies from as no signing of the act", () => {
    expect(events("In August 2022, the Act was signed into law containing provisions effective January 1, 2023, including a minimum tax.").map((e) => [e.eventType, e.eventDate])).toEqual([["signed", "2022-08-01"]]);
  });

  it("reads no deadline that is denied, no 'up dated' (a split 'updated'), and no date of a report referred to", () => {
    expect(events("The district court held a status conference in January 2023 where no case deadlines were set.")).toEqual([]);
    expect(events("The Utility requested revenue requirements beginning on January 1, 2017 based on these up dated cost estimates.")).toEqual([]);
    expect(events("The consolidated financial statements of the Utility and our repor t dated February 9, 2018, expressed an unqualified opinion.")).toEqual([]);
    expect(events("The Order of the United States Bankruptcy Court for the Northern District of California, San Francisco Division dated June 20, 2020 confirming a plan.")).toEqual([]);
  });

  it("reads no event from a cutoff, a plan's condition or an action still expected", () => {
    expect(events("Doses to be delivered in 2022 under contracts signed as of late-January 2022.")).toEqual([]);
    expect(events("The effective date of the Plan does not occur prior to August 29, 2020 (which deadlines may be extended).")).toEqual([]);
    expect(events("Our sustainability report is expected to be published in June 2023 on our website.")).toEqual([]);
  });

  it("reads no event from a document referred to by its date or a date another action owns", () => {
    expect(events("This replaced the previous shelf registration dated May 16, 2014.")).toEqual([]);
    expect(events("See the Proxy Statement for its 2022 Annual Meeting of Stockholders filed with the SEC on April 21, 2022.")).toEqual([]);
  });

  it("reads no action from a hyphenated adjective ('court-appointed', 'previously-approved')", () => {
    expect(events("It completed a monitorship with a court-appointed monitor, whose term the court ended in October 2015.")).toEqual([]);
    expect(events("They began earning disbursements on September 2, 2022 instead of on the previously-approved retirement dates.")).toEqual([]);
  });

  it("still reads a real event of each kind", () => {
    expect(events("On March 15, 2016, we announced that our Board of Directors approved an expansion of our repurchase program.").map((e) => e.eventType)).toEqual(["decision"]);
    expect(events("Directors are described in our Proxy Statement for the Annual Meeting of Shareholders to be held on April 29, 2021.").map((e) => e.eventType)).toEqual(["meeting"]);
  });

  it("describes an event in words: the fiscal year end without check boxes, a sentence cut at a page break as a tail", () => {
    const cover = "FORM 10-K\nþþ ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(D) OF THE SECURITIES EXCHANGE ACT OF 1934\nFOR THE FISCAL YEAR ENDED May 31, 2018\nLANTERN GOODS, INC.\n(Exact name of registrant as specified in its charter)\nCommission File No. 1-10635";
    expect(events(cover, 1).map((e) => e.description)).toEqual(["Fiscal year ended May 31, 2018"]);
    expect(events("by the Board of Directors and approved by shareholders in September 1997 and amended since.").map((e) => e.description)).toEqual(["…by the Board of Directors and approved by shareholders in September 1997 and amended since."]);
  });

  it("names the officer of a biography that opens with the age", () => {
    const bio = "Dana K. Whitfield, Chairman, President and Chief Executive Officer — Mr. Whitfield,\n\n62, was appointed President and Chief Executive Officer in January 2006 and named Chairman in June 2016.";
    expect(events(bio).map((e) => e.description)).toEqual(["Dana K. Whitfield, 62, was appointed President and Chief Executive Officer in January 2006 and named Chairman in June 2016."]);
  });

  it("recognises an exhibit index with lettered exhibit numbers and 'where filed' columns", () => {
    const index = [
      "Incorporated by Reference",
      "Exhibit Number Exhibit Description Form Filing Date",
      "10.4P Form of Director Annual Grant Stock Option Agreement*",
      "8-K 12/20/10 99.8 000-15175",
      "10.5A 2005 Equity Incentive Assumption Plan, as amended*",
      "10-Q 6/28/13 10.17 000-15175",
      "10.8C Master Amendment No. 2 among Lumen and Harbour Bank dated October 31, 2011",
      "10-K 1/22/13 10.13 000-15175",
    ].join("\n");
    expect(pageKind(index, 112)).toBe("exhibit_index");
    expect(events(index, 112)).toEqual([]);
  });
});

describe("'who is the auditor' is answered from the entities", () => {
  it("names the audit firm the filing's auditor's report is signed by, with its citation", () => {
    const q = "Who is the auditor?";
    const result = {
      dataNotice: "", query: "the auditor", intent: "fact", understood: { metrics: [] }, findings: [], timeline: [], corrections: [], conflicts: [], forecastVsActual: [], pages: [], coverage: "pages", notes: [],
      people: [{ name: "Birch & Partners LLP", roles: ["auditor"], roleLabels: ["auditor"], about: [{ text: "We have served as the Company's auditor since 2004.", document: "ACME_2022_10K.pdf", page: 60, citation: "(source: ACME_2022_10K.pdf, p.60)" }], alsoIn: [] }],
    } as unknown as KbResult;
    const done = [{ toolName: "query_knowledge_base", input: { query: "the auditor" }, output: result }] as unknown as ToolExchange[];
    const text = writeSynthesis({ intent: "synthesis", question: q, metrics: [], topic: "the auditor" }, done);
    expect(text).toContain("**auditor – Birch & Partners LLP**");
    expect(text).toContain("(source: ACME_2022_10K.pdf, p.60)");
  });
});
