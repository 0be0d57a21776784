/**
 * Executive officers read from the layouts annual reports print them in when the page text holds no
 * cell gaps (text only, no positions): a list introduced by a sentence and run over several pages,
 * a name alone on its line with the age and title below, a name-and-title line over a biography,
 * and the signature page ("/s/ Name", the capacity, "(Principal … Officer)"). Names are made up.
 */
import { describe, expect, it } from "vitest";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { readFilingFacts } from "@/lib/extraction/entities/filing-facts";
import type { EntityPayload, ExtractionPage } from "@/lib/extraction/types";

const page = (pageNumber: number, lines: string[]): ExtractionPage => ({ pageNumber, text: lines.join("\n") });
const people = (pages: ExtractionPage[]) =>
  extractEntitiesFromPages(pages, { filename: "annual-report.pdf" }).candidates.filter((c) => (c.payload as EntityPayload).entityType === "person").map((c) => ({ ...(c.payload as EntityPayload), page: c.evidence.page, excerpt: c.evidence.text }));

describe("officer lists without cell gaps", () => {
  const intro = [
    page(60, [
      "Part III",
      "Item 10. Directors, Executive Officers and Corporate Governance",
      "",
      "Our executive officers and their ages as of February 1, 2024, are as follows:",
      "Name Age Principal Occupation or Employment/Other Business Affiliations",
      "Harriet-Anne Quell 51 Chief Strategy Officer and Senior Vice President, Strategy and Corporate Development since",
      "October 2021. Ms. Quell previously served as Senior Vice President and President, International from April 2018 to",
      "October 2021; Vice President, Global Law Affairs from May 2009 to March 2011.",
      "Oswin T. Marlowe",
      "62 President and Chief Executive Officer since January 2020 and a member of the Board of Directors since June 2012.",
      "Previously, Mr. Marlowe served as Chief Executive Officer of Tallis Holdings plc from May 2010 to January 2014.",
    ]),
    page(61, [
      "Table of Contents",
      "Pritam D’Souza 48 Executive Vice President and Chief Financial Officer since August 2021. Prior to joining the Company,",
      "Mr. D’Souza served as Chief Financial Officer of Fenwright Group from November 2018 to June 2021.",
      "Codes of Ethics. We have adopted a code of conduct that applies to all employees, including our CEO.",
    ]),
  ];

  it("reads a list a sentence introduces, with the age on the name's line or the next, over the page break", () => {
    const officers = readFilingFacts(intro).officers.map((o) => [o.name, o.title, o.age, o.page]);
    expect(officers).toEqual([
      ["Harriet-Anne Quell", "Chief Strategy Officer and Senior Vice President, Strategy and Corporate Development", 51, 60],
      ["Oswin T. Marlowe", "President and Chief Executive Officer", 62, 60],
      ["Pritam D’Souza", "Executive Vice President and Chief Financial Officer", 48, 61],
    ]);
  });

  it("reads 'Name Title' lines over biographies, and stops at the board's own list", () => {
    const pages = [
      page(9, [
        "Executive Officers of the Registrant",
        "",
        "Linnea Vorst Senior Vice President and Chief Technology Officer",
        "",
        "Dr. Vorst joined the Company in 1999 as a research scientist. She was appointed senior vice president in 2022. Age 52.",
        "",
        "Tobiah R. Penhallow, Jr. Executive Vice President and Chief Financial Officer",
        "",
        "Mr. Penhallow joined the Company in 2003 as plant controller. Age 49.",
        "",
        "Emmeline Castaign Chairman and Chief Executive Officer",
        "",
        "Ms. Castaign joined the Company in 1991. Age 61.",
        "",
        "Corvina A. Pell President and Chief Executive Officer —",
        "Freight Division",
        "",
        "Ms. Pell has led the freight division since 2019. Age 55.",
        "",
        "Northvale’s Board of Directors",
        "",
        "Corwin B. Aldous Retired Executive Vice President and Chief Financial Officer, Brennock Industries",
      ]),
    ];
    const officers = readFilingFacts(pages).officers.map((o) => [o.name, o.title]);
    expect(officers).toEqual([
      ["Linnea Vorst", "Senior Vice President and Chief Technology Officer"],
      ["Tobiah R. Penhallow, Jr.", "Executive Vice President and Chief Financial Officer"],
      ["Emmeline Castaign", "Chairman and Chief Executive Officer"],
      ["Corvina A. Pell", "President and Chief Executive Officer — Freight Division"],
    ]);
  });
});

