/**
 * Agent Mode's reading of a request into items and its gate (issue 21, held-out batch s12):
 * - a figure joined by "and" to a part's figure, with no qualifier of its own, is the part's
 *   ("the Cloud segment's sales and op income"), never the company's;
 * - "which segment is biggest and what it earned" asks the ranked part's profit, once the ranking
 *   names the part;
 * - a back reference that names what it asks ("how many loyalty members they have") is an item;
 * - "unit sales" asks a count, never an amount of money;
 * - a figure asked "current" in a request comparing years is asked as of now, not as two years;
 * - "revenue by segment (which is largest)" and "revenue by segment, which is largest" are a ranking;
 * - a percentage never answers an amount per share, an amount or a count;
 * - a breakdown by segment the run did not find is the run's failure, never a gap in the data room.
 */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { checkItem, rankedFirst } from "@/lib/agent/mode/item-gate";
import { rankingShares, shareOfPart } from "@/lib/agent/mode/item-rewrites";
import { instructionParts } from "@/lib/agent/mode/constraints";
import { askedPhrase, statesPhrase } from "@/lib/agent/mode/coverage";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const cite = (page: number) => `(source: Annual_Report.pdf, p.${page})`;
const source = (page: number, excerpt: string) => ({ id: `d:${page}`, documentId: "d", document: "Annual_Report.pdf", page, excerpt, citation: cite(page), url: `/deals/x/documents/d?page=${page}` });
const leg = (text: string, toolCalls: LegResult["toolCalls"], page = 40): LegResult => ({ item: 1, question: "q", text, sources: [source(page, text)], toolCalls, ms: 1, batch: 1 });
const passages = (...texts: Array<[number, string]>) => ({
  toolName: "search_documents",
  input: { query: "q" },
  output: { passages: texts.map(([page, text]) => ({ document: "Annual_Report.pdf", page, text, citation: cite(page), charStart: 0, charEnd: text.length })), notes: [] },
});
const partRow = (label: string, value: number) => ({
  label, concept: "revenue", unit: "USD", scale: 1, columns: [{ period: "FY2021", value, formatted: `USD ${(value / 1e6).toLocaleString("en-US")} million` }],
  citation: cite(40), table: { title: "Revenue by segment", headings: [] },
});

describe("a figure joined by 'and' to a part's figure", () => {
  it("asks the same part, on several wordings", () => {
    for (const [request, part] of [
      ["Acme FY2021: Cloud sales and op income, capex", "Cloud"],
      ["Acme 2021 - Europe revenue and operating profit", "Europe"],
      ["For 2021 give me Widgets net sales & operating margin", "Widgets"],
    ] as const) {
      const items = readItems(request, ["ACME CORP"]).items;
      expect(items[1]!.ask.startsWith(part), request).toBe(true);
      expect(items[1]!.questions[0], request).toContain(part);
    }
  });

  it("leaves the company's figures and a comma list alone", () => {
    expect(readItems("Acme FY2021: net sales and op income vs 2020", ["ACME CORP"]).items[1]!.ask).toBe("operating income");
    expect(readItems("Acme FY2021: Cloud sales, op income", ["ACME CORP"]).items[1]!.ask).toBe("operating income");
    // a company fact is never a part's
    expect(readItems("Acme FY2021: Cloud sales and headcount", ["ACME CORP"]).items[1]!.ask).toBe("headcount");
  });
});

