/** formatMetricAnswer: result first (Yes./No. for judgements), formula, inputs table with citations, missing inputs named. */
import { describe, expect, it } from "vitest";
import { computeMetric, formatMetricAnswer, parseMetricQuestion, statedResults } from "@/lib/metrics";
import { formatPrinted, formatValue } from "@/lib/metrics/numbers";
import { DOC, fixtureSource, PAGES } from "./metrics-fixture";

async function answer(question: string, drop: string[] = []) {
  return formatMetricAnswer(await computeMetric(parseMetricQuestion(question)!, fixtureSource(drop)));
}

describe("formatMetricAnswer", () => {
  it("a line item: the result first, then the formula and the input as printed with its citation", async () => {
    const text = await answer("What is the FY2022 capital expenditure amount (in USD millions)?");
    const lines = text.split("\n");
    expect(lines[0]).toBe("Capital expenditure for FY2022: **USD 120 million**.");
    expect(text).toContain("Formula: Capital expenditure = the Capital expenditure line as reported (its amount; outflows are printed negative)");
    expect(text).toContain(`| Purchases of property and equipment | FY2022 | USD (120) million | (source: ${DOC}, p.${PAGES.cash_flow}) |`);
  });

  it("a metric lists every input with its own citation, in period order", async () => {
    const text = await answer("What was the inventory turnover in FY2020?");
    const rows = text.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| Input"));
    expect(rows).toEqual([
      "| inventories | FY2019 | USD 120 million | (source: HarborLamp-10K-FY2020.pdf, p.39) |",
      `| cost of revenue | FY2020 | USD 600 million | (source: ${DOC}, p.${PAGES.income}) |`,
      `| inventories | FY2020 | USD 140 million | (source: ${DOC}, p.${PAGES.balance}) |`,
    ]);
    expect(text).toContain("Formula: Inventory turnover = Cost of revenue / average Inventories (opening and closing)");
  });

  it("citations are exactly (source: FILE.pdf, p.N) and no confidence is shown", async () => {
    const text = await answer("What is the FY2022 EBITDA margin?");
    const citations = text.match(/\(source: [^)]+\)/g) ?? [];
    expect(citations.length).toBe(3);
    for (const c of citations) expect(c).toMatch(/^\(source: [\w.-]+\.pdf, p\.\d+\)$/);
    expect(text).not.toMatch(/confidence|\d+% sure/i);
  });

  it("a judgement starts with Yes. or No., then the figures", async () => {
    expect((await answer("Does the company have positive working capital based on FY2022 data?")).split("\n")[0]).toBe(
      "No. Working capital was USD -40 million in FY2022 (negative).",
    );
    expect((await answer("Did the company grow its PP&E between FY20 and FY21?")).split("\n")[0]).toBe(
      "Yes. Net PP&E increased from USD 520 million in FY2020 to USD 560 million in FY2021 (USD 500 million in FY2019).",
    );
  });

  it("a growth shows the yearly amounts in the filing's precision, the rounding asked on the growth", async () => {
    const first = (await answer("What was the year-over-year change in revenue from FY2021 to FY2022 (in percent, rounded to one decimal place)?")).split("\n")[0];
    expect(first).toBe("Revenue growth from FY2021 to FY2022: **25.0%** (FY2021 USD 1,200 million, FY2022 USD 1,500 million).");
  });

  it("a stability test over the years held says which years in between are missing", async () => {
    const first = (await answer("Are gross margins historically consistent, not fluctuating more than 3% each year?", ["gross_profit@FY2020", "revenue@FY2020"])).split("\n")[0];
    expect(first).toContain("(FY2020 not in the documents)");
  });

  it("names keep their acronyms mid-sentence", async () => {
    const first = (await answer("What is the three year average of cost of goods sold as a % of revenue from FY2020 to FY2022?")).split("\n")[0];
    expect(first.startsWith("Average COGS as % of revenue for FY2020–FY2022: **")).toBe(true);
    const missing = (await answer("What was net PP&E at the end of FY2022?", ["ppe_net"])).split("\n")[0];
    expect(missing).toBe("I couldn't compute the net PP&E for FY2022: the FY2022 net PP&E is not in the documents.");
  });

  it("an average shows the yearly values behind it", async () => {
    const first = (await answer("What is the FY2020 - FY2022 average gross margin? Answer in percent, one decimal place.")).split("\n")[0];
    expect(first).toBe("Average gross margin for FY2020–FY2022: **40.6%** (FY2020 40.0%, FY2021 41.7%, FY2022 40.0%).");
  });

  it("missing inputs: says what could not be computed and which inputs are not in the documents, no figure", async () => {
    const text = await answer("What was the inventory turnover in FY2021?", ["inventories@FY2020"]);
    expect(text.split("\n")[0]).toBe("I couldn't compute the inventory turnover for FY2021: the FY2020 inventories are not in the documents.");
    expect(text).not.toContain("**");
    const which = await answer("Which of operating, investing or financing cash flow was the largest in FY2022?", ["investing_cash_flow@FY2022"]);
    expect(which.split("\n")[0]).toBe("I couldn't compare cash from operations, cash from investing and cash from financing for FY2022: the FY2022 cash from investing is not in the documents.");
    const two = await answer("What was FCF in FY2022?", ["operating_cash_flow", "capital_expenditure"]);
    expect(two.split("\n")[0]).toBe("I couldn't compute the free cash flow for FY2022: the FY2022 cash from operations and the FY2022 capital expenditure are not in the documents.");
  });
});

