/** parseMetricQuestion: metric, definition, periods, aggregate, units/rounding, and what it must not capture. */
import { describe, expect, it } from "vitest";
import { formulaWords, parseMetricQuestion } from "@/lib/metrics";

const parse = (q: string) => {
  const r = parseMetricQuestion(q);
  if (!r) throw new Error(`not parsed: ${q}`);
  return r;
};

describe("periods", () => {
  it.each([
    ["What is the FY2018 capex?", ["FY2018"]],
    ["What was revenue in fiscal 2019?", ["FY2019"]],
    ["What was revenue in FY 23?", ["FY2023"]],
    ["What were inventories at year end FY2019?", ["FY2019"]],
    ["What was the cash balance in Q2 of FY2024?", ["Q2 2024"]],
    ["What were total current liabilities as of 2021?", ["FY2021"]],
    ["What were net sales in the third quarter of 2023?", ["Q3 2023"]],
    ["What was revenue in the first half of 2024?", ["H1 2024"]],
    ["What was interest expense for the fiscal year ended June 30, 2023?", ["FY2023"]],
  ])("%s → %j", (q, periods) => {
    expect(parse(q).periods).toEqual(periods);
  });

  it("expands a range for an average and an N-year average ending at a year", () => {
    expect(parse("What is the FY2015 - FY2017 3 year average net profit margin?").periods).toEqual(["FY2015", "FY2016", "FY2017"]);
    expect(parse("What is the three year average gross margin from FY2016 to FY2018?").periods).toEqual(["FY2016", "FY2017", "FY2018"]);
    expect(parse("What is the 4-year average capex as a % of revenue as of FY2020?").periods).toEqual(["FY2017", "FY2018", "FY2019", "FY2020"]);
  });

  it("orders two years chronologically whatever order they are named in", () => {
    expect(parse("Has the company increased its debt between FY2023 and FY2022?").periods).toEqual(["FY2022", "FY2023"]);
  });

  it("an N-year CAGR reads the two ends N years apart", () => {
    expect(parse("What is the 5-year revenue CAGR ending FY2022?").periods).toEqual(["FY2017", "FY2022"]);
  });

  it("a trend over a range is each year's value", () => {
    const r = parse("What was the operating margin trend from 2019 to 2021?");
    expect(r.aggregate).toBe("series");
    expect(r.periods).toEqual(["FY2019", "FY2020", "FY2021"]);
  });

  it("a growth with one year compares it with the year before", () => {
    const r = parse("What was revenue growth in FY2021?");
    expect(r.aggregate).toBe("growth");
    expect(r.periods).toEqual(["FY2020", "FY2021"]);
  });
});

describe("aggregates", () => {
  it.each([
    ["What is the year-over-year change in operating income from FY2015 to FY2016 (in units of percents)?", "growth", "operating_income"],
    ["What was YoY revenue growth from FY2020 to FY2021?", "growth", "revenue"],
    ["What is the revenue CAGR from FY2018 to FY2021?", "cagr", "revenue"],
    ["What is the compound annual growth rate of net income between FY2017 and FY2020?", "cagr", "net_income"],
    ["How much has the effective tax rate changed between FY2021 and FY2022?", "change", "effective_tax_rate"],
    ["What was the change in cash in USD millions between FY2020 and FY2021?", "change", "cash"],
    ["What is the FY2019 - FY2021 average operating margin?", "average", "operating_margin"],
  ])("%s → %s of %s", (q, aggregate, id) => {
    const r = parse(q);
    expect(r.aggregate).toBe(aggregate);
    expect(r.metric.id).toBe(id);
  });

  it("'X as a % of Y' with line items is X / Y in percent", () => {
    const r = parse("What was SG&A as a % of revenue in FY2020?");
    expect(r.metric.unit).toBe("percent");
    expect(formulaWords(r.metric.formula)).toBe("SG&A / Revenue");
  });

  it("a margin asked in USD millions is its amount (statements often print gross profit as 'Gross margin')", () => {
    const r = parse("What was the FY2022 gross margin in USD millions?");
    expect(r.metric.unit).toBe("amount");
    expect(formulaWords(r.metric.formula)).toBe("Gross profit");
    expect(parse("What was the FY2022 gross margin (in percent)?").metric.unit).toBe("percent");
  });

  it("'what percentage of Y was X' is X / Y", () => {
    const r = parse("What percentage of revenue was spent on R&D in FY2021?");
    expect(formulaWords(r.metric.formula)).toBe("R&D / Revenue");
    expect(r.metric.unit).toBe("percent");
  });

  it("'the ratio of X to Y' is X / Y", () => {
    expect(formulaWords(parse("What is the ratio of current assets to current liabilities in FY2021?").metric.formula)).toBe("Total current assets / Total current liabilities");
  });

  it("a change word inside a line item's name does not make a change", () => {
    const r = parse("What was the net increase in cash and cash equivalents in FY2022?");
    expect(r.metric.id).toBe("net_change_in_cash");
    expect(r.aggregate).toBe("value");
  });

  it("an average balance inside a metric name is not an N-year average", () => {
    expect(parse("What is return on average equity for FY2022?").aggregate).toBe("value");
  });
});

