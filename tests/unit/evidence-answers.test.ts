/**
 * The offline model's evidence writers decide what fits: a sentence that states the figure (not a
 * table run together, not a digit of a name), a part's row (not the company total, not a table
 * naming two figures), and say so when nothing does.
 */
import { describe, expect, it } from "vitest";
import { conceptById } from "@/lib/agent/concepts/catalog";
import type { LineItemRow } from "@/lib/agent/evidence/line-items";
import { recencyOf, type Passage } from "@/lib/agent/evidence/passages";
import { newerThan } from "@/lib/agent/evidence/line-items";
import { pickRow, pickScopedRow } from "@/lib/agent/offline/answers-from/pick-row";
import { writeDirectionRow, writeRowChange, writeRowSeries, writeScopedAcrossFilings, spanEnds, writeScopedRows } from "@/lib/agent/offline/answers-from/rows";
import { writeLabelledRow } from "@/lib/agent/offline/answers-from/labelled-row";
import { writeFacts } from "@/lib/agent/offline/answers-from/entities";
import { statedSentence, writeStated } from "@/lib/agent/offline/answers-from/stated";
import { writeDeal, writeRisks } from "@/lib/agent/offline/answers-from/quoted";
import { writeNotFound } from "@/lib/agent/offline/answers-from/not-found";
import { evidenceAnswer, evidenceNext, figureAnswerOverride, incompleteAnswerOverride, namesAPerson, partAnswerOverride, percentAnswerOverride, personAnswerOverride, qualifierAnswerOverride, quoteAnswerOverride } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";
import { repairPages } from "@/lib/ingest/glyphs";

const passage = (text: string, document = "ACME_2022_10K.pdf", page = 6): Passage => ({ document, page, charStart: 0, charEnd: text.length, text, citation: `(source: ${document}, p.${page})` });
const row = (label: string, title: string, value: number, headings: string[] = []): LineItemRow => ({
  item: "x", match: "label", label, source: "table", table: { title, headings }, scale: 1e6, currency: "USD",
  columns: [{ period: "FY2022", months: 12, value: value * 1e6, printed: String(value) }], document: "ACME_2022_10K.pdf", page: 40, row: `${label} ${value}`, citation: "(source: ACME_2022_10K.pdf, p.40)",
});