describe("numbers in the filing's unit or the unit asked", () => {
  const style = (format = {}, filingScale = 1e3) => ({ format, filingScale, currency: "USD" });

  it("an amount in a filing printed in thousands stays in thousands unless another scale is asked", () => {
    expect(formatValue(1_234_000, "amount", style())).toBe("USD 1,234 thousand");
    expect(formatValue(1_234_000, "amount", style({ scale: 1e6 }))).toBe("USD 1.23 million");
    expect(formatValue(1_234_000, "amount", style({ scale: 1e6, decimals: 1 }))).toBe("USD 1.2 million");
    expect(formatValue(8_738_000_000, "amount", style({ scale: 1e9, currency: "EUR" }))).toBe("EUR 8.74 billion");
  });

  it("percent, ratio, days and per-share values with the decimals asked", () => {
    expect(formatValue(0.30789, "percent", style({ decimals: 1 }))).toBe("30.8%");
    expect(formatValue(0.6612, "ratio", style())).toBe("0.66");
    expect(formatValue(93.8571, "days", style({ decimals: 1 }))).toBe("93.9 days");
    expect(formatValue(2.28, "per_share", style())).toBe("USD 2.28");
  });

  it("an input as printed: negatives in brackets, in its own scale", () => {
    expect(formatPrinted(-1_577_000_000, 1e6, "USD", false)).toBe("USD (1,577) million");
    expect(formatPrinted(-2.5, 1e6, "USD", true)).toBe("USD (2.50)");
  });
});

describe("statedResults: the figures the headline states, as fields", () => {
  const stated = async (question: string, drop: string[] = []) => {
    const r = await computeMetric(parseMetricQuestion(question)!, fixtureSource(drop));
    return { name: r.name, stated: statedResults(r), head: formatMetricAnswer(r).split("\n")[0]! };
  };

  it("one result, or each period's for a series, exactly as the headline bolds them", async () => {
    for (const q of ["What is the FY2022 EBITDA margin?", "What was the operating cash flow in FY2022?", "Show revenue for each year from FY2020 to FY2022."]) {
      const r = await stated(q);
      expect(r.stated.length).toBeGreaterThan(0);
      expect(r.stated).toEqual([...r.head.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]));
    }
    expect(await stated("What was the operating cash flow in FY2022?")).toMatchObject({ name: "Cash from operations", stated: ["USD 290 million"] });
    expect((await stated("Show revenue for each year from FY2020 to FY2022.")).name).toBe("Revenue");
  });

  it("none for a judgement or when an input is missing", async () => {
    expect((await stated("Does the company have positive working capital based on FY2022 data?")).stated).toEqual([]);
    expect((await stated("What is the FY2022 EBITDA margin?", ["revenue@FY2022"])).stated).toEqual([]);
  });
});

describe("a small ratio's digits", () => {
  it("keeps three significant digits of a ratio under 0.1 (R&D to revenue 0.0466, not 0.05), two decimals above, and the decimals asked", () => {
    expect(formatValue(0.04658, "ratio", { format: {} } as never)).toBe("0.0466");
    expect(formatValue(0.0685, "ratio", { format: {} } as never)).toBe("0.0685");
    expect(formatValue(1.372, "ratio", { format: {} } as never)).toBe("1.37");
    expect(formatValue(0.04658, "ratio", { format: { decimals: 2 } } as never)).toBe("0.05");
  });
});
