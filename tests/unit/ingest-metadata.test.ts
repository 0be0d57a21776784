import { describe, expect, it } from "vitest";
import { companyFromText, inferMetadata, sheetCells } from "@/lib/ingest/metadata";

describe("company from the first pages", () => {
  it("reads a sheet's 'Company | <name>' row, not the raw cell text", () => {
    const cover = [
      "A1:F1 (merged): Project Aurora – Financial forecast (version 2)",
      "A3: Company | B3: Nordhavn Analytics AB",
      "A4: Prepared by | B4: Finance team (John Doe, Chief Financial Officer)",
      "A5: Date | B5: 8 November 2024",
    ].join("\n");
    expect(inferMetadata("forecast_v2.xlsx", cover).company).toBe("Nordhavn Analytics AB");
    expect(sheetCells("A3: Company | B3: Nordhavn Analytics AB")).toEqual(["Company", "Nordhavn Analytics AB"]);
    expect(sheetCells("'P&L Forecast'!A3: Company name | 'P&L Forecast'!B3: Acme Holdings Ltd")).toEqual(["Company name", "Acme Holdings Ltd"]);
    expect(sheetCells("Company: Acme")).toBeNull();
  });

  it("reads a title or note cell's ' | '/' – ' separated part ending in a legal form", () => {
    expect(companyFromText("A1: Project Aurora – Forecast assumptions\nA2: Nordhavn Analytics AB | Prepared 27 September 2024 | EUR thousands unless stated")).toBe("Nordhavn Analytics AB");
    expect(companyFromText("A1: Nordhavn Analytics AB – Capitalisation table\nA2: As of 30 September 2024 (fully diluted)")).toBe("Nordhavn Analytics AB");
  });

  it("never takes a company from a sheet's table rows (customers, shareholders)", () => {
    const csv = [
      "A1: Rank | B1: Customer | C1: Country | D1: Segment | E1: Q3 2024 revenue (EUR thousands)",
      "A2: 1 | B2: Vestra Logistics A/S | C2: Denmark | D2: Logistics | E2: 390",
      "A3: 2 | B3: Baltic Freight Systems AB | C3: Sweden | D3: Logistics | E3: 312",
    ].join("\n");
    expect(companyFromText(csv)).toBeUndefined();
  });

  it("prose first pages: a header line's part, a name at the end of a title; not an e-mail address", () => {
    expect(companyFromText("Nordhavn Analytics AB Interim report January–September 2024\nThird quarter: July–September 2024\nNordhavn Analytics AB | Stockholm, 24 October 2024")).toBe("Nordhavn Analytics AB");
    expect(companyFromText("Minutes of the meeting of the Board of Directors of Nordhavn Analytics AB\nBoard meeting no. 5/2024")).toBe("Nordhavn Analytics AB");
    expect(companyFromText("Ordertelefon: 08-598 191 90\nE-post: order.fritzes@nj.se")).toBeUndefined();
    // the SEC cover page still wins
    expect(companyFromText("THE BOEING COMPANY\n(Exact name of registrant as specified in its charter)")).toBe("THE BOEING COMPANY");
  });
});

describe("an earnings release named by its date", () => {
  const head = (q: string) => `Investor Relations Contact: 555.010.2000\nJuly 27, 2023\n\nAcme Corporation Reports ${q} Results; On Track for 2023\n\n• Recorded GAAP earnings were $0.19 per diluted share for the second quarter of 2023, compared to the first quarter of 2022.`;

  it("takes the quarter its headline names, hyphenated or not", () => {
    expect(inferMetadata("ACME_2023_EARNINGS-dated-2023-07-27.pdf", head("Second-Quarter")).fiscalPeriod).toBe("Q2");
    expect(inferMetadata("ACME_2023_EARNINGS-dated-2023-10-26.pdf", head("Third Quarter")).fiscalPeriod).toBe("Q3");
    expect(inferMetadata("ACME_2023_EARNINGS-dated-2023-10-26.pdf", head("Third Quarter")).fiscalYear).toBe(2023);
  });

  it("keeps the file name's quarter, and reads none from a headline naming no quarter", () => {
    expect(inferMetadata("ACME_2023Q1_EARNINGS.pdf", head("Second-Quarter")).fiscalPeriod).toBe("Q1");
    expect(inferMetadata("ACME_2023_EARNINGS-dated-2023-02-01.pdf", "Acme Corporation Reports Full-Year Results\n\nRevenue grew.").fiscalPeriod).toBeUndefined();
  });
});
