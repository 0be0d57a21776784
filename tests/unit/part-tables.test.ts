/**
 * Segment, geographic and operating-statistics tables as findings (lib/extraction/findings/parts.ts)
 * and the rule that picks a row for a question (lib/agent/knowledge/part-figures.ts rowFit).
 * Fixtures are invented tables in the shapes filings print them.
 */
import { describe, expect, it } from "vitest";
import { extractMatrixFindings } from "@/lib/extraction/findings/matrix";
import { extractPartFindings } from "@/lib/extraction/findings/parts";
import { asksFigure, contentWords, rowFit, unitFits, withoutCompany } from "@/lib/agent/knowledge/part-figures";

const SEGMENT_NOTE = [
  "Note 5: Segment Information",
  "Revenue and operating income (loss) for each period were as follows:",
  "Years Ended (In Millions) Dec 30, 2023 Dec 31, 2022",
  "Net revenue:",
  "Cloud Group",
  "Compute $ 1,200 $ 1,100",
  "Storage 300 250",
  "1,500 1,350",
  "Devices Group 2,000 2,100",
  "Total net revenue $ 3,500 $ 3,450",
  "Operating income (loss):",
  "Cloud Group $ 400 $ 350",
  "Devices Group (50) 120",
  "Total operating income $ 350 $ 470",
].join("\n");

const GEOGRAPHY = [
  "Revenues by Geography",
  "(in millions) 2024 As a % of Total Revenues 2023 As a % of Total Revenues Growth Rate",
  "Americas $ 5,000 70 % $ 4,500 69 % 11 %",
  "Europe 1,500 21 1,400 22 7",
  "Asia Pacific 650 9 600 9 8",
  "Total $ 7,150 100 % $ 6,500 100 % 10 %",
].join("\n");

const STATISTICS = [
  "WIDGET LOGISTICS SEGMENT",
  "The following table compares revenue (dollars in millions) and selected package statistics (in thousands, except yield amounts) for the years ended May 31, which we review together with the segment's margins:",
  "2024 2023 Percent Change Percent of Revenue",
  "2024 2023",
  "Revenue $ 8,000 $ 7,500 7 100.0 % 100.0 %",
  "Average daily package volume (ADV):",
  "Standard 3,000 3,200 (6 )",
  "Express 1,000 900 11",
  "Total ADV 4,000 4,100 (2 )",
  "Revenue per package (yield) $ 12.50 $ 11.80 6",
].join("\n");

const BLOCKS = [
  "Segment Information",
  "In millions 2023 2022",
  "North $ 900.5 $ 850.0",
  "South 400.0 380.2",
  "Total revenues $ 1,300.5 $ 1,230.2",
  "North $ 300.1 $ 280.0",
  "South 90.4 85.3",
  "Total operating income $ 390.5 $ 365.3",
].join("\n");

function rows(text: string) {
  return extractPartFindings({ pageNumber: 7, text }, {}).map((c) => ({ metric: c.payload.metric, period: c.payload.period, value: c.payload.valueText, num: c.payload.valueNum, unit: c.payload.unit, part: c.payload.part, key: c.payload.metricKey }));
}

