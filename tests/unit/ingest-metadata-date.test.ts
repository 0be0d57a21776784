import { describe, expect, it } from "vitest";
import { inferMetadata } from "@/lib/ingest/metadata";
import { inferDocumentDate } from "@/lib/ingest/metadata-date";

const lines = (...l: string[]) => l.join("\n");

/** First page of an English annual report of a Swedish company (the demo's layout, pdf.js text). */
const ANNUAL_EN = lines(
  "Nordhavn Analytics AB Annual Report 2023",
  "",
  "Annual Report 2023",
  "",
  "Nordhavn Analytics AB",
  "Corporate identity number 559123-4567",
  "Financial year 1 January – 31 December 2023",
  "Stockholm, 15 March 2024",
  "",
  "Contents",
  "The year in brief 2",
  "The number of employees at 31 December 2023 was 142.",
);

const ANNUAL_EN_CORRECTED = lines(
  "Nordhavn Analytics AB Annual Report 2023 (corrected version)",
  "",
  "Annual Report 2023",
  "",
  "Nordhavn Analytics AB",
  "Financial year 1 January – 31 December 2023",
  "Corrected version, Stockholm, 22 May 2024",
  "",
  "Correction notice",
  "",
  "This corrected version supersedes the annual report dated 15 March 2024.",
  "EBITDA for the financial year 2023 has been restated from EUR 3.9 million to EUR 3.6 million.",
);

/** A Swedish annual report: the period first, the signature date further down. */
const ARSREDOVISNING = lines(
  "Årsredovisning för Nordic Steel AB (publ)",
  "Org.nr 556000-1234",
  "Räkenskapsåret 2023-01-01 – 2023-12-31",
  "",
  "Styrelsen och verkställande direktören avger härmed årsredovisning för räkenskapsåret 2023.",
  "Bolaget förvärvade den 1 juni 2023 samtliga aktier i Stålverket i Luleå AB.",
  "Resultat och ställning per den 31 december 2023 framgår av resultat- och balansräkningarna.",
  "",
  "Stockholm den 14 mars 2024",
  "",
  "Anna Svensson, ordförande    Per Olsson, verkställande direktör",
);

/** A public inquiry's foreword (SOU convention): month precision. */
const SOU_FOREWORD = lines(
  "Till statsrådet och chefen för Finansdepartementet",
  "Regeringen beslutade den 20 april 2023 att tillsätta en kommitté med uppdrag att analysera",
  "produktivitetstillväxten. Som sekreterare anställdes fr.o.m. den 7 augusti 2023 Erik Ronnle.",
  "Härmed överlämnas slutbetänkandet (SOU 2024:12).",
  "",
  "Stockholm i mars 2024",
  "",
  "Hans Lindblad",
);

/** 10-K cover page (text as pdf.js extracts 3M's FY2018 filing). */
const TEN_K_COVER = lines(
  "UNITED STATES",
  "SECURITIES AND EXCHANGE COMMISSION",
  "Washington, D.C. 20549",
  "FORM 10-K",
  "☒ ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE",
  "SECURITIES EXCHANGE ACT OF 1934",
  "For the fiscal year ended December 31, 2018",
  "Commission file number 1-3285",
  "3M COMPANY",
  "The aggregate market value of voting stock held by nonaffiliates of the Registrant, computed by reference to the closing",
  "price and shares outstanding, was approximately $115.3 billion as of January 31, 2019 (approximately $115.4 billion as of June 30, 2018, the last business day of the Registrant’s most recently",
  "completed second quarter).",
  "Shares of common stock outstanding at January 31, 2019: 575.8 million",
  "DOCUMENTS INCORPORATED BY REFERENCE",
  "Parts of the Company’s definitive proxy statement (to be filed pursuant to Regulation 14A within 120 days after Registrant’s fiscal year-end of",
  "December 31, 2018) for its annual meeting to be held on May 14, 2019, are incorporated by reference in this Form 10-K in response to Part III Items 10, 11, 12,",
);

const TEN_Q_COVER = lines(
  "FORM 10-Q",
  "x QUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
  "For the quarterly period ended July 29, 2023",
  "OR",
  "BEST BUY CO., INC.",
  "(Exact name of registrant as specified in its charter)",
  "The registrant had 217,638,155 shares of common stock outstanding as of August 30, 2023.",
  "",
  "July 29, 2023 January 28, 2023 July 30, 2022",
);