describe("units and rounding", () => {
  it.each([
    ["What is FY2018 capex in USD millions?", { scale: 1e6, currency: "USD" }],
    ["What is FY2018 net PP&E? Answer in USD billions.", { scale: 1e9, currency: "USD" }],
    ["What was revenue in FY2018 (in thousands)?", { scale: 1e3 }],
    ["What is the FY2018 net margin? Answer in units of percents and round to one decimal place.", { percent: true, decimals: 1 }],
    ["What is the FY2018 current ratio? Round your answer to two decimal places.", { decimals: 2 }],
    ["What is the FY2018 gross margin (as a %)?", { percent: true }],
    ["What is FY2018 revenue, to the nearest whole number, in millions of dollars?", { scale: 1e6, currency: "USD", decimals: 0 }],
  ])("%s", (q, format) => {
    expect(parse(q).format).toEqual(format);
  });
});

describe("definitions stated in the question override the catalog", () => {
  it("DPO with an average between two years, a named year and a change between two years", () => {
    const r = parse(
      "What is the FY2017 days payable outstanding (DPO)? DPO is defined as: 365 * (average accounts payable between FY2016 and FY2017) / (FY2017 COGS + change in inventory between FY2016 and FY2017). Round your answer to two decimal places.",
    );
    expect(r.metric.id).toBe("defined");
    expect(r.metric.unit).toBe("days");
    expect(r.periods).toEqual(["FY2017"]);
    expect(r.format.decimals).toBe(2);
    expect(formulaWords(r.metric.formula)).toBe(
      "365 × average Accounts payable (FY2016–FY2017) / (Cost of revenue (FY2017) + Inventories (FY2017) − Inventories (FY2016))",
    );
  });

  it("a ratio of two line items", () => {
    const r = parse("What is the FY2015 operating cash flow ratio? Operating cash flow ratio is defined as: cash from operations / total current liabilities. Round to two decimal places.");
    expect(r.metric.name).toBe("Operating cash flow ratio");
    expect(formulaWords(r.metric.formula)).toBe("Cash from operations / Total current liabilities");
  });

  it("parenthesised operands with named years", () => {
    const r = parse("What is the FY2021 inventory turnover ratio? Inventory turnover ratio is defined as: (FY2021 COGS) / (average inventory between FY2020 and FY2021).");
    expect(formulaWords(r.metric.formula)).toBe("Cost of revenue (FY2021) / average Inventories (FY2020–FY2021)");
  });

  it("a definition without years averages opening and closing balances; word operators read as arithmetic", () => {
    const r = parse("What was PP&E turnover in FY2021, defined as revenue divided by average PP&E of two years?");
    expect(formulaWords(r.metric.formula)).toBe("Revenue / average Net PP&E (opening and closing)");
    const s = parse("What is adjusted leverage for FY2022? Adjusted leverage is calculated as (long-term debt plus short-term debt minus cash) divided by EBITDA.");
    expect(formulaWords(s.metric.formula)).toBe("(Long-term debt + Short-term debt − Cash and cash equivalents) / (Operating income + Depreciation & amortization)");
  });

  it("several definitions in one question: the first uses the later ones", () => {
    const r = parse(
      "What is the FY2022 cash conversion cycle (CCC)? CCC is defined as: DIO + DSO - DPO. DIO is defined as: 365 * (average inventory between FY2021 and FY2022) / (FY2022 COGS). " +
        "DSO is defined as: 365 * (average accounts receivable between FY2021 and FY2022) / (FY2022 revenue). DPO is defined as: 365 * (average accounts payable between FY2021 and FY2022) / (FY2022 COGS + change in inventory between FY2021 and FY2022).",
    );
    expect(r.metric.name).toBe("Cash conversion cycle");
    expect(r.metric.unit).toBe("days");
    expect(formulaWords(r.metric.formula)).toContain("(Cost of revenue (FY2022) + Inventories (FY2022) − Inventories (FY2021))");
  });

  it("a definition naming something unknown falls back to the catalog entry", () => {
    const r = parse("What is FY2020 DSO? DSO is defined as 365 * average flux capacitance / revenue.");
    expect(r.metric.id).toBe("dso");
  });
});

