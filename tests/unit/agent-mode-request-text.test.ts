/**
 * Agent Mode reads a request as analysts type it (issue 21, held-out batch s9): shorthand, years
 * with an apostrophe, ranges of years, "yoy", a share written with "%", a profit line's "rate", a
 * share that leans on the part before it and a reason asked with "why" are read into the items
 * they ask. The companies and figures here are made up.
 */
import { describe, expect, it } from "vitest";
import { readItems, type RequestItem } from "@/lib/agent/reader/items";
import { requestText } from "@/lib/agent/mode/request-text";
import { rewriteItems } from "@/lib/agent/mode/item-rewrites";

const read = (request: string, companies: string[] = []): RequestItem[] => rewriteItems(readItems(requestText(request), companies).items, companies);
const labels = (request: string) => read(request).map((i) => i.label);

describe("agent mode request text", () => {
  it("spells out shorthand the question reader spells out", () => {
    expect(requestText("income from ops and net revs w/ growth")).toBe("income from operations and net revenues with the change");
    expect(requestText("cash from ops w/o the one-offs")).toContain("cash from operations without");
  });

  it("reads a year written with an apostrophe as the year", () => {
    expect(requestText("sales for '16 and '15")).toBe("sales for 2016 and 2015");
    expect(requestText("capex ('98 vs '99)")).toBe("capex (1998 vs 1999)");
    // a quote or a possessive is no year
    expect(requestText("the company's 'core' sales")).toBe("the company's 'core' sales");
  });

  it("writes a range of years out as every year in it, never a change from one year to another", () => {
    expect(requestText("fiscal 2019 through 2021 revenue")).toBe("fiscal 2019, 2020 and 2021 revenue");
    expect(requestText("net sales FY2014–FY2016")).toBe("net sales FY2014, FY2015 and FY2016");
    expect(requestText("EBITDA 2010 thru 2012")).toBe("EBITDA 2010, 2011 and 2012");
    expect(requestText("growth from 2017 to 2019")).toBe("growth from 2017 to 2019");
  });

  it("reads yoy as a comparison with the prior year and a profit line's rate as its margin", () => {
    expect(requestText("op margin yoy")).toBe("operating margin versus the prior year");
    expect(requestText("net income with the y/y change")).toBe("net income with the change");
    expect(requestText("operating income rate and net earnings rate")).toBe("operating income margin and net earnings margin");
    expect(requestText("% of sales from Europe")).toBe("percentage of sales from Europe");
    expect(requestText("up 5% of late")).toBe("up 5% of late");
  });
});

describe("agent mode request text: tickers", () => {
  it("reads a ticker of the room's company as the company, never as a part of it", () => {
    expect(requestText("ZYNT revenue FY2021–FY2023", new Set(), ["Zyntech Corp"])).toBe("Zyntech revenue FY2021, FY2022 and FY2023");
    expect(requestText("QRLB: op margin yoy", new Set(), ["Quarrel Labs Inc"])).toBe("Quarrel: operating margin versus the prior year");
    expect(requestText("how did WDGT do in 2020", new Set(), ["Widget Holdings plc"])).toBe("how did Widget do in 2020");
  });

  it("keeps capitals that are a catalog term, a part's name or no ticker of the room's company", () => {
    expect(requestText("ZYNT EBIT and GMV for 2020", new Set(), ["Zyntech Corp"])).toBe("Zyntech EBIT and GMV for 2020");
    expect(requestText("AWS revenue for 2020", new Set(), ["Zyntech Corp"])).toBe("AWS revenue for 2020");
    expect(requestText("ZYX revenue for 2020", new Set(), ["Zyntech Corp"])).toBe("ZYX revenue for 2020");
    expect(requestText("EUR revenue and ESG score", new Set(), ["Eurosol Group"])).toBe("EUR revenue and ESG score");
    expect(requestText("ARR at year end", new Set(), ["Arrowhead Retail"])).toBe("ARR at year end");
    const items = readItems(requestText("ZYNT revenue for 2021", new Set(), ["Zyntech Corp"]), ["Zyntech Corp"]).items;
    expect(items.map((i) => i.label)).toEqual(["Revenue, FY2021"]);
  });
});