describe("part tables as findings", () => {
  it("reads a segment note: group subtotals printed without a label take the group's name, sections name the measure", () => {
    const r = rows(SEGMENT_NOTE);
    const cloudRevenue = r.find((x) => x.part.label === "Cloud Group" && x.part.context.includes("Net revenue") && x.period === "FY2022");
    expect(cloudRevenue?.value).toBe("1,350");
    expect(cloudRevenue?.num).toBe(1_350_000_000);
    const compute = r.find((x) => x.part.label === "Compute" && x.period === "FY2023");
    expect(compute?.part.context).toEqual(["Net revenue", "Cloud Group"]);
    const devicesLoss = r.find((x) => x.part.label === "Devices Group" && x.part.context.includes("Operating income (loss)") && x.period === "FY2023");
    expect(devicesLoss?.num).toBe(-50_000_000);
    // every row's key marks it a part, never a statement line item
    expect(r.every((x) => x.key.startsWith("part:"))).toBe(true);
    // the printed row is kept as the citation
    expect(compute?.part.row).toBe("Compute $ 1,200 $ 1,100");
  });

  it("reads a geography table whose period columns are interleaved with percent columns", () => {
    const r = rows(GEOGRAPHY);
    const europe = r.filter((x) => x.part.label === "Europe");
    expect(europe.map((x) => [x.period, x.value])).toEqual([["FY2024", "1,500"], ["FY2023", "1,400"]]);
    expect(europe[0]!.part.title).toBe("Revenues by Geography");
    expect(europe[0]!.unit).toBe("currency");
  });

  it("reads a quarter's header printed a group per line: three-month columns first, then six-month", () => {
    const text = ["Note 5 — Segments", "The following table summarizes the allocation of net revenues based on geography for the periods indicated (in millions):", "", "Three Months Ended", "June 30,", "Six Months Ended", "June 30,", "", "2023 2022 2023 2022", "", "U.S. $ 1,265 $ 1,199 $ 2,526 $ 2,425", "", "China 263 214 500 429", "", "Total net revenues $ 2,540 $ 2,422 $ 5,050 $ 4,905"].join("\n");
    const china = rows(text).filter((x) => x.part.label === "China");
    expect(china.map((x) => [x.period, x.value, x.part.months])).toEqual([["Q2 2023", "263", 3], ["Q2 2022", "214", 3], ["H1 2023", "500", 6], ["H1 2022", "429", 6]]);
  });

  it("reads operating statistics: change columns after the periods are left out, counts and per-unit amounts are not scaled", () => {
    const r = rows(STATISTICS);
    const adv = r.filter((x) => x.part.label === "Total ADV");
    expect(adv.map((x) => x.value)).toEqual(["4,000", "4,100"]);
    expect(adv[0]!.unit).toBe("count");
    expect(adv[0]!.num).toBe(4000);
    expect(adv[0]!.part.title.split(" — ")[0]).toBe("WIDGET LOGISTICS SEGMENT");
    const yieldRow = r.find((x) => x.part.label.startsWith("Revenue per package"));
    expect(yieldRow?.num).toBe(12.5);
    const revenue = r.find((x) => x.part.label === "Revenue" && x.period === "FY2024");
    expect(revenue?.num).toBe(8_000_000_000);
  });

  it("keeps a heading printed under the header, before the first section, as the table's title", () => {
    const text = [
      "2024 2023 2022", "Revenue by product category", "", "North:", "Tools and Hardware $ 12,191 $ 13,693 $ 12,799", "Garden 8,040 9,009 8,022",
      "Total North revenue $ 20,231 $ 22,702 $ 20,821", "South:", "Tools and Hardware $ 1,575 $ 1,785 $ 1,854", "Total South revenue $ 1,575 $ 1,785 $ 1,854",
    ].join("\n");
    const tools = rows(text).find((x) => x.part.label === "Tools and Hardware" && x.part.context.includes("South") && x.period === "FY2024");
    expect(tools?.part.title).toBe("Revenue by product category");
    expect(tools?.value).toBe("1,575");
  });

  it("reads a share row printed under a row ('Percentage of total revenue') as that row's share", () => {
    const text = [
      "Cost of Revenue", "(dollars in millions) 2024 2023 2022",
      "Subscription $ 1,646 $ 1,374 $ 1,108", "Percentage of total revenue 9 % 9 % 9 %",
      "Services and other 484 450 578", "Percentage of total revenue 3 % 3 % 4 %", "Total cost of revenue $ 2,130 $ 1,824 $ 1,686",
    ].join("\n");
    const shares = rows(text).filter((x) => x.part.label === "Percentage of total revenue" && x.period === "FY2024");
    expect(shares.map((x) => [x.part.context[0], x.value, x.unit])).toEqual([["Subscription", "9%", "percent"], ["Services and other", "3%", "percent"]]);
  });

  it("names each block's measure from its trailing total when the table prints no headings", () => {
    const r = rows(BLOCKS);
    const northIncome = r.filter((x) => x.part.label === "North" && x.part.context.includes("Total operating income"));
    expect(northIncome.map((x) => x.value)).toEqual(["300.1", "280.0"]);
    const northRevenue = r.filter((x) => x.part.label === "North" && x.part.context.includes("Total revenues"));
    expect(northRevenue.map((x) => x.value)).toEqual(["900.5", "850.0"]);
  });
});

