/**
 * Forms of analyst questions the evidence path answers from typed tool results: a part's share of
 * the whole, a later filing restating an earlier one, whether an action still goes on, a forecast,
 * a figure the deal labels with a measure word, and an amount asked that the answer does not state.
 */
import { describe, expect, it } from "vitest";
import { conceptById } from "@/lib/agent/concepts/catalog";
import type { ComputeOutput } from "@/lib/agent/evidence/compute";
import type { LineItemRow } from "@/lib/agent/evidence/line-items";
import type { Passage } from "@/lib/agent/evidence/passages";
import { writeCompute } from "@/lib/agent/offline/answers-from/compute";
import { pickRow, pickScopedRow } from "@/lib/agent/offline/answers-from/pick-row";
import { writeLabelledRow } from "@/lib/agent/offline/answers-from/labelled-row";
import { writePair, writePartRatio, writePartShare, writeScopedEach } from "@/lib/agent/offline/answers-from/parts";
import { statedSentence, writeStated } from "@/lib/agent/offline/answers-from/stated";
import { writeHalted, writeOutlook } from "@/lib/agent/offline/answers-from/quoted";
import { writeSegments, writeSegmentsStated } from "@/lib/agent/offline/answers-from/segments";
import { amountAnswerOverride, evidenceCalls, evidenceNext, figureAnswerOverride, quoteAnswerOverride, stepsFor } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";

const ROOM = [{ name: "ACME INC.", tickers: ["ACME"] }];
const passage = (text: string, document = "ACME_2022_10K.pdf", page = 6): Passage => ({ document, page, charStart: 0, charEnd: text.length, text, citation: `(source: ${document}, p.${page})` });
const row = (label: string, cols: Array<[string, number]>, more: Partial<LineItemRow> = {}): LineItemRow => ({
  item: "x", match: "label", label, source: "table", table: { title: "Net sales by category", headings: [] }, scale: 1e6, currency: "USD",
  columns: cols.map(([period, v]) => ({ period, months: 12, value: v * 1e6, printed: v.toLocaleString("en-US") })), document: "ACME_2022_10K.pdf", page: 24, row: `${label} ${cols.map(([, v]) => v).join(" ")}`, citation: "(source: ACME_2022_10K.pdf, p.24)", ...more,
});
const revenueTotal = (value: number, period = "FY2022"): ComputeOutput => ({
  status: "answered", company: "ACME INC.", metric: { id: "revenue", name: "Revenue", unit: "amount" }, value: value * 1e6, formatted: `USD ${value.toLocaleString("en-US")} million`, periods: [period],
  series: [{ period, value: value * 1e6, formatted: `USD ${value.toLocaleString("en-US")} million` }],
  inputs: [{ item: "revenue", label: "Total net sales", period, periodEnd: "", value: value * 1e6, scale: 1e6, currency: "USD", document: "ACME_2022_10K.pdf", page: 34, row: `Total net sales ${value}`, citation: "(source: ACME_2022_10K.pdf, p.34)" }],
  missing: [], notes: [],
});

describe("a part's share of the company's figure", () => {
  const revenue = conceptById("revenue")!;
  const wordings = ["what share of acme's fy22 revenue came from services", "services as a % of total net sales fy2022", "what % of sales was services in 2022", "services share of revenue fy22"];

  it("is read as the part's row over the whole, in four wordings", () => {
    for (const q of wordings) {
      const r = readQuestion(q, ROOM);
      expect(r.scope, q).toBe("services");
      expect(evidenceCalls(r)?.[0]?.toolName, q).toBe("get_line_items");
    }
  });

  it("divides the part's row by the statements' total for the same year, citing both", () => {
    const parts = { company: "ACME INC.", rows: [row("Services", [["FY2022", 53_768], ["FY2021", 46_291]])], notFound: [], notes: [] };
    for (const q of wordings) {
      const text = writePartShare(parts, revenueTotal(274_515), revenue, readQuestion(q, ROOM));
      expect(text, q).toMatch(/\*\*19\.6%\*\* of revenue in fiscal 2022/);
      expect(text, q).toMatch(/p\.24.*p\.34/);
    }
  });

  it("gives nothing when the whole is missing for the part's year", () => {
    const parts = { company: "ACME INC.", rows: [row("Services", [["FY2022", 53_768]])], notFound: [], notes: [] };
    expect(writePartShare(parts, revenueTotal(260_174, "FY2021"), revenue, readQuestion(wordings[0]!, ROOM))).toBeNull();
  });
});