describe("judgements", () => {
  it.each([
    ["Does the company have an improving operating margin profile as of FY2022?", { kind: "trend", direction: "improve" }],
    ["Did the company grow its PP&E between FY20 and FY21?", { kind: "trend", direction: "up" }],
    ["Has the company increased its debt on balance sheet between FY2023 and FY2022?", { kind: "trend", direction: "up" }],
    ["Was there any drop in cash & cash equivalents between FY2023 and Q2 of FY2024?", { kind: "trend", direction: "down" }],
    ["Does the company have positive working capital based on FY2022 data?", { kind: "sign", positive: true }],
    ["Was free cash flow negative in FY2021?", { kind: "sign", positive: false }],
    ["Are gross margins historically consistent (not fluctuating more than roughly 2% each year)?", { kind: "stable", threshold: 0.02, askedStable: true }],
    ["Is the operating margin volatile, moving more than 5% a year?", { kind: "stable", threshold: 0.05, askedStable: false }],
    // no threshold stated: none is assumed (the answer shows the moves and draws no verdict)
    ["Has the gross margin been stable over the last three years?", { kind: "stable", threshold: undefined, askedStable: true }],
    ["How does the effective tax rate in FY2022 compare to FY2021?", { kind: "compare" }],
    ["How did net income compare between FY2021 and FY2022?", { kind: "compare" }],
  ])("%s", (q, judgement) => {
    expect(parse(q).judgement).toEqual(judgement);
  });

  it("which of operating, investing and financing cash flow brought in the most", () => {
    const r = parse("Among operations, investing, and financing activities, which brought in the most (or lost the least) cash flow in FY2023?");
    expect(r.judgement?.kind).toBe("extreme");
    if (r.judgement?.kind !== "extreme") return;
    expect(r.judgement.most).toBe(true);
    expect(r.judgement.candidates.map((c) => c.id)).toEqual(["operating_cash_flow", "investing_cash_flow", "financing_cash_flow"]);
  });

  it("'higher in A than in B' is a trend from B to A whichever comes first", () => {
    expect(parse("Was gross margin higher in FY2022 than in FY2021?").judgement).toEqual({ kind: "trend", direction: "up" });
    expect(parse("Was gross margin higher in FY2021 than in FY2022?").judgement).toEqual({ kind: "trend", direction: "down" });
    expect(parse("Was net income lower in FY2022 than the prior year?").judgement).toEqual({ kind: "trend", direction: "down" });
  });

  it("'how much cash … on buybacks' is the buybacks", () => {
    expect(parse("How much cash did the company spend on share buybacks in FY2022?").metric.id).toBe("share_repurchases");
  });

  it("a yes/no question the engine cannot decide is not captured", () => {
    expect(parseMetricQuestion("Is revenue recognised over time or at a point in time?")).toBeNull();
  });

  it("the 'if not a useful metric, explain why' caveat does not make a metric question narrative", () => {
    expect(parse("Does the company have an improving gross margin profile as of FY2022? If gross margin is not a useful metric for a company like this, then state that and explain why.").metric.id).toBe("gross_margin");
  });
});

