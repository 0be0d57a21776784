import { describe, expect, it } from "vitest";
import { plausibleName, roleLabelsOf } from "@/lib/agent/knowledge/people";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { readFilingFacts } from "@/lib/extraction/entities/filing-facts";
import { layoutText } from "@/lib/extraction/entities/layout";
import { extractTimelineFromPages } from "@/lib/extraction/timeline";
import { pageKind } from "@/lib/extraction/timeline/page-kind";
import type { EntityPayload, ExtractionPage, TimelineEventPayload } from "@/lib/extraction/types";
import type { TextSpan } from "@/lib/ingest/types";
import { repairPages } from "@/lib/ingest/glyphs";

/** A page printed in columns: each row's cells at the given x positions, runs as pdfjs gives them (a blank run between cells). */
function columnsPage(pageNumber: number, rows: string[][], xs: number[]): ExtractionPage {
  let text = "";
  const spans: TextSpan[] = [];
  rows.forEach((cells, r) => {
    const y = 50 + r * 14;
    cells.forEach((cell, c) => {
      if (c > 0) {
        spans.push({ start: text.length, length: 1, x: xs[c - 1]! + cells[c - 1]!.length * 5, y, width: 9000, height: 9 });
        text += " ";
      }
      spans.push({ start: text.length, length: cell.length, x: xs[c]!, y, width: cell.length * 5, height: 9 });
      text += cell;
    });
    text += "\n";
  });
  return { pageNumber, text, spans };
}

const ctx = { filename: "annual-report.pdf" };
const entities = (pages: ExtractionPage[]) => extractEntitiesFromPages(pages, ctx).candidates.map((c) => c.payload as EntityPayload);
const events = (pages: ExtractionPage[]) => extractTimelineFromPages(pages, ctx).candidates.map((c) => c.payload as TimelineEventPayload);

describe("layout-aware reading of lists printed in columns", () => {
  const subsidiaries = columnsPage(40, [
    ["SUBSIDIARIES OF THE REGISTRANT"],
    ["Entity Name", "Jurisdiction of Formation"],
    ["Harbour Trading LLC", "Delaware"],
    ["Lumen Holdings B.V.", "Netherlands"],
    ["Lumen Israel Ltd.", "Israel"],
    ["Lumen New Zealand Company", "New Zealand"],
    ["Lumen Norway AS", "Norway"],
  ], [20, 380]);

  it("keeps each row's name apart from the jurisdiction beside it and the row below (text only glued them)", () => {
    const names = entities([subsidiaries]).filter((e) => e.entityType === "organisation").map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(["Harbour Trading LLC", "Lumen Israel Ltd.", "Lumen Norway AS"]));
    const firstColumn = ["Harbour Trading LLC", "Lumen Holdings B.V.", "Lumen Israel Ltd.", "Lumen New Zealand Company", "Lumen Norway AS"];
    expect(names.filter((n) => !firstColumn.includes(n))).toEqual([]);
    // the same page without its text positions glues cells ("Holdings B.V. Netherlands Lumen Israel Ltd.")
    const glued = entities([{ ...subsidiaries, spans: null }]).map((e) => e.name);
    expect(glued.filter((n) => !firstColumn.includes(n)).length).toBeGreaterThan(0);
  });

  it("keeps every offset of the page text (same length, cells broken by a marker)", () => {
    const L = layoutText(subsidiaries);
    expect(L.length).toBe(subsidiaries.text.length);
    expect(L).toContain("Harbour Trading LLC|Delaware");
  });
});

