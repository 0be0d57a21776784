/**
 * A formula the analyst states is read however it is typed ("X = …", "X: …", "use …", "work it
 * out as …", shorthand such as "avg", "Δ", "chg", periods joined by a dash or an arrow or listed in
 * brackets), and computed as stated through compute_metric's typed `formula`; a bracket naming the
 * line a figure is ("capex = additions to pp&e") glosses it and is not the figure asked.
 */
import { describe, expect, it } from "vitest";
import { evidenceCalls } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";
import { parseDefinition } from "@/lib/metrics/definition";
import { cleanQuestion } from "@/lib/metrics/question";
import { normalise } from "@/lib/metrics/terms";

const ROOM = ["ACME INC."];
const AVG_INVENTORY = { kind: "avg", periods: [{ label: "FY2020" }, { label: "FY2021" }], arg: { kind: "item", key: "inventories" } };
const COGS_2021 = { kind: "at", period: { label: "FY2021" }, arg: { kind: "item", key: "cost_of_revenue" } };

describe("shorthand in a stated formula", () => {
  it("reads 'avg X (A, B)', 'the average of A and B X' and 'average X between A and B' as one average", () => {
    for (const text of ["fy21 cogs / avg inventory (fy20, fy21)", "fiscal 2021 cost of goods sold divided by the average of fiscal 2020 and 2021 inventory", "fy2021 cogs / average inventory between fy2020 and fy2021", "fy21 cogs / avg. inventory (fy20 - fy21)"]) {
      expect(parseDefinition(normalise(text)), text).toEqual({ kind: "op", op: "/", left: COGS_2021, right: AVG_INVENTORY });
    }
  });

  it("reads 'Δ X A–B', 'chg in X A→B' and 'the change in X from A to B' as the later value less the earlier", () => {
    const change = { kind: "op", op: "-", left: { kind: "at", period: { label: "FY2017" }, arg: { kind: "item", key: "inventories" } }, right: { kind: "at", period: { label: "FY2016" }, arg: { kind: "item", key: "inventories" } } };
    for (const text of ["δ inventory fy16 – fy17", "chg in inventory fy16→fy17", "the change in inventory from fy2016 to fy2017"]) {
      expect(parseDefinition(normalise(text)), text).toEqual(change);
    }
  });

  it("takes all after ', divided by' as the denominator, and a dash between two amounts stays a minus", () => {
    const quotient = parseDefinition(normalise("365 times average accounts payable over 2016 and 2017, divided by 2017 cost of sales plus the change in inventory from 2016 to 2017"));
    expect(quotient).toMatchObject({ op: "/", right: { op: "+" } });
    expect(parseDefinition(normalise("365 times accounts payable divided by cost of sales plus inventory"))).toMatchObject({ op: "+" });
    expect(parseDefinition(normalise("revenue - cost of sales"))).toMatchObject({ op: "-", left: { key: "revenue" }, right: { key: "cost_of_revenue" } });
  });
});

describe("where a question states its formula", () => {
  const definition = (q: string) => cleanQuestion(normalise(q)).definition;

  it("reads 'name = formula' and 'name: formula', the periods of the name left in the ask", () => {
    expect(definition("acme inventory turns fy2021 = fy21 cogs / avg inventory (fy20, fy21), 2 dp")).toMatchObject({ name: "acme inventory turns", formula: { op: "/", left: COGS_2021, right: AVG_INVENTORY } });
    expect(definition("acme dpo fy2017: 365 × avg accounts payable (fy16, fy17) / fy17 cogs")).toMatchObject({ name: "acme dpo", formula: { op: "/" } });
    expect(cleanQuestion(normalise("acme ebitda 2018 = operating income + d&a")).ask).toBe("2018");
  });

  it("reads 'use …', 'work it out as …' and 'compute …' as the formula of the figure asked, only when it computes", () => {
    for (const q of ["How many times did Acme turn its inventory in 2021? Use 2021 cost of sales divided by the average of 2020 and 2021 inventory.", "how fast did acme turn inventory in 2021? work it out as fy21 cogs over average inventory between fy20 and fy21", "acme inventory turns 2021 - compute fy21 cogs / avg inventory (fy20, fy21)"]) {
      expect(definition(q)?.formula, q).toMatchObject({ op: "/", right: AVG_INVENTORY });
    }
    // a colon or "use" before words that compute nothing is no definition
    expect(definition("acme: what was revenue in 2022?")).toBeUndefined();
    expect(definition("use the 10-K for acme's revenue")).toBeUndefined();
  });

  it("a bracket naming which line a figure is, '(capex = additions to pp&e)', is not the figure asked", () => {
    expect(definition("acme capex % of net revenue 2020 (capex = additions to pp&e), 1dp")).toBeUndefined();
    const r = readQuestion("acme capex % of net revenue 2020 (capex = additions to pp&e), 1dp", ROOM);
    expect(r.concepts.map((c) => c.id)).toEqual(["capital_expenditure", "revenue"]);
    expect(r.defines).toBe(false);
    // a bracket defining the figure otherwise stands: the question defines its figure
    expect(readQuestion("acme capex % of revenue 2020 (capex = additions to pp&e + purchased software)", ROOM).defines).toBe(true);
  });
});

describe("a stated formula is computed as stated", () => {
  it("calls compute_metric with the formula as written, named by the catalog when its name is one, at the latest period it names", () => {
    const call = evidenceCalls(readQuestion("acme dpo fy2017: 365 × avg accounts payable (fy16, fy17) / (fy17 cogs + Δ inventory fy16–fy17), 2dp", ROOM))?.[0];
    expect(call?.toolName).toBe("compute_metric");
    expect(call?.input).toMatchObject({ company: "ACME INC.", metric: "Days payable outstanding", periods: ["FY2017"], decimals: 2 });
    expect(String(call?.input.formula)).toContain("365 × avg accounts payable");
    expect(call?.input.aggregate).toBeUndefined();
  });

  it("one statement line over another stays the ratio step's, read into the concepts' ids", () => {
    const call = evidenceCalls(readQuestion("acme 2021 net income divided by revenue", ROOM))?.[0];
    expect(call?.input).toMatchObject({ formula: "net_income / revenue" });
  });
});

describe("a colon that defines nothing", () => {
  it("after a company's name sets the company apart, even when a formula-like dash follows", () => {
    expect(cleanQuestion(normalise("Acme: FY21 inventory turnover ratio — FY2021 COGS over average inventory between FY2020 and FY2021, to two decimals?")).definition).toBeUndefined();
    expect(cleanQuestion(normalise("acme dpo fy2017: 365 × avg accounts payable (fy16, fy17) / fy17 cogs")).definition?.name).toBe("acme dpo");
  });
});

describe("the unit of one line over another", () => {
  it("an amount over revenue is a percentage of sales; other quotients stay ratios unless a percentage is asked", () => {
    const unit = (q: string) => evidenceCalls(readQuestion(q, ROOM))?.[0]?.input.unit;
    expect(unit("acme r&d intensity in 2021 - r&d expense / total revenue")).toBe("percent");
    expect(unit("acme 2021 net income divided by revenue")).toBe("percent");
    expect(unit("acme fy21 cost of goods sold divided by inventory")).toBe("ratio");
    expect(unit("acme current assets / current liabilities 2021")).toBe("ratio");
  });
});