describe("what the ranked part earned", () => {
  const ranked = [
    `ACME CORP: the largest segment by revenue in fiscal 2021 was **Widgets**, with USD 5,280 million ${cite(40)}. The segments compared:`,
    `- Widgets: USD 5,280 million ${cite(40)}`,
    `- Gadgets: USD 3,100 million ${cite(40)}`,
  ].join("\n");
  const rows = { toolName: "get_line_items", input: { items: ["revenue segment"] }, output: { rows: [partRow("Widgets", 5_280e6), partRow("Gadgets", 3_100e6)], notFound: [], notes: [] } };

  it("asks the profit of the part the ranking names, on several wordings", () => {
    for (const request of [
      "Acme FY2021: which segment is biggest by sales and what it earned, capex",
      "For 2021, which segment is largest, and how much did it earn?",
      "FY2021 - the biggest segment by revenue and what it made in profit",
    ]) {
      const items = readItems(request, ["ACME CORP"]).items;
      const leans = rankingShares(items);
      expect(leans.length, request).toBe(1);
      const ranking = items.find((i) => i.n === leans[0]!.on)!;
      const part = rankedFirst(leg(ranked, [rows]), ranking);
      expect(part, request).toBe("Widgets");
      const asked = shareOfPart(items.find((i) => i.n === leans[0]!.n)!, leans[0]!, part!, ranking, ["ACME CORP"]);
      expect(asked.questions[0], request).toBe("What was the operating income of the Widgets segment in FY2021?");
    }
  });

  it("asks a figure the back reference names of the part, and leaves the ranking's own value to the ranking", () => {
    const named = readItems("Which segment brings in the most revenue in 2021 and what its operating margin was?", []).items;
    expect(rankingShares(named).length).toBe(1);
    expect(named.at(-1)!.concept?.id).toBe("operating_margin");
    const own = readItems("Which segment brings in the most revenue in 2021 and how much did it bring in?", []).items;
    expect(own.map((i) => i.kind)).toEqual(["ranking"]);
  });
});

describe("a back reference naming what it asks", () => {
  it("is an item of its own, on several wordings", () => {
    for (const request of [
      "Acme 2021: top 3 risks, and how many loyalty members they have",
      "Acme 2021: capex, and how many stores they operate",
      "Acme 2021: net income, and how many franchisees it has",
    ]) {
      const items = readItems(request, ["ACME CORP"]).items;
      expect(items.length, request).toBe(2);
      expect(items[1]!.ask, request).toMatch(/loyalty members|stores|franchisees/);
    }
  });
});

describe("unit sales", () => {
  it("asks a count, not the amount of money the word 'sales' names, on several wordings", () => {
    for (const request of ["Acme FY2021: capex, and Widget unit sales", "Acme 2021: unit sales of Gizmo devices", "Gizmo unit shipments for FY2021", "How many Gizmo units sold in 2021?"]) {
      const items = readItems(request, ["ACME CORP"]).items;
      const item = items.at(-1)!;
      // units sold are a count of the catalog, never the money "sales" names
      expect(item.concept?.id, request).toBe("unit_sales");
      expect(item.concept?.kind, request).toBe("count");
    }
  });

  it("still reads a part's sales as its amount", () => {
    expect(readItems("Acme FY2021: Widget sales", ["ACME CORP"]).items[0]!.concept?.id).toBe("revenue");
  });
});

describe("a figure asked as of now in a request comparing years", () => {
  it("is asked once, as of now, on several wordings", () => {
    for (const request of ["Acme FY21 vs FY20 - net sales, the current quarterly dividend", "2021 versus 2020: capex and their latest dividend per share", "FY2021 compared with FY2020: revenue, and the dividend per share they pay now"]) {
      const items = readItems(request, ["ACME CORP"]).items;
      expect(items[0]!.kind, request).toBe("comparison");
      expect(items[1]!.kind, request).toBe("figure");
      expect(items[1]!.periods, request).toEqual([]);
    }
  });

  it("still compares a line whose own name says current", () => {
    expect(readItems("Acme FY21 vs FY20: current assets", ["ACME CORP"]).items[0]!.kind).toBe("comparison");
  });
});

describe("a breakdown by parts asked with a ranking", () => {
  it("is a ranking of the parts by the figure, on several wordings", () => {
    for (const written of [
      "Acme FY21: revenue by segment (which is largest), capex",
      "Acme FY21: revenue by segment, which is largest",
      "For 2021: operating income by business, and which one was biggest",
    ]) {
      const items = readItems(instructionParts(written).request, ["ACME CORP"]).items;
      expect(items[0]!.kind, written).toBe("ranking");
      expect(items[0]!.ask, written).toMatch(/^which (?:segment|business) is (?:largest|biggest) by (?:revenue|operating income)$/);
    }
  });

  it("keeps a bracket that asks something, and takes one that instructs", () => {
    expect(instructionParts("revenue by segment (which is largest), key risks (cite pages)").request).toBe("revenue by segment (which is largest), key risks");
  });

  it("says a breakdown by segment not found is the run's failure, not a gap in the data room", () => {
    const item = readItems("Acme FY2021: revenue by region", ["ACME CORP"]).items[0]!;
    const c = checkItem(item, [leg("I couldn't find that in the documents.", [passages([3, "Acme makes widgets."])])]);
    expect(c.status).toBe("failed");
  });
});

