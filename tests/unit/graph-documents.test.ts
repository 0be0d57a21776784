import { describe, expect, it } from "vitest";
import {
  contentSupersessions,
  datesIn,
  filenameSupersessions,
  findCorrectionPhrases,
  mergeDocSupersessions,
  versionLabel,
  type DocInfo,
} from "@/lib/graph/detect/documents";

const doc = (id: string, filename: string, extra: Partial<DocInfo> = {}): DocInfo => ({ id, filename, ...extra });
const pairs = (edges: { fromId: string; toId: string }[]) => edges.map((e) => `${e.fromId}>${e.toId}`).sort();

describe("version order from filename patterns", () => {
  it("labels versions like lib/ingest/metadata.ts", () => {
    expect(versionLabel("annual_report_CORRECTED.pdf")).toMatchObject({ group: "annual_report", rank: 100, marker: "_CORRECTED" });
    expect(versionLabel("forecast_v2.xlsx")).toMatchObject({ group: "forecast", rank: 2, marker: "_v2" });
    expect(versionLabel("report (2).pdf")).toMatchObject({ group: "report", rank: 3, marker: "(2)" });
    expect(versionLabel("report.pdf")).toMatchObject({ group: "report", rank: 1, marker: null });
  });

  it.each([
    ["annual_report_CORRECTED.pdf", "annual_report.pdf"],
    ["forecast_v2.xlsx", "forecast.xlsx"],
    ["forecast_v2.xlsx", "forecast_v1.xlsx"],
    ["presentation_FINAL.pptx", "presentation.pptx"],
    ["financials_updated.xlsx", "financials.xlsx"],
    ["report (1).pdf", "report.pdf"],
  ])("%s SUPERSEDES %s", (newer, older) => {
    const { edges } = filenameSupersessions([doc("old", older), doc("new", newer)]);
    expect(pairs(edges)).toEqual(["new>old"]);
    expect(edges[0].createdBy).toBe("filename_pattern");
  });

  it("chains v3 → v2 → v1/unversioned and (2) → (1) → unmarked, storing only adjacent edges", () => {
    const v = filenameSupersessions([doc("v1", "plan_v1.xlsx"), doc("v3", "plan_v3.xlsx"), doc("v2", "plan_v2.xlsx")]);
    expect(pairs(v.edges)).toEqual(["v2>v1", "v3>v2"]);
    const c = filenameSupersessions([doc("c2", "report (2).pdf"), doc("c0", "report.pdf"), doc("c1", "report (1).pdf")]);
    expect(pairs(c.edges)).toEqual(["c1>c0", "c2>c1"]);
  });

  it("v2 supersedes both an unmarked file and a _v1 file of the same group (both are version 1)", () => {
    const r = filenameSupersessions([doc("a", "plan.xlsx"), doc("b", "plan_v1.xlsx"), doc("c", "plan_v2.xlsx")]);
    expect(pairs(r.edges)).toEqual(["c>a", "c>b"]);
    expect(r.uncertainties[0]).toMatch(/cannot be ordered/);
  });

  it("orders same-rank files by document date, and leaves them alone without dates", () => {
    const dated = filenameSupersessions([
      doc("f", "deck_FINAL.pdf", { documentDate: "2024-10-01" }),
      doc("u", "deck_updated.pdf", { documentDate: "2024-11-01" }),
    ]);
    expect(pairs(dated.edges)).toEqual(["u>f"]);
    const undated = filenameSupersessions([doc("f", "deck_FINAL.pdf"), doc("u", "deck_updated.pdf")]);
    expect(undated.edges).toEqual([]);
    expect(undated.uncertainties).toHaveLength(1);
  });

  it("does not relate different groups (two 10-Ks, different quarters)", () => {
    const r = filenameSupersessions([doc("a", "3M_2018_10K.pdf"), doc("b", "3M_2022_10K.pdf"), doc("c", "Q2_2024_Report.pdf"), doc("d", "Q3_2024_Report.pdf")]);
    expect(r.edges).toEqual([]);
  });

  it("uses the stored version_group when present", () => {
    const r = filenameSupersessions([doc("a", "x.pdf", { versionGroup: "g" }), doc("b", "y_v2.pdf", { versionGroup: "g" })]);
    expect(pairs(r.edges)).toEqual(["b>a"]);
  });
});