describe("a share of revenue asked of what it goes to", () => {
  const revenue = conceptById("revenue")!;

  it("divides the expense row naming it by the revenue, in three wordings", () => {
    const parts = { company: "ACME INC.", rows: [row("Demand creation expense", [["FY2022", 3_114]], { source: "statement" })], notFound: [], notes: [] };
    for (const q of ["demand creation spend as a % of rev, fy22?", "what % of revenue went to demand creation in fy22", "demand creation as a percentage of revenue in 2022"]) {
      const r = readQuestion(q, ROOM);
      expect(r.scope, q).toBe("demand creation");
      expect(writePartShare(parts, revenueTotal(44_538), revenue, r), q).toMatch(/^ACME INC\.: Demand creation expense was \*\*7\.0%\*\* of revenue in fiscal 2022/);
    }
  });

  it("gives the share the filing states under a percent-of heading before working one out, in three wordings", () => {
    const pct = (label: string, v: number, headings: string[]) => row(label, [["FY2022", v]], { unit: "%", currency: undefined, scale: 1, table: { title: "Operating Expenses", headings }, columns: [{ period: "FY2022", months: 12, value: v, printed: String(v) }] });
    const parts = { company: "ACME INC.", rows: [pct("Technology and content", 12.8, ["Percent of Net Sales"]), row("Technology and content", [["FY2022", 35_931]], { source: "statement" })], notFound: [], notes: [] };
    for (const q of ["technology & content as a % of net sales fy22", "technology and content as a percentage of revenue in 2022", "what share of revenue went to technology and content in fy22"]) {
      const r = readQuestion(q, ROOM);
      expect(writePartShare(parts, revenueTotal(300_000), revenue, r), q).toMatch(/Technology and content was \*\*12\.8%\*\* of revenue in fiscal 2022, as the filing states it/);
    }
    // a rate of another kind (its growth) is no share: the share is worked out from the amounts
    const growth = { ...parts, rows: [pct("Technology and content", 25, ["Year-over-year Percentage Growth"]), parts.rows[1]!] };
    expect(writePartShare(growth, revenueTotal(300_000), revenue, readQuestion("technology and content as a percentage of revenue in 2022", ROOM))).toMatch(/\*\*12\.0%\*\*/);
  });

  it("takes no row of another figure, nor rows that disagree", () => {
    const r = readQuestion("what % of revenue went to demand creation in fy22", ROOM);
    const other = { company: "ACME INC.", rows: [row("Demand creation and marketing headcount", [["FY2022", 3_114]])], notFound: [], notes: [] };
    expect(writePartShare(other, revenueTotal(44_538), revenue, r)).toBeNull();
    const disagree = { company: "ACME INC.", rows: [row("Demand creation expense", [["FY2022", 3_114]]), row("Demand creation expense", [["FY2022", 2_900]])], notFound: [], notes: [] };
    expect(writePartShare(disagree, revenueTotal(44_538), revenue, r)).toBeNull();
  });
});

describe("a part's share of a figure an operating table prints, in a quarter asked without its year", () => {
  const gmv = conceptById("gmv")!;
  const revenue = conceptById("revenue")!;
  const quarter = (label: string, v: number, title = "Supplemental operating data", headings = ["Gross merchandise volume", "Total gross merchandise volume"]) =>
    row(label, [["Q1 2023", v]], { table: { title, headings }, columns: [{ period: "Q1 2023", months: 3, value: v * 1e6, printed: String(v) }] });

  it("divides the part's row by the table's total row (named by the figure's full name), in three wordings", () => {
    const rows = [quarter("International", 9_400), quarter("U.S.", 9_010), quarter("Total gross merchandise volume", 18_410, "Supplemental operating data", ["Gross merchandise volume"])];
    for (const q of ["acme q1 gmv - how much was intl, as a % of total?", "what share of gmv was international in q1", "international as a % of gmv, first quarter"]) {
      const r = { ...readQuestion(q, ROOM), periods: ["Q1 2023"] };
      expect(readQuestion(q, ROOM).periods, q).toEqual(["Q1"]);
      expect(evidenceCalls(readQuestion(q, ROOM))?.[0]?.toolName, q).toBe("get_line_items");
      const text = writePartShare({ company: "ACME INC.", rows: rows.slice(0, 1), notFound: [], notes: [] }, { company: "ACME INC.", rows, notFound: [], notes: [] }, gmv, r);
      expect(text, q).toMatch(/\*\*51\.1%\*\* of gross merchandise volume in Q1 2023/);
    }
  });

  it("never takes a row of a table of growth rates as the part's amount", () => {
    const amount = quarter("Europe", 1_974, "Revenue by geographic locations (in millions)", []);
    const rate = { ...quarter("Europe", 11, "Revenue constant currency growth rates by geographical region", []), currency: undefined };
    expect(pickScopedRow({ rows: [amount, rate], notFound: [], notes: [] }, revenue, "europe", false, ["Q1 2023"])?.columns[0]?.value).toBe(1_974e6);
  });
});

describe("rows two filings print with different values", () => {
  const gmv = conceptById("gmv")!;
  const recast = row("GMV", [["FY2021", 87_365], ["FY2020", 87_608]], { document: "ACME_2021_10K.pdf", filingYear: 2021, table: { title: "Supplemental data", headings: [] } });
  const first = row("GMV", [["FY2020", 100_001]], { document: "ACME_2020_10K.pdf", filingYear: 2020, table: { title: "", headings: [] } });

  it("take the later filing's row, which restates the earlier", () => {
    const picked = pickRow({ rows: [first, recast], notFound: [], notes: [] }, gmv, ["FY2020"]);
    expect(picked?.document).toBe("ACME_2021_10K.pdf");
  });

  it("give no row when one filing's rows disagree among themselves", () => {
    const other = { ...recast, columns: [{ period: "FY2020", months: 12, value: 90_000e6, printed: "90,000" }], page: 41 };
    expect(pickRow({ rows: [recast, other], notFound: [], notes: [] }, gmv, ["FY2020"])).toBeNull();
  });
});

