/**
 * get_line_items' notes on a statement line two filings print for one period with different values:
 * the later filing restates it, so a model reads the later value as current and never as a
 * contradiction.
 */
import { describe, expect, it } from "vitest";
import { restatements, type LineItemRow } from "@/lib/agent/evidence/line-items";

const line = (document: string, value: number, period = "FY2020"): LineItemRow => ({
  item: "revenue", match: "label", label: "Net revenues", source: "statement", scale: 1e6, currency: "USD",
  columns: [{ period, months: 12, value: value * 1e6 }], document, page: 60, row: `Net revenues ${value}`, citation: `(source: ${document}, p.60)`,
});
const docs = [{ filename: "ACME_2020_10K.pdf", fiscalYear: 2020 }, { filename: "ACME_2021_10K.pdf", fiscalYear: 2021 }, { filename: "ACME_2022_10K.pdf", fiscalYear: 2022 }];

describe("restated statement lines", () => {
  it("names the later filing's value as current and the earlier as first reported", () => {
    const notes = restatements([line("ACME_2020_10K.pdf", 10271), line("ACME_2022_10K.pdf", 8894)], docs);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/FY2020 "net revenues" is USD 8,894 million in ACME_2022_10K\.pdf and USD 10,271 million in the earlier ACME_2020_10K\.pdf: the later filing restates it/);
  });

  it("says nothing when the filings agree, or for different periods", () => {
    expect(restatements([line("ACME_2020_10K.pdf", 10271), line("ACME_2021_10K.pdf", 10271)], docs)).toEqual([]);
    expect(restatements([line("ACME_2020_10K.pdf", 10271), line("ACME_2021_10K.pdf", 8894, "FY2021")], docs)).toEqual([]);
  });

  it("reads two lines of one label in one filing (a revenue and an expense line) as two figures, never a restatement", () => {
    // the same label printed under revenues and under expenses, in each of two filings
    const rows = [line("ACME_2020_10K.pdf", 1485), line("ACME_2020_10K.pdf", 773), line("ACME_2022_10K.pdf", 1485), line("ACME_2022_10K.pdf", 773)];
    expect(restatements(rows, docs)).toEqual([]);
    expect(restatements([line("ACME_2022_10K.pdf", 1485), line("ACME_2022_10K.pdf", 773)], docs)).toEqual([]);
  });
});