describe("pages that list, index or sign are not mined for events", () => {
  const exhibits = {
    pageNumber: 78,
    text: [
      "10.6 Form of Indemnity Agreement entered into between the Company and each of its officers (incorporated by reference to Exhibit 10.2 to the",
      "Company’s Annual Report on Form 10-K for the fiscal year ended May 31, 2008).*",
      "10.7 Stock Incentive Plan (incorporated by reference to Exhibit 10.7 to the Company’s Annual Report on Form 10-K for the fiscal year ended May 31, 2014).*",
      "10.8 Credit Agreement dated as of August 28, 2015 among the Company and the lenders (incorporated by reference to Exhibit 10.1 to the Form 8-K filed August 31, 2015).",
      "10.9 Amendment No. 1 effective January 1, 2008 to the Deferred Compensation Plan (incorporated by reference to Exhibit 10.9 to the Company’s Annual Report).",
      "31.1 Rule 13a-14(a) Certification of Chief Executive Officer.",
    ].join("\n"),
  };
  const certification = { pageNumber: 95, text: "EXHIBIT 31.1\nCERTIFICATION\nI, Jane Roe, certify that:\n1. I have reviewed this annual report.\nDated: July 24, 2018\n/s/ Jane Roe\nChief Executive Officer" };
  const signatures = { pageNumber: 82, text: "Signatures\nPursuant to the requirements of Section 13 or 15(d) of the Securities Exchange Act of 1934, the registrant has duly caused this report to be signed.\nBy: /s/ JANE ROE\nJane Roe\nChief Executive Officer\nDate: July 24, 2018" };
  const contents = { pageNumber: 2, text: "Table of Contents\nPART I\nITEM 1. Business 1\nITEM 1A. Risk Factors 6\nITEM 2. Properties 15\nITEM 3. Legal Proceedings 15\nPART II\nITEM 5. Market for Registrant's Common Equity 16\nITEM 7. Management's Discussion and Analysis 18" };

  it("recognises exhibit indexes, certifications, signatures and contents", () => {
    expect(pageKind(exhibits.text, 78)).toBe("exhibit_index");
    expect(pageKind(certification.text, 95)).toBe("certification");
    expect(pageKind(signatures.text, 82)).toBe("signatures");
    expect(pageKind(contents.text, 2)).toBe("contents");
    expect(pageKind("In November 2015, the Board of Directors approved a share repurchase program.", 18)).toBe("body");
  });

  it("finds no event on them, and still reads the story told on a body page", () => {
    const body = { pageNumber: 18, text: "In November 2015, the Board of Directors approved a four-year, $12 billion share repurchase program." };
    const evs = events([exhibits, certification, signatures, contents, body]);
    expect(evs.map((e) => `${e.eventType} ${e.eventDate}`)).toEqual(["decision 2015-11-01"]);
  });

  it("keeps the fiscal year end of a cover page but not its boilerplate", () => {
    const cover = { pageNumber: 1, text: "FORM 10-K\nANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d)\nFor the fiscal year ended May 31, 2018\nCommission File No. 1-10635\nACME WIDGETS, INC.\n(Exact name of Registrant as specified in its charter)\nThe definitive proxy statement for the annual meeting of shareholders to be held on September 20, 2018 is incorporated by reference." };
    expect(events([cover]).map((e) => `${e.eventType} ${e.eventDate}`)).toEqual(["fiscal_year_end 2018-05-31"]);
  });

  it("states one event once, however many pages repeat it", () => {
    const p = (n: number) => ({ pageNumber: n, text: "On March 3, 2021, the Board of Directors approved the acquisition of a distributor." });
    expect(events([p(10), p(40)])).toHaveLength(1);
  });

  it("takes the cue next to its date, not from a later clause ('closing date' is no closing)", () => {
    const page = { pageNumber: 37, text: "The facility matures August 28, 2020, with a one-year extension option prior to any anniversary of the closing date, provided that in no event shall it extend beyond August 28, 2022." };
    expect(events([page])).toEqual([]);
  });
});