describe("picking a part's row for a question", () => {
  const ask = (q: string, company = "acme") => contentWords(q).filter((w) => !contentWords(company).includes(w));

  it("takes the row naming every word asked and adding the fewest of its own", () => {
    const asked = ask("What was Acme's Cloud Group net revenue in 2022, in USD millions?");
    const subtotal = rowFit(asked, { label: "Cloud Group", context: ["Net revenue"], title: "" });
    const product = rowFit(asked, { label: "Compute", context: ["Net revenue", "Cloud Group"], title: "" });
    const income = rowFit(asked, { label: "Cloud Group", context: ["Operating income (loss)"], title: "" });
    expect(subtotal).toBe(0);
    // a row whose own label names nothing asked is not about what is asked
    expect(product).toBeNull();
    expect(income).toBeNull();
    // a product line of the group adds its own word: it ranks after the group's own row
    const productAsked = ask("What was Acme's Cloud Group compute net revenue in 2022?");
    expect(rowFit(productAsked, { label: "Compute", context: ["Net revenue", "Cloud Group"], title: "" })).toBe(0);
    expect(rowFit(productAsked, { label: "Cloud Group", context: ["Net revenue"], title: "" })).toBeNull();
  });

  it("never answers a company total with a part's row, nor a part with another part's row", () => {
    // the total asks no part: a part's row adds its own words, the total row none
    const total = ask("What was Acme's total international revenue in 2023?");
    expect(rowFit(total, { label: "Total international revenue", context: ["International"], title: "GEOGRAPHICAL INFORMATION" })).toBe(1 * 2);
    expect(rowFit(total, { label: "Widget segment", context: ["International"], title: "GEOGRAPHICAL INFORMATION" })).toBeNull();
    // an unnamed region is not answered by another region's row
    expect(rowFit(ask("What were Acme's revenues from Latin America in 2023?"), { label: "Americas", context: [], title: "Revenues by Geography" })).toBeNull();
  });

  it("keeps words that merely start like a month, and lets a table leave out what the part is or the change asked", () => {
    // "markets" is no month (a question about a region named "... Markets" must name it)
    expect(contentWords("What were the revenues of the Emerging Markets segment in March 2023?")).toEqual(["revenues", "emerging", "markets", "segment"]);
    // "segment" and "increase" need not be printed; the part's own name must be
    const asked = ask("By how much did comparable sales increase in Acme's Emerging Markets segment in the first quarter of 2023?");
    expect(rowFit(asked, { label: "Emerging Markets", context: [], title: "COMPARABLE SALES" })).toBe(0);
    expect(rowFit(asked, { label: "Mature Markets", context: [], title: "COMPARABLE SALES" })).toBeNull();
  });

  it("asks a figure only for what/how much/how many questions", () => {
    expect(asksFigure("What was the Widget segment's revenue in 2023?")).toBe(true);
    expect(asksFigure("How many stores did Acme have at year end?")).toBe(true);
    expect(asksFigure("Why did the Widget segment's revenue fall?")).toBe(false);
    expect(asksFigure("Did the Widget segment's revenue fall in 2023?")).toBe(false);
  });
});