describe("agent mode items from typed requests", () => {
  it("asks every year of a range written before the figures", () => {
    for (const request of ["Acme fiscal 2019 through 2021 total revenues; headcount", "Total revenues FY2019–FY2021 and headcount", "Net sales for fiscal 2019 thru 2021, plus headcount"]) {
      const periods = read(request, ["Acme Corp"]).filter((i) => i.concept?.id === "revenue").map((i) => i.periods[0]);
      expect(periods, request).toEqual(expect.arrayContaining(["FY2019", "FY2020", "FY2021"]));
    }
  });

  it("asks each year written after a figure when the sentence has its own year", () => {
    for (const request of ["ACME FY16: net revs vs 2015, income from ops for '16 and '15, headcount", "Acme 2016: operating income for 2016 and 2015, capex", "For 2016: income from operations in 2016 and 2015 and the headcount"]) {
      const periods = read(request).filter((i) => i.concept?.id === "operating_income").map((i) => i.periods.join("/"));
      expect(periods, request).toEqual(expect.arrayContaining(["FY2016", "FY2015"]));
    }
  });

  it("compares a figure against a year with the latest year the request asks when it names none of its own", () => {
    for (const request of ["Acme: revenue for 2017, operating income vs 2016, capex", "Acme: revenues 2015 thru 2017, op income w/ growth vs '16", "Net sales for 2015, 2016 and 2017 and net income versus 2016"]) {
      const item = read(request, ["Acme Corp"]).find((i) => i.kind === "comparison");
      expect(item?.periods, request).toEqual(["FY2017", "FY2016"]);
    }
  });

  it("reads yoy after a figure as a comparison with the year before", () => {
    for (const request of ["Acme FY16: op margin yoy, GMV", "For 2016 gross margin year-over-year and capex", "FY2016 operating income YoY"]) {
      const item = read(request).find((i) => i.kind === "comparison");
      expect(item?.periods, request).toEqual(["FY2016", "FY2015"]);
    }
  });

  it("reads a share leaning on the part before it as that part's share", () => {
    for (const request of ["Widgets revenue for FY21 and its % of total revenues", "Services net sales in FY2021 and what percentage of total net sales that was", "FY2021 Europe revenue and their share of total revenue"]) {
      const items = read(request);
      const share = items.find((i) => /\b(?:percentage|share)\b/.test(i.ask));
      expect(share, request).toBeDefined();
      expect(share!.questions[0], request).toMatch(/^What percentage of total (?:net )?(?:revenues?|net sales) came from (?:Widgets|Services|Europe) in FY2021\?$/);
      expect(share!.reading.scope, request).toBeTruthy();
    }
  });

  it("reads a figure 'with its share of the total' as the figure and the part's share of the total of that figure", () => {
    for (const request of ["Widgets segment revenue for FY21 with its share of the total", "FY2021 Europe revenue along with its percentage of the total", "For FY2021: Services revenue, with their share of the total"]) {
      const items = read(request);
      const share = items.find((i) => /\b(?:percentage|share)\b/.test(i.ask));
      expect(items.length, request).toBe(2);
      expect(share!.questions[0], request).toMatch(/^What percentage of total revenue came from (?:Widgets|Europe|Services) in FY2021\?$/);
    }
  });

  it("reads a named segment's amount as that amount of the part", () => {
    for (const request of ["Widgets segment revenue for FY2021", "FY2021 Europe segment operating income", "the Services segment's net sales in 2021"]) {
      const [item] = read(request);
      expect(item!.kind, request).toBe("figure");
      expect(item!.concept?.kind, request).toBe("amount");
      expect(item!.reading.scope, request).toBeTruthy();
    }
  });

  it("reads 'why it moved' as a reason, not as the figure", () => {
    for (const request of ["Widget net sales in FY19, and why widget sales fell", "FY2019 revenue and why did services revenue rise", "For 2019: net income, and what caused the decline in gross margin", "fy19: gm% and what pushed gm% lower", "2019 | revenue | what's behind the jump in services revenue"]) {
      const reason = read(request).find((i) => i.follow === "reason");
      expect(reason, request).toBeDefined();
      expect(reason!.kind).toBe("other");
      expect(reason!.questions[0], request).toMatch(/^What drove the .+ in FY2019\?$/);
    }
  });

  it("reads a figure per unit or a retention as another measure than the amount", () => {
    for (const request of ["Revenue per square foot for 2017", "FY2017 sales per employee", "Net revenue retention for 2017"]) {
      const [item] = read(request);
      expect(item!.kind, request).toBe("other");
    }
    expect(labels("Revenue for 2017")).toEqual(["Revenue, FY2017"]);
  });
});