describe("persons only with a real name and a role", () => {
  it("a label word in front of a known person is not a second person ('Contact …')", () => {
    const page = { pageNumber: 1, text: "Maria Berg, Chief Executive Officer, founded the company in 2012.\nContact Maria Berg, CEO, for questions about this presentation." };
    const people = entities([page]).filter((e) => e.entityType === "person").map((e) => e.name);
    expect([...new Set(people)]).toEqual(["Maria Berg"]);
  });

  it("an auditor's title ending a sentence is not part of the firm's name", () => {
    const page = { pageNumber: 12, text: "Stockholm, 14 March 2024\nPer Olsson, Authorised Public Accountant. Fjordvik Data AB audited the annual accounts." };
    const es = entities([page]);
    expect(es.filter((e) => e.entityType === "organisation").map((e) => e.name)).toEqual(["Fjordvik Data AB"]);
    expect(es.find((e) => e.entityType === "person")).toMatchObject({ name: "Per Olsson", role: "Authorised Public Accountant" });
  });

  it("the signing accountant's firm is the auditor; a title never runs into the next name", () => {
    const page = { pageNumber: 8, text: "The Board of Directors and the Managing Director of Kestrel Systems AB hereby present the annual report.\nOur auditor's report was submitted on 15 March 2024. Ostberg & Partners Revisionsbyra AB, Lena Falk, Authorised Public Accountant.\nHead of Sales Tomas Ek joined in 2021. The data room opens to Heron Capital Partners on 1 October 2024." };
    const es = entities([page]);
    expect(es).toEqual(expect.arrayContaining([
      { entityType: "organisation", name: "Ostberg & Partners Revisionsbyra AB", role: "auditor" },
      { entityType: "organisation", name: "Kestrel Systems AB", role: "mentioned" },
      { entityType: "organisation", name: "Heron Capital Partners", role: "mentioned" },
      { entityType: "person", name: "Lena Falk", role: "Authorised Public Accountant" },
    ]));
    expect(es.map((e) => e.name).filter((n) => /^(?:of|Capital) /.test(n))).toEqual([]);
  });

  it("reads a middle initial and stops the name before a title ('Mark G. Parker', not 'Parker Chairman')", () => {
    const page = { pageNumber: 3, text: "The meeting was chaired by Anna K. Lund, Chairman of the Board." };
    expect(entities([page]).filter((e) => e.entityType === "person").map((e) => e.name)).toEqual(["Anna K. Lund"]);
  });
});

