import { describe, expect, it } from "vitest";
import { planRelations } from "@/lib/graph/detect/plan";
import type { DocInfo } from "@/lib/graph/detect/documents";
import { understandQuery } from "@/lib/search/query-understanding";
import { dealCompanies, routeDocuments, type RoutedDocument } from "@/lib/search/routing";

// A made-up deal: four companies' filings, identity as the cover pages give it.
const doc = (id: string, company_name: string, company_key: string, year: number, extra: Partial<RoutedDocument> = {}): RoutedDocument => ({
  id, filename: `${id}.pdf`, company: company_name, company_name, company_key, fiscal_year: year, fiscal_period: "FY", kind: "annual report", ...extra,
});
const docs = [
  doc("bh19", "BEST HARVEST CO., INC.", "bestharvest", 2019, { ticker: "BHV" }),
  doc("bh23", "Best Harvest Co., Inc.", "bestharvest", 2023, { ticker: "BHV" }),
  doc("ts15", "TESSALINE SYSTEMS INCORPORATED", "tessalinesystems", 2015, { sec_file_number: "0-7000" }),
  doc("ts22", "Tessaline Inc.", "tessaline", 2022, { sec_file_number: "000-7000", ticker: "TSLN" }),
  doc("mw18", "MARROWIND'S CORPORATION", "marrowinds", 2018, { ticker: "MRW" }),
  doc("q918", "9Q COMPANY", "9q", 2018, { ticker: "NQ" }),
];
const routed = (question: string) => routeDocuments(docs, understandQuery(question)).documentIds?.slice().sort();

describe("the deal's companies, computed once per list of documents", () => {
  it("are the same objects for the same list, frozen, and recomputed for another list", () => {
    const first = dealCompanies(docs);
    expect(dealCompanies(docs)).toEqual(first);
    expect(dealCompanies(docs)[0]).toBe(first[0]);
    expect(() => (first[0]!.documentIds as string[]).push("x")).toThrow(TypeError);
    first.reverse(); // a caller's copy: the next caller still gets the deal's order
    expect(dealCompanies(docs).map((c) => c.key)).toEqual([...first].reverse().map((c) => c.key));
    const more = [...docs, doc("nw24", "NEWCO HOLDINGS", "newcoholdings", 2024)];
    expect(dealCompanies(more).map((c) => c.key)).toContain("newcoholdings");
    expect(routeDocuments(more, understandQuery("Newco Holdings revenue")).documentIds).toEqual(["nw24"]);
  });
});

describe("a question naming a company reads only that company's documents", () => {
  it("by name, case-insensitive, possessive, however the filing writes it", () => {
    expect(routed("What was best harvest's FY2019 revenue?")).toEqual(["bh19", "bh23"]);
    expect(routed("What is the FY2018 capital expenditure amount for 9Q?")).toEqual(["q918"]);
    expect(routed("What were 9Q's net sales?")).toEqual(["q918"]);
    expect(routed("How did Marrowind's margins develop?")).toEqual(["mw18"]);
  });

  it("by a distinctive first word, which also joins a renamed company's filings", () => {
    expect(routed("Tessaline revenue in FY2015")).toEqual(["ts15", "ts22"]);
  });

  it("by ticker written as a ticker", () => {
    expect(routed("BHV operating margin FY2023")).toEqual(["bh19", "bh23"]);
    expect(routed("What is MRW's inventory turnover?")).toEqual(["mw18"]);
    // "nq" in lower case is not a ticker, nor is an acronym of financial writing
    expect(routed("what is the nq revenue")).toBeUndefined();
    expect(understandQuery("What is the FY2022 EPS and FCF of BHV?").tickers).toEqual(["BHV"]);
    expect(understandQuery("WHAT IS THE REVENUE OF NQ?").tickers).toEqual([]);
  });

  it("never by a common word a name contains", () => {
    expect(routed("Should we buy the best harvest of leads?")).toEqual(["bh19", "bh23"]); // the name itself, written out
    expect(routed("Is it the best time to buy?")).toBeUndefined();
    expect(routed("What systems does the company use?")).toBeUndefined();
  });

  it("the deal's companies, named as their newest filing writes them", () => {
    const companies = dealCompanies(docs);
    expect(companies).toHaveLength(4);
    expect(companies.find((c) => c.documentIds.includes("ts15"))).toMatchObject({ name: "Tessaline Inc.", tickers: ["TSLN"] });
  });
});

describe("two companies' figures are never related", () => {
  const D = (id: string, filename: string, extra: Partial<DocInfo>): DocInfo => ({ id, filename, kind: "annual report", ...extra });
  const F = (id: string, documentId: string, valueNum: number) => ({
    id, documentId, metricKey: "revenue", period: "FY2021", valueNum, valueText: String(valueNum), isForecast: false, sourcePage: 2, currency: "USD",
  });

  it("filed under one version group or one short name, different registrants never CONTRADICT or SUPERSEDE", () => {
    const p = planRelations({
      documents: [
        D("a", "annual_report.pdf", { company: "Q", companyName: "QUILLFEATHER ROBOTICS, INC.", companyKey: "quillfeatherrobotics", fiscalYear: 2021, versionGroup: "annual_report" }),
        D("b", "annual_report_v2.pdf", { company: "Q", companyName: "Harbor Pine Corp", companyKey: "harborpine", fiscalYear: 2022, versionGroup: "annual_report" }),
      ],
      findings: [F("x", "a", 100), F("y", "b", 250)],
    });
    expect(p.relations.filter((r) => r.type === "SUPERSEDES" || r.type === "CONTRADICTS")).toEqual([]);
    expect(p.skipped.map((s) => s.why)).toContain("different companies");
  });

  it("one company's renamed filings still restate each other", () => {
    const p = planRelations({
      documents: [
        D("old", "ts_2021.pdf", { company: "TESSALINE SYSTEMS INCORPORATED", companyKey: "tessalinesystems", secFileNumber: "0-7000", fiscalYear: 2021 }),
        D("new", "ts_2022.pdf", { company: "Tessaline Inc.", companyKey: "tessaline", secFileNumber: "000-7000", fiscalYear: 2022 }),
      ],
      findings: [F("o", "old", 100), F("n", "new", 104)],
    });
    expect(p.relations.some((r) => r.type === "SUPERSEDES" && r.fromId === "n" && r.toId === "o")).toBe(true);
  });
});