describe("readings that need more than a statement line are not captured", () => {
  it.each([
    "What was deferred revenue at the end of FY2022?",
    "What was adjusted EBITDA in FY2022?",
    "What was the goodwill impairment in FY2020?",
    "What were dividends per share in FY2021?",
    "How much cash taxes paid in FY2021?",
    "What was organic revenue growth in FY2022?",
    "Did revenue grow faster than operating expenses in FY2022?",
    "What was the highest revenue year?",
  ])("%s", (q) => {
    expect(parseMetricQuestion(q)).toBeNull();
  });

  it("a question that defines its own adjusted metric is computed", () => {
    expect(parse("What is adjusted leverage for FY2022? Adjusted leverage is defined as total debt / EBITDA.").metric.id).toBe("defined");
  });

  it("an imperative definition ('calculate X as …') is read; 'as a percentage' is not a definition", () => {
    const r = parse("What was FY2022 EBITDA? Calculate EBITDA as operating income plus depreciation and amortization (from the cash flow statement).");
    expect(r.metric.id).toBe("defined");
    expect(formulaWords(r.metric.formula)).toBe("Operating income + Depreciation & amortization");
    expect(parse("Compute the FY2022 gross margin as a percentage.").metric.id).toBe("gross_margin");
  });

  it("a definition of a name the ask uses inside a larger metric ('EBITDA less capex', EBITDA defined)", () => {
    const r = parse("What is the FY2021 unadjusted EBITDA less capex? Define unadjusted EBITDA as unadjusted operating income + depreciation and amortization [from cash flow statement]. Answer in USD millions.");
    expect(r.metric.name).toBe("EBITDA less capital expenditure");
    expect(formulaWords(r.metric.formula)).toBe("Operating income + Depreciation & amortization − Capital expenditure");
  });

  it("'cash + cash equivalents' in a definition is the one line; 'X here is defined as' names X", () => {
    const r = parse("What is the FY2018 cash ratio? Cash ratio is defined as: (cash + cash equivalents + marketable securities) / (total current liabilities).");
    expect(formulaWords(r.metric.formula)).toBe("(Cash and cash equivalents + Short-term investments) / Total current liabilities");
    expect(parse("What is FY2020 FCF? FCF here is defined as: (cash from operations - capex).").metric.name).toBe("Free cash flow");
  });

  it("a phrase naming two things is not read as one of them", () => {
    expect(parse("What is FY2022 cover? Cover is defined as operating income and cash / interest expense.").metric.id).not.toBe("defined");
  });

  it("'was the company profitable' is a sign test on net income", () => {
    const r = parse("Was the company profitable in FY2021?");
    expect(r.metric.id).toBe("net_income");
    expect(r.judgement).toEqual({ kind: "sign", positive: true });
  });

  it("'over the last three years' with no year named keeps the span for the engine", () => {
    const r = parse("What was the average operating margin over the last three years?");
    expect(r.aggregate).toBe("average");
    expect(r.periods).toEqual([]);
    expect(r.span).toBe(3);
  });
});

describe("questions no computed figure answers return null", () => {
  it.each([
    "Who is the CEO?",
    "Any litigation?",
    "What are the main risks?",
    "Who are the primary customers?",
    "What drove the operating margin change in FY2022?",
    "Which segment dragged down growth in 2022?",
    "Which region had the biggest drop in revenue year over year?",
    "Is the business capital-intensive?",
    "What acquisitions were made in FY2023?",
    "Were there events outside normal operations that increased net income in 2019?",
    "How much does the company expect to pay for the spin-off?",
    "Is the business subject to cyclicality?",
    "What does the company do?",
    "Summarise the cash flow statement.",
    "How does the company manage its inventory?",
    "What is the revenue recognition policy?",
    "Describe the company's debt structure.",
    "What are the main sources of revenue?",
    "What is included in cost of revenue?",
    "What are the maturities of the long-term debt?",
    "What interest rate does the long-term debt carry?",
    "What is the revenue breakdown by product?",
  ])("%s", (q) => {
    expect(parseMetricQuestion(q)).toBeNull();
  });
});

describe("a figure of a part of the business is not the statement's line", () => {
  it.each([
    "What was Quillfeather's FY2023 revenue from its drone subscriptions?",
    "What were sales in its retail stores in FY2022?",
    "What was the FY2021 revenue generated from government customers?",
  ])("%s → not captured", (q) => {
    expect(parseMetricQuestion(q)).toBeNull();
  });
  it("a period after 'from' still reads as the statement's line", () => {
    expect(parseMetricQuestion("What is the change in revenue from FY2021 to FY2022 in percent?")?.metric.id).toBe("revenue");
  });
});

describe("a per-share figure with a participle between ('dividends declared per share') is not the total line", () => {
  it.each(["What were dividends declared per share in FY2022?", "What were dividends paid per share in 2021?"])("%s", (q) => {
    expect(parseMetricQuestion(q)).toBeNull();
  });
  it("the total still reads", () => {
    expect(parse("What were dividends paid in FY2022?").metric.id).toBe("dividends_paid");
  });
});

it("a quotient asked 'in percent' is a percentage, not a ratio", () => {
  const r = parse("What was the FY2022 gross margin? Gross margin is defined as gross profit divided by total revenues, in percent, rounded to one decimal place.");
  expect(r.metric.unit).toBe("percent");
  expect(r.format.decimals).toBe(1);
});