describe("evidence writers", () => {
  const employees = conceptById("employees")!;
  const backlog = conceptById("backlog")!;
  const revenue = conceptById("revenue")!;

  it("takes a headcount whose sentence runs on past initials into a share of the workforce, but not a count called a share", () => {
    const runOn = passage("As of December 31, 2022, we employed approximately 79,000 people worldwide, with approximately 29,000 based in the U.S. Women compose approximately 49% of our global workforce.");
    expect(statedSentence([runOn], employees, [])?.text).toMatch(/^As of December 31, 2022, we employed approximately 79,000 people/);
    const union = passage("Approximately 50,000 employees, which constitute 32% of our total workforce, were represented by unions.");
    expect(statedSentence([union], employees, [])).toBeFalsy();
  });

  it("takes the first sentence that states a headcount, without the running header", () => {
    const old = passage("At December 31, 2021, the Company employed 88,000 people.", "ACME_2021_10K.pdf");
    const now = passage("Table of Contents Human Capital On December 31, 2022, the Company employed approximately 92,000 people (full-time equivalents).");
    expect(statedSentence([now, old], employees, [])?.text).toBe("Human Capital On December 31, 2022, the Company employed approximately 92,000 people (full-time equivalents).");
  });

  it("takes the row labelled by the part alone over a narrower part whose name opens with the same word, in three wordings", () => {
    const room = [{ name: "ACME CORP", tickers: ["ACM"] }];
    const breakdown = "Disaggregated revenue information: — The Company views the following disaggregated disclosures as useful — Net Sales (Millions)";
    const rows = [
      row("Consumer", "Business Segment Information — (Millions) — Net Sales", 5298, ["Total Company"]),
      row("Consumer Health and Safety", breakdown, 569, ["Total Consumer Business Group"]),
      row("Total Consumer Business Group", breakdown, 5298),
    ];
    for (const q of ["how big was acme's consumer segment in 2022, sales", "acm consumer segment revenue fy2022", "consumer segment net sales 2022"]) {
      const r = readQuestion(q, room);
      expect(pickScopedRow({ rows, notFound: [], notes: [] }, revenue, r.scope!, r.segment, r.periods)?.columns[0]?.value, q).toBe(5298e6);
    }
    // with no row named by the part alone, a label opening with its words is its full name
    expect(pickScopedRow({ rows: [row("Display Technologies", "Segment net sales", 3306)], notFound: [], notes: [] }, revenue, "display", true, ["FY2022"])?.label).toBe("Display Technologies");
  });

  it("orders documents in time: a year's quarters before its annual report, a later year after both", () => {
    const order = [{ fiscalYear: 2023, fiscalPeriod: "FY" }, { fiscalYear: 2024, fiscalPeriod: "Q1" }, { fiscalYear: 2024, fiscalPeriod: "Q3" }, { fiscalYear: 2024, fiscalPeriod: "FY" }].map(recencyOf);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(recencyOf({ fiscalYear: null, fiscalPeriod: null })).toBe(0);
  });

  it("does not read a digit of a name, nor a table run together, as a stated figure", () => {
    expect(statedSentence([passage("The ability to develop the global workforce of 3M is an enabler of success.")], employees, [])).toBeNull();
    const table = "Backlog 2022 2021 Aeronautics $ 56,551 $ 56,154 Missiles 28,076 28,042 Space 26,315 24,932 Total backlog $ 150,000 $ 135,355 was";
    expect(statedSentence([passage(table)], backlog, [2022])).toBeNull();
    expect(statedSentence([passage("Our total backlog was $150.0 billion at December 31, 2022.")], backlog, [2022])?.text).toMatch(/150\.0 billion/);
  });

  it("answers the company's figure from neither a table's row run into the text nor a place's sentence", () => {
    const comps = conceptById("comparable_sales")!;
    const run = passage("2022 2021 2022 2021 … Total 5 % 21 % 11 % 18 % ** Unlike comparable sales, the Company has not excluded these sales, as these sales are the basis on which fees are paid.");
    const us = passage("Comparable sales in the U.S. increased 5.9%, benefiting primarily from strong average check growth.");
    const global = passage("In 2022, global comparable sales increased 10.9%, primarily due to strong sales performance across all segments.");
    for (const years of [[2022], []]) {
      expect(statedSentence([run, us, global], comps, years)?.text, String(years)).toMatch(/global comparable sales increased 10\.9%/);
      expect(statedSentence([run, us], comps, years), String(years)).toBeNull();
    }
    expect(statedSentence([us], comps, [], "us")?.text).toMatch(/5\.9%/);
  });

  it("reads no count from a number joined to a word ('COVID-19'), in a sentence about stores", () => {
    const stores = conceptById("stores")!;
    expect(statedSentence([passage("In the first quarter of fiscal 2021, we concluded that the COVID-19 pandemic's impact on our store operations was a triggering event.")], stores, [])).toBeNull();
    expect(statedSentence([passage("We had 1,138 stores at the end of fiscal 2023.")], stores, [])?.text).toMatch(/1,138 stores/);
  });

  it("reads a count's part from a sentence naming the place, typed as initials or written out", () => {
    const split = passage("On December 31, 2022, the Company employed approximately 92,000 people, with approximately 37,000 employed in the United States and 55,000 employed internationally.");
    const total = passage("On December 31, 2022, the Company employed approximately 92,000 people worldwide.");
    for (const scope of ["us", "US", "united states"]) {
      expect(statedSentence([total, split], employees, [2022], scope)?.text, scope).toMatch(/37,000 employed in the United States/);
      expect(statedSentence([total], employees, [2022], scope), scope).toBeNull();
    }
  });

  it("reads a figure that is itself a change (comparable sales) from how the sentence says it moved, in three wordings", () => {
    const comps = passage("First quarter financial performance: • Global comparable sales increased 12.6%, reflecting strong comparable sales of 12.6% across each segment.", "ACME_2023Q1_EARNINGS.pdf", 1);
    const ofQuarter = { ...comps, period: "Q1 2023" };
    for (const q of ["acme global comps q1 23", "global comparable sales first quarter 2023", "what were global comparable sales in q1 2023"]) {
      const text = writeStated({ company: "ACME INC.", passages: [ofQuarter], notes: [] } as never, conceptById("comparable_sales")!, readQuestion(q, [{ name: "ACME INC.", tickers: ["ACME"] }]));
      expect(text, q).toMatch(/increased 12\.6%/);
    }
  });

  it("reads a part's figure only from a row naming the part under a table of that figure alone", () => {
    const rows = [row("Americas", "Net sales and operating income by segment", 169_658), row("Total Americas Segment", "Net sales by reportable segment", 169_658), row("Other Americas", "Net sales by reportable segment", 1_200)];
    expect(writeScopedRows({ rows, notFound: [], notes: [] }, revenue, "Americas")).toMatch(/Total Americas Segment.*USD 169,658 million/);
    const split = [row("Americas", "Net sales and operating income by segment", 169_658), row("Americas", "Net sales and operating income by segment", 62_683)];
    expect(writeScopedRows({ rows: split, notFound: [], notes: [] }, revenue, "Americas")).toBeNull();
  });

  it("a part's growth comes from its row's two periods, the newest filing's row first", () => {
    const two = (doc: string, cols: Array<[string, number]>): LineItemRow => ({ ...row("Greater China", "Net sales by reportable segment", 0), document: doc,
      columns: cols.map(([period, v]) => ({ period, months: 12, value: v * 1e6, printed: v.toLocaleString("en-US") })) });
    const rows = [two("ACME_2022_10K.pdf", [["FY2022", 74_200], ["FY2021", 68_366]]), two("ACME_2021_10K.pdf", [["FY2021", 68_366], ["FY2020", 40_308]])];
    for (const q of ["acme greater china revenue growth fy2021 to fy2022", "how much did acme's greater china sales grow from 2021 to 2022?"]) {
      const r = readQuestion(q, ["ACME INC."]);
      const picked = pickScopedRow({ rows, notFound: [], notes: [] }, revenue, "greater china", false, r.periods);
      expect(picked?.document, q).toBe("ACME_2022_10K.pdf");
      expect(writeRowChange(picked, revenue, r), q).toMatch(/growth, fiscal 2021–fiscal 2022: \*\*\+8\.5%\*\*/);
    }
    // one year asked: its growth over the year before it
    for (const q of ["acme greater china sales growth in 2022?", "how much did greater china revenue grow in fy22", "greater china rev yoy 2022"]) {
      const r = readQuestion(q, ["ACME INC."]);
      expect(writeRowChange(pickScopedRow({ rows, notFound: [], notes: [] }, revenue, "greater china", false, r.periods), revenue, r), q).toMatch(/growth, fiscal 2021–fiscal 2022: \*\*\+8\.5%\*\*/);
    }
    const change = readQuestion("acme greater china revenue change fy2021 to fy2022", ["ACME INC."]);
    expect(writeRowChange(rows[0]!, revenue, change)).toMatch(/change, fiscal 2021–fiscal 2022: \*\*USD 5,834 million\*\*/);
  });

  it("a change between two balance days runs from the earlier day to the later, however the days spell", () => {
    const inventory = conceptById("inventories")!;
    const days: LineItemRow = { ...row("Merchandise inventories", "Condensed consolidated balance sheets", 0),
      columns: [["29 July 2023", 5_651], ["30 July 2022", 6_043]].map(([period, v]) => ({ period: period as string, months: 0, value: (v as number) * 1e6, printed: (v as number).toLocaleString("en-US") })) };
    const r = { ...readQuestion("merchandise inventories at 29 july 2023 vs a year earlier, how much lower in %?", ["ACME INC."]), periods: ["30 July 2022", "29 July 2023"], aggregate: "growth" as const };
    expect(writeRowChange(days, inventory, r)).toMatch(/growth, 30 July 2022–29 July 2023: \*\*−6\.5%\*\*/);
  });

  it("a part's figure from a row named by the figure in a table named by the part, or under a heading naming the figure", () => {
    const express: LineItemRow = { ...row("Operating income", "ACME EXPRESS SEGMENT", 1_064), row: "Operating income $ 1,064 $ 2,922 (64 )" };
    const ground: LineItemRow = { ...row("Operating income", "ACME GROUND SEGMENT", 3_140), row: "Operating income $ 3,140 $ 2,642 19" };
    const operatingIncome = conceptById("operating_income")!;
    for (const q of ["what was acme express segment operating income in fy22", "express operating income 2022", "how much operating income did the express segment make in 2022"]) {
      const r = readQuestion(q, ["ACME INC."]);
      expect(pickScopedRow({ rows: [express, ground], notFound: [], notes: [] }, operatingIncome, r.scope!, r.segment, r.periods)?.columns[0]?.value, q).toBe(1_064e6);
    }
    // a label naming more than the figure ("Operating income excluding charges") is another figure
    const other: LineItemRow = { ...express, label: "Operating income excluding charges" };
    expect(pickScopedRow({ rows: [other], notFound: [], notes: [] }, operatingIncome, "express", false, ["FY2022"])).toBeNull();
    // "Net revenue" over the part, under a title naming two figures
    const mobile = row("Mobilex", "Net revenue and operating income (loss) for each period were", 967, ["Net revenue", "Internet of Things"]);
    const mobileOp = row("Mobilex", "Net revenue and operating income (loss) for each period were", 241, ["Operating income (loss)", "Internet of Things"]);
    expect(pickScopedRow({ rows: [mobile, mobileOp], notFound: [], notes: [] }, revenue, "mobilex", false, ["FY2022"])?.columns[0]?.value).toBe(967e6);
  });

  it("a part's row whose label carries the company's own name ('Acme Freight segment') is that part's, under a heading naming the figure", () => {
    const margin = conceptById("operating_margin")!;
    const rate = (label: string, value: number): LineItemRow => ({ ...row(label, "Summary operating results for the years ended May 31", value, ["Operating margin"]), unit: "%", scale: 1, currency: undefined, columns: [{ period: "FY2022", months: 12, value, printed: `${value}%` }] });
    const rows = [rate("Acme Express segment", 2.5), rate("Acme Freight segment", 20), rate("Consolidated operating margin", 5.4)];
    for (const q of ["acme freight op margin fy22?", "operating margin of the freight segment in 2022", "what was freight's operating margin last year (fy22)"]) {
      const r = readQuestion(q, ["ACME CORPORATION"]);
      expect(pickScopedRow({ company: "ACME CORPORATION", rows, notFound: [], notes: [] }, margin, r.scope!, r.segment, r.periods)?.columns[0]?.value, q).toBe(20);
    }
    // without the company's name a label of more words is another part's
    expect(pickScopedRow({ rows: [rate("Acme Freight segment", 20), rate("Acme Freight Canada segment", 3)], notFound: [], notes: [] }, margin, "freight", false, ["FY2022"])).toBeNull();
  });

  it("a part's rate asked gets the rate row under a heading naming the figure's percentage, never the amount row shown with a %", () => {
    const amount: LineItemRow = { ...row("Services", "(dollars in millions):", 14_965, ["Gross margin"]), row: "Services 14,965 14,015" };
    const rate: LineItemRow = { ...row("Services", "(dollars in millions):", 0, ["Gross margin percentage"]), scale: 1, unit: "%", currency: undefined, row: "Services 70.5 % 71.5 %", columns: [{ period: "FY2022", months: 12, value: 70.5, printed: "70.5%" }] };
    const margin = conceptById("gross_margin")!;
    for (const q of ["services gm% fy22", "what was the gross margin percentage for services in 2022", "acme services gross margin rate 2022"]) {
      const r = readQuestion(q, ["ACME INC."]);
      const picked = pickScopedRow({ rows: [amount, rate], notFound: [], notes: [] }, margin, "services", false, ["FY2022"]);
      expect(picked?.unit, q).toBe("%");
      expect(writeScopedRows({ rows: [amount, rate], notFound: [], notes: [] }, margin, "services", false, ["FY2022"]), q).toMatch(/70\.5%/);
      expect(r.concepts.map((c) => c.id), q).toEqual(["gross_margin"]);
    }
  });

  it("a part's EBIT from a table titled by it, a total line read as its heading heading nothing", () => {
    const china: LineItemRow = { ...row("Greater China", "EARNINGS BEFORE INTEREST AND TAXES", 3_243, ["TOTAL ACME, INC. INCOME BEFORE INCOME TAXES"]), row: "Greater China 3,243 2,490" };
    const revenueRow: LineItemRow = { ...row("Greater China", "REVENUES", 8_290, ["TOTAL ACME REVENUES"]), row: "Greater China 8,290 6,679" };
    const operatingIncome = conceptById("operating_income")!;
    for (const q of ["acme greater china ebit fy22", "greater china earnings before interest and taxes 2022", "what was greater china's operating income in fy22"]) {
      const r = readQuestion(q, ["ACME INC."]);
      expect(r.concepts.map((c) => c.id), q).toEqual(["operating_income"]);
      expect(pickScopedRow({ rows: [revenueRow, china], notFound: [], notes: [] }, operatingIncome, r.scope!, r.segment, r.periods)?.columns[0]?.value, q).toBe(3_243e6);
    }
  });

  it("a question naming a row's whole label gets that row, in the row's own unit", () => {
    const conversion: LineItemRow = { ...row("Free cash flow conversion", "Free Cash Flow (non-GAAP measure)", 0), scale: 1, unit: "%", row: "Free cash flow conversion 91 % 100 %",
      columns: [{ period: "FY2017", months: 12, value: 100, printed: "100" }, { period: "FY2018", months: 12, value: 91, printed: "91" }] };
    const fcf = conceptById("free_cash_flow")!;
    for (const q of ["acme fcf conversion 2018", "what was free cash flow conversion in 2018"]) {
      const r = readQuestion(q, ["ACME INC."]);
      expect(writeScopedRows({ rows: [conversion], notFound: [], notes: [] }, fcf, r.scope!, false, r.periods), q).toMatch(/fiscal 2018: \*\*91%\*\*/);
    }
  });

  it("a part's rows that disagree give the one headed by the figure alone, not a narrower figure of it", () => {
    const rows = [row("Digital Experience", "Segment Information", 4_422, ["% Change", "Total revenue"]), row("Digital Experience", "", 3_880, ["% Change", "Total subscription revenue"])];
    expect(pickScopedRow({ rows, notFound: [], notes: [] }, revenue, "digital experience", false, ["FY2022"])?.columns[0]?.value).toBe(4_422e6);
    // a segment asked: the table titled by the segments but headed by a narrower figure gives way too
    const titled = [row("Digital Experience", "Revenue by reportable segment", 3_880, ["Fiscal", "Total subscription revenue"]), row("Digital Experience", "Fiscal", 4_422, ["Total revenue"])];
    for (const q of ["acme digital experience segment rev fy22?", "revenue of the digital experience segment in 2022"]) expect(pickScopedRow({ rows: titled, notFound: [], notes: [] }, revenue, "digital experience", readQuestion(q, ["ACME INC."]).segment, ["FY2022"])?.columns[0]?.value, q).toBe(4_422e6);
    // two blocks headed by the figure alone that disagree: no answer
    const two = [row("Digital Experience", "Segment Information", 4_422, ["Total revenue"]), row("Digital Experience", "Revenue by segment", 3_880, ["Net sales"])];
    expect(pickScopedRow({ rows: two, notFound: [], notes: [] }, revenue, "digital experience", false, ["FY2022"])).toBeNull();
  });

  it("a part's figure for several years asked lists each year and the change, in any order asked", () => {
    const services: LineItemRow = { ...row("Services", "Net sales by category", 0), columns: [["FY2022", 78_129], ["FY2021", 68_425], ["FY2020", 53_768]].map(([p, v]) => ({ period: p as string, months: 12, value: (v as number) * 1e6, printed: String(v) })) };
    for (const q of ["acme services rev fy22 vs fy21", "compare services revenue in 2021 and 2022", "services sales 2021 and 2022?"]) {
      const r = readQuestion(q, ["ACME INC."]);
      const picked = pickScopedRow({ rows: [services], notFound: [], notes: [] }, revenue, "services", false, r.periods);
      const text = writeRowSeries(picked, revenue, r);
      expect(text, q).toMatch(/fiscal 2021 to fiscal 2022: \+USD 9,704 million, \+14\.2%/);
      expect(text, q).toMatch(/fiscal 2021: \*\*USD 68,425 million\*\*\n- fiscal 2022: \*\*USD 78,129 million\*\*/);
    }
    // a year the row does not hold: no answer
    expect(writeRowSeries(services, revenue, readQuestion("services revenue 2019 vs 2022", ["ACME INC."]))).toBeNull();
  });

  it("a part's figure for years no one filing prints reads each year from the filing that prints it, in three wordings", () => {
    const cols = (pairs: Array<[string, number]>) => pairs.map(([p, v]) => ({ period: p, months: 12, value: v * 1e6, printed: String(v) }));
    const older: LineItemRow = { ...row("Greater China", "Net sales by reportable segment", 0), document: "ACME_2016_10K.pdf", page: 26, citation: "(source: ACME_2016_10K.pdf, p.26)", columns: cols([["FY2016", 48_492], ["FY2015", 58_715]]) };
    const newer: LineItemRow = { ...row("Greater China", "Net sales by reportable segment", 0), document: "ACME_2020_10K.pdf", page: 25, citation: "(source: ACME_2020_10K.pdf, p.25)", columns: cols([["FY2020", 40_308], ["FY2019", 43_678]]) };
    const o = { rows: [newer, older], notFound: [], notes: [] };
    for (const q of ["acme greater china net sales fy2020 vs fy2016", "how did greater china sales change from 2016 to 2020", "compare greater china revenue in 2016 and 2020"]) {
      const r = readQuestion(q, ["ACME INC."]);
      const span = r.aggregate ? { ...r, periods: spanEnds(r.periods) } : r;
      // no one row holds both years
      expect(writeRowSeries(pickScopedRow(o, revenue, r.scope!, r.segment, span.periods), revenue, span), q).toBeNull();
      const text = writeScopedAcrossFilings(o, revenue, span);
      expect(text, q).toMatch(/fiscal 2016 to fiscal 2020: −USD 8,184 million, −16\.9%/);
      expect(text, q).toContain("- fiscal 2016: **USD 48,492 million** — Greater China (source: ACME_2016_10K.pdf, p.26)");
      expect(text, q).toContain("- fiscal 2020: **USD 40,308 million** — Greater China (source: ACME_2020_10K.pdf, p.25)");
    }
    // a span's change never reads its last two years: the row printing 2019 and 2020 answers no 2016-to-2020 change
    const r = readQuestion("how did greater china sales change from 2016 to 2020", ["ACME INC."]);
    expect(writeRowChange(newer, revenue, r)).toBeNull();
  });

  it("a figure the catalog does not name answers from the row the deal labels in the question's words", () => {
    const obligations: LineItemRow = { ...row("Total streaming content obligations", "Contractual obligations", 0, ["(in thousands)"]), scale: 1e3, row: "Total streaming content obligations $ 10,902,231 $ 9,451,112",
      columns: [{ period: "FY2015", months: 12, value: 10_902_231e3, printed: "10,902,231" }, { period: "FY2014", months: 12, value: 9_451_112e3, printed: "9,451,112" }] };
    const dueLater: LineItemRow = { ...obligations, label: "Due after 5 years", table: { title: "Contractual obligations", headings: ["Total streaming content obligations"] }, row: "Due after 5 years 58,048", columns: [{ period: "FY2015", months: 12, value: 58_048e3, printed: "58,048" }] };
    const memberships: LineItemRow = { ...row("Paid memberships at end of period", "Segment Results — International Streaming Segment", 0, ["Memberships"]), scale: 1e3, row: "Paid memberships at end of period 27,438 16,778",
      columns: [{ period: "FY2015", months: 12, value: 27_438e3, printed: "27,438" }] };
    const rows = { rows: [obligations, dueLater, memberships], notFound: [], notes: [] };
    for (const q of ["acme streaming content obligations at end of 2015?", "how big are the streaming content obligations", "what were streaming content obligations in 2015"]) {
      expect(writeLabelledRow(rows, readQuestion(q, ["ACME INC."])), q).toMatch(/Total streaming content obligations.*fiscal 2015: \*\*USD 10,902,231 thousand\*\*/);
    }
    // a count among money rows is no money; the part named in the table's title is the part asked (paid memberships are the catalog's subscribers)
    const intl = readQuestion("how many international streaming paid memberships at the end of 2015", ["ACME INC."]);
    expect(writeScopedRows(rows, intl.concepts[0]!, intl.scope!, intl.segment, intl.periods)).toMatch(/\*\*27,438 thousand\*\*/);
    // a part the row and its table do not say: no answer; a year the row does not hold: no answer
    const domestic = readQuestion("how many domestic streaming paid memberships in 2015", ["ACME INC."]);
    expect(writeScopedRows(rows, domestic.concepts[0]!, domestic.scope!, domestic.segment, domestic.periods)).toBeNull();
    expect(writeLabelledRow(rows, readQuestion("streaming content obligations 2013", ["ACME INC."]))).toBeNull();
    // two years asked: each from the row, and the change between them, in three wordings
    for (const q of ["streaming content obligations fy15 vs fy14?", "compare streaming content obligations in 2014 and 2015", "acme streaming content obligations 2014 to 2015"]) {
      const text = writeLabelledRow(rows, readQuestion(q, ["ACME INC."]));
      expect(text, q).toMatch(/fiscal 2014 to fiscal 2015: \+USD 1,451,119 thousand \(\+15\.4%\)/);
      expect(text, q).toMatch(/fiscal 2014: \*\*USD 9,451,112 thousand\*\*[\s\S]*fiscal 2015: \*\*USD 10,902,231 thousand\*\*/);
    }
    // a year the row does not print is read from the same row of another filing, each cited
    const later: LineItemRow = { ...obligations, document: "ACME_2017_10K.pdf", page: 54, citation: "(source: ACME_2017_10K.pdf, p.54)", row: "Total streaming content obligations $ 17,694,642 $ 14,479,487",
      columns: [{ period: "FY2017", months: 12, value: 17_694_642e3, printed: "17,694,642" }, { period: "FY2016", months: 12, value: 14_479_487e3, printed: "14,479,487" }] };
    for (const q of ["how much did streaming content obligations grow between ye15 and ye17", "streaming content obligations 2015 vs 2017", "acme streaming content obligations 2015 to 2017 change"]) {
      const text = writeLabelledRow({ rows: [later, obligations, dueLater], notFound: [], notes: [] }, readQuestion(q, ["ACME INC."]));
      expect(text, q).toMatch(/fiscal 2015 to fiscal 2017: \+USD 6,792,411 thousand \(\+62\.3%\)/);
      expect(text, q).toContain("(source: ACME_2017_10K.pdf, p.54)");
      expect(text, q).toContain("(source: ACME_2022_10K.pdf, p.40)");
    }
    // (a row of another kind, a sub-total under the same heading, never fills a year)
    expect(writeLabelledRow({ rows: [later, dueLater], notFound: [], notes: [] }, readQuestion("streaming content obligations 2015 vs 2017", ["ACME INC."]))).not.toMatch(/fiscal 2015 to fiscal 2017/);
  });

  it("rows that disagree on a labelled figure give the value more of the filing's tables state, and none on a tie", () => {
    const at = (label: string, title: string, page: number, value: number): LineItemRow => ({ ...row(label, title, value), page, citation: `(source: ACME_2022_10K.pdf, p.${page})` });
    const rows = [at("Restructuring", "Selected data", 45, 828), at("Restructuring (Note 10)", "", 61, 828), at("Restructuring", "Operating expenses", 48, 828), at("Restructuring", "", 62, 20)];
    // (restructuring is a catalog figure: its rows are picked as any figure's, by the same vote)
    for (const q of ["how much did acme book in restructuring charges in fy22?", "acme restructuring fy2022", "what restructuring costs did acme record in 2022"]) {
      const r = readQuestion(q, ["ACME INC."]);
      expect(r.concepts.map((c) => c.id), q).toEqual(["restructuring"]);
      expect(pickRow({ rows, notFound: [], notes: [] }, r.concepts[0]!, r.periods)?.columns[0]?.value, q).toBe(828e6);
    }
    expect(pickRow({ rows: [rows[0]!, rows[3]!], notFound: [], notes: [] }, conceptById("restructuring")!, ["FY2022"])).toBeNull();
    // a figure the catalog does not name, by its label, is voted on the same way
    const relabelled = rows.map((x) => ({ ...x, label: x.label.replace("Restructuring", "Integration costs") }));
    expect(writeLabelledRow({ rows: relabelled, notFound: [], notes: [] }, readQuestion("acme integration costs fy2022", ["ACME INC."]))).toMatch(/fiscal 2022: \*\*(?:USD )?828 million\*\*/);
  });

  it("a price paid for a counterparty comes from the sentence naming it, a verb of buying and the price", () => {
    const o = { company: "ACME INC.", passages: [
      passage("Operating expenses increased $4.2 billion or 21% driven by 4 points of growth from the Harwick acquisition."),
      passage("On August 28, 2017, we acquired Harwick Grocers, a grocery store chain, for approximately $13.2 billion, net of cash acquired.", "ACME_2017_10K.pdf", 52),
      passage("Total Purchase Price Cash paid, net of cash acquired $ 599 $ 81 $ 13,176 $ 683 $ 13,859 Stock options assumed 5 — 12 Harwick Grocers 2015 2016 2017 acquired 1 2", "ACME_2017_10K.pdf", 53),
    ] };
    for (const q of ["how much did acme pay for harwick grocers", "what did acme pay for harwick", "how much is acme paying for harwick?"]) {
      const r = readQuestion(q, ["ACME INC."]);
      const text = writeDeal(o as never, r);
      expect(text, q).toMatch(/for approximately \$13\.2 billion/);
      expect(text, q).not.toMatch(/4 points of growth|Stock options assumed/);
    }
    expect(writeDeal(o as never, readQuestion("how much did acme pay for brindlemoor", ["ACME INC."]))).toBeNull();
  });

  it("a part's row read with a change column as a period is no second period", () => {
    const japan: LineItemRow = { ...row("Japan", "Net sales by reportable segment", 0), row: "Japan 25,977 (9) % 28,482 33 % 21,418",
      columns: [{ period: "FY2022", months: 12, value: 25_977e6, printed: "25,977" }, { period: "FY2021", months: 12, value: -9e6, printed: "(9)" }] };
    expect(writeRowChange(japan, revenue, readQuestion("acme japan revenue growth fy2021 to fy2022", ["ACME INC."]))).toBeNull();
  });

  it("a part-table row labelled 'U.S' answers the U.S. segment's figure", () => {
    const r = readQuestion("What was the operating income of Acme's U.S. segment in 2022?", ["ACME INC."]);
    const done = [{ toolName: "get_line_items", input: {}, output: { rows: [], notFound: [], notes: [] } }, { toolName: "search_documents", input: {}, output: { passages: [] } }, { toolName: "query_knowledge_base", input: {}, output: { tableValues: [{ label: "U.S — OPERATING INCOME — Operating income", column: "2022" }] } }];
    expect(partAnswerOverride(r, done, "U.s — operating income at 2022: USD 5.14 billion (source: ACME_2022_10K.pdf, p.17).")).toBeNull();
  });

  it("a row of rates is no part's amount: 'Subscription share of revenue 82.7%' beside 'Subscription revenue 4,300'", () => {
    const amount = row("Subscription revenue", "Revenue by quarter", 4_300);
    const rate: LineItemRow = { ...row("Subscription share of revenue", "Key figures", 0), scale: 1, unit: "%", columns: [{ period: "FY2022", months: 12, value: 82.7, printed: "82.7%" }] };
    expect(writeScopedRows({ rows: [amount, rate], notFound: [], notes: [] }, revenue, "subscription")).toMatch(/Subscription revenue.*USD 4,300 million/);
  });

  it("says what it searched and that the company total is not the part's figure", () => {
    const r = readQuestion("iphone revenue 2022", ["ACME INC."]);
    const text = writeNotFound(revenue, r, [row("Net sales", "Consolidated Statements of Operations", 394_328)], [], "ACME INC.");
    expect(text).toMatch(/^I couldn't find a stated iphone revenue/);
    expect(text).toMatch(/company's total is not that figure/);
  });
});

describe("a named part's figure answered by the rules planner", () => {
  const ROOM = ["ACME INC."];
  const made = [
    { toolName: "get_line_items", input: { items: ["Widgetly revenue"] }, output: { rows: [], notFound: ["Widgetly revenue"], notes: [] } },
    { toolName: "search_documents", input: { query: "Widgetly revenue" }, output: { passages: [], notes: [] } },
  ];
  const kb = (tableValues: unknown[]) => ({ toolName: "query_knowledge_base", input: {}, output: { tableValues } });

  it("stands only when a part-table row gave it; a total or a passage is replaced by what was searched", () => {
    const r = readQuestion("What was Widgetly revenue in 2022?", ROOM);
    expect(r).toMatchObject({ scope: "Widgetly", namedPart: true });
    expect(partAnswerOverride(r, [...made, kb([])])).toMatch(/^I couldn't find a stated Widgetly revenue/);
    expect(partAnswerOverride(r, [...made, kb([{ label: "Widgetly", value: "12" }])])).toBeNull();
  });

  it("leaves plain qualifiers alone ('shares', 'customers' name no part)", () => {
    const r = readQuestion("how many shares did acme repurchase in 2022?", ROOM);
    expect(r.namedPart).not.toBe(true);
    expect(partAnswerOverride(r, [...made, kb([])])).toBeNull();
  });
});

describe("a quoted sentence for a figure asked", () => {
  const ROOM = ["ACME INC."];
  const quote = (sentence: string) => `ACME_2015_10K.pdf states: "${sentence}" (source: ACME_2015_10K.pdf, p.40) (Quoted from ACME_2015_10K.pdf; no extracted finding covers this yet.)`;

  it("stands when it names the figure, the part asked and a value", () => {
    const r = readQuestion("acme new york net operating income 2015", ROOM);
    expect(quoteAnswerOverride(r, quote("Net operating income for New York increased to $653.1 million in 2015."), [])).toBeNull();
  });

  it("is replaced by what was searched when it shares words but not the figure, in three wordings", () => {
    for (const q of ["acme new york net operating income 2015", "Acme: New York NOI for 2015?", "what did acme's new york properties bring in as net operating income in 2015"]) {
      const r = readQuestion(q, ROOM);
      const text = quoteAnswerOverride(r, quote("Termination income in New York for 2015 totaled approximately $3.2 million."), []);
      expect(text, q).toMatch(/^I couldn't find a stated/);
      expect(text, q).toMatch(/Closest evidence .*\n- passage on ACME_2015_10K\.pdf, p\.40: "Termination income/);
    }
  });

  it("an amount asked is not answered by a sentence stating only its change", () => {
    for (const q of ["acme ground operating income fy2015?", "What was Acme Ground's operating income in 2015?"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, quote("Acme Ground segment operating income increased 19% in 2015 primarily due to yield improvement."), []), q).toMatch(/^I couldn't find/);
      expect(quoteAnswerOverride(r, quote("Acme Ground segment operating income was $3,140 million in 2015, up 19%."), []), q).toBeNull();
    }
    // the change itself asked: the sentence answers
    expect(quoteAnswerOverride(readQuestion("acme ground operating income growth 2015", ROOM), quote("Acme Ground segment operating income increased 19% in 2015 primarily due to yield improvement."), [])).toBeNull();
  });

  it("an amount's level is not answered by the amount it moved by, in dollars as in percent", () => {
    for (const q of ["acme ground operating income fy2015?", "how much operating income did acme ground make in '15", "acme ground op income 2015"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, quote("Acme Ground operating income in 2015 increased by $276 million compared with 2014 primarily due to higher revenues."), []), q).toMatch(/^I couldn't find/);
      expect(quoteAnswerOverride(r, quote("Acme Ground operating income was $2,522 million in 2015, a $276 million increase."), []), q).toBeNull();
    }
    // a part's loss: the sentence must state a level, not how much it moved
    for (const q of ["how much did the international segment lose in '15?", "how much did acme's international business lose in 2015"]) {
      expect(quoteAnswerOverride(readQuestion(q, ROOM), quote("International contribution losses increased $173.6 million year over year due to expansion."), []), q).toMatch(/^I couldn't find (?:the amount asked|a stated international net income)/);
    }
  });

  it("a figure narrowed to one matter in the quote is another figure than the one asked, in three wordings", () => {
    for (const q of ["acme interest expense fy15", "what was acme's interest expense in 2015", "how much interest expense did acme book in '15"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, quote("Interest expense on unrecognized tax benefits was $163 million in fiscal year 2015."), []), q).toMatch(/^I couldn't find a stated/);
      expect(quoteAnswerOverride(r, quote("Interest expense was $1,243 million in fiscal year 2015, up from $781 million."), []), q).toBeNull();
    }
  });

  it("a margin asked is not answered by a sentence stating no percentage, in three wordings", () => {
    for (const q of ["what margin did acme ground run at in fy23", "acme ground margin fy23?", "what kind of margins did the ground business make in 2023"]) {
      expect(quoteAnswerOverride(readQuestion(q, ROOM), quote("For the first time in company history, the Acme Ground team expanded margins this fiscal year despite lower volumes."), []), q).toMatch(/^I couldn't find/);
    }
  });

  it("a place asked is answered only by a sentence naming that fact, in three wordings", () => {
    for (const q of ["acme - what state are they incorporated in", "where is acme incorporated", "acme state of incorporation?"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, quote("* Indirect subsidiaries are indicated by indentation. Also doing business as: Acme Mobile."), []), q).toMatch(/^I couldn't find/);
      expect(quoteAnswerOverride(r, quote("We were incorporated in the state of Minnesota in 1966."), []), q).toBeNull();
    }
  });

  it("a count asked is not answered with an amount of money, however well the row's label fits", () => {
    const money = "Acme Inc: Widgets (Revenue by product), Q3 2023: **USD 39,669 million** (source: ACME_2015_10K.pdf, p.10)";
    for (const q of ["how many widgets did they ship in the june quarter", "how many widgets were sold in q3 2023", "acme - how many widgets did it sell last quarter?"]) {
      expect(percentAnswerOverride(readQuestion(q, ROOM), money), q).toMatch(/^I couldn't find the count asked .*\n.*Closest evidence/s);
    }
    expect(percentAnswerOverride(readQuestion("how many widgets did they ship in q3 2023", ROOM), "Acme Inc: Widgets shipped, Q3 2023: **43.8 million** (source: ACME_2015_10K.pdf, p.10)")).toBeNull();
    expect(percentAnswerOverride(readQuestion("how many dollars of widget revenue in q3 2023", ROOM), money)).toBeNull();
    // a sales table's row printed without a currency sign is money as well
    const unsigned = "Acme Inc: Gadgets (Sales Data › Net Sales by Product), fiscal 2016: **20,628 million** (source: ACME_2015_10K.pdf, p.26)";
    expect(percentAnswerOverride(readQuestion("how many gadgets did acme sell in fy16", ROOM), unsigned)).toMatch(/^I couldn't find the count asked/);
    expect(percentAnswerOverride(readQuestion("how many gadgets did acme sell in fy16", ROOM), "Acme Inc: Gadgets (Unit Sales by Product), fiscal 2016: **45,590 thousand** (source: ACME_2015_10K.pdf, p.26)")).toBeNull();
  });

  it("a sentence giving what one part contributed to the figure is no answer for the figure, in three wordings", () => {
    for (const q of ["acme hardware revenue fy2015", "how much revenue did acme's hardware business make in 2015?", "Acme: hardware revenues for fiscal 2015?"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, quote("In reported currency, Cerner contributed $140 million to our hardware business’ revenues in fiscal 2015."), []), q).toMatch(/^I couldn't find a stated hardware revenue/);
      expect(quoteAnswerOverride(r, quote("Hardware revenues were $3,274 million in fiscal 2015, of which Cerner contributed $140 million."), []), q).toBeNull();
    }
  });

  it("a reason asked for a part is no passage giving another part's or the company's reason, in three wordings", () => {
    for (const q of ["why did acme's widgets operating income fall in 2023?", "what drove the drop in widgets operating income in fy23", "acme widgets operating income 2023 - why so weak"]) {
      const r = readQuestion(q, ROOM);
      expect(r.scope, q).toBe("widgets");
      expect(quoteAnswerOverride(r, quote("Our results in 2023 were adversely impacted by lower global volumes due to weak economic conditions."), []), q).toMatch(/^I couldn't find a passage in the documents explaining the widgets operating income/);
      expect(quoteAnswerOverride(r, quote("Widgets segment operating income decreased 64% in 2023 primarily due to lower volumes."), []), q).toBeNull();
    }
  });

  it("a percentage of an amount asked, or a rate of production, is not held to these bars", () => {
    expect(quoteAnswerOverride(readQuestion("What percentage of Acme's revenue for fiscal 2015 came from sales outside the U.S.?", ROOM), quote("Sales outside the U.S. accounted for 79% of our revenue for the fiscal year ended December 26, 2015."), [])).toBeNull();
    expect(quoteAnswerOverride(readQuestion("What production rate changes is Acme forecasting for FY2016?", ROOM), quote("We plan to gradually increase 737 production rates based on market demand."), [])).toBeNull();
  });

  it("a rate the catalog does not know needs a percentage", () => {
    for (const q of ["acme on-time delivery rate for fy15?", "what % of deliveries arrived on time in 2015?"]) {
      expect(quoteAnswerOverride(readQuestion(q, ROOM), quote("Acme remains the industry leader, providing rapid, reliable, time-definite delivery."), []), q).toMatch(/^I couldn't find the (?:rate|percentage) asked/);
      expect(quoteAnswerOverride(readQuestion(q, ROOM), quote("In 2015, 96.5% of Acme deliveries arrived on time."), []), q).toBeNull();
    }
  });

  it("stands for a part's figure only when the part is the value's subject, not one of its causes, in three wordings", () => {
    for (const q of ["acme widgetly revenue 2022", "how much revenue did widgetly bring in for acme in 2022", "widgetly sales fy22"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, quote("Server products revenue increased $12.6 billion or 19% in 2022 driven by Widgetly."), []), q).toMatch(/^I couldn't find/);
      expect(quoteAnswerOverride(r, quote("Office 365, Widgetly and Dynamics revenue is recognized over time."), []), q).toMatch(/^I couldn't find/);
      expect(quoteAnswerOverride(r, quote("Widgetly revenue grew to $4.1 billion in 2022."), []), q).toBeNull();
    }
  });

  it("a count names what it counts after the number: a part's headcount stands when the part follows it, in three wordings", () => {
    for (const q of ["How many full-time equivalent employees did Acme have at the end of fiscal 2022?", "acme full-time equivalent employees fy22", "full-time equivalent headcount at acme in 2022"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, quote("As of December 31, 2022, Acme had approximately 164,000 full-time equivalent employees."), []), q).toBeNull();
    }
  });

  it("an amount asked in billions or millions needs an amount of that size, in three wordings", () => {
    for (const q of ["total $ value of the widgetly deal, in bn?", "widgetly deal value in billions", "what did acme pay for widgetly in $ millions"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, quote("Each Widgetly share was converted into the right to receive $26.79 in cash and 0.0776 Acme shares."), []), q).toMatch(/^I couldn't find the amount asked/);
      expect(quoteAnswerOverride(r, quote("Acme acquired Widgetly for a total purchase price of $27.7 billion."), []), q).toBeNull();
    }
  });

  it("is replaced when it states no value", () => {
    const r = readQuestion("acme net operating income 2015", ROOM);
    expect(quoteAnswerOverride(r, quote("We seek to maximize net operating income from our existing properties."), [])).toMatch(/^I couldn't find/);
  });
});

describe("a value a question's words ask for", () => {
  const ROOM = ["ACME INC."];
  const quote = (sentence: string) => `ACME_2022_10K.pdf states: "${sentence}" (source: ACME_2022_10K.pdf, p.28)`;
  it("'how long' needs a length of time in the quote, in three wordings", () => {
    for (const q of ["How long did Acme take on average to serve a drive-thru customer in 2022?", "acme avg drive thru wait time 2022 — how long", "how long does a typical acme order take to ship"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, quote("We continue to place emphasis on improving our service model and speed of service."), []), q).toMatch(/^I couldn't find the length of time asked[\s\S]*Closest evidence/);
      expect(quoteAnswerOverride(r, quote("In 2022 orders took 3.2 minutes on average from order to delivery."), []), q).toBeNull();
    }
  });

  it("'what share', 'what %' or 'at what rate' needs a percentage, in six wordings", () => {
    for (const q of ["What share of Acme deliveries arrived on time in 2022?", "at what rate did employees leave acme in 2022", "by what percentage did acme's average check grow in 2022", "what proportion of acme deliveries were late in 2022", "what % of acme deliveries were late in 2022", "what% of deliveries were late in 2022"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, quote("Acme issued 375,000 units to employees under the 2012 Plan during 2022."), []), q).toMatch(/^I couldn't find the percentage asked/);
      expect(quoteAnswerOverride(r, quote("In 2022, 12% of Acme employees left, 96% of deliveries arrived on time and the average check grew 4%."), []), q).toBeNull();
    }
  });
});

describe("a figure qualified by plain words", () => {
  const ROOM = ["ACME INC."];
  const sentence = (s: string) => `${s} (source: ACME_2022_10K.pdf, p.28).\n\n(Quoted from ACME_2022_10K.pdf; no extracted finding covers this yet.)`;
  it("a company total that drops the qualifier is shown as closest evidence, in three wordings", () => {
    for (const q of ["acme us employees 2022", "how many part-time employees did acme have at ye2022", "acme employees under collective bargaining 2022"]) {
      const r = readQuestion(q, ROOM);
      expect(qualifierAnswerOverride(r, [], "Acme — Employees: **approximately 164,000 (as of December 31, 2022)** (source: ACME_2022_10K.pdf, p.15)"), q).toMatch(/^I couldn't find a stated[\s\S]*Closest evidence[^\n]*\n- Acme — Employees: \*\*approximately 164,000/);
      expect(qualifierAnswerOverride(r, [], sentence("As of December 31, 2022, Acme had approximately 164,000 regular employees")), q).toMatch(/^I couldn't find a stated/);
    }
  });

  it("a counterparty asked after the company's ticker is a qualifier too ('orcl … from tiktok'), in three wordings", () => {
    const room = [{ name: "Acme Inc.", tickers: ["ACMX"] }];
    const total = "Revenue for FY2022: **USD 42,440 million**.\n\nFormula: Revenue = the Revenue line as reported";
    for (const q of ["how much revenue does acmx get from tiktok", "acmx revenue from tiktok fy22", "how much revenue did acme get from tiktok in 2022"]) {
      const r = readQuestion(q, room);
      expect(qualifierAnswerOverride(r, [], total), q).toMatch(/^I couldn't find a stated/);
    }
  });

  it("a sentence or row naming the qualifier stands", () => {
    expect(qualifierAnswerOverride(readQuestion("acme us employees 2022", ROOM), [], sentence("As of December 31, 2022, approximately 52 percent of our 164,000 employees were located in the United States"))).toBeNull();
    expect(qualifierAnswerOverride(readQuestion("acme part-time employees 2022", ROOM), [], sentence("Acme employed approximately 201,000 permanent part-time employees"))).toBeNull();
    expect(qualifierAnswerOverride(readQuestion("acme employees 2022", ROOM), [], "Acme — Employees: **164,000** (source: ACME_2022_10K.pdf, p.15)")).toBeNull();
  });
});

describe("a yes/no asking which side of zero a result is on", () => {
  const ROOM = ["ACME INC."];
  const computed = (value: number) => ({
    toolName: "compute_metric",
    input: { company: "ACME INC.", metric: "net_income", periods: ["FY2017"] },
    output: { status: "answered", company: "ACME INC.", metric: { id: "net_income", name: "Net income", unit: "amount" }, value, formatted: `USD ${value.toLocaleString("en-US")} million`, periods: ["FY2017"], series: [{ period: "FY2017", value }], inputs: [{ item: "net_income", label: "Net income (loss)", period: "FY2017", value, citation: "(source: ACME_2017_10K.pdf, p.63)", row: "Net income (loss) (1,016)" }], missing: [], notes: [] },
  });
  it("is decided by the figure's sign, in four wordings each way", () => {
    for (const q of ["was acme in the red for 2017?", "did acme lose money in 2017", "did acme post a loss in fy17?", "was acme unprofitable in 2017?"]) {
      const r = readQuestion(q, ROOM);
      expect(r.sign, q).toBe("loss");
      expect(evidenceAnswer(r, [computed(-1016)]), q).toMatch(/^Yes — .*USD -1,016 million\*\*, a loss .*p\.63/);
      expect(evidenceAnswer(r, [computed(1660)]), q).toMatch(/^No — .*a profit/);
    }
    for (const q of ["was acme still in the black in 2017 despite the fires?", "did acme turn a profit in 2017", "was acme profitable in fy17?", "did acme make money in 2017?"]) {
      const r = readQuestion(q, ROOM);
      expect(r.sign, q).toBe("profit");
      expect(r.scope, q).toBeUndefined();
      expect(evidenceAnswer(r, [computed(1660)]), q).toMatch(/^Yes — .*a profit/);
      expect(evidenceAnswer(r, [computed(-1016)]), q).toMatch(/^No — .*a loss/);
    }
  });

  it("asks no sign of a question that is no yes/no", () => {
    expect(readQuestion("how much did acme lose in 2017", ROOM).sign).toBeUndefined();
  });
});

describe("a yes/no asking whether a figure clears a value", () => {
  const ROOM = ["ACME INC."];
  const computed = (value: number, unit: "amount" | "percent" = "amount") => ({
    toolName: "compute_metric",
    input: { company: "ACME INC.", metric: "revenue", periods: ["FY2015"] },
    output: { status: "answered", company: "ACME INC.", metric: { id: "revenue", name: "Revenue", unit }, value, formatted: unit === "percent" ? `${(value * 100).toFixed(1)}%` : `USD ${(value / 1e3).toLocaleString("en-US")} thousand`, periods: ["FY2015"], series: [{ period: "FY2015", value }], inputs: [{ item: "revenue", label: "Total revenue", period: "FY2015", value: value / 1e3, scale: 1e3, citation: "(source: ACME_2015_10K.pdf, p.60)", row: "Total revenue 4,795,511" }], missing: [], notes: [] },
  });
  it("is decided by the figure against the value, in five wordings above and four below", () => {
    for (const q of ["did acme clear $4bn in revenue in 2015", "was acme's revenue over 4 billion in fy15?", "acme sales north of $4,000m 2015?", "did acme top $4.0 billion in revenue in 2015", "acme revenue at least 4b in 2015?"]) {
      const r = readQuestion(q, ROOM);
      expect(r.threshold, q).toMatchObject({ side: "above", value: 4e9 });
      expect(r.scope, q).toBeUndefined();
      expect(evidenceAnswer(r, [computed(4_795_511_000)]), q).toMatch(/^Yes — .*USD 4,795,511 thousand\*\*, above .*p\.60/);
      expect(evidenceAnswer(r, [computed(3_900_000_000)]), q).toMatch(/^No — .*below/);
    }
    for (const q of ["acme revenue under $5bn in 2015?", "was acme's revenue below 5 billion in fy2015", "did acme's sales come in short of $5bn in 2015", "acme revenue less than 5,000 million in 2015?"]) {
      const r = readQuestion(q, ROOM);
      expect(r.threshold, q).toMatchObject({ side: "below", value: 5e9 });
      expect(evidenceAnswer(r, [computed(4_795_511_000)]), q).toMatch(/^Yes — .*below/);
      expect(evidenceAnswer(r, [computed(5_100_000_000)]), q).toMatch(/^No — .*above/);
    }
  });

  it("reads a bare number in the scale nearest the figure and says so; equal counts only for 'at least'", () => {
    const r = readQuestion("acme revenue under 4,500 in fy15?", ROOM);
    expect(evidenceAnswer(r, [computed(4_795_511_000)])).toMatch(/^No — .*\(4,500 read as 4,500 million\)/);
    expect(evidenceAnswer(readQuestion("acme revenue at least $5bn in 2015?", ROOM), [computed(5e9)])).toMatch(/^Yes — .*equal to/);
    expect(evidenceAnswer(readQuestion("acme revenue over $5bn in 2015?", ROOM), [computed(5e9)])).toMatch(/^No — .*equal to/);
  });

  it("compares a rate in percent and gives no verdict on a percent asked of an amount", () => {
    expect(evidenceAnswer(readQuestion("is acme gross margin above 40 pct in 2015?", ROOM), [computed(0.41, "percent")])).toMatch(/^Yes — .*41\.0%\*\*, above 40 pct/);
    expect(evidenceAnswer(readQuestion("acme revenue over 40% in 2015?", ROOM), [computed(4_795_511_000)]) ?? "").not.toMatch(/^(?:Yes|No)\b/);
  });

  it("reads 'a billion' as one billion, and 'double digits' or 'single-digit' as a rate of 10%", () => {
    expect(readQuestion("did acme make more than a billion in net income in 2017", ROOM).threshold).toMatchObject({ side: "above", value: 1e9, written: "a billion" });
    for (const q of ["did acme grow revenue double digits in 2018", "acme revenue growth in 2018 double-digit?", "was acme's sales growth in the double digits in 2018"]) {
      expect(readQuestion(q, ROOM).threshold, q).toMatchObject({ side: "above", inclusive: true, value: 10, percent: true });
    }
    expect(readQuestion("was acme's 2018 revenue growth in single digits", ROOM).threshold).toMatchObject({ side: "below", value: 10, percent: true });
  });

  it("reads everyday verbs of a sharp move as a direction: tank, crater, plummet; skyrocket, balloon", () => {
    for (const q of ["did acme's comps tank in fy23?", "acme gross margin cratered in 2022?", "did acme net income plummet in 2020"]) expect(readQuestion(q, ROOM).direction, q).toBe("down");
    for (const q of ["did acme's debt balloon in 2021?", "acme capex skyrocketed in 2022?"]) expect(readQuestion(q, ROOM).direction, q).toBe("up");
  });

  it("decides a growth asked against a rate ('rev growth fy17 - better than 20%?') by the growth computed", () => {
    const growth = { toolName: "compute_metric", input: {}, output: { status: "answered", company: "ACME INC.", metric: { id: "revenue", name: "Revenue growth", unit: "percent" }, value: 0.247, formatted: "24.7%", periods: ["FY2016", "FY2017"], series: [], inputs: [{ item: "revenue", label: "Total revenue", period: "FY2016", value: 5854, scale: 1e6, citation: "(source: ACME_2017_10K.pdf, p.58)", row: "Total revenue 7,301 5,854" }], missing: [], notes: [] } };
    const r = readQuestion("acme rev growth fy17 - better than 20%?", ROOM);
    expect(r.aggregate).toBe("growth");
    expect(evidenceAnswer(r, [growth])).toMatch(/^Yes — .*24\.7%\*\*, above 20%/);
    expect(evidenceAnswer(readQuestion("acme sales growth above 30% in fy2017?", ROOM), [growth])).toMatch(/^No — .*below 30%/);
  });

  it("reads no value from a year, a span of time, a ranking or a wh-question", () => {
    for (const q of ["acme revenue over 2015-2017", "acme sales over 3 years", "top 3 customers by revenue", "which segments had revenue above $1bn", "why did revenue fall below $5bn"]) {
      expect(readQuestion(q, ROOM).threshold, q).toBeUndefined();
    }
  });

  it("decides a growth rate asked against a value by the move between the two years", () => {
    const revenue = conceptById("revenue")!;
    const line: LineItemRow = { ...row("Total revenue", "Income statement", 0), source: "statement", row: "Total revenue 7,301 5,854", columns: [{ period: "FY2017", months: 12, value: 7301e6, printed: "7,301" }, { period: "FY2016", months: 12, value: 5854e6, printed: "5,854" }] };
    for (const [q, verdict] of [["did acme's revenue grow more than 20 pct in fy2017?", "Yes"], ["acme sales up over 30% in 2017?", "No"], ["did acme revenue fall more than 5% in 2017", "No"]] as const) {
      const r = readQuestion(q, ROOM);
      expect(r.threshold?.percent, q).toBe(true);
      expect(writeDirectionRow(line, revenue, r, "Acme"), q).toMatch(new RegExp(`^${verdict} — .*\\+24\\.7% against`));
    }
    // an amount asked of the move is compared in units
    for (const [q, verdict] of [["did acme's revenue go up by more than $1bn in 2017?", "Yes"], ["acme revenue rise over $2 billion in fy17?", "No"]] as const) {
      expect(writeDirectionRow(line, revenue, readQuestion(q, ROOM), "Acme"), q).toMatch(new RegExp(`^${verdict} — .*\\+1\\.45 billion against`));
    }
  });
});

describe("a model of a product", () => {
  it("is not answered by the product's own figure, in three wordings", () => {
    const ROOM = ["ACME INC."];
    const quote = 'ACME_2018_10K.pdf states: "Widget unit sales were 217.7 million in fiscal 2018, compared to 216.8 million in 2017." (source: ACME_2018_10K.pdf, p.26)';
    for (const q of ["widget x unit sales fy18?", "how many widget x units did acme sell in fiscal 2018", "acme widget 8 unit sales 2018"]) {
      const r = readQuestion(q, ROOM);
      expect(quoteAnswerOverride(r, quote, []), q).toMatch(/^I couldn't find/);
    }
    expect(quoteAnswerOverride(readQuestion("widget unit sales fy18?", ROOM), quote, [])).toBeFalsy();
    expect(quoteAnswerOverride(readQuestion("widget x unit sales fy18?", ROOM), quote.replace("Widget unit", "Widget X unit"), [])).toBeFalsy();
  });
});

describe("a stated level, not a change", () => {
  const marketing = conceptById("sales_marketing")!;
  it("takes the sentence stating the expense, not the one stating its increase", () => {
    const change = passage("For fiscal 2023, the increase in marketing and sales expenses was primarily due to an increase of $1.3 billion in employee-related costs.");
    const level = passage("Marketing and sales expenses were $13.3 billion in fiscal 2023.");
    expect(statedSentence([change, level], marketing, [2023], undefined, true)?.text).toMatch(/were \$13\.3 billion/);
    expect(statedSentence([change], marketing, [2023], undefined, true)).toBeNull();
  });

  it("shows a rate row with its percent sign", () => {
    const comps = conceptById("comparable_sales")!;
    const r = { ...row("International Operated Markets", "Comparable sales increases/(decreases)", -15), scale: 1, currency: undefined };
    r.columns = [{ period: "FY2020", months: 12, value: -15, printed: "(15.0)" }];
    expect(writeScopedRows({ rows: [r], notFound: [], notes: [] }, comps, "International Operated Markets")).toMatch(/\*\*\(15\.0\)%\*\*/);
  });
});

describe("a headcount sentence", () => {
  const employees = conceptById("employees")!;
  it("states the stock beside its noun, not a grant, a hiring or a plan's terms", () => {
    const stock = passage("On December 31, 2022, the Company employed approximately 92,000 people (full-time equivalents).");
    const dated = passage("The number of employees at 30 September 2024 was 155 (138).");
    expect(statedSentence([dated], employees, [], undefined, true)?.text).toMatch(/was 155/);
    const grant = passage("In December 2020, we granted to our employees (excluding executives and certain union-represented employees), a one-time grant of 5,163,425 RSUs.");
    const hired = passage("Additionally, we hired approximately 23,000 new employees in 2022 for critical skills.");
    expect(statedSentence([grant, hired, stock], employees, [], undefined, true)?.text).toMatch(/92,000 people/);
    expect(statedSentence([grant, hired], employees, [], undefined, true)).toBeNull();
  });

  it("at a day asked, takes the sentence of that day and never one of another day", () => {
    const june = passage("The number of employees at 30 June 2024 was 147 (133).", "Q2_Report.pdf", 1);
    const september = passage("The number of employees at 30 September 2024 was 155 (138).", "Q3_Report.pdf", 1);
    expect(statedSentence([september, june], employees, [2024], undefined, true, "2024-6-30")?.text).toMatch(/was 147/);
    expect(statedSentence([september], employees, [2024], undefined, true, "2024-6-30")).toBeNull();
    const us = passage("As of June 30, 2024, we employed approximately 2,100 people.");
    expect(statedSentence([september, us], employees, [2024], undefined, true, "2024-6-30")?.text).toMatch(/2,100 people/);
  });
});

describe("a part's growth asked", () => {
  const ROOM = ["Nordic Widgets AB"];
  const rows = { toolName: "get_line_items", input: { items: ["services revenue"] }, output: { company: "Nordic Widgets AB", rows: [{ ...row("Services revenue", "Revenue by quarter", 4.3), columns: [{ period: "Q3 2024", months: 3, value: 4_300_000, printed: "4.3" }] }], notFound: [], notes: [] } };
  const grew = passage("Services revenue grew 16% year on year to EUR 4.3 million.", "Q3_Report.pdf", 4);
  const search = { toolName: "search_documents", input: { query: "services revenue" }, output: { company: "Nordic Widgets AB", passages: [{ ...grew, period: "Q3 2024" }], notes: [] } };

  it("is not answered by the part's level, but by the sentence of the quarter's report stating its growth", () => {
    const r = readQuestion("How much did the services revenue grow year on year in Q3 2024?", ROOM);
    expect(evidenceAnswer(r, [rows])).toBeNull();
    expect(evidenceAnswer(r, [rows, search])).toMatch(/grew 16% year on year/);
    // the level asked is still the row's
    expect(evidenceAnswer(readQuestion("What was the services revenue in Q3 2024?", ROOM), [rows])).toMatch(/4,300|4\.3/);
  });
});

describe("an outflow printed in parentheses", () => {
  it("compares the amounts paid, not the signed values: dividends paid rose from 793 to 1,177", () => {
    const dividends = conceptById("dividends_paid")!;
    const paid: LineItemRow = { ...row("Dividends paid", "Cash flows from financing activities", 0), source: "statement", row: "Dividends paid (1,177) (793)", columns: [{ period: "FY2023", months: 12, value: -1177e6, printed: "(1,177)" }, { period: "FY2022", months: 12, value: -793e6, printed: "(793)" }] };
    for (const q of ["acme dividends paid fy23 vs fy22 — higher?", "how much did acme's dividend payments grow in fy2023", "acme dividends paid change fy22 to fy23"]) {
      const r = readQuestion(q, ["ACME INC."]);
      const text = r.polar ? writeDirectionRow(paid, dividends, r, "Acme") : writeRowChange(paid, dividends, r, "Acme");
      expect(text, q).toMatch(/USD 793 million[\s\S]*USD 1,177 million/);
      expect(text, q).not.toMatch(/-\s?793|−793|fell/);
    }
  });
});

describe("a headcount sentence of the year asked", () => {
  it("a fiscal year asked as FY2019 takes the sentence dated 2019, not the newest, in three wordings", () => {
    const employees = conceptById("employees")!;
    const search = { company: "ACME INC.", passages: [passage("As of September 24, 2022, the Company had approximately 164,000 full-time equivalent employees.", "ACME_2022_10K.pdf", 7), passage("As of September 28, 2019, the Company had approximately 137,000 full-time equivalent employees.", "ACME_2019_10K.pdf", 6)], notes: [] };
    for (const q of ["acme headcount fy2019", "how many employees did acme have in 2019", "acme employees at fye 2019"]) {
      expect(writeStated(search, employees, readQuestion(q, ["ACME INC."])), q).toMatch(/137,000/);
    }
  });
});

describe("a count's row named by any of the concept's names", () => {
  const stores = conceptById("stores")!;
  const count = (label: string, value: number, title: string): LineItemRow => ({ ...row(label, title, value), scale: 1, currency: undefined, columns: [{ period: "FY2022", months: 0, value, printed: String(value) }] });
  it("reads 'Total Systemwide restaurants' as the store count, and not a part's or an expense row", () => {
    const rows = [count("Total Systemwide restaurants", 40275, "Restaurant information by ownership type"), count("Total Franchised", 38169, "Restaurant information by ownership type"), row("Restaurants", "Rent expense", 1416)];
    expect(pickRow({ company: "ACME INC.", rows, notFound: [], notes: [] }, stores)?.label).toBe("Total Systemwide restaurants");
    expect(pickRow({ company: "ACME INC.", rows: [count("Total restaurants", 9500, "Store data"), count("International restaurants", 4000, "Store data")], notFound: [], notes: [] }, stores)?.label).toBe("Total restaurants");
  });
});

describe("a part's growth read from rows of several filings", () => {
  const ROOM = ["ACME INC."];
  const col = (period: string, value: number) => ({ period, months: 12, value: value * 1e6, printed: String(value) });
  const newer = { ...row("North America", "REVENUES", 17179), document: "ACME_2021_10K.pdf", columns: [col("FY2019", 15902)], citation: "(source: ACME_2021_10K.pdf, p.91)" };
  const older = { ...row("North America", "REVENUES", 15902), document: "ACME_2019_10K.pdf", columns: [col("FY2019", 15902), col("FY2018", 14855)], citation: "(source: ACME_2019_10K.pdf, p.84)" };
  const lines = { toolName: "get_line_items", input: { items: ["north america revenue"] }, output: { company: "ACME INC.", rows: [newer, older], notFound: [], notes: [] } };

  it("takes the row printing both years when rows agree on the year asked, in three wordings", () => {
    for (const q of ["acme north america revenue growth fy2019", "how much did acme's north america sales grow in 2019?", "acme north america rev fy18 to fy19 growth"]) {
      expect(evidenceAnswer(readQuestion(q, ROOM), [lines]), q).toMatch(/North America growth, fiscal 2018–fiscal 2019: \*\*\+7\.0%\*\* \(source: ACME_2019_10K\.pdf, p\.84\)/);
    }
  });
});

describe("who holds a role", () => {
  it("a name is capitalised words that are not all title words", () => {
    expect(namesAPerson("Christopher J. Kempczinski — President and Chief Executive Officer")).toBe(true);
    expect(namesAPerson("Safra Catz, Chief Executive Officer")).toBe(true);
    expect(namesAPerson('"Chief Executive Officer or Chief Financial Officer 18 months"')).toBe(false);
    expect(namesAPerson("Corporate Vice — President, Associate General Counsel and")).toBe(false);
    expect(namesAPerson('"CERTIFICATIONS OF CHIEF EXECUTIVE OFFICER AND CHIEF FINANCIAL OFFICER"')).toBe(false);
  });

  it("an answer naming nobody in the role is replaced by what was searched, in three wordings", () => {
    for (const q of ["who's the CFO?", "who is acme's chief financial officer", "name of the finance chief"]) {
      const r = readQuestion(q, ["ACME CORP"]);
      expect(personAnswerOverride(r, '"Chief Executive Officer or Chief Financial Officer 18 months" (source: ACME_2022_10K.pdf, p.90)', []), q).toMatch(/^I couldn't find who the chief financial officer/);
      expect(personAnswerOverride(r, "Jane Q. Doe — Executive Vice President and Chief Financial Officer (source: ACME_2022_10K.pdf, p.12)", []), q).toBeNull();
    }
  });
});

describe("a figure the catalog does not name, answered by the rules planner", () => {
  it("stands only when the answer says every word of it", () => {
    for (const q of ["whats acme's digital media arr at the end of fy22", "acme digital media arr fy2022", "how big is digital media arr"]) {
      const r = readQuestion(q, ["ACME INC."]);
      expect(figureAnswerOverride(r, "FY2022 ARR was USD 87.0 million (source: ACME_2022_10K.pdf, p.38)."), q).toMatch(/^I couldn't find the digital media arr asked[\s\S]*- FY2022 ARR was USD 87\.0 million/);
      expect(figureAnswerOverride(r, "Digital Media ARR for FY2022 was **USD 13.97 billion** (source: ACME_2022_10K.pdf, p.38)."), q).toBeNull();
    }
  });
});

describe("a yes/no question answered with a figure", () => {
  it("is replaced by what was found, in three wordings; a yes or no and a not-found stand", () => {
    for (const q of ["is acme turning more of its earnings into free cash flow?", "Acme — is free cash flow conversion getting better as of FY22?", "did anything one-off give acme's net income a boost in 2019?"]) {
      const r = readQuestion(q, ["ACME INC."]);
      expect(figureAnswerOverride(r, "Free cash flow for FY2022: **USD 7,396 million**.\nFormula: …"), q).toMatch(/^I couldn't answer this yes or no[\s\S]*- Free cash flow for FY2022: \*\*USD 7,396 million\*\*/);
      expect(figureAnswerOverride(r, "FY2022 cash was USD 4.24 billion (source: ACME_2022_10K.pdf, p.53)."), q).toMatch(/^I couldn't answer/);
      expect(figureAnswerOverride(r, "Yes — free cash flow rose from **USD 5 billion** to **USD 7 billion**."), q).toBeNull();
      expect(figureAnswerOverride(r, "I couldn't find a sentence that settles this either way."), q).toBeNull();
    }
    expect(figureAnswerOverride(readQuestion("what was acme's free cash flow in 2022?", ["ACME INC."]), "Free cash flow for FY2022: **USD 7,396 million**.")).toBeNull();
  });
});

describe("a figure that does not fit the question read", () => {
  const ROOM = ["ACME INC."];
  const lead = (q: string, a: string) => figureAnswerOverride(readQuestion(q, ROOM), a)?.split("\n")[0];
  it("another concept than the one asked is no answer", () => {
    expect(lead("What was the book value of Acme's property, plant and equipment, after depreciation, at the end of 2018?", "Shareholders' equity for FY2018: **USD 339 million**.")).toMatch(/^I couldn't find the net pp&e asked/);
    expect(lead("In Q1 2024, how much cash did Acme's operations bring in after paying for capital spending?", "Cash and cash equivalents for Q1 2024: **USD 9,155 million**.")).toMatch(/^I couldn't find the free cash flow asked/);
    expect(lead("acme net pp&e 2018", "Net PP&E for FY2018: **USD 8.74 billion**.")).toBeUndefined();
    // a statement named as the source ("per the balance sheet") is no concept to match
    expect(lead("what is the year end FY2018 net PPNE for Acme, per the balance sheet?", "Net PP&E for FY2018: **USD 8.74 billion**.")).toBeUndefined();
  });
  it("an amount is no answer to a rate, names or a reason", () => {
    expect(lead("For Acme in 2015, what percent of revenue was operating income plus depreciation and amortization?", "Operating income plus depreciation & amortization for FY2015: **USD 368,109 thousand**.")).toMatch(/a rate/);
    // a rate word with the answer asked in money ("how much of revenue, in $ millions") takes an amount
    expect(lead("acme share of revenue from services 2022, in $ millions", "Revenue for FY2022: **USD 5,000 million**.")).toBeUndefined();
    expect(lead("Who were Acme's three biggest customers by sales in 2020?", "FY2020 revenue was USD 77.87 billion (source: ACME_2020_10K.pdf, p.76).")).toMatch(/names asked/);
    expect(lead("Acme — why did cash provided by operations fall in 2022?", "ACME INC.: Cash from operations for fiscal 2022 was **USD 7,386.70 million** (source: ACME_2022_10K.pdf, p.39)")).toMatch(/reason/);
  });
  it("a figure for none of the periods asked is no answer; a year-end day and its fiscal year agree", () => {
    expect(lead("Acme: FY15 operating cash flow ratio, defined as cash from operations divided by total current liabilities?", "Fy15 operating cash flow ratio, for FY2022: **0.96**.")).toMatch(/^I couldn't find the figure for fiscal 2015/);
    expect(lead("acme revenue 2021", "ACME INC.: Revenue for fiscal 2022 was **USD 5 million** (source: ACME_2022_10K.pdf, p.4)")).toMatch(/fiscal 2021/);
    expect(lead("acme cash at 12/31/2022", "ACME INC.: Cash and cash equivalents for fiscal 2022 was **USD 5 million** (source: ACME_2022_10K.pdf, p.4)")).toBeUndefined();
    expect(lead("acme revenue fy2022", "ACME INC.: Revenue for fiscal 2022 was **USD 5 million** (source: ACME_2022_10K.pdf, p.4)")).toBeUndefined();
  });

  it("a quote and a name in bold are not figure answers", () => {
    expect(lead("Why did Acme's net sales increase in 2022?", 'ACME_2022_10K.pdf states: "Net sales increased 9% due to higher volume." (source: ACME_2022_10K.pdf, p.25)')).toBeUndefined();
    expect(lead("Who is Acme's chief executive officer?", "ACME INC. — Chief executive officer: **Jane Doe** (source: ACME_2022_10K.pdf, p.5)")).toBeUndefined();
  });
});

describe("a company fact as of a day", () => {
  const employees = conceptById("employees")!;
  const item = (detail: string, document: string, fiscalYear: number, superseded = false) => ({ name: "Employees", detail, document, fiscalYear, page: 11, excerpt: `As of ${detail.replace(/^.*as of /, "").replace(/\)$/, "")}, we had employees.`, citation: `(source: ${document}, p.11)`, ...(superseded ? { superseded } : {}) });
  const out = { company: "ACME INC.", items: [], notes: [], newestFiling: "ACME_2024Q1_10Q.pdf", facts: { employees: [item("79,390 (as of January 31, 2023)", "ACME_2023_10K.pdf", 2023), item("73,541 (as of January 31, 2022)", "ACME_2022_10K.pdf", 2022, true)] } };
  it("answers the newest filing that states it when no day is asked, though a later quarterly report does not repeat it", () => {
    expect(writeFacts(out, employees, readQuestion("how many employees does acme have", ["ACME INC."]))).toMatch(/\*\*79,390 \(as of January 31, 2023\)\*\*/);
  });
  it("answers a day asked only with a count stated as of that day", () => {
    expect(writeFacts(out, employees, readQuestion("acme fte headcount 4/30/2023", ["ACME INC."]))).toBeNull();
    expect(writeFacts(out, employees, readQuestion("acme headcount at 1/31/2023", ["ACME INC."]))).toMatch(/79,390/);
  });
  it("answers an older year asked from that year's filing, though a newer one supersedes it", () => {
    for (const q of ["acme headcount fy22", "how many employees did acme have at the end of fiscal 2022"]) {
      const said = writeFacts(out, employees, readQuestion(q, ["ACME INC."]));
      expect(said, q).toMatch(/\*\*73,541 \(as of January 31, 2022\)\*\*/);
      expect(said, q).not.toMatch(/79,390/);
    }
    const prev = readQuestion("how many people does acme employ", ["ACME INC."]);
    expect(writeFacts(out, employees, readQuestion("and a year earlier?", ["ACME INC."], prev))).toMatch(/73,541/);
  });
  it("answers each year of a change asked, and the change, in three wordings", () => {
    for (const q of ["how much did acme's headcount grow from fy22 to fy23", "acme headcount change fy2022 to fy2023", "acme employees end of fy22 vs fy23, how much growth"]) {
      const said = writeFacts(out, employees, readQuestion(q, ["ACME INC."]))!;
      expect(said, q).toMatch(/fiscal 2022: \*\*73,541/);
      expect(said, q).toMatch(/fiscal 2023: \*\*79,390/);
      expect(said, q).toMatch(/Change: \*\*\+5,849\*\* \(\+8\.0%\)/);
    }
    expect(writeFacts(out, employees, readQuestion("acme headcount fy2021 vs fy2023", ["ACME INC."]))).toBeNull();
  });
});

describe("a count stated in each year's filing", () => {
  const employees = conceptById("employees")!;
  const of = (year: number, count: string) => ({ ...passage(`Each of our ${count} full- and part-time employees in 45 countries make an important contribution.`, `ACME_${year}_10K.pdf`, 9), period: `FY${year}` });
  const out = { company: "ACME INC.", passages: [of(2021, "61,200"), of(2020, "50,110")] } as never;
  it("answers each year from its own filing's sentence, and the change when asked", () => {
    const both = writeStated(out, employees, readQuestion("acme employees end of 2020 vs 2021", ["ACME INC."]))!;
    expect(both).toMatch(/fiscal 2020: \*\*50,110\*\*.*ACME_2020_10K\.pdf/);
    expect(both).toMatch(/fiscal 2021: \*\*61,200\*\*.*ACME_2021_10K\.pdf/);
    expect(writeStated(out, employees, readQuestion("how much did acme's headcount grow from 2020 to 2021", ["ACME INC."]))).toMatch(/Change: \*\*\+11,090\*\*/);
  });
  it("reads the year before the newest filing's as asked after a turn on the newest", () => {
    const prev = readQuestion("how many people does acme employ", ["ACME INC."]);
    for (const q of ["and a year earlier?", "and the year before?"]) {
      const said = writeStated(out, employees, readQuestion(q, ["ACME INC."], prev));
      expect(said, q).toMatch(/50,110/);
      expect(said, q).not.toMatch(/61,200/);
    }
  });
});

describe("a ranking of parts", () => {
  const quote = (sentence: string) => `ACME_2022_10K.pdf states: "${sentence}" (source: ACME_2022_10K.pdf, p.121)`;
  it("is not answered by a sentence naming a segment without a figure, in three wordings", () => {
    for (const q of ["which segment is biggest?", "acme largest business segment by sales 2022", "what's acme's top region?"]) {
      const r = readQuestion(q, ["ACME INC."]);
      expect(quoteAnswerOverride(r, quote("In this example, the non-primary selling segment (Consumer) previously would also have received credit."), []), q).toMatch(/^I couldn't find a ranking/);
      expect(quoteAnswerOverride(r, quote("Safety and Industrial, our largest segment, had net sales of $11.6 billion in 2022."), []), q).toBeNull();
    }
    expect(readQuestion("acme largest business segment by sales 2022", ["ACME INC."]).scope).toBeUndefined();
  });
});

describe("risk factors", () => {
  it("lists a risk two filings state once, one of them stored with the ligatures its PDF lost put back", async () => {
    const [stored] = await repairPages([{ text: "General Risks Economic, poli\u0000cal and market condi\u0000ons could adversely affect our business." }]);
    const lost = { ...passage(stored!.text, "ACME_2023_10K.pdf", 30), section: "risk_factors" };
    const whole = { ...passage("Economic, political and market conditions could adversely affect our business.", "ACME_2015_10K.pdf", 23), section: "risk_factors" };
    const text = writeRisks({ company: "ACME INC.", passages: [lost, whole] } as never)!;
    expect(text.match(/adversely affect our business/g)).toHaveLength(1);
    expect(text).toMatch(/Economic, political and market conditions could adversely affect our business\. \(source: ACME_2023_10K\.pdf, p\.30\)/);
    // the general English word lists load once per process, which takes seconds on a loaded machine
  }, 60_000);
});

describe("a figure the statements lack inputs for", () => {
  it("says which inputs are missing when the planner answered with no figure; a figure stands for the figure gate", () => {
    const r = readQuestion("acme interest coverage fy2023", ["ACME INC."]);
    const done = [{ toolName: "compute_metric", input: { company: "ACME INC.", metric: "interest_coverage", periods: ["FY2023"] }, output: { status: "incomplete", company: "ACME INC.", metric: { id: "interest_coverage", name: "Interest coverage", unit: "ratio" }, formula: "Interest coverage = Operating income / Interest expense", periods: ["FY2023"], series: [], inputs: [], missing: [{ item: "operating_income", label: "operating income", period: "FY2023" }], notes: [] } }];
    expect(incompleteAnswerOverride(r, done, "This deal has no Information Request List yet.")).toMatch(/^I couldn't compute interest coverage for ACME INC\.: .* no line for operating income \(fiscal 2023\)/);
    expect(incompleteAnswerOverride(r, done, "ACME INC.: Interest coverage for fiscal 2023 was **12.5**")).toBeNull();
  });
});

describe("the latest figure a newer report prints by quarter", () => {
  const quarterly = (): LineItemRow => ({
    item: "active buyers", match: "label", label: "Active Buyers", source: "table", table: { title: "Supplemental Operating Data", headings: [] }, scale: 1e6,
    columns: [{ period: "Q1 2023", periodEnd: "2023-03-31", months: 3, printed: "133", value: 133e6 }, { period: "Q4 2022", periodEnd: "2022-12-31", months: 3, printed: "134", value: 134e6 }],
    document: "ACME_2023Q1_EARNINGS.pdf", page: 10, row: "Active Buyers 133 134", citation: "(source: ACME_2023Q1_EARNINGS.pdf, p.10)",
  });

  it("keeps a row's newest column when it ends after the latest year, and none that ends before", () => {
    expect(newerThan(quarterly(), ["FY2022"])?.columns.map((c) => c.period)).toEqual(["Q1 2023"]);
    expect(newerThan(quarterly(), ["FY2023"])).toBeUndefined();
  });

  it("answers 'latest' and 'now' from that column, in three wordings, and a year asked from the year", () => {
    const o = { company: "ACME INC.", rows: [newerThan(quarterly(), ["FY2022"])!], notFound: [], notes: [], periods: ["FY2022"] };
    for (const q of ["acme active buyers, most recent number", "how many active buyers do they have now", "latest active buyers?"]) {
      expect(writeLabelledRow(o, readQuestion(q, [{ name: "ACME INC.", tickers: ["ACME"] }])), q).toMatch(/Q1 2023: \*\*133 million\*\*/);
    }
    expect(writeLabelledRow(o, readQuestion("active buyers 2022", [{ name: "ACME INC.", tickers: ["ACME"] }]))).toBeNull();
  });
});

describe("the size of a move asked with \"how much\"", () => {
  const ROOM = ["ACME INC."];
  const revenue = (periods: string[], values: number[]) => ({
    toolName: "compute_metric",
    input: { company: "ACME INC.", metric: "revenue", periods, aggregate: "change" },
    output: {
      status: "answered", company: "ACME INC.", metric: { id: "revenue", name: "Change in revenue", unit: "amount" }, value: values[1]! - values[0]!, formatted: `−USD ${Math.abs(values[1]! - values[0]!).toLocaleString("en-US")} million`, periods,
      series: periods.map((period, i) => ({ period, value: values[i]! * 1e6, formatted: `USD ${values[i]!.toLocaleString("en-US")} million` })),
      inputs: periods.map((period, i) => ({ item: "revenue", label: "Revenue", period, value: values[i]!, scale: 1e6, currency: "USD", citation: "(source: ACME_2023_10K.pdf, p.40)", row: "Revenue 46,298 51,761" })), missing: [], notes: [],
    },
  });
  const why = {
    toolName: "get_explanations",
    input: { company: "ACME INC.", figure: "revenue", period: "2023", direction: "down" },
    output: { company: "ACME INC.", figure: "Revenue", explanations: [{ text: "The decrease in revenue was driven by lower demand for durable goods.", head: "The decrease in revenue", document: "ACME_2023_10K.pdf", page: 27, citation: "(source: ACME_2023_10K.pdf, p.27)", direction: "down", score: 4 }] },
  };

  it("asks the change across the year and the one before, never the level, in three wordings", () => {
    for (const q of ["how much did acme revenue drop in fy23", "by how much did revenue fall in 2023?", "how far did acme's revenue slide in fiscal 2023"]) {
      const r = readQuestion(q, ROOM);
      expect([r.aggregate, r.periods], q).toEqual(["change", ["FY2022", "FY2023"]]);
    }
    // a figure that is itself a change ("comps") is its own size
    expect(readQuestion("how much did acme comps fall in fy23", ROOM).aggregate).toBeUndefined();
    // a word of the figure's own name ("ring up", "rack up") is no move
    for (const q of ["how much did acme ring up in sales in 2017", "how much did acme rack up in sales in 2017"]) {
      expect([readQuestion(q, ROOM).aggregate, readQuestion(q, ROOM).periods], q).toEqual([undefined, ["FY2017"]]);
    }
  });

  it("states the move in the unit and in percent", () => {
    const r = readQuestion("how much did acme revenue drop in fy23", ROOM);
    expect(evidenceAnswer(r, [revenue(["FY2022", "FY2023"], [51_761, 46_298])])).toMatch(/Change fiscal 2022 → fiscal 2023: −5,463 million \(−10\.6%\)/);
  });

  it("answers a reason asked with its size with both, the size found after the reason, in three wordings", () => {
    for (const q of ["why did acme revenue fall in fy23 and by how much", "how much did revenue drop in 2023, and why?", "why did acme's revenue decline in fiscal 2023 and how much"]) {
      const r = readQuestion(q, ROOM);
      expect([r.reason, r.sizeToo], q).toEqual([true, true]);
      const next = evidenceNext(r, [why]);
      expect(next?.[0]?.toolName, q).toBe("compute_metric");
      expect(["change", "growth"], q).toContain(next?.[0]?.input.aggregate);
      const answer = evidenceAnswer(r, [why, revenue(["FY2022", "FY2023"], [51_761, 46_298])]);
      expect(answer, q).toMatch(/−5,463 million \(−10\.6%\)[\s\S]*lower demand for durable goods/);
    }
    // the reason alone stays the reason alone
    const alone = readQuestion("why did acme revenue fall in fy23", ROOM);
    expect(alone.sizeToo).toBeFalsy();
    expect(evidenceNext(alone, [why])).toBeNull();
  });
});
