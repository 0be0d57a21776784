/** The request reader of Agent Mode: a multi-part request read into items, each read by the chat's question reader. */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";

const labels = (request: string, companies: string[] = []) => readItems(request, companies).items.map((i) => i.label);

describe("readItems", () => {
  it("distributes a list of periods over a list of figures: three figures for three years are nine items", () => {
    const r = readItems("Net sales, net earnings and FCF for 2020, 2021 and 2022", []);
    expect(r.items).toHaveLength(9);
    expect(r.items.every((i) => i.kind === "figure" && i.periods.length === 1)).toBe(true);
    expect(r.items.map((i) => i.concept?.id)).toEqual(["revenue", "revenue", "revenue", "net_income", "net_income", "net_income", "free_cash_flow", "free_cash_flow", "free_cash_flow"]);
    expect(r.items.map((i) => i.periods[0])).toEqual(["FY2020", "FY2021", "FY2022", "FY2020", "FY2021", "FY2022", "FY2020", "FY2021", "FY2022"]);
  });

  it("makes the figures before \"versus 2021\" comparisons, reads a bare margin as the margin of the profit named, and drops \"with sources\"", () => {
    const r = readItems("Summarise the company's 2022 performance: revenue, operating profit and margin versus 2021, backlog, and the top three risks, with sources.", []);
    expect(r.items.map((i) => [i.kind, i.concept?.id, i.periods])).toEqual([
      ["comparison", "revenue", ["FY2022", "FY2021"]],
      ["comparison", "operating_income", ["FY2022", "FY2021"]],
      ["comparison", "operating_margin", ["FY2022", "FY2021"]],
      ["figure", "backlog", ["FY2022"]],
      ["narrative", "risks", []],
    ]);
    // a comparison asks the chat loop once per side
    expect(r.items[0]!.questions).toHaveLength(2);
  });

  it("applies a header's periods to its list and a part's own later period to that part only", () => {
    expect(labels("For fiscal 2023: cash from operations, capital expenditures and the capex outlook for 2024.")).toEqual(["Cash from operations, FY2023", "Capital expenditures, FY2023", "Capex outlook, FY2024"]);
    expect(labels("FY2023 vs FY2022: revenues and net income")).toEqual(["Revenues, FY2023 vs FY2022", "Net income, FY2023 vs FY2022"]);
  });

  it("reads periods written before the first figure as the sentence's, and \"each year\" as all of them", () => {
    const r = readItems("For 2020, 2021 and 2022 give me total revenues and net income each year, and total assets at the end of 2022.", []);
    expect(r.items.map((i) => i.label)).toEqual([
      "Total revenues, FY2020", "Total revenues, FY2021", "Total revenues, FY2022",
      "Net income, FY2020", "Net income, FY2021", "Net income, FY2022",
      "Total assets, FY2022",
    ]);
  });

  it("keeps a concept's own \"and\" whole and asks a company fact as of the newest filing", () => {
    const r = readItems("In 2023: research and development, subscription and support revenue and headcount", []);
    expect(r.items.map((i) => i.ask)).toEqual(["research and development", "subscription and support revenue", "headcount"]);
    const headcount = r.items[2]!;
    expect(headcount.questions[0]).toBe("How many employees does the company have?");
    expect(headcount.retry).toBe("How many employees did the company have in FY2023?");
  });

  it("asks a company fact named for several years at each year (against another year, compared), and for one year as of the newest filing", () => {
    const facts = readItems("revenue and employees for 2021 and 2022", []).items.filter((i) => i.concept?.id === "employees");
    expect(facts.map((i) => i.questions[0])).toEqual(["How many employees did the company have in FY2021?", "How many employees did the company have in FY2022?"]);
    for (const q of ["employees 2021 vs 2022", "headcount at end of 2022 compared with 2021"]) {
      const compared = readItems(q, []).items.filter((i) => i.concept?.id === "employees");
      expect(compared.map((i) => i.kind), q).toEqual(["comparison"]);
      expect(compared[0]!.questions, q).toEqual(["How many employees did the company have in FY2022?", "How many employees did the company have in FY2021?"]);
    }
    expect(readItems("For 2023: revenue and headcount", []).items[1]!.questions[0]).toBe("How many employees does the company have?");
  });

  it("reads a part naming only a change ('and the swing in pts') as the change of the figure before it, across the years asked", () => {
    const two = readItems("gross margin fy21 and fy22 and the swing in pts", []).items;
    expect(two.map((i) => i.label)).toEqual(["Gross margin, FY2021", "Gross margin, FY2022", "Gross margin change, FY2021–FY2022"]);
    expect(two[2]!.reading).toMatchObject({ aggregate: "change", periods: ["FY2021", "FY2022"] });
    expect(readItems("net income for 2022, and the change yoy", []).items[1]).toMatchObject({ label: "Net income change, FY2022", questions: ["How much did the net income change year on year in FY2022?"] });
    expect(readItems("operating margin 2021 and 2022, plus the delta", []).items.at(-1)?.label).toBe("Operating margin change, FY2021–FY2022");
    // a change that names its own figure is that figure's item
    expect(readItems("net income and the change in revenue for 2022", []).items.map((i) => i.concept?.id)).toEqual(["net_income", "revenue"]);
  });

  it("reads a spaced '&' as 'and': a name joined by it stays one item, a list joined by it splits", () => {
    expect(readItems("fy22 sales & marketing expense, r&d and capex", []).items.map((i) => i.ask)).toEqual(["sales & marketing expense", "r&d", "capex"]);
    expect(readItems("cash & equivalents and total debt at end of 2022", []).items.map((i) => i.reading.concepts[0]?.id)).toEqual(["cash", "total_debt"]);
    expect(readItems("For fy22: tech & dev as % of rev, net income and headcount", []).items.map((i) => i.ask)).toEqual(["tech & dev as % of revenue", "net income", "headcount"]);
    expect(readItems("net income & capex for 2022", []).items.map((i) => i.reading.concepts[0]?.id)).toEqual(["net_income", "capital_expenditure"]);
  });

  it("keeps an item the catalog does not name, and a ranking, as asked; asks back a request with nothing to answer", () => {
    const r = readItems("For 2022: free cash flow, which segment had the highest revenue, and their MSCI ESG rating", []);
    expect(r.items.map((i) => i.kind)).toEqual(["figure", "ranking", "other"]);
    expect(r.items[2]!.questions[0]).toBe("What was the MSCI ESG rating in FY2022?");
    expect(readItems("Hello there", []).items).toEqual([]);
  });

  it("names the company in the questions only when the data room holds several", () => {
    expect(readItems("Acme's revenue in 2022", ["ACME CORP"]).items[0]!.questions[0]).toBe("What was the revenue in FY2022?");
    const two = readItems("Acme's revenue in 2022", ["ACME CORP", "GLOBEX INC"]);
    expect(two.company).toBe("ACME CORP");
    expect(two.items[0]!.questions[0]).toContain("ACME CORP");
  });

  it("splits a Swedish list at \"och\" and asks each part by its concept's name", () => {
    const r = readItems("Intäkter, marginaler och tvister för 2023", []);
    expect(r.items.map((i) => i.label)).toEqual(["Intäkter, FY2023", "Marginaler, FY2023", "Tvister"]);
    expect(r.items[0]!.questions[0]).toBe("What was the revenue in FY2023?");
    expect(r.items[2]!.kind).toBe("narrative");
  });

  it("keeps the day a balance is asked at, in English and in Swedish, instead of reading it as the year", () => {
    const en = readItems("Headcount at 30 June 2024", []).items[0]!;
    expect([en.label, en.periods, en.questions[0]]).toEqual(["Headcount, 30 June 2024", ["30 June 2024"], "How many employees did the company have at 30 June 2024?"]);
    const sv = readItems("Hur stor var kassan vid utgången av september 2024?", []).items[0]!;
    expect([sv.concept?.id, sv.periods, sv.questions[0]]).toEqual(["cash", ["30 September 2024"], "What was the cash and cash equivalents at 30 September 2024?"]);
    expect(readItems("Inventories at May 31, 2018", []).items[0]!.periods).toEqual(["31 May 2018"]);
  });

  it("reads \"what drove it\" and \"how fast did it grow\" as items about the figure before them, with its period", () => {
    expect(labels("What was the gross margin in fiscal 2018 and why did it change?")).toEqual(["Gross margin, FY2018", "What drove the gross margin, FY2018"]);
    const g = readItems("What was subscription revenue in Q3 2024 and how fast did it grow year over year?", []).items;
    expect(g.map((i) => [i.kind, i.label])).toEqual([["figure", "Subscription revenue, Q3 2024"], ["other", "Subscription revenue growth, Q3 2024"]]);
    expect(g[1]!.questions[0]).toBe("How much did the subscription revenue grow year on year in Q3 2024?");
  });

  it("reads a headcount asked with a pronoun for the company as an item, and a part's \"how much\" after a ranking as the ranking's", () => {
    const r = readItems("Then for 2022: GMV, total assets at year end, how many people it employs, and the key risks.", []);
    expect(r.items.map((i) => i.concept?.id)).toEqual(["gmv", "total_assets", "employees", "risks"]);
    const ranked = readItems("Fiscal 2022: which reportable segment sold the most and how much; how many employees it has.", []);
    expect(ranked.items.map((i) => i.kind)).toEqual(["ranking", "figure"]);
    expect(readItems("Which segment is largest by revenue and how much did it bring in, and the gross margin", []).items.map((i) => i.kind)).toEqual(["ranking", "figure"]);
  });
  it("gives \"plus fiscal 2021 …\" to every part of the run it starts, and reads \"for each of the three years\" as the sentence's periods", () => {
    expect(labels("Acme, fiscal 2019 to 2021 - revenue and net income for each of the three years, plus fiscal 2021 operating cash flow and capex.")).toEqual([
      "Revenue, FY2019", "Revenue, FY2020", "Revenue, FY2021",
      "Net income, FY2019", "Net income, FY2020", "Net income, FY2021",
      "Operating cash flow, FY2021", "Capex, FY2021",
    ]);
  });

  it("drops \"showing the change in each\" as an instruction, not an item", () => {
    const r = readItems("Acme FY2019 compared with FY2018: revenues and net income, showing the change in each, and the operating margin for both years.", []);
    expect(r.items.map((i) => [i.kind, i.concept?.id])).toEqual([["comparison", "revenue"], ["comparison", "net_income"], ["comparison", "operating_margin"]]);
  });

  it("reads a rate named after an amount (\"net revenue retention rate\") as another measure, asked as written, for the latest period only", () => {
    const r = readItems("For 2020 and 2021: revenue, and what's the net revenue retention rate?", []);
    const rate = r.items.find((i) => /retention/.test(i.label))!;
    expect(rate.kind).toBe("other");
    expect(rate.periods).toEqual(["FY2021"]);
    expect(rate.questions[0]).toMatch(/retention rate/);
  });

  it("reads \"which of its businesses …\" and \"which brings in more revenue - a or b -\" as rankings, keeps the headcount asked after a ranking, and reads the dividend per share as its own figure", () => {
    const r = readItems("For 2015: cash from operations and capex, which brings in more revenue - electric or gas - the dividend per share, and headcount. Which of its businesses brings in the most revenue, and how many staff does it have?", []);
    expect(r.items.map((i) => [i.kind, i.concept?.id ?? null])).toEqual([
      ["figure", "operating_cash_flow"], ["figure", "capital_expenditure"], ["ranking", "revenue"], ["figure", "dividend_per_share"], ["figure", "employees"],
      ["ranking", "revenue"], ["figure", "employees"],
    ]);
  });
  it("keeps a header's words out of its first item: an everyday phrase does not reach across the colon", () => {
    expect(labels("Produce an operating summary: revenue, margins and litigation")[0]).toBe("Revenue");
  });

  it("reads a range of years after a figure as every year between, on several wordings, and a list as written", () => {
    for (const request of ["Net revenues for 2017 through 2019, and operating margin in 2019", "Net sales from 2017 to 2019 and free cash flow for 2019", "Give me revenue for fiscal 2017 through fiscal 2019, plus headcount"]) {
      const revenue = readItems(request, []).items.filter((i) => i.concept?.id === "revenue");
      expect(revenue.map((i) => i.periods[0]), request).toEqual(["FY2017", "FY2018", "FY2019"]);
      expect(revenue[0]!.label, request).not.toMatch(/\b(?:through|to)\b/);
    }
    expect(readItems("Revenue for 2017 and 2019", []).items.map((i) => i.periods[0])).toEqual(["FY2017", "FY2019"]);
  });
  it("reads a figure compared with the prior year as a comparison with the year before, on several wordings", () => {
    for (const request of [
      "Acme FY23 vs FY22: revenue with the change, and gross margin against last year",
      "For fiscal 2023: net income, and gross margin compared with the prior year",
      "Quick read on FY2023: revenue, operating margin versus the previous year, and headcount",
    ]) {
      const item = readItems(request, []).items.find((i) => i.concept?.kind === "percent")!;
      expect([item.kind, item.periods], request).toEqual(["comparison", ["FY2023", "FY2022"]]);
      expect(item.label, request).not.toMatch(/\b(?:last|prior|previous) year\b/i);
    }
    // "the gross profit rate" is the gross margin, a percentage
    expect(readItems("Gross profit rate for fiscal 2023", []).items[0]!.concept?.id).toBe("gross_margin");
  });
  it("reads the years in a bracket or after \"both years\" as the years listed, on several wordings", () => {
    for (const request of [
      "Give me revenue and net income for both years (2021, 2022)",
      "revenue and net income (fy21 & fy22)",
      "revenue and net income for both years 2021 and 2022",
      "revenue and net income (2021/2022)",
      "net sales and net income for each of the two years, 2021 and 2022",
    ]) {
      const items = readItems(request, []).items;
      expect(items.map((i) => [i.concept?.id, i.periods]), request).toEqual([["revenue", ["FY2021"]], ["revenue", ["FY2022"]], ["net_income", ["FY2021"]], ["net_income", ["FY2022"]]]);
      expect(items.map((i) => i.label).join(" "), request).not.toMatch(/[()/&]/);
    }
    expect(readItems("revenue and net income for each of 2020, 2021 and 2022", []).items.map((i) => i.periods[0])).toEqual(["FY2020", "FY2021", "FY2022", "FY2020", "FY2021", "FY2022"]);
  });

  it("reads a change of one figure from a year named as that figure's comparison, leaving the other figures at their year", () => {
    for (const request of ["net income 2022 and the change in revenue from 2021", "2022 net income and how much revenue changed from 2021", "fy22 net income, plus revenue growth since 2021"]) {
      const items = readItems(request, []).items;
      expect(items.map((i) => [i.kind, i.concept?.id, i.periods]), request).toEqual([["figure", "net_income", ["FY2022"]], ["comparison", "revenue", ["FY2022", "FY2021"]]]);
    }
    // with no change asked, "from 2021" is the figure's own year
    expect(readItems("net income 2022 and revenue from 2021", []).items.map((i) => [i.kind, i.periods])).toEqual([["figure", ["FY2022"]], ["figure", ["FY2021"]]]);
  });
});