describe("an annual report's executive officers, auditor, registrant and customers", () => {
  const cover = columnsPage(1, [
    ["FORM 10-K"],
    ["For the fiscal year ended December 31, 2022"],
    ["ACME WIDGETS, INC."],
    ["(Exact name of registrant as specified in its charter)"],
    ["100 Main Street, Springfield, Illinois", "62701"],
    ["(Address of principal executive offices)", "(Zip Code)"],
  ], [20, 400]);
  const officersTable = columnsPage(6, [
    ["Information About Our Executive Officers"],
    ["Name", "Age", "Position"],
    ["Laura M. Chen", "55", "Chairman and Chief Executive Officer"],
    ["Omar Haddad", "48", "Executive Vice President and Chief Financial Officer"],
  ], [20, 200, 260]);
  const officersProse = { pageNumber: 7, text: "Executive Officers of the Registrant\nRobert T. Vance, President and Chief Operating Officer — Mr. Vance, 51, joined the Company in 2009.\nITEM 1A. Risk Factors" };
  const business = { pageNumber: 5, text: "As of December 31, 2022, we had approximately 12,400 employees worldwide. Sales to Northwind Stores accounted for 14% of net sales in 2022." };
  const audit = { pageNumber: 60, text: "Report of Independent Registered Public Accounting Firm\nIn our opinion, the financial statements present fairly, in all material respects, the financial position of the Company.\n/s/ Birch & Partners LLP\nChicago, Illinois\nWe have served as the Company's auditor since 2004." };

  it("reads them with their pages", () => {
    const f = readFilingFacts([cover, business, officersTable, officersProse, audit]);
    expect(f.officers.map((o) => [o.name, o.title, o.age, o.page])).toEqual([
      ["Laura M. Chen", "Chairman and Chief Executive Officer", 55, 6],
      ["Omar Haddad", "Executive Vice President and Chief Financial Officer", 48, 6],
      ["Robert T. Vance", "President and Chief Operating Officer", 51, 7],
    ]);
    expect(f.auditor).toMatchObject({ name: "Birch & Partners LLP", page: 60 });
    expect(f.registrant).toMatchObject({ name: "ACME WIDGETS, INC.", page: 1 });
    expect(f.headquarters).toMatchObject({ detail: "100 Main Street, Springfield, Illinois", page: 1 });
    expect(f.fiscalYearEnd).toMatchObject({ detail: "December 31", page: 1 });
    expect(f.employees).toMatchObject({ detail: "approximately 12,400 (as of December 31, 2022)", page: 5 });
    expect(f.customers).toEqual([expect.objectContaining({ name: "Northwind Stores", detail: "principal customer (14% of sales)", page: 5 })]);
  });

  it("reads an address printed in columns with a comma after each part once, not \"Drive,, Town,, State\"", () => {
    const commas = columnsPage(1, [
      ["ACME WIDGETS, INC."],
      ["(Exact name of registrant as specified in its charter)"],
      ["100 Main Street,", "Springfield,", "Illinois", "62701"],
      ["(Address of principal executive offices)", "", "", "(Zip Code)"],
    ], [20, 200, 300, 450]);
    expect(readFilingFacts([commas]).headquarters).toMatchObject({ detail: "100 Main Street, Springfield, Illinois", page: 1 });
  });

  it("reads the state of incorporation printed above its label, in columns or spaced apart, and a headcount whose subject is the company's name", () => {
    const columns = columnsPage(1, [
      ["ACME WIDGETS, INC."],
      ["(Exact name of registrant as specified in its charter)"],
      ["Delaware", "77-0430924"],
      ["(State or other jurisdiction of incorporation or organization)", "(I.R.S. Employer Identification No.)"],
    ], [20, 300]);
    expect(readFilingFacts([columns]).incorporation).toMatchObject({ detail: "Delaware", page: 1 });
    const spaced = { pageNumber: 1, text: "ACME WIDGETS, INC.\n(Exact name of registrant as specified in its charter)\n\n        England and Wales                    98-1234567\n\n  (State or other jurisdiction of            (I.R.S. Employer\n  incorporation or organization)             Identification No.)" };
    expect(readFilingFacts([spaced]).incorporation?.detail).toBe("England and Wales");
    // no label, no state: nothing is guessed from a sentence of its history
    expect(readFilingFacts([{ pageNumber: 1, text: "ACME WIDGETS, INC.\n(Exact name of registrant as specified in its charter)\nAcme was incorporated in Ohio in 1950." }]).incorporation).toBeUndefined();
    const holding = { pageNumber: 5, text: "At December 31, 2022, Acme Widgets and the Utility had approximately 23,000 regular employees, approximately 20 of which were employees of Acme Widgets." };
    expect(readFilingFacts([holding]).employees).toMatchObject({ detail: "approximately 23,000 (as of December 31, 2022)" });
  });

  it("reads a combined filing's registrants table: the parent first, its state, its headquarters, and its headcount", () => {
    const cover = { pageNumber: 1, text: [
      "FORM 10-K", "Commission", "File Number", "Exact Name of Registrant", "as Specified In Its Charter", "State or Other Jurisdiction of", "Incorporation or Organization", "IRS Employer", "Identification Number", "",
      "1-12609 ACME HOLDINGS CORPORATION California 94-3234914", "1-2348 ACME UTILITY COMPANY California 94-0742640", "",
      "77 Harbor Street", "Springfield, California 94177", "(Address of principal executive offices) (Zip Code)",
    ].join("\n") };
    const staff = { pageNumber: 9, text: "At December 31, 2017, Acme Holdings and the Utility had approximately 23,000 regular employees." };
    const f = readFilingFacts([cover, staff]);
    expect(f.registrant?.name).toBe("ACME HOLDINGS CORPORATION");
    expect(f.incorporation?.detail).toBe("California");
    expect(f.headquarters?.detail).toMatch(/77 Harbor Street, Springfield, California/);
    expect(f.employees?.detail).toMatch(/^approximately 23,000/);
  });

  it("turns them into entities whose excerpts name them", () => {
    const cs = extractEntitiesFromPages([cover, business, officersTable, officersProse, audit], ctx).candidates;
    const ceo = cs.find((c) => (c.payload as EntityPayload).name === "Laura M. Chen")!;
    expect(ceo.payload).toMatchObject({ entityType: "person", role: "Chairman and Chief Executive Officer (executive officer, age 55)" });
    expect(ceo.evidence).toMatchObject({ page: 6 });
    expect(ceo.evidence.text).toContain("Laura M. Chen");
    const roles = cs.filter((c) => (c.payload as EntityPayload).entityType === "organisation").map((c) => `${(c.payload as EntityPayload).name} — ${(c.payload as EntityPayload).role}`);
    expect(roles).toEqual(expect.arrayContaining(["Birch & Partners LLP — auditor", "ACME WIDGETS, INC. — registrant", "ACME WIDGETS, INC. — headquarters: 100 Main Street, Springfield, Illinois", "ACME WIDGETS, INC. — fiscal year end: December 31"]));
  });
});