/** A page from positioned pieces: each line is [text, x, width] pieces joined by spaces, with their spans. */
function positioned(lines: Array<Array<[string, number, number]>>) {
  let text = "";
  const spans: Array<{ start: number; length: number; x: number; y: number; width: number; height: number }> = [];
  lines.forEach((pieces, li) => {
    pieces.forEach(([t, x, width], i) => {
      if (i > 0) text += " ";
      spans.push({ start: text.length, length: t.length, x, y: 100 + li * 12, width, height: 9 });
      text += t;
    });
    text += "\n";
  });
  return { pageNumber: 3, text, spans };
}

describe("tables whose columns are the parts (read by position)", () => {
  it("names each cell by its row and its column header, words of a header split over lines joined by position", () => {
    const page = positioned([
      [["Information by region (dollars in thousands):", 20, 200]],
      [["For the year ended December 31, 2024:", 20, 150]],
      [["North", 180, 22], ["Lake", 262, 18]],
      [["District", 255, 32], ["Total", 340, 18]],
      [["Rental revenue:", 20, 60]],
      [["Offices", 30, 40], ["$", 150, 4], ["1,200", 190, 25], ["$", 240, 4], ["800", 270, 15], ["$", 320, 4], ["2,000", 345, 25]],
      [["Net operating income", 30, 80], ["$", 150, 4], ["700", 195, 15], ["$", 240, 4], ["450", 270, 15], ["$", 320, 4], ["1,150", 345, 25]],
    ]);
    const cells = extractMatrixFindings(page).map((c) => ({ metric: c.payload.metric, period: c.payload.period, num: c.payload.valueNum, part: c.payload.part }));
    const lake = cells.find((c) => c.part.label === "Net operating income — Lake District");
    expect(lake?.num).toBe(450_000);
    expect(lake?.period).toBe("FY2024");
    expect(lake?.part.columns[0]?.periodEnd).toBe("2024-12-31");
    expect(cells.map((c) => c.part.label)).toContain("Offices — North");
    // the question's words pick the row and the column
    expect(rowFit(contentWords("What was the net operating income of the Lake District region in 2024?"), lake!.part)).not.toBeNull();
    expect(rowFit(contentWords("What was the net operating income of the Lake District region in 2024?"), cells.find((c) => c.part.label === "Net operating income — North")!.part)).toBeNull();
  });

  it("reads rows of years under measure headings, each period ending on the fiscal year's last day", () => {
    const page = positioned([
      [["Segment results (in millions) for the years ended or as of May 31:", 20, 300]],
      [["Widget", 176, 26], ["Gadget", 254, 26], ["Consolidated", 330, 40]],
      [["Segment", 176, 26], ["Segment", 254, 26], ["Total", 340, 16]],
      [["Segment assets", 20, 60]],
      [["2024", 20, 18], ["$", 150, 4], ["4,000", 190, 25], ["$", 240, 4], ["2,500", 268, 25], ["$", 320, 4], ["6,500", 345, 25]],
      [["2023", 20, 18], ["3,800", 190, 25], ["2,400", 268, 25], ["6,200", 345, 25]],
    ]);
    const cells = extractMatrixFindings(page);
    const gadget2023 = cells.find((c) => c.payload.part.label === "Gadget Segment" && c.payload.period === "FY2023");
    expect(gadget2023?.payload.valueNum).toBe(2_400_000_000);
    expect(gadget2023?.payload.part.context).toEqual(["Segment assets"]);
    expect(gadget2023?.payload.periodEnd).toBe("2023-05-31");
  });

  it("reads nothing without positions, and nothing from a table whose header words sit over no column", () => {
    const page = positioned([
      [["For the year ended December 31, 2024:", 20, 150]],
      [["Alpha", 20, 22], ["Beta", 262, 18], ["Gamma", 600, 30]],
      [["Offices", 30, 40], ["1,200", 190, 25], ["800", 270, 15], ["2,000", 345, 25]],
    ]);
    expect(extractMatrixFindings({ ...page, spans: null })).toEqual([]);
    expect(extractMatrixFindings(page)).toEqual([]);
    // the same table with its header words over the columns is read
    const over = positioned([
      [["For the year ended December 31, 2024:", 20, 150]],
      [["Alpha", 190, 22], ["Beta", 268, 18], ["Gamma", 340, 30]],
      [["Offices", 30, 40], ["1,200", 190, 25], ["800", 270, 15], ["2,000", 345, 25]],
    ]);
    expect(extractMatrixFindings(over).map((c) => c.payload.part.label)).toEqual(["Offices — Alpha", "Offices — Beta", "Offices — Gamma"]);
  });
});