describe("a percentage given for an amount", () => {
  const raise = "On February 3, 2022, the Board declared a 9% increase in the quarterly dividend.";
  const toolCalls = [passages([41, raise])];

  it("never answers an amount per share, an amount or a count, on several wordings", () => {
    for (const ask of ["What is the current quarterly dividend?", "Dividend per share for 2021", "What was capex in 2021?"]) {
      const item = readItems(ask, ["ACME CORP"]).items[0]!;
      const c = checkItem(item, [leg(`ACME CORP: the filing states: "${raise}" ${cite(41)}\n\n**9%**`, toolCalls, 41)]);
      expect(c.status, ask).not.toBe("answered");
    }
  });
});

describe("a part asked by the initials the documents define", () => {
  const row = (label: string, value: number, respelled: Record<string, string>) => ({
    toolName: "get_line_items",
    input: { items: ["q"], periods: ["FY2021"] },
    output: {
      company: "ACME CORP",
      rows: [{ item: "q", match: "label", label, source: "table", table: { title: "Summary of Business Segment Data — (Dollars in millions)", headings: ["Earnings from operations"] }, scale: 1e6, currency: "USD", columns: [{ period: "FY2021", periodEnd: "2021-12-31", months: 12, printed: `$${value.toLocaleString("en-US")}`, value: value * 1e6 }], document: "Annual_Report.pdf", page: 56, row: `${label} $${value.toLocaleString("en-US")}`, citation: cite(56), part: { scope: "segment", name: label } }],
      notFound: [], periods: ["FY2021"], notes: [], respelled,
    },
  });
  const answer = (label: string, value: number) => `ACME CORP: Operating income — ${label}, fiscal 2021: **USD ${value.toLocaleString("en-US")} million** ${cite(56)}`;

  it("checks the part's row by the name the documents print, on several wordings", () => {
    for (const [request, initials, name] of [
      ["Acme 2021: WPG earnings from ops", "wpg", "Widget Products Group"],
      ["Acme FY21 - GS operating income", "gs", "Gadget Services"],
      ["What did CPD earn in 2021?", "cpd", "Consumer Products Division"],
    ] as const) {
      const item = readItems(request, ["ACME CORP"]).items[0]!;
      const c = checkItem(item, [leg(answer(name, 7_879), [row(name, 7_879, { [initials]: name.toLowerCase() })], 56)], { companies: ["ACME CORP"] });
      expect(c.status, request).toBe("answered");
    }
  });

  it("still refuses another part's row when nothing respelled the initials", () => {
    const item = readItems("Acme 2021: WPG earnings from ops", ["ACME CORP"]).items[0]!;
    const c = checkItem(item, [leg(answer("Gadget Services", 2_522), [row("Gadget Services", 2_522, {})], 56)], { companies: ["ACME CORP"] });
    expect(c.status).not.toBe("answered");
  });
});

describe("a clause with a pronoun", () => {
  it("asks what the contraction says, never its ending as a word, on several wordings", () => {
    for (const request of ["Acme FY21: capex, what they're paying for Widgetco", "Acme FY21: what they’re paying for Widgetco", "Acme 2021 - capex, and what they're paying for Widgetco"]) {
      const item = readItems(request, ["ACME CORP"]).items.at(-1)!;
      expect(item.questions[0], request).toBe("What are they paying for Widgetco in FY2021?");
    }
  });

  it("reads 'it' as the name the item before it asks about, else as the company", () => {
    for (const request of ["Acme FY2021: what Widgetco cost and what it added to sales", "Acme FY2021: the Widgetco deal price, and what it added to revenue", "Acme FY2021: Widgetco purchase price and how much it added to net sales"]) {
      const items = readItems(request, ["ACME CORP"]).items;
      expect(items.at(-1)!.ask, request).toMatch(/^Widgetco (?:sales|revenue|net sales)$/);
    }
    // after a figure of the company's own, "it" is the company
    expect(readItems("Acme 2021: revenues, and what it earned", ["ACME CORP"]).items.map((i) => i.concept?.id)).toEqual(["revenue", "net_income"]);
  });
});