describe("people questions read these entities", () => {
  it("a name with a middle initial is a person's name", () => {
    expect(plausibleName("Mark G. Parker", [])).toBe(true);
    expect(plausibleName("Contact Jane Smith", ["Jane Smith", "Contact Jane Smith"])).toBe(false);
    expect(plausibleName("G. Parker", [])).toBe(false);
  });

  it("the CEO is who holds the title for the company, not a business's CEO nor a former one", () => {
    expect(roleLabelsOf({ roles: ["Chairman, President and Chief Executive Officer (executive officer, age 62)"] })).toEqual(["CEO", "Chair of the Board"]);
    expect(roleLabelsOf({ roles: ["CEO Worldwide Consumer (executive officer, age 51)"] })).toEqual([]);
    expect(roleLabelsOf({ roles: ["Former Chief Executive Officer, PepsiCo, Inc."] })).toEqual([]);
    expect(roleLabelsOf({ roles: ["Executive Vice President and Chief Financial Officer (executive officer, age 46)"] })).toEqual(["CFO"]);
    expect(roleLabelsOf({ roles: ["auditor"] })).toEqual(["auditor"]);
  });
});

describe("the headcount a filing states, in the forms filings print it", () => {
  const at = (text: string) => readFilingFacts([{ pageNumber: 4, text }]).employees?.detail;
  it("reads a small headcount, one whose qualifier lost a ligature (as stored), and a workforce's size", async () => {
    expect(at("As of December 31, 2023, we had approximately 840 employees. Our senior officers average twenty years with us.")).toBe("approximately 840 (as of December 31, 2023)");
    const [lost] = await repairPages([{ text: "As of June 30, 2023, we employed approximately 52,000 full-\u0000me employees, of which 21,000 were in the U.S." }]);
    expect(at(lost!.text)).toBe("approximately 52,000 (as of June 30, 2023)");
    expect(at("We invest in our highly-skilled global workforce of 48,300 people by seeking to create a safe workplace.")).toBe("48,300");
    expect(at("As of December 31, 2022, the Company had approximately 9,100 full-time\nequivalent employees.")).toBe("approximately 9,100 (as of December 31, 2022)");
  });
});