describe("the company's own name in a part's question", () => {
  it("drops the first mention of the company, the whole name before a part of it, and keeps a part named like it", () => {
    expect(withoutCompany(contentWords("What were Widgetco's revenues from the Sales Cloud in 2023?"), ["WIDGETCO"])).toEqual(["revenues", "sales", "cloud"]);
    expect(withoutCompany(contentWords("What were Salesworks' revenues from Sales Cloud?"), ["SALESWORKS"])).toEqual(["revenues", "sales", "cloud"]);
    expect(withoutCompany(contentWords("What was Lake Properties' net operating income from its Lake region?"), ["LAKEPROPERTIES"])).toEqual(["net", "operating", "income", "lake", "region"]);
    expect(withoutCompany(contentWords("What was Acmeburger's U.S. segment operating income?"), ["ACMEBURGERS"])).toEqual(["us", "segment", "operating", "income"]);
  });
});

describe("which questions a part's row may answer", () => {
  it("a figure a table prints, not a list of parts nor an amount paid or awarded", () => {
    expect(asksFigure("What are Acme's reportable operating segments?")).toBe(false);
    expect(asksFigure("What are Acme's three businesses?")).toBe(false);
    expect(asksFigure("How much in damages did the jury award against Acme?")).toBe(false);
    expect(asksFigure("By how much did comparable sales increase in Acme's North segment?")).toBe(true);
    expect(asksFigure("What was Acme's average revenue per square foot as of December 31, 2024?")).toBe(true);
  });

  it("money asked is not read from a percentage row, nor a percentage from an amount", () => {
    expect(unitFits("What was Acme's marketing expense in the quarter, in USD millions?", "percent")).toBe(false);
    expect(unitFits("What was Acme's marketing expense in the quarter, in USD millions?", "currency")).toBe(true);
    expect(unitFits("What was the North segment's operating margin in 2024?", "currency")).toBe(false);
    expect(unitFits("What was the North segment's operating margin in 2024?", "percent")).toBe(true);
  });
});

describe("unlabelled subtotals of a part table", () => {
  it("reads a subtotal's percent figures as percents (a printed '27%' was NaN), and one with percent columns between the periods", () => {
    const margins = rows([
      "Segment Margins",
      "2023 2022",
      "Operating margin:",
      "Cloud Group",
      "Compute 30% 28%",
      "Storage 20% 18%",
      "27% 25%",
    ].join("\n"));
    const cloud = margins.filter((x) => x.part.label === "Cloud Group");
    expect(cloud.map((x) => [x.period, x.num, x.unit])).toEqual([["FY2023", 27, "percent"], ["FY2022", 25, "percent"]]);
    expect(margins.every((x) => Number.isFinite(x.num))).toBe(true);
    const shares = rows([
      "Segment Revenue",
      "(In millions) 2023 2022",
      "Net revenue:",
      "Cloud Group",
      "Compute $ 1,200 60% $ 1,100 58%",
      "Storage 300 15% 250 13%",
      "1,500 75% 1,350 71%",
    ].join("\n"));
    expect(shares.filter((x) => x.part.label === "Cloud Group").map((x) => [x.period, x.num])).toEqual([["FY2023", 1_500_000_000], ["FY2022", 1_350_000_000]]);
  });
});