describe("an amount per share raised or cut", () => {
  const said = (sentence: string) => `ACME CORP: Quarterly dividend per share — the filing states: "${sentence}" ${cite(41)}`;

  it("is the level it was moved to, never the raise's percentage, on several wordings", () => {
    for (const [sentence, level] of [
      ["On February 3, 2022, the Board declared a 9% increase in the quarterly dividend, which increased the quarterly dividend from $0.22 to $0.24 per share.", 0.24],
      ["The Company increased its quarterly cash dividend per share by 10% to $1.52 for the fourth quarter, equivalent to an annual dividend of $6.08 per share.", 1.52],
      ["In March 2022 the Board raised the quarterly dividend 5% to $0.84 per share.", 0.84],
    ] as const) {
      const item = readItems("What is the current quarterly dividend?", ["ACME CORP"]).items[0]!;
      const c = checkItem(item, [leg(said(sentence), [passages([41, sentence])], 41)], { companies: ["ACME CORP"] });
      expect(c.status, sentence).toBe("answered");
      expect(c.legs[0]!.status === "answered" && c.legs[0]!.figure?.value, sentence).toBe(level);
    }
  });

  it("does not read a quarterly raise as the annual dividend per share", () => {
    const sentence = "The Company increased its quarterly cash dividend per share by 10% to $1.52 for the fourth quarter.";
    const item = readItems("Dividends declared per share for 2022", ["ACME CORP"]).items[0]!;
    const c = checkItem(item, [leg(said(sentence), [passages([41, sentence])], 41)], { companies: ["ACME CORP"] });
    expect(c.legs[0]!.status === "answered" ? c.legs[0]!.figure?.value : null).not.toBe(1.52);
  });
});

describe("the data room states an item in its own longer words", () => {
  it("finds the analyst's phrase with the filing's qualifier inside it, on several wordings", () => {
    for (const [ask, text] of [
      ["commercial cloud run rate", "Commercial cloud annualized revenue run rate exceeded $12.1 billion."],
      ["remaining performance obligations", "Remaining unsatisfied performance obligations were $48.6 billion at year end."],
      ["loyalty members", "Loyalty program active members totaled 21.3 million at the end of the year."],
    ] as const) {
      const item = readItems(`Acme 2021: ${ask}`, ["ACME CORP"]).items[0]!;
      expect(statesPhrase(text, askedPhrase(item)), ask).toBe(true);
    }
  });

  it("does not join words a sentence keeps apart", () => {
    const item = readItems("Acme 2021: net promoter score", ["ACME CORP"]).items[0]!;
    expect(statesPhrase("Net sales grew as our promoters and partners expanded; the credit score of 720 was unchanged.", askedPhrase(item))).toBe(false);
  });
});

describe("the price of a business named", () => {
  it("is asked as what was paid for it, on several wordings", () => {
    for (const request of ["Acme FY2021: what Widgetco cost and what it added to sales", "Acme 2021 - how much did Widgetco cost them?", "FY2021: capex, and what the Widgetco deal cost"]) {
      const item = readItems(request, ["ACME CORP"]).items.find((i) => /Widgetco/.test(i.ask))!;
      expect(item.questions[0], request).toBe("What did they pay for Widgetco in FY2021?");
    }
  });

  it("leaves the cost of something unnamed as asked", () => {
    expect(readItems("FY2021: what the restructuring cost", ["ACME CORP"]).items[0]!.questions[0]).toBe("What was the restructuring cost in FY2021?");
  });

  it("is answered only by an amount of money, on several wordings", () => {
    const none = `ACME CORP: Widgetco (fiscal 2021) — the filing states: "The proceeds from the notes were used to fund the consideration for the acquisition of Widgetco." ${cite(56)}`;
    const paid = `ACME CORP's filing states:\n> "On August 28, 2021, we acquired Widgetco for approximately $13.2 billion, net of cash acquired." ${cite(52)}`;
    const toolCalls = [passages([56, "The proceeds from the notes were used to fund the consideration for the acquisition of Widgetco."], [52, "On August 28, 2021, we acquired Widgetco for approximately $13.2 billion, net of cash acquired."])];
    for (const request of ["Acme FY2021: what Widgetco cost", "Acme FY2021: what they're paying for Widgetco", "Acme FY2021: the price paid for Widgetco"]) {
      const item = readItems(request, ["ACME CORP"]).items[0]!;
      expect(item.kind, request).toBe("other");
      expect(checkItem(item, [leg(none, toolCalls, 56)], { companies: ["ACME CORP"] }).status, request).not.toBe("answered");
      expect(checkItem(item, [leg(paid, toolCalls, 52)], { companies: ["ACME CORP"] }).status, request).toBe("answered");
    }
  });
});

