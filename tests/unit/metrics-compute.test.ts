/** computeMetric: aggregates, judgements with their polarity, missing inputs named, rounding and units. */
import { describe, expect, it } from "vitest";
import { computeMetric, parseMetricQuestion } from "@/lib/metrics";
import { fixtureSource } from "./metrics-fixture";

const M = 1e6;
async function ask(question: string, drop: string[] = []) {
  const req = parseMetricQuestion(question);
  if (!req) throw new Error(`not parsed: ${question}`);
  return computeMetric(req, fixtureSource(drop));
}

describe("aggregates over periods", () => {
  it("a 3-year average of a margin is the mean of each year's margin, formatted as asked", async () => {
    const r = await ask("What is the FY2020 - FY2022 3 year average net profit margin (as a %)? Round to one decimal place.");
    expect(r.value).toBeCloseTo((144 / 1000 + 180 / 1200 + 228 / 1500) / 3, 9);
    expect(r.formatted).toBe("14.9%");
    expect(r.series.map((s) => s.formatted)).toEqual(["14.4%", "15.0%", "15.2%"]);
    expect(r.formula).toBe("Net profit margin = Net income / Revenue, averaged over FY2020–FY2022");
  });

  it("year-over-year change in percent is growth", async () => {
    const r = await ask("What is the year-over-year change in revenue from FY2021 to FY2022 (in units of percents, rounded to one decimal place)?");
    expect(r.value).toBeCloseTo(0.25, 9);
    expect(r.formatted).toBe("25.0%");
  });

  it("CAGR over three years", async () => {
    const r = await ask("What was the revenue CAGR from FY2019 to FY2022? Round to two decimal places.");
    expect(r.value).toBeCloseTo((1500 / 800) ** (1 / 3) - 1, 9);
    expect(r.formatted).toBe("23.31%");
  });

  it("a change in a rate is in percentage points", async () => {
    const r = await ask("How much has the effective tax rate changed between FY2020 and FY2021?");
    expect(r.value).toBeCloseTo(0.05, 9);
    expect(r.formatted).toBe("+5.0 percentage points");
  });

  it("a change in an amount keeps the amount's unit and sign", async () => {
    const r = await ask("What was the change in cash between FY2021 and FY2022 in USD millions?");
    expect(r.value).toBeCloseTo(-40 * M, 0);
    expect(r.formatted).toBe("−USD 40 million");
  });

  it("a series shows every year of the range", async () => {
    const r = await ask("How did the operating margin evolve from FY2020 to FY2022?");
    expect(r.series.map((s) => s.formatted)).toEqual(["20.0%", "21.7%", "21.3%"]);
    expect(r.formatted).toBe("21.3%");
  });

  // (the question reader reads "from fy18 to fy22" as every year of the span)
  async function overSpan(question: string, drop: string[]) {
    const req = parseMetricQuestion(question)!;
    return computeMetric({ ...req, periods: ["FY2019", "FY2020", "FY2021", "FY2022"] }, fixtureSource(drop));
  }

  it("a growth or a change across a span needs its two ends only: a year the filings skip is no missing input", async () => {
    const gap = ["revenue@FY2020", "revenue@FY2021", "net_income@FY2020", "net_income@FY2021"];
    const growth = await overSpan("What is the revenue growth from FY2019 to FY2022?", gap);
    expect(growth.missing).toEqual([]);
    expect(growth.value).toBeCloseTo(1500 / 800 - 1, 9);
    const change = await overSpan("What was the change in net income from FY2019 to FY2022 in USD millions?", gap);
    expect(change.value).toBeCloseTo(118 * M, 0);
    // (a year between the ends that is printed is shown, and cited)
    const one = await overSpan("What is the revenue growth from FY2019 to FY2022?", ["revenue@FY2020"]);
    expect(one.series.map((s) => s.formatted ?? null)).toEqual([expect.any(String), null, expect.any(String), expect.any(String)]);
    expect(one.inputs.map((i) => i.period).sort()).toEqual(["FY2019", "FY2021", "FY2022"]);
  });

  it("but a missing end leaves the growth undefined and names it", async () => {
    const r = await overSpan("What is the revenue growth from FY2019 to FY2022?", ["revenue@FY2019"]);
    expect(r.value).toBeUndefined();
    expect(r.missing.map((m) => `${m.key}@${m.period}`)).toEqual(["revenue@FY2019"]);
  });

  it("no period named and the newest fiscal year prints no line: the newer quarter an interim report prints, said so", async () => {
    const base = fixtureSource(["dividends_paid"]);
    const quarter = { ...base, newerQuarter: async () => "Q2 2023", get: async (key: Parameters<typeof base.get>[0], period: string) => (period === "Q2 2023" && key === "dividends_paid" ? { ...(await fixtureSource().get(key, "FY2022"))!, period, value: -17e6 } : base.get(key, period)) };
    const req = parseMetricQuestion("What were the dividends paid?")!;
    const r = await computeMetric(req, quarter);
    expect(r.periods).toEqual(["Q2 2023"]);
    expect(r.value).toBeCloseTo(17e6, 0);
    expect(r.notes.join(" ")).toMatch(/No period was named: Q2 2023/);
    // (a line the newest fiscal year prints stays the year's)
    expect((await computeMetric(parseMetricQuestion("What was the revenue?")!, quarter)).periods).toEqual(["FY2022"]);
  });

  it("a CAGR reads only its two ends", async () => {
    const r = await ask("What is the 3-year revenue CAGR ending FY2022?");
    expect(r.periods).toEqual(["FY2019", "FY2022"]);
    expect(r.value).toBeCloseTo((1500 / 800) ** (1 / 3) - 1, 9);
  });

  it("no period named: the latest fiscal year, said so", async () => {
    const r = await ask("What is the current ratio?");
    expect(r.periods).toEqual(["FY2022"]);
    expect(r.value).toBeCloseTo(560 / 600, 9);
    expect(r.notes.join(" ")).toMatch(/latest fiscal year/);
  });
});