describe("agent mode items typed with a lead-in, a change spec and a defined ratio", () => {
  const items = (request: string) => read(request, ["QUILLFEATHER SOFTWARE CORP"]);
  it("leaves a lead-in before a double dash out of the first item", () => {
    const [first] = items("Working off Quillfeather's FY19 10-K -- need total rev fy19 vs fy18 ($ and %), gross margin for fy19");
    expect(first!.concept?.id).toBe("revenue");
    expect(first!.label).not.toMatch(/working/i);
  });
  it("reads '+ % chg' after a comparison as its change, not as the figure's name", () => {
    for (const request of ["fcf (cfo - capex) fy19 vs fy18 + % chg", "fcf (op cf less ppe purchases) fy19 vs fy18 w/ $ and % chg"]) {
      const [fcf] = items(request);
      expect(fcf!.kind, request).toBe("comparison");
      expect(fcf!.concept?.id, request).toBe("free_cash_flow");
      expect(fcf!.reading.aggregate, request).toBeUndefined();
      expect(fcf!.label, request).not.toMatch(/%|chg|change/i);
    }
  });
  it("reads a ratio the item defines with shorthand ('NI attrib. to X') as its formula", () => {
    const [conversion] = items("fcf conversion (fcf / NI attrib. to Quillfeather) fy19");
    expect(conversion!.reading.formula?.text).toMatch(/fcf \/ net income attributable/i);
  });
  it("keeps the part a company fact is asked of in its question", () => {
    const [india] = items("headcount in india fy19");
    expect(india!.reading.scope).toBe("india");
  });
});

