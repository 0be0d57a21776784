/** Periods in an evidence-tool call, read against the documents in scope (lib/agent/evidence/periods.ts). */
import { describe, expect, it } from "vitest";
import { resolvePeriods } from "@/lib/agent/evidence/periods";
import type { ScopeDocument } from "@/lib/agent/evidence/scope";

const doc = (fiscalYear: number, date: string, kind = "10-K", fiscalPeriod = "FY"): ScopeDocument => ({ id: `${kind}-${date}`, filename: `ACME_${date}.pdf`, kind, fiscalYear, fiscalPeriod, company: "Acme", date });

describe("a day in a tool call", () => {
  const docs = [doc(2022, "2022-09-24"), doc(2021, "2021-09-25"), doc(2023, "2022-12-31", "10-Q", "Q1")];

  it("is the fiscal year an annual report closes on that day, with a note saying so", () => {
    const r = resolvePeriods(["24 September 2022"], docs);
    expect(r.labels).toEqual(["FY2022"]);
    expect(r.notes.join(" ")).toMatch(/fiscal year ending that day/);
    // a 52/53-week year ends within a week of the day asked
    expect(resolvePeriods(["30 September 2021"], docs).labels).toEqual(["FY2021"]);
  });

  it("stays a day when no annual report closes on it (a quarter's balance sheet date)", () => {
    expect(resolvePeriods(["31 December 2022"], docs).labels).toEqual(["31 December 2022"]);
    expect(resolvePeriods(["31 March 2022"], docs).labels).toEqual(["31 March 2022"]);
  });
});

describe("a quarter asked without its year", () => {
  it("is the newest such quarter the documents report, with a note saying so", () => {
    const docs = [doc(2023, "2023-03-31", "earnings release", "Q1"), doc(2022, "2022-03-31", "earnings release", "Q1"), doc(2022, "2022-12-31")];
    const r = resolvePeriods(["Q1"], docs);
    expect(r.labels).toEqual(["Q1 2023"]);
    expect(r.notes.join(" ")).toMatch(/"Q1" read as Q1 2023/);
    expect(resolvePeriods(["latest quarter"], docs).labels).toEqual(["Q1 2023"]);
  });

  it("is that quarter of the latest fiscal year when no document reports quarters", () => {
    expect(resolvePeriods(["Q4"], [doc(2022, "2022-12-31"), doc(2021, "2021-12-31")]).labels).toEqual(["Q4 2022"]);
  });
});

describe("a quarter named by its closing month", () => {
  it("is the quarterly document whose period ends that month, a 52/53-week quarter ending days into the next included", () => {
    const docs = [doc(2023, "2023-07-01", "10-Q", "Q3"), doc(2023, "2023-04-01", "10-Q", "Q2"), doc(2022, "2022-09-24")];
    expect(resolvePeriods(["quarter ending June"], docs).labels).toEqual(["Q3 2023"]);
    expect(resolvePeriods(["quarter ending March 2023"], docs).labels).toEqual(["Q2 2023"]);
    expect(resolvePeriods(["quarter ending December"], docs).unread).toEqual(["quarter ending December"]);
    // the same quarter a year before, asked in words
    expect(resolvePeriods(["quarter ending June a year earlier", "quarter ending June"], docs).labels).toEqual(["Q3 2022", "Q3 2023"]);
    expect(resolvePeriods(["Q2 a year earlier"], docs).labels).toEqual(["Q2 2022"]);
  });

  it("is the quarter an earnings release reports, the release being dated weeks after the quarter ends", () => {
    const docs = [doc(2023, "2023-07-26", "earnings release", "Q2"), doc(2023, "2023-04-26", "earnings release", "Q1")];
    expect(resolvePeriods(["quarter ending June"], docs).labels).toEqual(["Q2 2023"]);
    expect(resolvePeriods(["quarter ending March"], docs).labels).toEqual(["Q1 2023"]);
    expect(resolvePeriods(["quarter ending June a year earlier"], docs).labels).toEqual(["Q2 2022"]);
    // a year named that no release reports is the same quarter of that year (the releases' year-ago columns)
    expect(resolvePeriods(["quarter ending June 2022"], docs).labels).toEqual(["Q2 2022"]);
  });

  it("follows the company's fiscal calendar for a release: quarters end three months from its year end", () => {
    // a year ending in late January: quarters end in April, July, October and January
    const docs = [doc(2024, "2023-08-29", "earnings release", "Q2"), doc(2023, "2023-01-28")];
    expect(resolvePeriods(["quarter ending July"], docs).labels).toEqual(["Q2 2024"]);
    expect(resolvePeriods(["quarter ending June"], docs).unread).toEqual(["quarter ending June"]);
    // a release dated the day its quarter ends is read by that day, whatever the calendar
    expect(resolvePeriods(["quarter ending July"], [doc(2024, "2023-07-31", "earnings release", "Q2")]).labels).toEqual(["Q2 2024"]);
  });
});

describe("'latest' in a deal of interim reports only", () => {
  const releases = [doc(2023, "2023-03-31", "earnings release", "Q1"), doc(2023, "2023-06-30", "earnings release", "Q2")];

  it("is the newest quarter the reports cover, not a fiscal year none of them reports", () => {
    for (const word of ["latest", "now", "current", "most recent"]) {
      const r = resolvePeriods([word], releases);
      expect(r.labels, word).toEqual(["Q2 2023"]);
      expect(r.notes.join(" "), word).toMatch(/no annual report/);
    }
  });

  it("stays the latest fiscal year when an annual report is in the deal, and 'last year' stays a year", () => {
    expect(resolvePeriods(["latest"], [...releases, doc(2022, "2022-12-31")]).labels).toEqual(["FY2022"]);
    expect(resolvePeriods(["last year"], releases).labels).toEqual(["FY2023"]);
  });
});