describe("lines statements leave out when nil", () => {
  it("no short-term debt line on a balance sheet that was read counts as zero, said so", async () => {
    const r = await ask("What was total debt at the end of FY2022?", ["short_term_debt@FY2022"]);
    expect(r.value).toBeCloseTo(350 * M, 0);
    expect(r.notes.join(" ")).toMatch(/print no short-term debt line: counted as zero/);
  });

  it("but a balance sheet that was not read leaves short-term debt missing", async () => {
    const r = await ask("What was total debt at the end of FY2022?", ["short_term_debt@FY2022", "total_current_liabilities@FY2022"]);
    expect(r.value).toBeUndefined();
    expect(r.missing.map((m) => m.key)).toEqual(["short_term_debt"]);
  });

  it("the last N years when no year is named", async () => {
    const r = await ask("What was the average operating margin over the last three years?");
    expect(r.periods).toEqual(["FY2020", "FY2021", "FY2022"]);
    expect(r.value).toBeCloseTo((0.2 + 260 / 1200 + 320 / 1500) / 3, 9);
  });
});

describe("ratios that are shares", () => {
  it("a payout ratio asked to two decimals reads as a fraction first, the percent after", async () => {
    const r = await ask("What was the FY2022 dividend payout ratio? Round your answer to two decimal places.");
    expect(r.formatted).toBe("0.26 (26.3%)");
    expect((await ask("What was the FY2022 dividend payout ratio in percent?")).formatted).toBe("26.3%");
  });
});

describe("a definition from the question is what is computed", () => {
  it("DPO with COGS plus the change in inventory", async () => {
    const r = await ask(
      "What is the FY2022 DPO? DPO is defined as: 365 * (average accounts payable between FY2021 and FY2022) / (FY2022 COGS + change in inventory between FY2021 and FY2022). Round your answer to two decimal places.",
    );
    expect(r.value).toBeCloseTo((365 * 110) / (900 + 40), 9);
    expect(r.formatted).toBe("42.71 days");
  });

  it("a CCC whose DPO is defined with COGS plus the change in inventory", async () => {
    const r = await ask(
      "What is the FY2022 cash conversion cycle? CCC is defined as: DIO + DSO - DPO. DIO is defined as: 365 * (average inventory between FY2021 and FY2022) / (FY2022 COGS). " +
        "DSO is defined as: 365 * (average accounts receivable between FY2021 and FY2022) / (FY2022 revenue). DPO is defined as: 365 * (average accounts payable between FY2021 and FY2022) / (FY2022 COGS + change in inventory between FY2021 and FY2022). Round to two decimal places.",
    );
    expect(r.value).toBeCloseTo((365 * 180) / 900 + (365 * 140) / 1500 - (365 * 110) / 940, 9);
  });

  it("inventory turnover over a named average reads the older filing's balance sheet for the opening year", async () => {
    const r = await ask("What is the FY2020 inventory turnover ratio? Inventory turnover ratio is defined as: (FY2020 COGS) / (average inventory between FY2019 and FY2020). Round to two decimal places.");
    expect(r.formatted).toBe("4.62");
    expect(r.inputs.find((i) => i.period === "FY2019")?.citation).toBe("(source: HarborLamp-10K-FY2020.pdf, p.39)");
  });
});