describe("agent mode brackets and bare years", () => {
  it("keeps a bracket defining a figure the catalog does not know, and drops one restating a known figure or instructing", async () => {
    const { instructionParts } = await import("@/lib/agent/mode/constraints");
    const { request, instructions } = instructionParts("* fcf conversion (fcf / NI attrib. to Quillfeather) fy18\n* op margin fy18 vs fy17 (pts chg)\n* ebitda (ebit + d&a)\n* revenue (with sources)");
    expect(request).toContain("(fcf / NI attrib. to Quillfeather)");
    expect(request).not.toContain("(ebit + d&a)");
    expect(instructions).toEqual(expect.arrayContaining(["(pts chg)", "with sources", "(ebit + d&a)"]));
    expect(request).not.toMatch(/pts chg|sources/);
  });
  it("reads spaced slashes written twice or more as a list of parts, one alone as a quotient", () => {
    const items = read("QSC, off the FY15 and FY17 10-Ks: rev fy17 vs fy15 / op margin fy17 / headcount ye17 vs ye15 / who's the CFO");
    expect(items.map((i) => i.label)).toEqual(["Revenue, FY2017 vs FY2015", "Operating margin, FY2017", "Headcount, FY2017 vs FY2015", expect.stringMatching(/^Who is the CFO/)]);
    expect(read("op inc / rev fy20")).toHaveLength(1);
    // (a formula's bracket keeps its slashes)
    expect(read("net cash (cash / debt) fy20 / capex fy20 / rev fy20")).toHaveLength(3);
  });
  it("drops 'pls pull:' before a numbered list, and compares a figure no concept names with the year set against it", () => {
    const items = read("QSC -- FY21 10-K. pls pull:\n1) total rev fy21 vs fy20\n2) streaming content obligations ye21 vs ye20");
    expect(items[0]!.label).toBe("Total revenue, FY2021 vs FY2020");
    expect(items[1]).toMatchObject({ kind: "comparison", periods: ["FY2021", "FY2020"], label: "Streaming content obligations, FY2021 vs FY2020" });
    expect(read("capex vs budget 2022")[0]!.kind).toBe("other");
  });
  it("reads a square bracket as a gloss, a document named by a figure as no item, and the body's own periods over the header's", () => {
    expect(read("QSC FY21 10-K: fcf fy21 [cfo - capex]")[0]!.label).toBe("Fcf (cfo - capex), FY2021");
    const items = read("QSC, 2022 10-K + the Q2'23 earnings release: FY22 rev and op margin vs FY21? Then Q2'23: rev vs Q2'22");
    expect(items.map((i) => i.label)).toEqual(["Revenue, FY2022 vs FY2021", "Operating margin, FY2022 vs FY2021", "Revenue, Q2 2023 vs Q2 2022"]);
  });
  it("reads a polite opening that names no figure as no item, in three wordings", () => {
    for (const opening of ["Could you pull a few things from Quillfeather's 2015 10-K for me?", "Can you grab a couple of things from the 10-K?", "quick pull of some stuff from the 2015 10-K:"]) {
      const items = read(`${opening} I need revenue for 2015 versus 2014, and capex for 2015.`, ["Quillfeather Software Corporation"]);
      expect(items.map((i) => i.label), opening).toEqual(["Revenue, FY2015 vs FY2014", "Capex, FY2015"]);
    }
  });
  it("reads how to cite pages as an instruction, no item of its own, in four wordings", async () => {
    const { instructionParts } = await import("@/lib/agent/mode/constraints");
    for (const [q, kept] of [["top risks from the fy21 10-K, w/ page cites", "top risks from the fy21 10-K"], ["key risks (cite pp.)", "key risks"], ["top risk factors w/ pp.", "top risk factors"], ["revenue with page numbers", "revenue"]] as const) {
      expect(instructionParts(q).request, q).toBe(kept);
    }
    // (the line after it is the next item, never joined to it)
    expect(instructionParts("- top risks w/ page refs\n- # of members at ye19").request).toBe("- top risks\n- # of members at ye19");
  });
  it("reads a figure's parts named in its bracket as how it is made, not another measure asked", async () => {
    const { unaskedWords } = await import("@/lib/agent/mode/ask-words");
    const [fcf] = read("QSC FY21 10-K: fcf fy21 (cfo - capex)");
    expect(unaskedWords(fcf!)).toEqual([]);
    const [perEmployee] = read("QSC FY21 10-K: sales per employee fy21");
    expect(unaskedWords(perEmployee!)).toContain("employee");
  });
  it("reads a percent sign after a measure's name as a percentage asked, never a change's units", async () => {
    const { percentAsked } = await import("@/lib/agent/mode/answer-head");
    for (const ask of ["On-time delivery %", "gm%", "occupancy %"]) expect(percentAsked(ask), ask).toBe(true);
    for (const ask of ["revenue w/ $ and %", "rev + % chg", "fcf ($ and %)"]) expect(percentAsked(ask), ask).toBe(false);
  });
  it("reads two bare two-digit numbers compared as years, never a count or a percentage", () => {
    expect(requestText("GMV 18 vs 17 + growth")).toBe("GMV 2018 vs 2017 + growth");
    expect(requestText("capex 21 vs 20, fcf")).toBe("capex 2021 vs 2020, fcf");
    expect(requestText("18 vs 17 stores")).toBe("18 vs 17 stores");
    expect(requestText("margin 18 vs 17 percent")).toBe("margin 18 vs 17 percent");
  });
  it("reads a change asked beside one year's figure as a comparison with the year before", () => {
    for (const request of ["revenue fy18 w/ chg; capex", "revenue fy18 + growth; capex"]) {
      const [revenue] = read(request);
      expect(revenue!.kind, request).toBe("comparison");
      expect(revenue!.periods, request).toEqual(["FY2018", "FY2017"]);
      expect(revenue!.label, request).toBe("Revenue, FY2018 vs FY2017");
    }
  });
});

describe("a plus between two asks", () => {
  it("joins them like 'and', but stays a formula's plus in a bracket or after '=' and a unit's in '$ + %'", () => {
    expect(read("- ceo + auditor").map((i) => i.label)).toEqual(["Ceo", "Auditor"]);
    expect(requestText("rev + op inc fy22")).toBe("revenue and operating income fy22");
    expect(requestText("total borrowings (notes payable + other borrowings) at ye")).toContain("notes payable + other borrowings");
    expect(requestText("ebitda = op inc + d&a for fy22")).toContain("+ d&a");
    expect(requestText("net sales 2021 vs 2020, $ + %")).toContain("$ + %");
  });
});
