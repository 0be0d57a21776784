/**
 * The block search_documents returns around an excerpt: a table whose rows the PDF's text layer
 * spaces with blank lines is returned whole (a model read only its first row before), a lead-in
 * ending in ":" comes with what it opens, and a paragraph long enough to stand alone still ends at
 * its blank line.
 */
import { describe, expect, it } from "vitest";
import { blockAround, newestFirst, passageOf } from "@/lib/agent/evidence/passages";

const blockOf = (text: string, at: string) => {
  const b = blockAround(text, text.indexOf(at));
  return text.slice(b.start, b.end);
};

describe("the block around an excerpt", () => {
  it("keeps a table's rows spaced by blank lines together", () => {
    const text = [
      "The following table summarizes the purchase price allocation of the acquisition (in millions):",
      "",
      "Cash paid $ 13,200",
      "",
      "Inventories 1,000",
      "",
      "Property and equipment, including leased properties and fixtures 4,700",
      "",
      "Operating lease assets recognized at the acquisition date 3,100",
      "",
      "Other assets acquired, including receivables and prepaid expenses 300",
      "",
      "Long-term debt assumed, including current portion (1,100)",
      "",
      "Operating lease liabilities assumed at the acquisition date (5,300)",
      "",
      "Other liabilities assumed, including accrued expenses (1,600)",
      "",
      "Goodwill 9,010",
      "",
      "Intangible assets 2,200",
      "",
      "Total purchase price $ 13,700",
      "",
      "The acquired business's results have been included in our consolidated statements since the acquisition date, which was the closing date of the deal, and are not material to the year presented.",
    ].join("\n");
    const block = blockOf(text, "Cash paid");
    expect(block).toMatch(/Goodwill 9,010/);
    expect(block).toMatch(/Total purchase price \$ 13,700/);
  });

  it("takes a lead-in's list with it", () => {
    const text = ["Net income decreased 18% in 2023 to $1.2 billion, and diluted earnings per share decreased 17% to $4.10, as the prior year had included gains that did not recur and the current year bore several charges that management does not expect to recur, together with a negative impact of foreign currency translation of $0.12 on diluted earnings per share. The results included the following items:", "", "• Charges of $300 million related to exiting the Nordic market", "• A gain of $50 million on the sale of a property", "", "Other matters follow here in a paragraph of their own that says nothing about the results of the year."].join("\n");
    const block = blockOf(text, "Net income decreased");
    expect(block).toMatch(/Nordic market/);
    expect(block).toMatch(/sale of a property/);
  });

  it("ends a paragraph long enough to stand alone at its blank line", () => {
    const para = "Revenue increased 12% in 2023 to $4.2 billion, driven by higher volumes in every region and price increases that took effect in the second quarter, partly offset by unfavorable currency movements in Europe and Asia, and by the exit from two low-margin product lines that the company announced in the prior year as part of its portfolio review, which reduced revenue by about two percentage points in the year as a whole.";
    const text = [para, "", "Cost of sales 1,200 1,100", "Gross profit 3,000 2,650"].join("\n");
    expect(blockOf(text, "Revenue increased")).toBe(para);
  });
});

describe("the passage around a search excerpt", () => {
  const cash = "Cash flow - The company generated $605 million of operating cash flow during the second quarter. " + "The company also paid cash dividends of $133 million during the quarter. ".repeat(6) + "Its portfolio totaled $5.3 billion as of June 30, 2023.";
  const outlook = ["Business Outlook", "", "ACME is providing the following guidance for Q3 2023.", "", "Q3 2023 Guidance", "Revenue $2.46 - $2.52", "Diluted EPS $0.67 - $0.72"].join("\n");
  const page = `${cash}\n\n${outlook}\n\nDividend Declaration\n\nThe board declared a dividend.`;

  it("holds the excerpt's end when the excerpt runs from one block into the next", () => {
    const excerpt = "… totaled $5.3 billion as of June 30, 2023. Business Outlook ACME is providing the following guidance for Q3 2023. Q3 2023 Guidance Revenue";
    const p = passageOf(page, excerpt);
    expect(p.text).toContain("Revenue $2.46 - $2.52");
    expect(p.text).toContain("as of June 30, 2023");
  });

  it("is the one block when the excerpt lies inside it", () => {
    const p = passageOf(page, "Revenue $2.46 - $2.52 Diluted EPS");
    expect(p.text).toContain("Q3 2023 Guidance");
    expect(p.text).not.toContain("operating cash flow");
  });
});

describe("hits of the newest documents first", () => {
  const release = (id: string, date: string, fiscalPeriod: string | null = null) => ({ id, filename: `${id}.pdf`, kind: "earnings release", fiscalYear: 2023, fiscalPeriod, company: "Acme", date });

  it("orders two releases of one year whose quarter is unknown by their date, keeping each one's rank order", () => {
    const docs = [release("may", "2023-05-04"), release("july", "2023-07-27")];
    const hits = [{ documentId: "may", page: 1 }, { documentId: "july", page: 4 }, { documentId: "may", page: 2 }, { documentId: "july", page: 1 }];
    expect(newestFirst(hits, docs)).toEqual([{ documentId: "july", page: 4 }, { documentId: "july", page: 1 }, { documentId: "may", page: 1 }, { documentId: "may", page: 2 }]);
  });

  it("orders by fiscal period before the date", () => {
    const docs = [release("q2", "2023-01-01", "Q2"), release("q1", "2023-12-31", "Q1")];
    expect(newestFirst([{ documentId: "q1" }, { documentId: "q2" }], docs).map((h) => h.documentId)).toEqual(["q2", "q1"]);
  });
});