describe("missing inputs are named, never guessed", () => {
  it("a missing opening balance leaves the turnover undefined and names the input", async () => {
    const r = await ask("What was the inventory turnover in FY2021?", ["inventories@FY2020"]);
    expect(r.value).toBeUndefined();
    expect(r.formatted).toBeUndefined();
    expect(r.missing).toEqual([{ key: "inventories", period: "FY2020", label: "inventories" }]);
  });

  it("every missing input is named, not only the first", async () => {
    const r = await ask("What was FCF in FY2022?", ["operating_cash_flow", "capital_expenditure"]);
    expect(r.missing.map((m) => `${m.key}@${m.period}`).sort()).toEqual(["capital_expenditure@FY2022", "operating_cash_flow@FY2022"]);
  });

  it("a year the filings do not hold is missing (cash flow before FY2020)", async () => {
    const r = await ask("What was capex as a % of revenue on average from FY2019 to FY2021?");
    expect(r.value).toBeUndefined();
    expect(r.missing).toEqual([{ key: "capital_expenditure", period: "FY2019", label: "capital expenditure" }]);
  });

  it("a judgement with a missing input gives no polarity", async () => {
    const r = await ask("Does the company have positive working capital based on FY2022 data?", ["total_current_liabilities@FY2022"]);
    expect(r.judgement).toBeUndefined();
    expect(r.missing[0]?.key).toBe("total_current_liabilities");
  });
});

describe("judgements decided by computed figures", () => {
  it.each([
    // operating margin 20.0% → 21.7% → 21.3%
    ["Does the company have an improving operating margin profile as of FY2022?", "no"],
    ["Does the company have an improving operating margin profile as of FY2021?", "yes"],
    // gross margin 37.5% (derived) → 40.0% → 41.7% → 40.0%: a 2.5-point move
    ["Are gross margins historically consistent (not fluctuating more than roughly 2% each year)?", "no"],
    ["Are gross margins consistent, not fluctuating more than 3% each year?", "yes"],
    ["Has gross margin been volatile, moving more than 3% in a year?", "no"],
    // net PP&E 520 → 560
    ["Did the company grow its PP&E between FY20 and FY21?", "yes"],
    // total debt 410 → 390
    ["Has the company increased its debt between FY2022 and FY2021?", "no"],
    ["Did total debt decrease from FY2021 to FY2022?", "yes"],
    ["Was gross margin higher in FY2021 than in FY2022?", "yes"],
    ["Was gross margin higher in FY2022 than in FY2021?", "no"],
    // cash 130 → 90
    ["Was there any drop in cash between FY2021 and FY2022?", "yes"],
    // working capital FY2022: 560 − 600
    ["Does the company have positive working capital based on FY2022 data?", "no"],
    ["Is working capital positive as of FY2021?", "yes"],
    // FCF conversion 111% → 75%
    ["Does the company have an improving free cash flow conversion as of FY2022?", "no"],
    // effective tax rate (lower is better): 20% → 25%
    ["Has the effective tax rate improved in FY2021?", "no"],
  ])("%s → %s", async (q, polarity) => {
    const r = await ask(q);
    expect(r.missing).toEqual([]);
    expect(r.judgement?.polarity).toBe(polarity);
  });

  it("an improving trend shows the earlier year when the statements hold it", async () => {
    const r = await ask("Does the company have an improving operating margin profile as of FY2022?");
    expect(r.series.map((s) => s.period)).toEqual(["FY2020", "FY2021", "FY2022"]);
    expect(r.judgement?.statement).toBe("Operating margin fell from 21.7% in FY2021 to 21.3% in FY2022 (20.0% in FY2020).");
  });

  it("the cash-flow section that brought in the most", async () => {
    const r = await ask("Among operating, investing and financing activities, which generated the most cash in FY2022?");
    expect(r.judgement?.choice).toBe("Cash from operations");
    const least = await ask("Which of operating, investing or financing cash flow was the lowest in FY2022?");
    expect(least.judgement?.choice).toBe("Cash from investing");
  });

  it("a comparison of two years states both values and no polarity", async () => {
    const r = await ask("How does the effective tax rate in FY2021 compare to FY2020?");
    expect(r.judgement?.polarity).toBeUndefined();
    expect(r.judgement?.statement).toBe("Effective tax rate was 25.0% in FY2021, higher than 20.0% in FY2020.");
  });
});

describe("the last N years", () => {
  it("a CAGR over the last three years reads its two ends only", async () => {
    const r = await ask("What was the revenue CAGR over the last three years?");
    expect(r.periods).toEqual(["FY2019", "FY2022"]);
    expect(r.value).toBeCloseTo((1500 / 800) ** (1 / 3) - 1, 9);
  });
});
