import { describe, expect, it } from "vitest";
import { differentCompanies, newestRelatedDates, relatedDocuments, type DocumentFacts } from "@/lib/agent/knowledge/related-documents";

const doc = (document_id: string, filename: string, document_date: string | null, document_company: string | null, version_group: string | null = null): DocumentFacts => ({
  document_id, filename, document_date, document_company, version_group,
});

describe("documents a figure's age is measured against", () => {
  const ar = doc("ar", "Annual_Report_2023.pdf", "2024-03-15", "Nordhavn Analytics AB", "annual_report_2023");
  const arc = doc("arc", "Annual_Report_2023_CORRECTED.pdf", "2024-05-22", "Nordhavn Analytics AB", "annual_report_2023");
  const fc = doc("fc", "forecast.xlsx", "2024-09-27", "Nordhavn Analytics AB", "forecast");
  const fc2 = doc("fc2", "forecast_v2.xlsx", "2024-11-08", null, "forecast");
  const customers = doc("cl", "Customer_List_Q3_2024.csv", "2024-10-01", null, "customer_list_q3_2024");
  const mmm = doc("mmm", "3M_2022_10K.pdf", "2022-12-31", "3M", "3m_2022_10k");
  const mmm18 = doc("mmm18", "3M_2018_10K.pdf", "2018-12-31", "3M COMPANY", "3m_2018_10k");
  const amzn = doc("amzn", "AMAZON_2019_10K.pdf", "2019-12-31", "AMAZON", "amazon_2019_10k");

  it("one company's documents, and a report's versions, are related; other companies' never", () => {
    expect(relatedDocuments(ar, arc)).toBe(true);
    expect(relatedDocuments(arc, fc)).toBe(true); // same company
    expect(relatedDocuments(fc, fc2)).toBe(true); // versions, though v2 names no company
    expect(relatedDocuments(customers, fc)).toBe(false); // no company, another report
    expect(relatedDocuments(mmm, mmm18)).toBe(true); // "3M" = "3M COMPANY"
    expect(relatedDocuments(mmm, amzn)).toBe(false);
    expect(differentCompanies(mmm, amzn)).toBe(true);
    expect(differentCompanies(mmm, customers)).toBe(false);
  });

  it("never across companies, even under one version group", () => {
    const a = doc("a", "annual_report.pdf", "2023-01-01", "Alpha AB", "annual_report");
    const b = doc("b", "annual_report_v2.pdf", "2024-01-01", "Beta AB", "annual_report");
    expect(relatedDocuments(a, b)).toBe(false);
  });

  it("a stored row without a version group falls back to the file name's", () => {
    expect(relatedDocuments(doc("x", "Board_Pack.pdf", null, null), doc("y", "Board_Pack_FINAL.pdf", null, null))).toBe(true);
  });

  it("the newest related date per document", () => {
    const newest = newestRelatedDates([ar, arc, fc, fc2, customers, mmm, mmm18, amzn, arc]);
    expect(newest.get("ar")).toBe("2024-09-27"); // the company's newest (forecast), not the company-less customer list
    expect(newest.get("fc")).toBe("2024-11-08"); // forecast_v2 is newer than forecast
    expect(newest.get("cl")).toBe("2024-10-01"); // only itself
    expect(newest.get("mmm18")).toBe("2022-12-31");
    expect(newest.get("amzn")).toBe("2019-12-31"); // not 3M's 2022 filing
  });
});

describe("company identity read from the documents", () => {
  it("decides over the names: a short name and the registrant's full name are one company; the same first word is not", () => {
    const short = { ...doc("a", "q3_release.pdf", "2023-10-30", "Quillfeather"), document_company_key: "quillfeatherrobotics" };
    const full = { ...doc("b", "10k_2023.pdf", "2024-02-01", "QUILLFEATHER ROBOTICS, INC."), document_company_key: "quillfeatherrobotics" };
    const other = { ...doc("c", "qf_foods.pdf", "2024-02-01", "Quillfeather Foods"), document_company_key: "quillfeatherfoods" };
    expect(differentCompanies(short, full)).toBe(false);
    expect(differentCompanies(full, other)).toBe(true);
  });
});
