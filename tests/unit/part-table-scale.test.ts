/**
 * The scale of a part table's rows: the caption or header states it ("($ in millions)",
 * "(in millions):"), once, for every table it captions: a second table under the same caption, a
 * table continued on the next page, rows that print no currency sign, and rows whose own label
 * states their unit ("Sales (millions)"). Fixtures are invented tables in the shapes 10-K pages
 * print them (PDF text layer, one line per printed row).
 */
import { describe, expect, it } from "vitest";
import { extractFindingsFromPages } from "@/lib/extraction/findings";
import { extractPartFindings, type PartFindingPayload } from "@/lib/extraction/findings/parts";
import { readScale } from "@/lib/statements/scale";

const payloads = (text: string, pageNumber = 7) => extractPartFindings({ pageNumber, text }, {}).map((c) => c.payload);
const row = (ps: PartFindingPayload[], label: string, period: string) => ps.find((p) => p.part.label === label && p.period === period);

describe("a part table's scale, stated once", () => {
  it("reads a row's own unit ('Sales (millions)') when the header above states none", () => {
    const text = [
      "Industrial Business (37.4% of consolidated sales):", "2024 2023 2022",
      "Sales (millions) $ 9,120 $ 8,870 $ 8,410", "Sales change analysis:", "Organic local-currency 3.2 % 4.1 % 2.0 %",
      "Operating income (millions) $ 2,010 $ 1,950 $ 1,800", "Percent change 3.1 % 8.3 %",
    ].join("\n");
    const ps = payloads(text);
    expect(row(ps, "Sales (millions)", "FY2024")).toMatchObject({ valueNum: 9_120_000_000, part: { scale: 1e6 } });
    expect(row(ps, "Operating income (millions)", "FY2022")?.valueNum).toBe(1_800_000_000);
  });

  it("keeps the caption's scale for a second table printed under it ('Long-lived assets:' with its own year header)", () => {
    const text = [
      "Net sales for 2024, 2023 and 2022 and long-lived assets as of September 28, 2024 and September 30, 2023 were as follows (in millions):", "",
      "2024 2023 2022", "", "Net sales:", "U.S. $ 98,450 $ 91,330 $ 88,120", "Mexico (1) 24,110 22,980 21,040", "Other countries 61,300 58,210 55,660", "Total net sales $ 183,860 $ 172,520 $ 164,820", "",
      "2024 2023", "", "Long-lived assets:", "U.S. $ 21,400 $ 20,150", "Mexico (1) 5,310 5,020", "Other countries 2,880 2,740", "Total long-lived assets $ 29,590 $ 27,910", "",
      "(1) Mexico includes its territories.",
    ].join("\n");
    const ps = payloads(text);
    expect(ps.find((p) => p.part.label === "Mexico" && p.part.context.includes("Long-lived assets") && p.period === "FY2024")).toMatchObject({ valueNum: 5_310_000_000, unit: "currency" });
    expect(ps.find((p) => p.part.label === "Total long-lived assets" && p.period === "FY2023")?.valueNum).toBe(27_910_000_000);
  });

  it("reads rows that print no currency sign in an '(in millions)' table as amounts in millions, a store count as a count", () => {
    const text = [
      "Property and equipment, net consisted of the following (in millions):", "", "2024 2023", "",
      "Buildings 612 598", "Leasehold improvements 281 270", "Land 151 151", "Total 1,044 1,019", "",
      "Number of stores 1,210 1,188",
    ].join("\n");
    const ps = payloads(text);
    expect(row(ps, "Buildings", "FY2024")).toMatchObject({ valueNum: 612_000_000, unit: "currency", part: { scale: 1e6 } });
    expect(row(ps, "Number of stores", "FY2024")).toMatchObject({ valueNum: 1210, unit: "count" });
  });

  it("reads a part named by a count's noun under a sales heading as an amount, even with dashes for the years before it opened", () => {
    const text = [
      "Net sales by groups of similar products and services is as follows (in millions):", "", "2016 2017 2018", "",
      "Net Sales:", "Web shops (1) $ 7,863 $ 9,143 $ 10,835", "Outlet stores (2) — — 579", "Franchised restaurants 1,608 2,299 3,188", "Consolidated $ 9,471 $ 11,442 $ 14,602",
      "", "Number of stores:", "Outlet stores — — 41",
    ].join("\n");
    const ps = payloads(text);
    expect(row(ps, "Outlet stores", "FY2018")).toMatchObject({ valueNum: 579_000_000, unit: "currency" });
    expect(row(ps, "Franchised restaurants", "FY2017")).toMatchObject({ valueNum: 2_299_000_000, unit: "currency" });
    expect(ps.find((p) => p.part.label === "Outlet stores" && p.part.context.includes("Number of stores") && p.period === "FY2018")).toMatchObject({ valueNum: 41, unit: "count" });
  });

  it("reads a row under a revenue heading that names customers as an amount, a row under a count heading as a count", () => {
    const text = [
      "Revenues by customer location consisted of the following (dollars in millions):", "Years ended December 31, 2024 2023 2022",
      "Revenue from contracts with customers:", "Asia $4,484 $2,792 $2,679", "Europe 4,038 4,334 3,872", "Total revenues $8,522 $7,126 $6,551",
      "Number of stores:", "Asia 212 216 212", "Europe 1,026 1,298 1,369",
    ].join("\n");
    const ps = payloads(text);
    expect(ps.find((p) => p.part.label === "Europe" && p.part.context.includes("Revenue from contracts with customers") && p.period === "FY2024")).toMatchObject({ unit: "currency", valueNum: 4_038_000_000 });
    expect(ps.find((p) => p.part.label === "Europe" && p.part.context.includes("Number of stores") && p.period === "FY2024")).toMatchObject({ unit: "count", valueNum: 1026 });
  });

  it("keeps the scale of a table its caption opened on the page before", async () => {
    const before = [
      "14. Segment and Geographic Information", "", "Reportable segment and product category revenue information was as follows ($ in millions):", "",
      "2024 2023 2022", "Revenue by reportable segment", "", "North $ 30,420 $ 33,110 $ 31,050", "", "South 2,904 3,231 3,169", "", "Total revenue $ 33,324 $ 36,341 $ 34,219", "", "62",
    ].join("\n");
    const after = [
      "2024 2023 2022", "Revenue by product category", "", "North:", "Tools and Hardware $ 12,191 $ 13,693 $ 12,799", "", "Garden 8,040 9,009 8,022", "",
      "Total North revenue $ 30,420 $ 33,110 $ 31,050", "", "South:", "Tools and Hardware $ 1,575 $ 1,785 $ 1,854", "", "Garden 1,329 1,446 1,315", "", "Total South revenue $ 2,904 $ 3,231 $ 3,169",
    ].join("\n");
    const out = await extractFindingsFromPages([{ pageNumber: 62, text: before }, { pageNumber: 63, text: after }], { filename: "x_10K.pdf", fiscalYear: 2024 });
    const garden = out.candidates.map((c) => c.payload as PartFindingPayload).find((p) => p.part?.label === "Garden" && p.part.context.includes("South") && p.period === "FY2024");
    expect(garden).toMatchObject({ valueNum: 1_329_000_000, part: { scale: 1e6 } });
  });

  it("scales a share count where the caption scales shares ('$ and shares in millions') or the row states its unit", () => {
    const text = [
      "The following table presents our share repurchase history for each of the past three fiscal years ($ and shares in millions, except per share amounts):", "",
      "2024 2023 2022", "Total cost of shares repurchased $ 1,480 $ 2,010 $ 705", "Average price per share $ 70.28 $ 57.16 $ 33.54", "Total number of shares repurchased 21.2 35.1 21.1",
      "", "Share counts for each fiscal year were as follows:", "2024 2023 2022", "Diluted shares (in millions) 281.4 307.1 322.6", "Stores at end of year 1,238 1,514 1,581",
    ].join("\n");
    const ps = payloads(text);
    expect(row(ps, "Total number of shares repurchased", "FY2024")).toMatchObject({ unit: "count", valueNum: 21_200_000 });
    expect(row(ps, "Total cost of shares repurchased", "FY2024")?.valueNum).toBe(1_480_000_000);
    expect(row(ps, "Average price per share", "FY2024")?.valueNum).toBe(70.28);
    expect(row(ps, "Diluted shares (in millions)", "FY2024")).toMatchObject({ unit: "count", valueNum: 281_400_000 });
    expect(row(ps, "Stores at end of year", "FY2024")).toMatchObject({ unit: "count", valueNum: 1238 });
  });

  it("reads a notes section's tables in the scale stated once atop the notes, until the notes end", async () => {
    const notesOpen = ["Table of Contents", "Example Aero Company and Subsidiaries", "Notes to the Consolidated Financial Statements", "Years ended December 31, 2024, 2023 and 2022", "(Dollars in millions, except otherwise stated)", "Note 1 – Summary of Significant Accounting Policies", "Principles of Consolidation and Basis of Presentation"].join("\n");
    const taxes = ["Table of Contents", "Note 4 – Income Taxes", "The components of Loss before income taxes were:", "Years ended December 31, 2024 2023 2022", "U.S. ($5,457) ($5,475) ($14,882)", "Non-U.S. 435 442 406", "Total ($5,022) ($5,033) ($14,476)"].join("\n");
    const after = ["Table of Contents", "Item 9. Changes in and Disagreements with Accountants on Accounting and Financial Disclosure", "Not applicable.", "Equity compensation plans at year end were as follows:", "2024 2023", "Options outstanding 1,200 1,350"].join("\n");
    const out = await extractFindingsFromPages([{ pageNumber: 63, text: notesOpen }, { pageNumber: 76, text: taxes }, { pageNumber: 130, text: after }], { filename: "x_10K.pdf", fiscalYear: 2024 });
    const parts = out.candidates.map((c) => c.payload as PartFindingPayload).filter((p) => p.part);
    expect(parts.find((p) => p.part.label === "Non-U.S" && p.period === "FY2024")).toMatchObject({ valueNum: 435_000_000, part: { scale: 1e6 } });
    expect(parts.find((p) => p.part.label === "Total" && p.period === "FY2022")?.valueNum).toBe(-14_476_000_000);
    expect(parts.find((p) => p.part.label === "Options outstanding" && p.period === "FY2024")).toMatchObject({ valueNum: 1200 });
  });

  it("reads the scale captioned on a line of its own where the first note begins ('except per share data') as the notes' scale", async () => {
    const notesOpen = ["Table of Contents", "Example Aero Company and Subsidiaries", "Notes to the Consolidated Financial Statements", "Years ended December 31, 2024, 2023 and 2022", "(Dollars in millions, except per share data)", "Note 1 – Summary of Significant Accounting Policies", "Principles of Consolidation and Basis of Presentation"].join("\n");
    const revenues = ["Table of Contents", "Airframe revenues by customer location consist of the following:", "Years ended December 31, 2024 2023 2022", "Revenue from contracts with customers:", "Europe $9,100 $8,400 $7,900", "Asia 6,200 5,900 5,100", "Total revenues from contracts with customers 15,300 14,300 13,000", "Revenue recognized on fixed-price contracts 100% 100% 99%"].join("\n");
    const out = await extractFindingsFromPages([{ pageNumber: 63, text: notesOpen }, { pageNumber: 110, text: revenues }], { filename: "x_10K.pdf", fiscalYear: 2024 });
    const parts = out.candidates.map((c) => c.payload as PartFindingPayload).filter((p) => p.part);
    expect(parts.find((p) => p.part.label === "Total revenues from contracts with customers" && p.period === "FY2024")).toMatchObject({ valueNum: 15_300_000_000, part: { scale: 1e6 } });
    expect(parts.find((p) => p.part.label === "Asia" && p.period === "FY2023")?.valueNum).toBe(5_900_000_000);
    // a rate is no amount, whatever the scale
    expect(parts.find((p) => /fixed-price/.test(p.part.label) && p.period === "FY2024")).toMatchObject({ unit: "percent" });
    // …and a caption under the title of a later notes page, no first note below it, is that page's table's only
    const later = ["Table of Contents", "Notes to the Consolidated Financial Statements", "(In millions)", "Note 7 – Inventories", "December 31, 2024 2023", "Raw materials $ 900 $ 800"].join("\n");
    const loose = await extractFindingsFromPages([{ pageNumber: 70, text: later }, { pageNumber: 110, text: revenues }], { filename: "x_10K.pdf", fiscalYear: 2024 });
    const looseParts = loose.candidates.map((c) => c.payload as PartFindingPayload).filter((p) => p.part);
    expect(looseParts.find((p) => p.part.label === "Asia" && p.period === "FY2023")?.part.scale).toBe(1);
  });

  it("reads a scale phrase whose words are joined by a no-break space", () => {
    expect(readScale("(Dollars in\u00a0millions)")?.scale).toBe(1e6);
    expect(readScale("(in\u202fthousands)")?.scale).toBe(1e3);
  });
});