describe("correction phrases (method 2)", () => {
  it.each([
    ["This corrects our earlier estimate of revenue.", "this corrects"],
    ["Restated figures for 2023.", "restated"],
    ["This corrected version supersedes the annual report dated 15 March 2024.", "corrected version"],
    ["Version 2.0 – supersedes forecast.xlsx dated 27 September 2024", "supersedes"],
    ["Denna rapport ersätter tidigare version.", "ersätter"],
    ["Rättelse av delårsrapport", "rättelse"],
  ])("finds %j", (text, phrase) => {
    expect(findCorrectionPhrases(text).map((h) => h.phrase)).toContain(phrase);
  });

  it("quotes the sentence around the phrase", () => {
    const [h] = findCorrectionPhrases("Cover\nVersion 2.0 – supersedes forecast.xlsx dated 27 September 2024\nAssumptions");
    expect(h.context).toBe("Version 2.0 – supersedes forecast.xlsx dated 27 September 2024");
  });

  it("reads dates in a sentence", () => {
    expect(datesIn("dated 15 March 2024 and March 16, 2024 and 2024-03-17")).toEqual(["2024-03-15", "2024-03-16", "2024-03-17"]);
  });

  it("links to a document named in the sentence", () => {
    const { edges } = contentSupersessions([
      doc("old", "forecast.xlsx", { documentDate: "2024-09-27" }),
      doc("new", "Budget_Nov.xlsx", { documentDate: "2024-11-08", headText: "Version 2.0 – supersedes forecast.xlsx dated 27 September 2024" }),
    ]);
    expect(pairs(edges)).toEqual(["new>old"]);
    expect(edges[0].createdBy).toBe("content_phrase");
  });

  it("links to the same kind, company and period, picking by the date named when several", () => {
    const docs = [
      doc("a", "AR_2023_draft.pdf", { kind: "annual report", fiscalYear: 2023, fiscalPeriod: "FY", documentDate: "2024-02-01" }),
      doc("b", "AR_2023.pdf", { kind: "annual report", fiscalYear: 2023, fiscalPeriod: "FY", documentDate: "2024-03-15" }),
      doc("c", "AR_2023_fix.pdf", {
        kind: "annual report", fiscalYear: 2023, fiscalPeriod: "FY", documentDate: "2024-05-22",
        headText: "This corrected version supersedes the annual report dated 15 March 2024.",
      }),
      doc("d", "AR_2022.pdf", { kind: "annual report", fiscalYear: 2022, fiscalPeriod: "FY", documentDate: "2023-03-15" }),
    ];
    expect(pairs(contentSupersessions(docs).edges)).toEqual(["c>b"]);
  });

  it("ignores 'restated' that points nowhere (a forecast citing a corrected annual report, a 10-K's restated prior years)", () => {
    const r = contentSupersessions([
      doc("ar", "Annual_Report_2023_CORRECTED.pdf", { kind: "annual report", fiscalYear: 2023, documentDate: "2024-05-22" }),
      doc("fc", "forecast.xlsx", { kind: "forecast", documentDate: "2024-09-27", headText: "FY2023A as restated in the corrected annual report of 22 May 2024." }),
      doc("k18", "3M_2018_10K.pdf", { kind: "annual report", company: "3M", fiscalYear: 2018, fiscalPeriod: "FY", documentDate: "2019-02-07" }),
      doc("k22", "3M_2022_10K.pdf", { kind: "annual report", company: "3M", fiscalYear: 2022, fiscalPeriod: "FY", documentDate: "2023-02-08", headText: "Certain amounts have been restated." }),
    ]);
    expect(r.edges).toEqual([]);
  });

  it("never points at a newer document", () => {
    const r = contentSupersessions([
      doc("new", "report_b.pdf", { kind: "quarterly report", fiscalYear: 2024, fiscalPeriod: "Q2", documentDate: "2024-08-01" }),
      doc("old", "report_a.pdf", { kind: "quarterly report", fiscalYear: 2024, fiscalPeriod: "Q2", documentDate: "2024-07-01", headText: "This corrects …" }),
    ]);
    expect(r.edges).toEqual([]);
  });

  it("merges filename and content edges into one (filename first) and refuses cycles", () => {
    const merged = mergeDocSupersessions(
      [{ fromId: "b", toId: "a", createdBy: "filename_pattern", reason: "name" }],
      [
        { fromId: "b", toId: "a", createdBy: "content_phrase", reason: "text" },
        { fromId: "a", toId: "b", createdBy: "content_phrase", reason: "cycle" },
      ],
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ fromId: "b", toId: "a", createdBy: "filename_pattern", reason: "name Confirmed: text" });
  });
});
