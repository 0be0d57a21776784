/**
 * A figure that is itself a change (comparable sales) is printed with the word of its move:
 * "Comparable sales % gain", "Same-store sales increase". Such a row names the figure (its head
 * noun is the figure, the move word measures it), and the company's figure is the company's own
 * row: a segment's row of the same label ("Domestic Segment Performance Summary") gives way to it,
 * so the rows never disagree into no answer. The companies and figures are made up.
 */
import { describe, expect, it } from "vitest";
import { namesAsHead } from "@/lib/agent/evidence/head-noun";
import type { LineItemRow } from "@/lib/agent/evidence/line-items";
import { writeRows } from "@/lib/agent/offline/answers-from/rows";
import { readQuestion } from "@/lib/agent/reader/read";

const ROOM = [{ name: "ACME INC.", tickers: ["ACME"] }];
const rate = (label: string, title: string, value: number, part = false): LineItemRow => ({
  item: "comparable_sales", match: "label", label, source: "table", table: { title, headings: [] }, scale: 1, unit: "%",
  columns: [{ period: "FY2017", months: 12, printed: `${value}%`, value }], document: "Annual_Report.pdf", page: part ? 33 : 31,
  row: `${label} ${value} %`, citation: `(source: Annual_Report.pdf, p.${part ? 33 : 31})`, ...(part ? { part: { scope: "segment", name: label } } : {}),
} as LineItemRow);

describe("a change figure's row printed with its move word", () => {
  it("names the figure as its head noun", () => {
    for (const label of ["Comparable sales % gain", "Same-store sales increase", "Comparable sales % decline"]) expect(namesAsHead([label], ["compar", "sale"]), label).toBe(true);
  });

  it("answers the company's comparable sales from its own row, not a segment's, on several wordings and labels", () => {
    for (const [label, segmentLabel] of [["Comparable sales % gain", "Comparable sales % gain"], ["Comparable sales increase", "Comparable sales increase"]]) {
      const rows = { company: "ACME INC.", rows: [rate(label!, "Consolidated Performance Summary", 0.3), rate(segmentLabel!, "Domestic Segment Performance Summary", 0.2, true)], notFound: [], notes: [] };
      for (const q of ["acme comparable sales growth for fy17", "ACME FY2017 comps", "What were same-store sales in fiscal 2017?"]) {
        const r = readQuestion(q, ROOM);
        expect(r.concepts[0]?.id, q).toBe("comparable_sales");
        expect(writeRows(rows, r.concepts[0]!), `${q} / ${label}`).toContain("**0.3%**");
      }
    }
  });

  it("still answers from a segment's row when it is the only one", () => {
    const rows = { company: "ACME INC.", rows: [rate("Comparable sales % gain", "Domestic Segment Performance Summary", 0.2, true)], notFound: [], notes: [] };
    expect(writeRows(rows, readQuestion("ACME FY2017 comps", ROOM).concepts[0]!)).toContain("**0.2%**");
  });

  it("never reads another figure's row with a move word as the change figure", () => {
    const rows = { company: "ACME INC.", rows: [rate("Comparable online sales % gain", "Consolidated Performance Summary", 20.8)], notFound: [], notes: [] };
    expect(writeRows(rows, readQuestion("ACME FY2017 comps", ROOM).concepts[0]!)).toBeNull();
  });
});
