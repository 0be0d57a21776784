import { describe, expect, it } from "vitest";
import { inferMetadata } from "@/lib/ingest/metadata";
import { companyAliases, companyGroups, companyKey, distinctiveFirstWord } from "@/lib/ingest/metadata-company-key";
import { readCover, tickerListedIn } from "@/lib/ingest/metadata-cover";
import { repairPages } from "@/lib/ingest/glyphs";

// Made-up companies and cover pages, laid out as SEC covers are.
const tenK = [
  "UNITED STATES",
  "SECURITIES AND EXCHANGE COMMISSION",
  "Washington, D.C. 20549",
  "",
  "FORM 10-K",
  "",
  "☒ ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
  "For the fiscal year ended May 31, 2019",
  "OR",
  "☐ TRANSITION REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
  "Commission File No. 1-40417",
  "",
  "QUILLFEATHER ROBOTICS, INC.",
  "",
  "(Exact name of registrant as specified in its charter)",
  "",
  "Oregon 93-1234567",
  "(State or other jurisdiction of incorporation) (IRS Employer Identification No.)",
  "Securities registered pursuant to Section 12(b) of the Act:",
  "Title of each class Trading Symbol(s) Name of each exchange on which registered",
  "Class B Common Stock QFR New York Stock Exchange",
  "Securities registered pursuant to Section 12(g) of the Act: None",
].join("\n");

describe("the cover page names the company", () => {
  it("reads a 10-K's registrant, ticker, file number and fiscal year end", () => {
    expect(readCover(tenK)).toMatchObject({
      name: "QUILLFEATHER ROBOTICS, INC",
      ticker: "QFR",
      secFileNumber: "1-40417",
      form: "10-K",
      fiscalYearEnd: { date: "2019-05-31", month: 5, year: 2019 },
      source: "sec cover",
    });
  });

  it("the document wins over a file name that names another company; the file name is kept when it agrees", () => {
    const misnamed = inferMetadata("HARBORPINE_2019_10K.pdf", tenK);
    expect(misnamed).toMatchObject({ company: "QUILLFEATHER ROBOTICS, INC", companyKey: "quillfeatherrobotics", ticker: "QFR", fiscalYearEndMonth: 5, fiscalYear: 2019 });
    const agreeing = inferMetadata("QUILLFEATHER_2019_10K.pdf", tenK);
    expect(agreeing).toMatchObject({ company: "QUILLFEATHER", companyName: "QUILLFEATHER ROBOTICS, INC", companyKey: "quillfeatherrobotics" });
    // no hint at all: the same identity from the cover alone
    expect(inferMetadata("scan0001.pdf", tenK)).toMatchObject({ companyKey: "quillfeatherrobotics", fiscalYear: 2019, fiscalPeriod: "FY", kind: "annual report" });
    // nothing in the document: the file name is all there is
    expect(inferMetadata("HARBORPINE_2019_10K.pdf", "Page 1 of 80")).toMatchObject({ company: "HARBORPINE", companyKey: "harborpine" });
  });

  it("8-Ks and earnings releases are kinds of their own; their file names' company prefix is a hint too", () => {
    expect(inferMetadata("QUILLFEATHER_2023Q1_8K.pdf", "FORM 8-K\nCURRENT REPORT")).toMatchObject({ kind: "current report", company: "QUILLFEATHER" });
    expect(inferMetadata("QUILLFEATHER_2023Q1_EARNINGS.pdf", "Revenue grew 4%.")).toMatchObject({ kind: "earnings release", company: "QUILLFEATHER" });
    // "earnings" in a text is a line item, not a kind
    expect(inferMetadata("notes.pdf", "Retained earnings\n1,200").kind).toBeUndefined();
  });

  it("an older cover without the label: the line after the commission file number", () => {
    const cover = "FORM 10-K\nFor the fiscal year ended December 31, 2016\nCommission file number 1-2222\n\nLUMEN BAY COMPANY\n\nState of Incorporation: Delaware";
    expect(readCover(cover)).toMatchObject({ name: "LUMEN BAY COMPANY", secFileNumber: "1-2222", fiscalYearEnd: { month: 12, year: 2016 } });
  });

  it("co-registrants: a table row, or a stack of names over the label — the first is the filer", () => {
    const table = [
      "FORM 10-K", "For the Fis cal Year Ended December 31, 2021",
      "Commission", "File Number", "Exact Name of Registrant", "as Specified In Its Charter", "State or Other Jurisdiction of", "IRS Employer",
      "", "1-55501 H&P ENERGY CORPORATION California 94-1111111", "1-55502 HARBOR AND PINE UTILITY COMPANY California 94-2222222",
    ].join("\n");
    expect(readCover(table)).toMatchObject({ name: "H&P ENERGY CORPORATION", secFileNumber: "1-55501", fiscalYearEnd: { year: 2021 } });
    const stacked = "FORM 10-K\nCORDOVAN REALTY TRUST, INC.\nCORDOVAN REALTY LIMITED PARTNERSHIP\n\n(Exact name of Registrants as specified in its charter)";
    expect(readCover(stacked).name).toBe("CORDOVAN REALTY TRUST, INC");
  });

  it("a 10-Q: the quarter's end, never the 10-K it cites; a 52/53-week year ending in a month's first week closes the month before", () => {
    const tenQ = "FORM 10-Q\nFor the quarterly period ended July 2, 2022\nCommission File Number 001-7000\nTessaline Inc.\n(Exact name of registrant as specified in its charter)\n" + "\n".repeat(50) + "see our Annual Report on Form 10-K for the fiscal year ended December 31, 2021";
    const id = readCover(tenQ);
    expect(id).toMatchObject({ name: "Tessaline Inc", form: "10-Q", quarterEnd: { date: "2022-07-02", month: 6, year: 2022 } });
    expect(id.fiscalYearEnd).toBeUndefined();
    expect(readCover("FORM 10-K\nFor the fiscal year ended January 3, 2021\nMarrowind Corp.\n(Exact name of registrant as specified in its charter)").fiscalYearEnd).toEqual({ date: "2021-01-03", month: 12, year: 2020 });
  });

  it("reads what PDF text loses, as ingestion stores it: a dropped 'ti' ligature, a ticker in mixed case on its own line", async () => {
    const cover = [
      "FORM 10-K", "For the fiscal year ended May 31, 2022", "Commission File Number: 001-50000", "", "Orrery Corpora\u0000on", "",
      "(Exact name of registrant as specified in its charter)", "Securi\u0000es registered pursuant to Sec\u0000on 12(b) of the Act:",
      "Title of each class Trading Symbol(s) Name of each exchange on which registered", "", "Common Stock, par value $0.01 per share", "OrRY", "",
    ].join("\n");
    const [stored] = await repairPages([{ text: cover }]);
    expect(readCover(stored!.text)).toMatchObject({ name: "Orrery Corporation", ticker: "ORRY" });
  });

  it("an earnings release: the issuer with its listing, its dateline, its headline; an annual report's letter", () => {
    expect(readCover("NEWS RELEASE\nvelvetoak Inc. Reports First Quarter Results\nAUSTIN, Texas, April 3, 2023 /PRNewswire/ -- vOak Inc. (Nasdaq: VOAK), a maker of tools, today reported results.")).toMatchObject({
      name: "vOak Inc", ticker: "VOAK", source: "press release",
    });
    expect(readCover("News Release\nDENVER, Colo., Jan. 9, 2023 -- Marrowind Corporation today reported fourth-quarter results.").name).toBe("Marrowind Corporation");
    expect(readCover("FOR IMMEDIATE RELEASE\nMARROWIND'S REPORTS THIRD QUARTER 2023 RESULTS\nRevenue grew.").name).toBe("MARROWIND'S");
    expect(readCover("2023 Annual Report\nTo our Lumen Bay shareholders,\nThis year we grew.")).toMatchObject({ name: "Lumen Bay", source: "letter" });
    // ordinary prose names no issuer
    expect(readCover("The Company reported revenue of $5 million.\nManagement announced a new plan.").name).toBeUndefined();
  });
});