describe("the headquarters address on a cover page", () => {
  it("keeps the street line printed above the city line", () => {
    const cover = ["FORM 10-K", "For the fiscal year ended December 31, 2023", "", "HALDEN WORKS, INC.", "(Exact name of registrant as specified in its charter)", "", "Harbor Plaza, 120 Quay Street, Suite 400", "Portmere, Maine 04101", "(Address of principal executive offices) (Zip Code)"].join("\n");
    expect(readFilingFacts([{ pageNumber: 1, text: cover }]).headquarters?.detail).toBe("Harbor Plaza, 120 Quay Street, Suite 400, Portmere, Maine 04101");
  });
});

describe("a cover page printing its labels wrapped and its cells with no gap", () => {
  const cover = [
    "UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "Form 10-K", "For the fiscal year ended December 31, 2024 .", "Commission file number 000-24821", "",
    "Quillmark Inc.", "", "(Exact name of registrant as specified in its charter)", "", "Delaware 77-0430924", "",
    "(State or other jurisdiction of", "incorporation or organization)", "(I.R.S. Employer", "Identification Number)", "",
    "2065 Lantern Avenue", "Ridgeport, California 95125", "", "(Address of principal", "executive offices)", "(Zip Code)",
  ].join("\n");

  it("reads the headquarters under a wrapped '(Address of principal' / 'executive offices)' and the state beside the employer number, each cited with the registrant", () => {
    const facts = extractEntitiesFromPages([{ pageNumber: 1, text: cover }], { filename: "QUILLMARK_2024_10K.pdf" }).candidates.map((c) => ({ ...(c.payload as EntityPayload), excerpt: c.evidence.text }));
    expect(facts.find((f) => f.role?.startsWith("headquarters:"))).toMatchObject({ name: "Quillmark Inc.", role: expect.stringContaining("2065 Lantern Avenue, Ridgeport, California") });
    expect(facts.find((f) => f.role?.startsWith("incorporation:"))).toMatchObject({ name: "Quillmark Inc.", role: "incorporation: Delaware", excerpt: expect.stringContaining("Quillmark Inc.") });
  });

  it("reads an address label naming the zip code ('(Address and zip code of principal executive offices)')", () => {
    const text = cover.replace("(Address of principal\nexecutive offices)", "(Address and zip code of principal executive offices)");
    const facts = extractEntitiesFromPages([{ pageNumber: 1, text }], { filename: "QUILLMARK_2024_10K.pdf" }).candidates.map((c) => c.payload as EntityPayload);
    expect(facts.find((f) => f.role?.startsWith("headquarters:"))?.role).toMatch(/2065 Lantern Avenue/);
  });
});

describe("an address two registrants print side by side", () => {
  it("reads the address once", () => {
    const text = [
      "FORM 8-K", "Harbor Energy Corporation", "(Exact name of registrant as specified in its charter)", "California 94-3234914", "(State or other jurisdiction of incorporation)",
      "300 Quay Drive    300 Quay Drive", "Oakland, California 94612    Oakland, California 94612", "(Address of principal executive offices) (Zip Code)",
    ].join("\n");
    const hq = readFilingFacts([{ pageNumber: 1, text }]).headquarters?.detail ?? "";
    expect(hq.match(/Oakland/g)).toHaveLength(1);
  });
});

describe("an officer quoted in an earnings release", () => {
  it("is read with the title the company's name stands before, in three wordings", () => {
    const page = (text: string): ExtractionPage => ({ pageNumber: 1, text, spans: null });
    for (const line of [
      "Dana Whitcombe, Kestrel CFO, said, \u201cWe exceeded our expectations on the top and bottom line.\u201d",
      "\u201cDemand stayed firm,\u201d said Dana Whitcombe, Kestrel Systems Chief Financial Officer.",
      "Dana Whitcombe, our Chief Financial Officer, commented on the quarter.",
    ]) {
      const people = entities([page(`KESTREL SYSTEMS REPORTS SECOND-QUARTER RESULTS\n${line}`)]).filter((e) => e.entityType === "person");
      expect(people.map((p) => [p.name, p.role]), line).toContainEqual(["Dana Whitcombe", expect.stringMatching(/CFO|Chief Financial Officer/)]);
    }
  });
});