describe("a part table's measure printed left of its periods", () => {
  it("titles the table with the header's words ('Revenue from external customers 2024 2023'), not a running page header", () => {
    const text = [
      "Index", "", "Selected financial information concerning the Company's reportable segments follows (in millions):",
      "Revenue from external customers      2024      2023", "Display Products      $ 3,172      $ 3,254",
      "Specialty Glass        1,884       1,594", "Total segment revenue      5,056      4,848",
    ].join("\n");
    expect(row(payloads(text), "Specialty Glass", "FY2024")?.part.title).toMatch(/Revenue from external customers/);
    // a period or unit printed left of the periods names no measure
    const dated = ["Segment results", "Year ended December 31,      2024      2023", "Display Products      $ 3,172      $ 3,254"].join("\n");
    expect(row(payloads(dated), "Display Products", "FY2024")?.part.title).not.toMatch(/Year ended/);
  });
});

describe("unit counts a caption scales apart from its money", () => {
  it("reads 'Unit sales' under '(dollars in millions and units in thousands)' as a count in thousands, and net sales as dollars in millions", () => {
    const text = [
      "The following table presents widget net sales and unit sales information for 2024, 2023 and 2022 (dollars in millions and units in thousands):",
      "2024 Change 2023 Change 2022", "Net sales $ 136,700 (12)% $ 155,041 52 % $ 101,991", "Percentage of total net sales 63 % 66 % 56 %",
      "Unit sales 211,884 (8)% 231,218 37 % 169,219",
    ].join("\n");
    const ps = payloads(text);
    expect(row(ps, "Unit sales", "FY2024")).toMatchObject({ unit: "count", valueNum: 211_884_000 });
    expect(row(ps, "Net sales", "FY2024")).toMatchObject({ unit: "currency", valueNum: 136_700_000_000 });
  });

  it("reads products under a 'Unit Sales by Product:' heading as counts in thousands, and under 'Net Sales by Product:' as dollars", () => {
    const text = [
      "The following table shows net sales and unit sales by product during 2024, 2023 and 2022 (dollars in millions and units in thousands):",
      "2024 Change 2023 Change 2022", "Net Sales by Product:", "Widget (1) $ 155,041 52% $ 101,991 12% $ 91,279", "Gadget (1) 23,227 (23)% 30,283 (5)% 31,980",
      "Unit Sales by Product:", "Widget 231,218 37% 169,219 13% 150,257", "Gadget 54,856 (19)% 67,977 (4)% 71,033",
    ].join("\n");
    const units = payloads(text).filter((p) => /Unit Sales/.test(p.metric));
    expect(units.find((p) => p.metric.startsWith("Widget") && p.period === "FY2024")).toMatchObject({ unit: "count", valueNum: 231_218_000 });
    expect(payloads(text).find((p) => /Net Sales/.test(p.metric) && p.metric.startsWith("Gadget") && p.period === "FY2024")).toMatchObject({ unit: "currency", valueNum: 23_227_000_000 });
  });
});