describe("the scale of a part table", () => {
  it("is read from a second header line when the first states none, never from prose figures above the table", () => {
    const r = rows([
      "Net Debt:",
      "At year end the company had $3.3 billion of cash, of which approximately $3.1 billion was held abroad.",
      "The following table provides net debt as of December 31, 2023 and 2022.",
      "December 31, 2023 versus",
      "(Millions) 2023 2022 2022",
      "Total debt $ 14,622 $ 13,949 $ 673",
      "Net debt $ 11,352 $ 9,793 $ 1,559",
    ].join("\n"));
    const debt = r.filter((x) => x.part.label === "Total debt");
    expect(debt.length).toBeGreaterThan(0);
    for (const d of debt) expect(d.part.scale).toBe(1e6);
    expect(debt.find((d) => d.value === "14,622")?.num).toBe(14_622_000_000);
  });

  it("leaves amounts per share under an 'Earnings per share' heading unscaled", () => {
    const r = rows([
      "Earnings Per Share",
      "(In millions, except per share data) 2023 2022",
      "Net income available to common stockholders $ 4,029 $ 1,933",
      "Earnings per common share:",
      "Basic $ 2.55 $ 1.19",
      "Diluted $ 2.49 $ 1.17",
    ].join("\n"));
    expect(r.find((x) => x.part.label === "Net income available to common stockholders" && x.period === "FY2023")?.num).toBe(4_029_000_000);
    expect(r.filter((x) => x.part.label === "Basic").map((x) => x.num)).toEqual([2.55, 1.19]);
  });
});

describe("footnote markers and chart text in part tables", () => {
  it("reads a parenthesised digit after the label as a footnote marker, not a negative figure; a real first-column negative stays", () => {
    const r = rows([
      "Net Sales by Product Line",
      "(In millions) 2024 Change 2023 Change 2022",
      "Gadgets (1) $ 120,400 6 % $ 113,600 12 % $ 101,400",
      "Tablets (2) 18,250 (4) % 19,010 9 % 17,440",
      "Restructuring reversals (6) (690) (494)",
      "Total net sales $ 138,650 $ 132,610 $ 118,840",
    ].join("\n"));
    const gadgets = r.filter((x) => x.part.label === "Gadgets");
    expect(gadgets.map((x) => [x.period, x.num])).toEqual([["FY2024", 120_400e6], ["FY2023", 113_600e6], ["FY2022", 101_400e6]]);
    expect(r.filter((x) => x.part.label === "Tablets").map((x) => x.num)).toEqual([18_250e6, 19_010e6, 17_440e6]);
    expect(r.filter((x) => x.part.label === "Restructuring reversals").map((x) => x.num)).toEqual([-6e6, -690e6, -494e6]);
  });

  it("a marker before rates is no value either", () => {
    const r = rows(["Leasing Statistics", "2024 2023", "Occupancy rate (3) 91.4% 90.2%", "Rent growth (5) 12.93% 6.69%"].join("\n"));
    expect(r.filter((x) => x.part.label === "Occupancy rate").map((x) => x.value)).toEqual(["91.4%", "90.2%"]);
  });

  it("reads no row from a chart's bar values and the callouts beside it", () => {
    const r = rows(["Revenue", "$51.2", "2021 2022", "$14.0 $15.9", "$15.1 $16.2", "2021 2022", "Diluted EPS up", "$0.41 or 8%", "from 2021", "margin", "31% in", "2022"].join("\n"));
    expect(r.map((x) => x.part.label)).toEqual([]);
  });

  it("reads no cell from a chart's bar values over its axis years", () => {
    const page = positioned([
      [["Five-Year Trends", 400, 60]],
      [["$5.7", 511, 16], ["$5.8", 544, 16]],
      [["$5.3", 478, 16]],
      [["$4.8", 411, 16], ["$5.0", 445, 16]],
      [["$2.5", 411, 16], ["$3.4", 444, 16]],
      [["2016", 409, 18], ["2017", 443, 18], ["2018", 476, 18], ["2019", 510, 18], ["2020", 543, 18]],
      [["■ Buyback", 444, 38], ["■ Dividend", 489, 38]],
    ]);
    expect(extractMatrixFindings(page).map((c) => c.payload.part.label)).toEqual([]);
  });
});