describe("one company, however written", () => {
  it("normalises legal forms, '.com', '&', apostrophes and a leading 'The'", () => {
    expect(companyKey("QUILLFEATHER ROBOTICS, INC.")).toBe(companyKey("Quillfeather Robotics Inc"));
    expect(companyKey("VELVETOAK.COM, INC.")).toBe("velvetoak");
    expect(companyKey("H&P Corporation")).toBe(companyKey("H_P"));
    expect(companyKey("The Lumen Bay Company")).toBe("lumenbay");
    expect(companyKey("9Q Company")).toBe("9q");
    expect(companyKey("Marrowind's Corporation")).toBe(companyKey("MARROWINDS"));
    expect(companyKey("Cordovan Realty Limited Partnership")).toBe("cordovanrealty");
  });

  it("a distinctive first word is an alias; a generic one never is", () => {
    expect(distinctiveFirstWord("Tessaline Systems Incorporated")).toBe("tessaline");
    expect(companyAliases("Best Harvest Co., Inc.")).toEqual(expect.arrayContaining(["bestharvest"]));
    expect(companyAliases("Best Harvest Co., Inc.")).not.toContain("best");
    expect(companyAliases("Best Harvest Co., Inc.")).not.toContain("harvest");
    expect(distinctiveFirstWord("American Lumen Corp")).toBeUndefined();
  });

  it("groups a renamed company by its file number or ticker, never two companies by a shared first word", () => {
    const groups = companyGroups([
      { id: "a", company_name: "TESSALINE SYSTEMS INCORPORATED", company_key: "tessalinesystems", sec_file_number: "0-7000" },
      { id: "b", company_name: "Tessaline Inc.", company_key: "tessaline", sec_file_number: "000-7000", ticker: "TSLN" },
      { id: "c", company_name: "Tessaline Inc.", company_key: "tessaline", ticker: "TSLN" },
      { id: "d", company_name: "Boreal Freight Corp", company_key: "borealfreight" },
      { id: "e", company_name: "Boreal Optics Inc", company_key: "borealoptics" },
      { id: "f" },
    ]);
    expect(groups.get("a")).toBe(groups.get("b"));
    expect(groups.get("b")).toBe(groups.get("c"));
    expect(groups.get("d")).not.toBe(groups.get("e"));
    expect(groups.has("f")).toBe(false);
  });
});

describe("a filing's market section states its symbol", () => {
  it("reads the symbol however the sentence puts it, quoted or not", () => {
    expect(tickerListedIn("Our common stock is traded on the Nasdaq Global Select Market under the symbol \u201cQLLN.\u201d The following table")).toBe("QLLN");
    expect(tickerListedIn("the New York Stock Exchange where it trades under the symbol QB. As of February 1")).toBe("QB");
    expect(tickerListedIn("The Company's ticker symbol is\nQLN. As used herein")).toBe("QLN");
    expect(tickerListedIn("listed on the NYSE under the trading symbol \"KSTR\" and")).toBe("KSTR");
    expect(tickerListedIn("Class B shares trade under the symbol BRK.B on the exchange")).toBe("BRK.B");
  });

  it("reads none from a sentence that names no symbol", () => {
    expect(tickerListedIn("The symbol of our brand is a quill.")).toBeUndefined();
    expect(tickerListedIn("under the symbol of progress, we")).toBeUndefined();
  });
});