describe("document date: the issue date when the first pages state one", () => {
  it("takes the place-and-date line of an annual report, not the financial year's end", () => {
    expect(inferDocumentDate(ANNUAL_EN)).toEqual({ date: "2024-03-15", basis: "issued", precision: "day" });
    expect(inferMetadata("Annual_Report_2023.pdf", ANNUAL_EN)).toMatchObject({ documentDate: "2024-03-15", fiscalYear: 2023, kind: "annual report" });
  });

  it("dates a corrected version by its own date, not the date of the report it supersedes", () => {
    expect(inferMetadata("Annual_Report_2023_CORRECTED.pdf", ANNUAL_EN_CORRECTED).documentDate).toBe("2024-05-22");
    // without its own date line, the superseded report's date is still not taken: the period end is
    const noOwnDate = ANNUAL_EN_CORRECTED.replace("Corrected version, Stockholm, 22 May 2024", "Corrected version");
    expect(inferDocumentDate(noOwnDate)).toEqual({ date: "2023-12-31", basis: "period_end", precision: "day" });
  });

  it("reads Swedish signature dates (\"Stockholm den 14 mars 2024\", \"Stockholm i mars 2024\")", () => {
    expect(inferDocumentDate(ARSREDOVISNING)).toEqual({ date: "2024-03-14", basis: "issued", precision: "day" });
    expect(inferDocumentDate(SOU_FOREWORD)).toEqual({ date: "2024-03-01", basis: "issued", precision: "month" });
    expect(inferDocumentDate("Protokoll\nden 14 mars 2024\nStyrelsemöte")?.date).toBe("2024-03-14");
  });

  it("reads labels and verbs of issuing: Date:, published, issued … on", () => {
    expect(inferDocumentDate("MEMORANDUM\nTo: Board of Directors\nDate: 2024-03-14\nPeriod covered: 1 January – 31 December 2023")).toMatchObject({ date: "2024-03-14", basis: "issued" });
    expect(inferDocumentDate("Interim report January–September 2024\nThe interim report was published 24 October 2024 at 08:00 CET.")?.date).toBe("2024-10-24");
    expect(inferDocumentDate("Information Request List\nIssued by Fjord Capital Partners to Nordhavn Analytics AB on 14 October 2024")?.date).toBe("2024-10-14");
    expect(inferDocumentDate("Press release\nThursday, 14 March 2024\nResults for the year ended 31 December 2023")).toMatchObject({ date: "2024-03-14", basis: "cover" });
    expect(inferDocumentDate("Redmond, Washington, July 27, 2023\nDear shareholders,")?.date).toBe("2023-07-27");
    // a sheet's "Date" row (the XLSX parser's cell lines)
    expect(inferMetadata("forecast_v2.xlsx", "A1:F1 (merged): Project Aurora – Financial forecast (version 2)\nA5: Date | B5: 8 November 2024\nA6: Version | B6: 2.0 – supersedes forecast.xlsx dated 27 September 2024").documentDate).toBe("2024-11-08");
  });
});

describe("document date: the period end only when no issue date is found", () => {
  it("10-K and 10-Q covers: the fiscal year or quarter end, never the share count or meeting dates", () => {
    expect(inferDocumentDate(TEN_K_COVER)).toEqual({ date: "2018-12-31", basis: "period_end", precision: "day" });
    expect(inferMetadata("3M_2018_10K.pdf", TEN_K_COVER)).toMatchObject({ documentDate: "2018-12-31", company: "3M", fiscalYear: 2018, fiscalPeriod: "FY" });
    expect(inferDocumentDate("FORM 10-K\nFOR THE FISCAL YEAR ENDED MAY 31, 2023\nOR\nNIKE, Inc.")?.date).toBe("2023-05-31");
    expect(inferDocumentDate(TEN_Q_COVER)).toEqual({ date: "2023-07-29", basis: "period_end", precision: "day" });
  });

  it("a period range's end, then an as-of date", () => {
    expect(inferDocumentDate("Annual Report 2023\nFinancial year 1 January – 31 December 2023\nThe number of employees at 31 December 2023 was 142.")?.date).toBe("2023-12-31");
    expect(inferDocumentDate("Räkenskapsåret 2023-01-01 – 2023-12-31")?.date).toBe("2023-12-31");
    expect(inferDocumentDate("A1: Nordhavn Analytics AB – Capitalisation table\nA2: As of 30 September 2024 (fully diluted)")).toEqual({ date: "2024-09-30", basis: "as_of", precision: "day" });
  });

  it("no date at all when every date refers to something else", () => {
    expect(inferDocumentDate("Regeringen beslutade den 29 augusti 2013 (dir. 2013:83) att tillkalla en särskild utredare.\nSom särskild utredare förordnades den 10 september 2013")).toBeUndefined();
    expect(inferDocumentDate("This version supersedes the report dated 15 March 2024.\nThe annual meeting will be held on 14 May 2024.")).toBeUndefined();
    expect(inferDocumentDate("A1: Rank | B1: Customer | C1: Country | D1: As of\nA2: 1 | B2: Vestra Logistics A/S | C2: Denmark | D2: 2024-09-30")).toBeUndefined();
    expect(inferDocumentDate("Balance Sheet, 31 December 2023\nEUR thousands")?.basis).not.toBe("issued");
  });

  it("rejects impossible calendar dates", () => {
    expect(inferDocumentDate("Date: 2024-02-30")).toBeUndefined();
    expect(inferDocumentDate("Stockholm, 31 April 2024")).toBeUndefined();
  });
});