describe("what a table row's label is", () => {
  it("words name a row; figures, years and symbols alone do not", async () => {
    const { isRowLabel } = await import("@/lib/extraction/findings/row-labels");
    for (const label of ["Net sales", "U.S.", "680 Harbor Street", "2019 Notes", "Level 2", "Q4 2023 revenue"]) expect(isRowLabel(label), label).toBe(true);
    for (const label of ["", "$0.4", "$0.43 or", "2022 $ 4,551", "$(0.5) $(0.3)", "10-K 000-06217 10.41 2/26/2007", "(10,18", "Q1 Q2 Q3 Q4"]) expect(isRowLabel(label), label).toBe(false);
  });
});

describe("a quarterly table whose quarters the header does not name", () => {
  it("gives no figure an unnamed quarter ('Q? 2023') as its period", () => {
    const r = rows(["Financial Information by Quarter (Unaudited)", "", "2023 for Quarter Ended", "(In Millions, Except Per Share Amounts) December 30 September 30 July 1 April 1", "", "Net revenue $ 5,210 $ 4,980 $ 4,700 $ 4,650", "Gross margin $ 2,300 $ 2,150 $ 2,010 $ 1,990"].join("\n"));
    expect(r.filter((x) => (x.period ?? "").includes("?"))).toEqual([]);
  });
});

describe("a row printed above its header", () => {
  const payloads = (text: string) => extractPartFindings({ pageNumber: 10, text }, {}).map((c) => c.payload);

  it("reads a one-row table whose text layer prints the row before its date header ('Full time equivalent headcount' over the quarter ends)", () => {
    const text = [
      "Example Corp.", "Additional Metrics", "(Unaudited)", "Full time equivalent headcount 70,456 72,970 79,390", "",
      "July 31,", "2024", "April 30,", "2024", "January 31,", "2024", "", "Supplemental Revenue Analysis",
    ].join("\n");
    const rows = payloads(text).filter((p) => p.part.label === "Full time equivalent headcount");
    expect(rows.map((p) => [p.periodEnd, p.valueNum, p.unit])).toEqual([["2024-07-31", 70456, "count"], ["2024-04-30", 72970, "count"], ["2024-01-31", 79390, "count"]]);
  });

  it("leaves out the tail of a table whose header was not read, printed before another table's header", () => {
    const text = [
      "Balance at December 31, 2023 $ 9,848 $ 5,652 $ 40,636 $ (29,626) $ (6,866) $ 52", "Net income 5,363 5,349 14", "Reacquired stock (4,888) (4,888)",
      "Issuances pursuant to stock option and benefit plans 500 (649) 1,149", "Supplemental share information 2023 2022 2021", "Beginning balance 349,148 347,306 334,702",
    ].join("\n");
    expect(payloads(text).map((p) => p.part.label)).not.toContain("Issuances pursuant to stock option and benefit plans");
  });
});

describe("a change row under the row it measures", () => {
  it("names the row above a 'Current quarter vs prior year quarter' row, so two such rows say whose change each is", () => {
    const text = [
      "Supplemental Operating Data", "Three Months Ended", "March 31,", "2024", "December 31,", "2023", "(In millions, except percentages)",
      "Active Buyers (1) 133 134", "Current quarter vs prior year quarter (7) % (9) %", "Gross Merchandise Volume (3)", "U.S. $ 9,010 $ 8,894", "Current quarter vs prior year quarter (3) % (9) %",
    ].join("\n");
    const growth = extractPartFindings({ pageNumber: 10, text }, {}).map((c) => c.payload).filter((p) => p.part.label === "Current quarter vs prior year quarter" && p.period === "Q1 2024");
    expect(growth.map((p) => [p.part.context.at(-1), p.valueNum])).toEqual([["Active Buyers", -7], ["U.S", -3]]);
  });
});