describe("whether an action still goes on", () => {
  const dividends = conceptById("dividends_paid")!;

  it("reads 'still', 'currently' and 'anymore' as asking about now, in three wordings", () => {
    for (const q of ["is acme still paying a dividend?", "does acme currently pay dividends", "do they pay dividends anymore?"]) {
      expect(evidenceCalls(readQuestion(q, ROOM))?.[0]?.input.query, q).toMatch(/suspended/);
    }
    expect(evidenceCalls(readQuestion("did acme pay a dividend in 2022?", ROOM))?.[0]?.toolName).toBe("compute_metric");
    // a present-tense question asks about now too, unless it names a year
    for (const q of ["does acme pay a dividend", "acme - does it pay dividends?", "do they pay a dividend?"]) expect(evidenceCalls(readQuestion(q, ROOM))?.[0]?.input.query, q).toMatch(/suspended/);
    expect(evidenceCalls(readQuestion("does acme pay a dividend in 2022", ROOM))?.[0]?.toolName).toBe("compute_metric");
  });

  it("says no from a sentence stating the company has never paid or does not intend to pay", () => {
    for (const sentence of ["We have never declared or paid any cash dividends on our common stock.", "We have not declared or paid any cash dividends, and we have no present intention of paying any cash dividends in the foreseeable future.", "The Company has not paid dividends since its formation."]) {
      expect(writeHalted({ company: "ACME INC.", passages: [passage(sentence)], notes: [] }, dividends), sentence).toMatch(/^No — /);
    }
  });

  it("asks a past year's line first, then a sentence saying it never was, and says when that sentence is older than the year asked", () => {
    for (const q of ["any cash dividend paid in 2017?", "did acme pay dividends in 2017", "acme dividends in fy17 - any?"]) {
      expect(stepsFor(readQuestion(q, ROOM)), q).toEqual(["compute", "halted"]);
    }
    const never = { company: "ACME INC.", passages: [{ ...passage("We have never declared or paid cash dividends on our common stock.", "ACME_2017_10K.pdf", 17), period: "FY2017" }], notes: [] };
    expect(writeHalted(never, dividends, "FY2017")).toMatch(/^No — .*never declared or paid/);
    expect(writeHalted(never, dividends, "FY2017")).not.toMatch(/Stated in/);
    expect(writeHalted(never, dividends, "FY2019")).toMatch(/^No — [\s\S]*_Stated in the fiscal 2017 filing, the newest one saying it; the question asks about fiscal 2019\._/);
  });

  it("never says yes or no from a sentence weighing the action rather than stating it", () => {
    const r = readQuestion("does acme pay a dividend", ROOM);
    const q = (s: string) => `Yes — ACME_2022_10K.pdf states: "${s}" (source: ACME_2022_10K.pdf, p.28)`;
    expect(quoteAnswerOverride(r, q("We continually evaluate opportunities to sell additional equity, repurchase common stock or pay dividends."), [])).toMatch(/^I couldn't find/);
    expect(quoteAnswerOverride(r, q("Because consumers use credit cards to buy from us, our receivables settle quickly."), [])).toMatch(/^I couldn't find/);
    expect(quoteAnswerOverride(r, q("We paid cash dividends of $1.2 billion in 2022."), [])).toBeNull();
  });

  it("never answers whether a figure moved with quotes that decide nothing, in three wordings", () => {
    const q = (s: string) => `ACME_2022_10K.pdf states: "${s}" (source: ACME_2022_10K.pdf, p.77)\n\n(Quoted from ACME_2022_10K.pdf; no extracted finding covers this yet.)`;
    for (const asked of ["acme rev up in 22?", "did revenue grow in 2022", "was revenue down in fy22?"]) {
      expect(quoteAnswerOverride(readQuestion(asked, ROOM), q("Each period presented below includes the impact of intercompany revenue agreements."), []), asked).toMatch(/^I couldn't find/);
    }
  });

  it("says no from a sentence stating the action was suspended, not from one saying it may be", () => {
    const done = passage("In December 2022, the Board of Directors suspended quarterly cash dividends on the common stock.");
    const risk = passage("The Board may suspend dividends at any time if our results decline.");
    expect(writeHalted({ company: "ACME INC.", passages: [risk, done], notes: [] }, dividends)).toMatch(/^No — .*suspended quarterly cash dividends/);
    expect(writeHalted({ company: "ACME INC.", passages: [risk], notes: [] }, dividends)).toBeNull();
  });

  it("says no from a sentence stating the action was not done, naming it by any of its names' head noun", () => {
    const buybacks = conceptById("share_repurchases")!;
    for (const s of [
      "We did not purchase any shares of our common stock in the open market pursuant to a repurchase program.",
      "In 2020 the Board terminated its prior authorization to repurchase shares of the Company's common stock.",
      "We did not repurchase any shares under the stock repurchases program during the year.",
    ]) {
      expect(writeHalted({ company: "ACME INC.", passages: [passage(s)], notes: [] }, buybacks), s).toMatch(/^No — /);
    }
    expect(writeHalted({ company: "ACME INC.", passages: [passage("We may repurchase shares from time to time; we did not pay any dividends.")], notes: [] }, buybacks)).toBeNull();
  });

  it("reads a terse question whether an action was done as yes or no, and its amount asked with no line as the sentence saying it was not", () => {
    for (const q of ["acme pay a dividend in 2022?", "acme buy back any stock in 22?", "acme repurchase any shares in fy2022"]) {
      const r = readQuestion(q, ROOM);
      expect(r.polar, q).toBe(true);
      expect(stepsFor(r), q).toEqual(["compute", "halted"]);
    }
    for (const q of ["acme buybacks 2022", "dividends paid 2022?", "acme share repurchases in fiscal 2022"]) {
      const r = readQuestion(q, ROOM);
      expect(r.polar, q).toBe(false);
      expect(stepsFor(r), q).toEqual(["compute", "halted"]);
    }
    // a figure that merely follows an article is no action asked
    expect(readQuestion("acme revenue a year ago?", ROOM).polar).toBe(false);
  });

  it("needs the action named beside the verb, not anywhere in the sentence", () => {
    const far = passage("No dividend equivalents shall be credited for any units which, prior to the record date, have been paid out or terminated under the plan.");
    expect(writeHalted({ passages: [far], notes: [] }, dividends)).toBeNull();
  });
});

describe("a forecast asked", () => {
  const capex = conceptById("capital_expenditure")!;
  const plan = passage("The Utility estimates that it will incur approximately $6.3 billion in capital expenditures in 2023 and $6.0 billion in 2024.");
  const actual = passage("Capital expenditures were $5.6 billion in 2022.");

  it("is read as the company's outlook, in three wordings", () => {
    for (const q of ["acme capex plan for 2023 / 2024?", "what capex do they expect in 2024", "capital expenditure forecast 2023"]) {
      expect(evidenceCalls(readQuestion(q, ROOM))?.[0]?.input.query, q).toMatch(/expect/);
      // (the words filings forecast with: "are forecasted to be between …")
      expect(evidenceCalls(readQuestion(q, ROOM))?.[0]?.input.query, q).toMatch(/\bforecasted\b/);
    }
    // a forecast compared with its actual is the forecast-vs-actual comparison, not a forecast alone
    expect(evidenceCalls(readQuestion("compare forecast to actual revenue", ROOM))?.[0]?.input.query ?? "").not.toMatch(/expect/);
  });

  it("is answered by a sentence stating the forecast, never by an actual", () => {
    expect(writeOutlook({ passages: [actual, plan], notes: [] }, capex, readQuestion("acme capex plan for 2023 / 2024?", ROOM))).toMatch(/6\.3 billion/);
    expect(writeOutlook({ passages: [actual], notes: [] }, capex, readQuestion("what capex do they expect in 2023", ROOM))).toBeNull();
  });

  const revenue = conceptById("revenue")!;
  const guidanceTable = passage("Business Outlook ACME is providing the following guidance for Q3 2023. In billions, except per share data Q3 2023 Guidance Revenue $2.46 - $2.52 Diluted EPS $0.67 - $0.72", "ACME_2023Q2_EARNINGS.pdf", 4);
  const cashFlows = passage("Proceeds from sales of common stock through employee equity incentive plans 659 589 Payment of dividends (1,512) (1,487) Other financing (225) (667) Net cash provided by financing activities 7,394 (1,864) Cash and cash equivalents, end of period $ 8,232 $ 6,215", "ACME_2023Q2_EARNINGS.pdf", 9);

  it("is answered by a guidance table's row, in four wordings, and by no statement's rows", () => {
    for (const q of ["acme q3 rev guide", "what revenue does acme expect for q3", "acme guidance for q3 revenue", "what are they guiding for q3 revenue"]) {
      const r = readQuestion(q, ROOM);
      expect(stepsFor(r), q).toEqual(["outlook"]);
      expect(writeOutlook({ passages: [cashFlows, guidanceTable], notes: [] }, revenue, r), q).toMatch(/\$2\.46 - \$2\.52/);
      // a statement's rows run together name "plans" and "sales", but head no forecast
      expect(writeOutlook({ passages: [cashFlows], notes: [] }, revenue, r), q).toBeNull();
    }
  });

  it("a fiscal year asked is found in its two-digit forms ('FY24')", () => {
    const bullet = passage("Raises Full Year FY24 Revenue Guidance to $34.7 Billion to $34.8 Billion, up ~11% Y/Y", "ACME_2024Q2_EARNINGS.pdf", 1);
    expect(writeOutlook({ passages: [bullet], notes: [] }, revenue, readQuestion("acme fy2024 revenue guidance", ROOM))).toMatch(/34\.7 Billion/);
    expect(writeOutlook({ passages: [bullet], notes: [] }, revenue, readQuestion("acme fy2025 revenue guidance", ROOM))).toBeNull();
  });

  it("a margin's forecast is a percentage, not an amount the margin moves by", () => {
    const effect = passage("We expect this change will result in an approximately $2.3 billion increase to gross margin in 2023.");
    expect(writeOutlook({ passages: [effect], notes: [] }, conceptById("gross_margin")!, readQuestion("acme gross margin outlook 2023", ROOM))).toBeNull();
  });
});

describe("a figure the deal labels with a measure word", () => {
  it("'spend on X' is the row 'X expense', in three wordings", () => {
    const rows = [row("Demand creation expense", [["FY2022", 3_577]], { source: "statement", table: undefined, row: "Demand creation expense 3,577 3,341" })];
    for (const q of ["how much did acme spend on demand creation in fy22", "demand creation fy2022", "what was demand creation in 2022"]) {
      expect(writeLabelledRow({ company: "ACME INC.", rows, notFound: [], notes: [] }, readQuestion(q, ROOM)), q).toMatch(/USD 3,577 million/);
    }
  });

  it("a rate named by generic words only ('take rate') is a label to look up", () => {
    for (const q of ["acme take rate 2021", "what was the take rate in 2021", "take rate fy21?"]) expect(readQuestion(q, ROOM).label, q).toBe("take rate");
  });
});

describe("an amount of money asked", () => {
  it("is not answered by a title or a sentence stating no amount, in three wordings", () => {
    const answer = 'Jane Q. Doe (CEO): "Jane Q. Doe 56 Chief Executive Officer and President since March 1, 2017" (source: ACME_2022_10K.pdf, p.71)';
    for (const q of ["how much did jane doe get paid in 2022", "how much was the ceo paid last year", "how much does acme pay its chief executive"]) {
      expect(amountAnswerOverride(readQuestion(q, ROOM), answer), q).toMatch(/^I couldn't find the amount asked/);
    }
  });

  it("leaves answers stating an amount, and not-found answers, alone", () => {
    const r = readQuestion("how much did acme pay in dividends in 2022", ROOM);
    expect(amountAnswerOverride(r, "ACME INC.: Dividends paid for fiscal 2022 was **USD 1,021 million** (source: ACME_2022_10K.pdf, p.124)")).toBeNull();
    expect(amountAnswerOverride(r, "I couldn't find dividends in the documents.")).toBeNull();
  });
});

describe("a part's share of a count", () => {
  const stores = conceptById("stores")!;
  const counts = (label: string, values: number[]): LineItemRow =>
    row(label, values.map((v, i): [string, number] => [`FY${2022 - i}`, v]), { scale: 1, currency: undefined, table: { title: "Restaurants at December 31,", headings: [] }, page: 41, citation: "(source: ACME_2022_10K.pdf, p.41)" });
  const rows = [counts("Total Franchised", [38_169, 37_295]), counts("Company-operated", [2_106, 2_736]), counts("Total Systemwide restaurants", [40_275, 40_031]), row("Revenues from franchised restaurants", [["FY2022", 14_106]])];

  it("reads the part's count over the total count, never a money row naming the part, and carries the share to the next part", () => {
    const first = readQuestion("what % of acme restaurants are franchised", ROOM);
    const lines = { company: "ACME INC.", rows, notFound: [], notes: [] };
    expect(writePartShare(lines, lines, stores, first)).toMatch(/Total Franchised were \*\*94\.8%\*\* of stores/);
    const next = readQuestion("and company-operated?", ROOM, first);
    expect(next).toMatchObject({ scope: "company operated", partShare: true });
    expect(writePartShare(lines, lines, stores, next)).toMatch(/\*\*5\.2%\*\*/);
  });
});

describe("an everyday phrase across the company's name", () => {
  it("reads 'cash did <company> generate from running its business' as operating cash flow, in three wordings", () => {
    for (const q of ["how much cash did acme generate from running its business in 2022", "how much cash did acme's operations bring in during 2022", "cash acme generated from operations 2022"]) {
      expect(readQuestion(q, ROOM).concepts.map((c) => c.id), q).toEqual(["operating_cash_flow"]);
    }
  });
});

describe("a rate asked and a count found", () => {
  it("a table read giving a count is no answer to a rate, in three wordings", () => {
    const answer = "Employees (in thousands) at 2022: 110.6 (source: ACME_2022_10K.pdf, p.52).";
    for (const q of ["at what rate did acme lose employees in 2022", "acme employee attrition 2022", "what was acme's voluntary turnover rate in 2022"]) {
      expect(figureAnswerOverride(readQuestion(q, ROOM), answer), q).toMatch(/^I couldn't find the/);
    }
    expect(figureAnswerOverride(readQuestion("acme attrition 2022", ROOM), "Attrition for fiscal 2022 was **4.1%** (source: ACME_2022_10K.pdf, p.52)")).toBeNull();
  });
});

describe("which segments a company reports", () => {
  it("is read from the sentence naming them, not one describing segment reporting or a table run together", () => {
    const named = passage("The Company's reportable segments consist of the Americas, Europe, Greater China, Japan and Rest of Asia Pacific.");
    const about = passage("The Company's segments are based on its method of internal reporting, which classifies operations by geographic area.");
    const table = passage("The carrying amount of goodwill attributable to each reportable segment is as follows (in millions): Express Segment Ground Segment 2,157 1,028 3,185");
    expect(writeSegmentsStated({ passages: [about, table, named], notes: [] })).toMatch(/consist of the Americas, Europe/);
    expect(writeSegmentsStated({ passages: [about, table], notes: [] })).toBeNull();
  });

  it("else names the parts two segment tables both print, never totals or reconciling lines", () => {
    const seg = (label: string, title: string, page: number) => row(label, [["FY2022", 100]], { filingYear: 2022, table: { title, headings: [] }, page, citation: `(source: ACME_2022_10K.pdf, p.${page})` });
    const rows = [
      ...["Ground segment", "Express segment", "Freight segment"].map((l) => seg(`Acme ${l}`, "Revenue by reportable segment", 50)),
      ...["Ground segment", "Express segment", "Freight segment"].map((l) => seg(`Acme ${l}`, "Operating income by reportable segment", 51)),
      seg("Total reportable segments", "Revenue by reportable segment", 50), seg("Severance charges", "Reconciliation of segment income", 52),
    ];
    expect(writeSegments({ company: "ACME INC.", rows, notFound: [], notes: [] })).toBe("ACME INC. reports 3 segments: Acme Ground, Acme Express, Acme Freight (source: ACME_2022_10K.pdf, p.50)");
    expect(writeSegments({ company: "ACME INC.", rows: rows.filter((x) => x.page === 50), notFound: [], notes: [] })).toBeNull();
  });
});

describe("two years compared", () => {
  it("states both values and the change between them, in the figure's unit", () => {
    const series = (unit: "amount" | "percent", a: number, b: number): ComputeOutput => ({
      ...revenueTotal(0), metric: { id: "net_income", name: "Net income", unit }, value: b, formatted: "x", periods: ["FY2021", "FY2022"],
      series: [{ period: "FY2021", value: a, formatted: String(a) }, { period: "FY2022", value: b, formatted: String(b) }],
      inputs: [revenueTotal(0).inputs[0]!, revenueTotal(0).inputs[0]!].map((i, k) => ({ ...i, label: "Net income", item: "net_income", period: k ? "FY2022" : "FY2021" })),
    });
    for (const q of ["acme net income fy21 vs fy22", "compare net income 2021 and 2022", "how does 2022 net income compare with 2021"]) {
      expect(writeCompute(series("amount", 55_256e6, 57_411e6), readQuestion(q, ROOM)), q).toMatch(/Change fiscal 2021 → fiscal 2022: \+2,155 million \(\+3\.9%\)/);
    }
    expect(writeCompute(series("percent", 0.378, 0.382), readQuestion("gross margin 2021 vs 2022", ROOM))).toMatch(/\+0\.4 percentage points/);
  });

  it("states a growth's move in money, its series being the figure's own amounts, in three wordings", () => {
    const growth: ComputeOutput = { ...revenueTotal(0), metric: { id: "revenue", name: "Revenue growth", unit: "percent" }, value: -0.541, formatted: "-54.1%", periods: ["Q2 2022", "Q2 2023"],
      series: [{ period: "Q2 2022", value: 27_742e6, formatted: "USD 27,742 million" }, { period: "Q2 2023", value: 12_734e6, formatted: "USD 12,734 million" }] };
    for (const q of ["acme latest quarterly rev, down how much yoy?", "revenue growth q2 2023", "by what % did revenue fall in q2 2023"]) {
      const text = writeCompute(growth, readQuestion(q, ROOM)) ?? "";
      expect(text, q).toContain("Change Q2 2022 → Q2 2023: −15,008 million (−54.1%)");
      expect(text, q).not.toMatch(/percentage points/);
    }
  });
});

describe("a segment's row in a table that does not say 'segment'", () => {
  it("answers the U.S. segment's comparable sales from a 'COMPARABLE SALES' table labelled 'U.S', in three wordings", () => {
    const comps = conceptById("comparable_sales")!;
    const rate = (label: string, v: number): LineItemRow => ({ ...row(label, [["Q2 2023", v]]), unit: "%", scale: 1, currency: undefined, table: { title: "COMPARABLE SALES", headings: [] }, columns: [{ period: "Q2 2023", months: 3, value: v, printed: `${v}%` }] });
    const rows = { company: "ACME INC.", rows: [rate("U.S", 10.3), rate("International Operated Markets", 11.9), rate("Total", 11.7)], notFound: [], notes: [] };
    for (const q of ["by how much did comparable sales increase in acme's U.S. segment in q2 2023?", "acme us comps q2 2023", "what were U.S. comparable sales in Q2 2023"]) {
      const r = readQuestion(q, ROOM);
      expect(pickScopedRow(rows, comps, r.scope!, r.segment, r.periods)?.label, q).toBe("U.S");
    }
  });
});

describe("a part's rate its tables do not print", () => {
  const margin = conceptById("operating_margin")!;
  const wordings = ["harbor segment operating margin fy22", "what was harbor's op margin in 2022", "operating margin of the harbor segment, fiscal 2022"];
  const seg = (item: string, label: string, v: number, heading: string) => ({ ...row(label, [["FY2022", v], ["FY2021", v - 100]], { table: { title: "Business Segment Information", headings: [heading] } }), item });

  it("is asked as the part's rows of the rate's two figures, after the part's own row", () => {
    for (const q of wordings) {
      const r = readQuestion(q, ROOM);
      expect(r.scope, q).toBe("harbor");
      expect(stepsFor(r), q).toEqual(["scoped", "partRatio", "sentence"]);
    }
  });

  it("divides the part's numerator row by its denominator row for the year asked, citing both", () => {
    const o = { company: "ACME INC.", rows: [seg("harbor operating income", "Harbor", 1_815, "Operating income (loss)"), seg("harbor revenue", "Harbor", 8_421, "Net Sales"), seg("harbor revenue", "Inland", 5_298, "Net Sales")], notFound: [], notes: [] };
    for (const q of wordings) expect(writePartRatio(o, margin, readQuestion(q, ROOM)), q).toMatch(/Operating margin of Harbor, fiscal 2022: \*\*21\.6%\*\*, worked out as operating income USD 1,815 million .* over revenue USD 8,421 million/);
  });

  it("gives nothing when the part has no row of one figure, or not for the year asked", () => {
    const r = readQuestion(wordings[0]!, ROOM);
    const noRevenue = { company: "ACME INC.", rows: [seg("harbor operating income", "Harbor", 1_815, "Operating income (loss)"), seg("harbor revenue", "Inland", 5_298, "Net Sales")], notFound: [], notes: [] };
    expect(writePartRatio(noRevenue, margin, r)).toBeNull();
    const other = { company: "ACME INC.", rows: [seg("harbor operating income", "Harbor", 1_815, "Operating income (loss)"), seg("harbor revenue", "Harbor", 8_421, "Net Sales")], notFound: [], notes: [] };
    expect(writePartRatio(other, margin, readQuestion("harbor segment operating margin fy2019", ROOM))).toBeNull();
  });
});

describe("several figures of one part", () => {
  const wordings = ["harbor segment sales + op income fy22", "harbor net sales and operating income in 2022", "what were the revenue and operating income of the harbor segment in fy22"];
  const seg = (item: string, label: string, v: number, heading: string) => ({ ...row(label, [["FY2022", v], ["FY2021", v - 100]], { table: { title: "Business Segment Information", headings: [heading] } }), item });

  it("asks each figure's row of the part at once", () => {
    for (const q of wordings) expect(evidenceCalls(readQuestion(q, ROOM))?.[0], q).toMatchObject({ toolName: "get_line_items", input: { items: ["harbor revenue", "harbor operating income"], periods: ["FY2022"] } });
  });

  it("answers each figure from the part's own row, or nothing when one is missing", () => {
    const o = { company: "ACME INC.", rows: [seg("harbor revenue", "Harbor", 8_421, "Net Sales"), seg("harbor revenue", "Inland", 5_298, "Net Sales"), seg("harbor operating income", "Harbor", 1_815, "Operating income")], notFound: [], notes: [] };
    for (const q of wordings) {
      const text = writeScopedEach(o, readQuestion(q, ROOM));
      expect(text, q).toMatch(/Revenue — Harbor .*\*\*USD 8,421 million\*\*/);
      expect(text, q).toMatch(/Operating income — Harbor .*\*\*USD 1,815 million\*\*/);
    }
    expect(writeScopedEach({ ...o, rows: o.rows.slice(0, 2) }, readQuestion(wordings[0]!, ROOM))).toBeNull();
  });
});

describe("a part's profit", () => {
  it("is asked as the part's net income, then as the operating income a segment reports", () => {
    for (const q of ["harbor profit fy22", "harbor segment earnings 2022", "harbor net income 2022"]) {
      const r = readQuestion(q, ROOM);
      expect(r.scope, q).toBe("harbor");
      expect(stepsFor(r), q).toEqual(["scoped", "partProfit", "sentence"]);
    }
  });

  it("reads a name with its shorthand in brackets as the name", () => {
    for (const q of ["harbor (hbr) profit fy22", "acme harbor (hb) profit fy22"]) expect(readQuestion(q, ROOM).scope, q).toBe("harbor");
    expect(readQuestion("cash flow from ops (cfo) 2021", ROOM).concepts.map((c) => c.id)).toEqual(["operating_cash_flow"]);
  });
});

describe("a part named by some of its words", () => {
  const revenue = conceptById("revenue")!;
  const seg = (label: string, v: number) => row(label, [["FY2022", v]], { table: { title: "Summary of Business Segment Data", headings: ["Revenues"] } });

  it("is the one row whose label holds them, in three wordings", () => {
    const o = { company: "ACME INC.", rows: [seg("Defense, Space & Security", 23_162), seg("Commercial Airplanes", 25_867)], notFound: [], notes: [] };
    for (const scope of ["defense", "defense space", "security"]) expect(pickScopedRow(o, revenue, scope, false, ["FY2022"])?.label, scope).toBe("Defense, Space & Security");
  });

  it("is the row whose label opens with them in a table of the figure asked, whatever a table of another figure labels by them alone", () => {
    const backlog = conceptById("backlog")!;
    const inBacklog = (label: string, v: number) => row(label, [["FY2022", v]], { table: { title: "Backlog — Our backlog at December 31 was as follows:", headings: ["Total Backlog"] } });
    const inRevenues = row("Commercial", [["FY2022", 9_560]], { table: { title: "Services revenues consisted of the following:", headings: ["Revenue from contracts with customers"] } });
    const o = { company: "ACME INC.", rows: [inRevenues, inBacklog("Commercial Airplanes", 329_824), inBacklog("Defense, Space & Security", 54_373)], notFound: [], notes: [] };
    for (const scope of ["commercial", "commercial airplanes"]) expect(pickScopedRow(o, backlog, scope, false, ["FY2022"])?.label, scope).toBe("Commercial Airplanes");
  });

  it("is no row when two labels hold them, or the label names another figure", () => {
    const two = { company: "ACME INC.", rows: [seg("Defense Systems", 1_000), seg("Defense Services", 2_000)], notFound: [], notes: [] };
    expect(pickScopedRow(two, revenue, "defense", false, ["FY2022"])).toBeNull();
    const other = { company: "ACME INC.", rows: [seg("Defense headcount", 1_000)], notFound: [], notes: [] };
    expect(pickScopedRow(other, revenue, "defense", false, ["FY2022"])).toBeNull();
  });
});

describe("a follow-up naming things counted", () => {
  const gmv = readQuestion("acme gmv 2022", ROOM);

  it("looks the words up as a figure of their own once the part's figure is found nowhere, in three wordings", () => {
    for (const q of ["and active buyers?", "how many active buyers", "what about live listings"]) {
      const steps = stepsFor(readQuestion(q, ROOM, gmv));
      expect(steps?.slice(-2), q).toEqual(["labelled", "labelledSentence"]);
      expect(steps?.[0], q).toBe("scoped");
    }
  });

  it("keeps a place or a bare name a part of the figure carried", () => {
    for (const q of ["and the us?", "what about international", "how much of that was widgetco?"]) {
      expect(stepsFor(readQuestion(q, ROOM, gmv)) ?? [], q).not.toContain("labelled");
    }
  });
});

describe("a figure asked as of now", () => {
  it("searches the newest filings first for the sentence stating it, in three wordings; a year asked is searched as written", () => {
    for (const q of ["latest global comps for acme", "acme global comparable sales now", "what are acme's current global comps"]) {
      const r = readQuestion(q, ROOM);
      const first = evidenceCalls(r)![0]!;
      const next = evidenceNext(r, [{ toolName: first.toolName, input: first.input, output: { company: "ACME INC.", rows: [], notFound: ["global comparable sales"], notes: [] } }]);
      expect(next?.[0]?.toolName, q).toBe("search_documents");
      expect(next?.[0]?.input.newest, q).toBe(true);
    }
    const r = readQuestion("acme global comps 2022", ROOM);
    const first = evidenceCalls(r)![0]!;
    expect(evidenceNext(r, [{ toolName: first.toolName, input: first.input, output: { company: "ACME INC.", rows: [], notFound: ["global comparable sales"], notes: [] } }])?.[0]?.input.newest).toBeUndefined();
  });
});

describe("a figure the deal labels, in a combined filing", () => {
  const lp = row("Funds from operations", [["FY2015", 918]], { table: { title: "Acme Properties Limited Partnership", headings: ["Other Information"] } });
  const inc = row("Funds from Operations attributable to Acme Properties, Inc.", [["FY2015", 823]], { table: { title: "Selected Financial Data", headings: ["Other Information"] } });
  const perShareRow = row("Funds from operations per share - diluted", [["FY2015", 5]], { table: { title: "Acme Properties, Inc.", headings: [] }, currency: "USD", scale: 1 });
  const room = [{ name: "ACME PROPERTIES, INC", tickers: ["ACP"] }];
  const out = (rows: LineItemRow[]) => ({ company: "ACME PROPERTIES, INC", rows, notFound: [], notes: [] });

  it("is the row attributed to the company asked, not the operating partnership's, in three wordings", () => {
    for (const q of ["acp funds from operations 2015", "what was acme's funds from operations in 2015", "funds from operations fy15"]) {
      const r = readQuestion(q, room);
      expect(writeLabelledRow(out([lp, inc]), r), q).toMatch(/823/);
      // the partnership's row alone is another registrant's figure: no answer
      expect(writeLabelledRow(out([lp]), r), q).toBeNull();
    }
  });

  it("a per-share figure asked is a row naming the share, never the total", () => {
    const r = readQuestion("acp funds from operations per share 2015", room);
    expect(writeLabelledRow(out([inc]), r)).toBeNull();
    expect(writeLabelledRow(out([inc, perShareRow]), r)).toMatch(/per share/);
  });
});

describe("an amount per unit", () => {
  it("never answers a part's amount, in three wordings of the unit", () => {
    const revenue = conceptById("revenue")!;
    for (const label of ["Streaming average monthly revenue per paying membership", "Streaming revenue per member", "Streaming revenues per subscriber"]) {
      const perUnit = row(label, [["FY2017", 9.43]], { scale: 1, table: { title: "Performance highlights", headings: [] } });
      expect(pickScopedRow({ rows: [perUnit], notFound: [], notes: [] }, revenue, "streaming", false, ["FY2017"]), label).toBeNull();
    }
    expect(pickScopedRow({ rows: [row("Streaming revenues", [["FY2017", 11_242]])], notFound: [], notes: [] }, revenue, "streaming", false, ["FY2017"])?.columns[0]?.value).toBe(11_242e6);
  });
});

describe("a company's count beside its parts' counts", () => {
  const stores = conceptById("stores")!;
  const at = (text: string) => statedSentence([passage(text, "ACME_2023_10K.pdf", 19)], stores, [2023], undefined, true);

  it("never takes a part's count for the company's, in three wordings", () => {
    for (const s of [
      "The location and total square footage of our International segment stores at the end of fiscal 2023 were as follows: Ontario 69 Quebec 23 Total International store count 160 Square footage (in thousands) 3,621",
      "At the end of fiscal 2023 we operated 978 Domestic stores.",
      "Our Outlet stores numbered 19 at the end of fiscal 2023.",
    ]) expect(at(s), s).toBeNull();
  });

  it("takes the company's count stated across its segments", () => {
    expect(at("We had 1,138 stores at the end of fiscal 2023 throughout our Domestic and International segments.")?.text).toMatch(/1,138 stores/);
    expect(at("At the end of fiscal 2023, the Company operated 1,138 stores.")?.text).toMatch(/1,138 stores/);
  });
});

describe("a count stated in two kinds", () => {
  const stores = conceptById("stores")!;
  const employees = conceptById("employees")!;
  const r = readQuestion("how many stores does acme have", ROOM);

  it("is added up, and said to be about when the filing says approximately", () => {
    const one = { company: "ACME INC.", passages: [passage("We had 1,187 large-format and 51 small-format stores at the end of fiscal 2019 throughout our Domestic and International segments.")], notes: [] };
    expect(writeStated(one, stores, r)).toMatch(/Stores: \*\*1,238\*\* in all — the filing states: "We had 1,187 large-format/);
    const two = { company: "ACME INC.", passages: [passage("As of May 31, 2023, Acme employed approximately 328,000 permanent full-time and approximately 201,000 permanent part-time employees.")], notes: [] };
    expect(writeStated(two, employees, readQuestion("acme headcount", ROOM))).toMatch(/Employees: about \*\*529,000\*\* in all/);
  });

  it("is left as stated when one count is given", () => {
    const one = { company: "ACME INC.", passages: [passage("We had 1,238 stores at the end of fiscal 2019.")], notes: [] };
    expect(writeStated(one, stores, r)).not.toMatch(/in all/);
  });
});

describe("a part named by a place's adjective, and a table of another part", () => {
  const revenue = conceptById("revenue")!;
  const geo = (label: string, v: number, title: string) => row(label, [["FY2018", v]], { table: { title, headings: [] } });
  const company = "Europe and Japan. Revenues, including foreign military sales, are reported by customer location and consist of the following:";
  const segmentTable = "BCA revenues by customer location consist of the following:";

  it("reads the adjective as the place and drops the customers, in three wordings", () => {
    for (const [q, scope] of [["acme revenue from chinese customers in 2018", "china"], ["japanese sales fy18", "japan"], ["acme revenue from european clients 2018", "europe"]] as const) {
      expect(readQuestion(q, ROOM).scope, q).toBe(scope);
    }
    // a proper name keeps its adjective: only a part's words are read as the place
    expect(readQuestion("What fine did the European Commission impose on Acme in 2009?", ROOM).text).toContain("European Commission");
  });

  it("takes the company's row over the row of a table a segment's initials open", () => {
    const rows = [geo("China", 13_068, segmentTable), geo("China", 13_764, company)];
    expect(pickScopedRow({ rows, notFound: [], notes: [] }, revenue, "china", false, ["FY2018"])?.columns[0]?.value).toBe(13_764e6);
  });

  it("never takes a total for a place a sentence before the title names", () => {
    const rows = [geo("Total revenues", 101_127, company), geo("China", 13_764, company)];
    expect(pickScopedRow({ rows, notFound: [], notes: [] }, revenue, "japan", false, ["FY2018"])).toBeNull();
  });
});

describe("two parts asked against each other", () => {
  const revenue = conceptById("revenue")!;
  const seg = (label: string, cols: Array<[string, number]>, title = "Revenues by segment") => row(label, cols, { table: { title, headings: [] } });
  const rows = [seg("Domestic streaming revenues", [["FY2017", 6_153], ["FY2016", 5_077]]), seg("International streaming revenues", [["FY2017", 5_089], ["FY2016", 3_211]])];

  it("reads each side of \"or\" and \"vs\" in a which-question, in three wordings", () => {
    for (const q of ["which grew faster in 2017, domestic or international streaming revenue", "domestic vs international streaming revenue 2017 - which grew faster?", "acme 17: which grew faster, domestic or intl streaming revs?"]) {
      expect(readQuestion(q, ROOM).pair, q).toEqual(["domestic", "international streaming"]);
    }
    expect(readQuestion("domestic and international streaming revenue 2017", ROOM).pair).toBeUndefined();
  });

  it("says which grew faster with both rows' values, the one-word side taking the other's last words", () => {
    const r = readQuestion("which grew faster in 2017, domestic or international streaming revenue", ROOM);
    expect(stepsFor(r)).toEqual(["pair"]);
    expect(writePair({ company: "ACME INC.", rows, notFound: [], notes: [] }, revenue, r)).toMatch(/^ACME INC\.: \*\*International streaming revenues\*\* grew faster in fiscal 2017: \+58\.5% .* against \+21\.2% for Domestic streaming revenues/);
  });

  it("says which is larger when no move is asked, and answers nothing when a side has no row", () => {
    const r = readQuestion("which was bigger in 2017, domestic or international streaming revenue", ROOM);
    expect(writePair({ company: "ACME INC.", rows, notFound: [], notes: [] }, revenue, r)).toMatch(/\*\*Domestic streaming revenues\*\* was the larger in fiscal 2017/);
    expect(writePair({ company: "ACME INC.", rows: rows.slice(0, 1), notFound: [], notes: [] }, revenue, r)).toBeNull();
  });
});