describe("a request listed with pipes", () => {
  it("reads each part between \"|\" as its own ask, with the request's period, and a reason asked as a reason", () => {
    const items = readItems("ACME 2020: op margin '20 vs '19 and the pt swing | what's behind the jump in net transaction revs | dil. eps | top risks", ["ACME CORP"]).items;
    expect(items.map((i) => [i.concept?.id, i.follow ?? i.kind])).toEqual([["operating_margin", "comparison"], ["operating_margin", "growth"], ["revenue", "figure"], ["eps_diluted", "figure"], ["risks", "narrative"]]);
    expect(items.slice(0, 4).every((i) => i.periods.includes("FY2020"))).toBe(true);
    expect(readItems("acme fy22 | revenue | net income | capex", []).items.filter((i) => i.concept).map((i) => i.concept!.id)).toEqual(["revenue", "net_income", "capital_expenditure"]);
  });
});

describe("how the analyst asks a comparison to be given", () => {
  it("'w/ chg', 'with change', '+ delta' ask the change of a comparison and name no part of the figure", () => {
    for (const q of ["revenue 2020 vs 2019 w/ chg", "revenue '20 vs '19 with change", "revenue fy20 vs fy19 + delta"]) {
      const items = readItems(q, []).items;
      expect(items.map((i) => i.label), q).toEqual(["Revenue, FY2020 vs FY2019"]);
    }
  });

  it("'yoy' after a figure compares the year asked with the one before; a growth named 'yoy' is one figure", () => {
    expect(readItems("capex 2022 yoy; fcf", []).items.map((i) => i.label)).toEqual(["Capex, FY2022 vs FY2021", "Fcf"]);
    expect(readItems("capex y/y for 2021", []).items.map((i) => i.kind)).toEqual(["comparison"]);
    expect(readItems("revenue growth yoy 2022", []).items.map((i) => i.kind)).toEqual(["figure"]);
  });
});

describe("a request written one ask a line", () => {
  it("reads each bulleted or numbered line as its own ask, the header's periods applying to all", () => {
    const dashed = readItems("ACME 2018 10-K:\n- revs '18 vs '17\n- op margin '18\n- ceo\n- key risks w/ pages", []).items;
    expect(dashed.map((i) => i.kind)).toEqual(["comparison", "figure", "other", "narrative"]);
    expect(dashed.some((i) => /10-K/i.test(i.label))).toBe(false);
    const numbered = readItems("for acme fy22:\n1. revenue vs fy21\n2. op margin\n3. capex", []).items;
    expect(numbered.map((i) => i.label)).toEqual(["Revenue, FY2022 vs FY2021", "Operating margin, FY2022", "Capex, FY2022"]);
  });
});