describe("officers who sign the annual report", () => {
  const signatures = (lines: string[]) => [page(88, ["SIGNATURES", "Pursuant to the requirements of the Securities Exchange Act of 1934, this report has been signed below by the following persons on behalf of the registrant and in the capacities and on the dates indicated.", "", ...lines])];

  it("reads capitals after /S/, the printed name below, the capacity and its designation, and leaves directors out", () => {
    const found = people(signatures([
      "Signature Title Date",
      "/S/ ROSALIND K. FAIRWEATHER",
      "",
      "Rosalind K. Fairweather",
      "",
      "Chairman and Chief Executive Officer",
      "(Principal Executive Officer) February 22, 2024",
      "/S/ MATTIAS O’HALLORAN",
      "",
      "Mattias O’Halloran",
      "",
      "Chief Financial Officer, Executive Vice President (Principal Financial Officer)",
      "February 22, 2024",
      "/S/ DELPHINE ASKEW",
      "",
      "Delphine Askew",
      "Director",
      "February 22, 2024",
    ]));
    expect(found.map((p) => [p.name, p.role])).toEqual([
      ["Rosalind K. Fairweather", "Chairman and Chief Executive Officer (Principal Executive Officer) (signed the annual report)"],
      ["Mattias O’Halloran", "Chief Financial Officer, Executive Vice President (Principal Financial Officer) (signed the annual report)"],
    ]);
    expect(found[1]!.page).toBe(88);
    expect(found[1]!.excerpt).toContain("Mattias O’Halloran");
  });

  it("leaves signatures printed in two columns unread rather than give one signer the other's capacity, and reads a certification", () => {
    const found = people([
      ...signatures([
        "By /s/ Quentin R. Ashdown By /s/ Marisol T. Vantongeren",
        "Quentin R. Ashdown Marisol T. Vantongeren",
        "",
        "Executive Vice President and Chief Financial Officer President, Chief Executive Officer and Director",
        "(Principal Financial Officer) (Principal Executive Officer)",
      ]),
      page(95, ["CERTIFICATION", "I, Marisol T. Vantongeren, certify that:", "1. I have reviewed this annual report on Form 10-K;", "Date: February 24, 2024", "", "/s/ Marisol T. Vantongeren", "Marisol T. Vantongeren", "", "President and Chief Executive Officer"]),
    ]);
    expect(found.map((p) => [p.name, p.role, p.page])).toEqual([["Marisol T. Vantongeren", "President and Chief Executive Officer (signed a certification of the report)", 95]]);
  });

  it("reads the capacity on the signer's line and the one printed above the name", () => {
    const found = people(signatures([
      "Signature Capacity",
      "/s/ Augustin P. Wyndle Chairman of the Board and Chief Executive Officer (Principal Executive Officer and Director)",
      "/s/ Ysolde Brannigan",
      "",
      "Senior Vice President, Finance and Corporate Controller",
      "",
      "(Principal Accounting Officer)",
      "Ysolde Brannigan",
      "",
      "/s/ Cyprian Wolde Director",
      "Cyprian Wolde",
    ]));
    expect(found.map((p) => [p.name, p.role])).toEqual([
      ["Augustin P. Wyndle", "Chairman of the Board and Chief Executive Officer (Principal Executive Officer and Director) (signed the annual report)"],
      ["Ysolde Brannigan", "Senior Vice President, Finance and Corporate Controller (Principal Accounting Officer) (signed the annual report)"],
    ]);
  });
});

describe("a signer read twice on the signature page", () => {
  it("keeps the reading whose capacity names the office's designation ('(Principal Financial Officer)'), not the 'By:' line's title alone", () => {
    const signatures = page(76, [
      "SIGNATURES", "Pursuant to the requirements of Section 13 or 15(d) of the Securities Exchange Act of 1934, the Registrant has duly caused this report to be signed on its behalf",
      "by the undersigned, thereunto duly authorized.", "Date: October 28, 2024", "Example Devices Inc.", "By: /s/ Lena Morrow", "Lena Morrow", "Senior Vice President,", "Chief Financial Officer", "",
      "Power of Attorney", "Pursuant to the requirements of the Securities Exchange Act of 1934, this report has been signed below by the following persons on behalf of the Registrant and",
      "in the capacities and on the dates indicated:", "Name Title Date",
      "/s/ Dorian K. Pell", "DORIAN K. PELL", "Chief Executive Officer and Director", "(Principal Executive Officer)", "October 28, 2024",
      "/s/ Lena Morrow", "LENA MORROW", "Senior Vice President, Chief Financial Officer", "(Principal Financial Officer)", "October 28, 2024",
      "/s/ Ivo Santangelo", "IVO SANTANGELO", "Senior Director of Corporate Accounting", "(Principal Accounting Officer)", "October 28, 2024",
    ]);
    const got = people([signatures]);
    expect(got.find((p) => p.name === "Lena Morrow")?.role).toMatch(/Chief Financial Officer \(Principal Financial Officer\)/);
    expect(got.find((p) => p.name === "Ivo Santangelo")?.role).toMatch(/Principal Accounting Officer/);
  });
});