describe("a scale caption printed under the period header, before the first row", () => {
  it("reads rows printing no currency sign in the caption's millions when '(In millions)' sits under the column headings", () => {
    const text = [
      "The following table sets forth a reconciliation of constant-currency volume and net revenues for the periods presented:",
      "Year Ended", "December 31, 2024", "Year Ended", "December 31, 2023", "As Reported", "Exchange Rate", "Effect (1) Constant Currency (2) As Reported",
      "(In millions)", "GMV (3) :", "", "Core $ 78,099 $ (5,554) $ 83,653 $ 79,581 (2)% 5%", "Tickets 3,574 (5) 3,579 3,172 13 % 13%",
      "Net transaction revenues:", "Core $ 6,103 $ (407) $ 6,510 $ 6,351 (4)% 3%", "Tickets 725 (1) 726 629 15 % 15%",
    ].join("\n");
    const ps = payloads(text);
    const tickets = ps.filter((p) => p.part.label === "Tickets" && p.period === "FY2024");
    expect(tickets.map((p) => [p.unit, p.valueNum])).toEqual([["currency", 3_574_000_000], ["currency", 725_000_000]]);
    // the caption is no heading of the rows
    expect(tickets.every((p) => !p.part.context.some((c) => /in millions/i.test(c)))).toBe(true);
  });

  it("reads a count of buyers under '(In millions, except percentages)' as a count in millions, not a rate nor dollars", () => {
    const text = [
      "Example Inc.", "Supplemental Operating Data", "Three Months Ended", "March 31,", "2024", "December 31,", "2023", "September 30,", "2023",
      "(In millions, except percentages)", "Active Buyers (1) 133 134 135", "Current quarter vs prior year quarter (7) % (9) % (11) %",
      "Gross Merchandise Volume (3)", "U.S. $ 9,010 $ 8,894 $ 8,699",
    ].join("\n");
    const ps = payloads(text);
    expect(row(ps, "Active Buyers", "Q1 2024")).toMatchObject({ unit: "count", valueNum: 133_000_000 });
    expect(row(ps, "U.S", "Q1 2024")).toMatchObject({ unit: "currency", valueNum: 9_010_000_000 });
  });

  it("reads the shares of '(in thousands, except per share data)' in thousands", () => {
    const text = [
      "Selected Financial Data:", "Year ended December 31,", "2024 2023 2022", "(in thousands, except per share data)",
      "Revenues $ 11,692,713 $ 8,830,669 $ 6,779,511", "Net income 558,929 186,678 122,641", "Weighted-average common shares outstanding:", "Diluted 446,814 438,652 436,456",
    ].join("\n");
    const ps = payloads(text);
    expect(row(ps, "Net income", "FY2024")).toMatchObject({ unit: "currency", valueNum: 558_929_000 });
    expect(row(ps, "Diluted", "FY2024")).toMatchObject({ unit: "count", valueNum: 446_814_000 });
  });
});

