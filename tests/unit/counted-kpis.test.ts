/**
 * Counts a company reports in its own tables: subscribers ("paid subs", "paying members") and units
 * sold ("iphone units", "how many widgets did they sell") are catalog concepts; the word an analyst
 * writes beside the name ("paid") chooses between rows that disagree; a count printed in thousands
 * says so; and a sentence giving only percentages and dates states no count.
 */
import { describe, expect, it } from "vitest";
import { conceptById } from "@/lib/agent/concepts/catalog";
import type { LineItemRow } from "@/lib/agent/evidence/line-items";
import { pickScopedRow } from "@/lib/agent/offline/answers-from/pick-row";
import { writeScopedRows } from "@/lib/agent/offline/answers-from/rows";
import { quoteAnswerOverride } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";

const ROOM = ["ACME INC."];

describe("counted figures in the catalog", () => {
  it("reads subscribers in analysts' words, with the part of the company apart", () => {
    for (const [q, scope] of [
      ["acme intl paid subs at end of 2022", "international"],
      ["how many paying members did acme have in europe at ye22", "europe"],
      ["domestic subscribers 2022", "domestic"],
      ["acme total memberships end of fy22", undefined],
    ] as const) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["subscribers"]);
      expect(r.scope, q).toBe(scope);
      expect(r.periods, q).toEqual(["FY2022"]);
    }
  });

  it("reads units sold of a product, asked as units or as 'how many … did they sell'", () => {
    for (const q of ["acme widget units fy21", "how many widgets did acme sell in 2021", "how many widgets were sold in fy21", "widget unit sales 2021"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["unit_sales"]);
      expect(r.scope, q).toMatch(/^widget/);
    }
    // how much they sold is still revenue
    expect(readQuestion("how much did acme sell in 2021", ROOM).concepts.map((c) => c.id)).toEqual(["revenue"]);
  });
});

const row = (item: string, label: string, printed: string, scale: number): LineItemRow =>
  ({
    item,
    match: "table",
    label,
    source: "table",
    table: { title: "International Segment", headings: ["Memberships"] },
    scale,
    columns: [{ period: "FY2022", months: 12, value: Number(printed.replace(/,/g, "")) * scale, printed }],
    document: "ACME_2022_10K.pdf",
    page: 22,
    row: `${label} ${printed}`,
    citation: "(source: ACME_2022_10K.pdf, p.22)",
  }) as LineItemRow;

describe("rows that disagree on a count", () => {
  const subscribers = conceptById("subscribers")!;
  const rows = (item: string) => [row(item, "Memberships at end of period", "30,024", 1000), row(item, "Paid memberships at end of period", "27,438", 1000)];

  it("takes the row that says the word the analyst wrote beside the figure", () => {
    const out = { company: "ACME INC.", rows: rows("international paid subscribers"), notFound: [], notes: [] };
    expect(pickScopedRow(out, subscribers, "international", false, ["FY2022"])?.label).toBe("Paid memberships at end of period");
  });

  it("takes neither when the analyst wrote nothing that tells them apart", () => {
    const out = { company: "ACME INC.", rows: rows("international subscribers"), notFound: [], notes: [] };
    expect(pickScopedRow(out, subscribers, "international", false, ["FY2022"])).toBeNull();
  });

  it("says the scale of a count printed in thousands, and none of a count printed whole", () => {
    const thousands = { company: "ACME INC.", rows: [row("international paid subscribers", "Paid memberships at end of period", "27,438", 1000)], notFound: [], notes: [] };
    expect(writeScopedRows(thousands, subscribers, "international", false, ["FY2022"])).toMatch(/\*\*27,438 thousand\*\*/);
    const whole = { company: "ACME INC.", rows: [row("international paid subscribers", "Paid memberships at end of period", "27,438", 1)], notFound: [], notes: [] };
    expect(writeScopedRows(whole, subscribers, "international", false, ["FY2022"])).toMatch(/\*\*27,438\*\* /);
  });
});

describe("a count asked, answered by a quoted sentence", () => {
  const quoted = (sentence: string) => `ACME_2022_10K.pdf states: "${sentence}" (source: ACME_2022_10K.pdf, p.22)\n(Quoted from ACME_2022_10K.pdf; no extracted finding covers this yet.)`;

  it("does not stand on percentages and dates", () => {
    const r = readQuestion("international paid memberships 2022", ROOM);
    const text = quoted("Average paid international memberships accounted for 35% of total average paid memberships as of December 31, 2022, as compared to 27% as of December 31, 2021.");
    expect(quoteAnswerOverride(r, text, [])).toMatch(/^I couldn't find/);
  });

  it("stands on a sentence stating the number of members", () => {
    const r = readQuestion("international paid memberships 2022", ROOM);
    const text = quoted("International paid memberships were 27.4 million as of December 31, 2022.");
    expect(quoteAnswerOverride(r, text, [])).toBeNull();
  });
});

describe("a share of a whole quoted from a sentence", () => {
  const quoted = (sentence: string) => `ACME_2023_10K.pdf states: "${sentence}" (source: ACME_2023_10K.pdf, p.37)`;
  it("stands on 'X% of …' or 'accounted for X%', never on a growth rate, in three wordings", () => {
    for (const q of ["acme direct as % of acme brand rev fy23", "acme direct as a percentage of brand revenues in fiscal 2023", "acme direct revenue as a percent of acme brand revenue, fiscal 2023"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, quoted("On a currency-neutral basis, ACME Direct revenues increased 20% primarily driven by digital sales growth of 24%."), []), q).toMatch(/^I couldn't find the percentage/);
      expect(quoteAnswerOverride(r, quoted("ACME Direct revenues represented approximately 44% of total ACME Brand revenues for fiscal 2023."), []), q).toBeNull();
    }
  });
});