describe("what a part lost or made at a line", () => {
  it("is that part's line, a loss or an income, on several wordings", () => {
    for (const [request, ask] of [
      ["Acme 2021: FCF, how much International lost at the operating line, headcount", "International operating loss"],
      ["Acme 2021 - how much did North America make at the operating level", "North America operating income"],
      ["2021: how much the Widgets segment lost at the operating line", "Widgets operating loss"],
    ] as const) {
      const items = readItems(request, ["ACME CORP"]).items;
      const item = items.find((i) => i.ask === ask);
      expect(item, request).toBeDefined();
      expect(item!.questions[0], request).toBe(`What was the ${ask} in FY2021?`);
    }
  });
});

describe("two measures paired with two figures in one sentence", () => {
  it("gives the item's measure its own figure, on several wordings", () => {
    for (const [sentence, value] of [
      ["The aggregate net sales and operating loss of Widgetco consolidated into our financial statements since the date of acquisition was $5.8 billion and $(24) million for the year.", 5.8e9],
      ["Revenue and operating income of Widgetco since the acquisition were $410 million and $35 million.", 410e6],
      ["Widgetco's operating loss and net sales since acquisition totaled $(12) million and $950 million.", 950e6],
    ] as const) {
      const item = readItems("What was the Widgetco net sales in 2021?", ["ACME CORP"]).items[0]!;
      const answer = `ACME_2021_10K.pdf states: "${sentence}" ${cite(54)}`;
      const c = checkItem(item, [leg(answer, [passages([54, sentence])], 54)], { companies: ["ACME CORP"] });
      expect(c.legs[0]!.status === "answered" ? c.legs[0]!.figure?.value : c.legs[0], sentence).toBe(value);
    }
  });
});

describe("rankings written other ways", () => {
  it("reads the part with the most of a figure, and a breakdown with 'which is biggest' after it, on several wordings", () => {
    for (const [written, ask] of [
      ["Acme FY21 vs FY20: the segment with the most revenue and what it earned", "which segment has the most revenue"],
      ["Acme fiscal 2021: segment revenue, which is biggest, capex", "which segment is biggest by revenue"],
      ["2021: segment operating income (which was highest)", "which segment is highest by operating income"],
    ] as const) {
      const items = readItems(instructionParts(written).request, ["ACME CORP"]).items;
      expect(items[0]!.kind, written).toBe("ranking");
      expect(items[0]!.ask, written).toBe(ask);
    }
  });

  it("never answers a bare 'which is biggest' with a passage that ranks nothing", () => {
    const item = readItems("Acme 2021: capex, which is biggest", ["ACME CORP"]).items[1]!;
    expect(item.kind).toBe("ranking");
    const quote = `ACME_2021_10K.pdf states: "A majority of our investments are priced by pricing vendors and are the biggest Level 1 investments." ${cite(60)}`;
    expect(checkItem(item, [leg(quote, [passages([60, "A majority of our investments are priced by pricing vendors and are the biggest Level 1 investments."])], 60)], { companies: ["ACME CORP"] }).status).not.toBe("answered");
  });
});

describe("units sold answered in money", () => {
  it("is not an answer: the room states no count of units, on several wordings", () => {
    const sentence = "Widget revenue increased 65% to $3.6 billion, primarily due to Widget Pro units sold.";
    for (const request of ["Acme FY2021: Widget units sold", "Acme FY2021: Widget unit sales", "Acme 2021 - how many units of Widget did they sell, and Widget unit shipments"]) {
      const item = readItems(request, ["ACME CORP"]).items.at(-1)!;
      const c = checkItem(item, [leg(`ACME_2021_10K.pdf states: "${sentence}" ${cite(52)}`, [passages([52, sentence])], 52)], { companies: ["ACME CORP"] });
      expect(c.status, request).not.toBe("answered");
    }
  });
});