describe("a row whose label names a rate but prints an amount", () => {
  it("reads 'Gross margin $ 93,626' in a '(dollars in millions)' table as dollars, 'Gross margin percentage' as a rate", () => {
    const text = [
      "Gross margin for 2024, 2023 and 2022 is as follows (dollars in millions):", "2024 2023 2022",
      "Net sales $ 233,715 $ 182,795 $ 170,910", "Cost of sales 140,089 112,258 106,606", "Gross margin $ 93,626 $ 70,537 $ 64,304", "Gross margin percentage 40.1% 38.6% 37.6%",
    ].join("\n");
    const ps = payloads(text);
    expect(row(ps, "Gross margin", "FY2024")).toMatchObject({ unit: "currency", valueNum: 93_626_000_000, part: { scale: 1e6 } });
    expect(row(ps, "Gross margin percentage", "FY2024")).toMatchObject({ unit: "percent", valueNum: 40.1 });
  });
});

describe("the unit of rows under one heading", () => {
  it("reads a row printing no currency sign under a heading whose first row prints one as money, though the heading names a volume", () => {
    const text = ["Supplemental Operating Data", "(In millions)", "2024 2023", "Gross merchandise volume:", "Marketplace $ 7,809 $ 7,958", "Tickets 357 317", "Number of listings 1,420 1,380"].join("\n");
    const ps = payloads(text);
    expect(row(ps, "Tickets", "FY2024")).toMatchObject({ unit: "currency", valueNum: 357_000_000 });
    // a row whose own label counts stays a count
    expect(row(ps, "Number of listings", "FY2024")).toMatchObject({ unit: "count" });
  });

  it("reads rows in the scale a heading states ('Revenues (in millions)') where the caption states none", () => {
    const text = ["Operating Statistics", "2024 2023 2022", "Customers (average for the year):", "Residential 4,612 4,590 4,571", "Revenues (in millions):", "Residential $ 5,409 $ 5,032 $ 4,784", "Commercial 5,396 5,278 5,101"].join("\n");
    const ps = payloads(text);
    expect(row(ps, "Commercial", "FY2024")).toMatchObject({ unit: "currency", valueNum: 5_396_000_000 });
    expect(ps.find((p) => p.part.label === "Residential" && p.period === "FY2024" && p.part.context.some((c) => /Customers/.test(c)))).toMatchObject({ unit: "count", valueNum: 4612 });
  });
});

describe("a caption wrapped over two lines", () => {
  it("scales unit counts by '(dollars in millions and units in' / 'thousands):' printed over two lines", () => {
    const text = [
      "The following table shows net sales and unit sales by product during 2024, 2023 and 2022 (dollars in millions and units in", "thousands):", "",
      "2024 Change 2023 Change 2022", "Net Sales by Product:", "Widget (1) $ 155,041 52% $ 101,991 12% $ 91,279", "Unit Sales by Product:", "Widget 231,218 37% 169,219 13% 150,257",
    ].join("\n");
    const units = payloads(text).find((p) => /Unit Sales/.test(p.metric) && p.part.label === "Widget" && p.period === "FY2024");
    expect(units).toMatchObject({ unit: "count", valueNum: 231_218_000 });
  });
});
