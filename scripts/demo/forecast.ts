/** forecast.xlsx (27 September 2024) and forecast_v2.xlsx (8 November 2024, supersedes it). */
import { DEMO_COMPANY, DEMO_DEAL, demoDocument, documentTimestamp } from "./facts";
import { FORECASTS, QUARTERS } from "./facts-financials";
import { FY2023, totals } from "./figures";
import {
  NUMBER_FORMAT, PERCENT_FORMAT, createWorkbook, formula, styleHeaderRow, styleNote, styleTitle, styleTotalRow, workbookBytes, type Worksheet,
} from "./xlsx";

type Version = "v1" | "v2";
const FILES = { v1: "forecast.xlsx", v2: "forecast_v2.xlsx" } as const;
const YEARS = ["FY2024F", "FY2025F"] as const;

function assumptions(ws: Worksheet, version: Version): void {
  const f = FORECASTS;
  const doc = demoDocument(FILES[version]);
  styleTitle(ws, "A1", `${DEMO_DEAL.name} – Forecast assumptions${version === "v2" ? " (version 2)" : ""}`);
  styleNote(ws, "A2", `${DEMO_COMPANY.name} | Prepared ${doc.dateText} | EUR thousands unless stated`);
  ws.getRow(4).values = ["Assumption", ...YEARS, "Comment"];
  styleHeaderRow(ws.getRow(4));
  const rows: [string, number, number, string, string][] = [
    ["Subscription revenue", f[version].subscription.FY2024F, f[version].subscription.FY2025F, NUMBER_FORMAT, "ARR-based build; net revenue retention 109%"],
    ["Hardware and services revenue", f[version].hardwareServices.FY2024F, f[version].hardwareServices.FY2025F, NUMBER_FORMAT, version === "v2" ? "Slower gateway shipments in 2025" : "Edge gateway shipments and onboarding projects"],
    ["Gross margin", f.grossMargin.FY2024F, f.grossMargin.FY2025F, PERCENT_FORMAT, "Cloud hosting renegotiation effective Q1 2025"],
    ["Sales and marketing, % of revenue", f.salesMarketingPct.FY2024F, f.salesMarketingPct.FY2025F, PERCENT_FORMAT, ""],
    ["Research and development, % of revenue", f.researchDevelopmentPct.FY2024F, f.researchDevelopmentPct.FY2025F, PERCENT_FORMAT, "Net of capitalised development"],
    ["General and administrative, % of revenue", f.generalAdminPct.FY2024F, f.generalAdminPct.FY2025F, PERCENT_FORMAT, ""],
    ["Year-end headcount", f.headcountYearEnd.FY2024F, f.headcountYearEnd.FY2025F, "0", "Employees"],
  ];
  rows.forEach(([label, a, b, fmt, comment], i) => {
    const row = ws.getRow(5 + i);
    row.values = [label, a, b, comment];
    row.getCell(2).numFmt = fmt;
    row.getCell(3).numFmt = fmt;
  });
  ws.columns = [{ width: 42 }, { width: 14 }, { width: 14 }, { width: 48 }];
}

/** P&L Forecast: rows 3 (header) to 14; column B = FY2023A, C = FY2024F, D = FY2025F. */
function profitAndLoss(ws: Worksheet, version: Version): void {
  const f = FORECASTS;
  const fy23 = totals(FY2023);
  styleTitle(ws, "A1", "P&L forecast FY2023A–FY2025F");
  styleNote(ws, "A2", "EUR thousands. FY2023A as restated in the corrected annual report of 22 May 2024.");
  ws.getRow(3).values = ["Line item", "FY2023A", ...YEARS];
  styleHeaderRow(ws.getRow(3));
  const label = ["Subscription revenue", "Hardware and services revenue", "Total revenue", "Revenue growth", "Gross profit", "Gross margin", "Sales and marketing", "Research and development", "General and administrative", "EBITDA", "EBITDA margin"];
  label.forEach((text, i) => (ws.getCell(`A${4 + i}`).value = text));

  const b = { sub: fy23.subscription, hw: fy23.hardwareServices, gp: fy23.grossProfit, sm: -fy23.salesMarketing, rd: -fy23.researchDevelopment, ga: -fy23.generalAdmin };
  const bRevenue = b.sub + b.hw;
  const bEbitda = b.gp + b.sm + b.rd + b.ga;
  ws.getCell("B4").value = b.sub;
  ws.getCell("B5").value = b.hw;
  ws.getCell("B6").value = formula("SUM(B4:B5)", bRevenue);
  ws.getCell("B8").value = b.gp;
  ws.getCell("B9").value = formula("B8/B6", b.gp / bRevenue);
  ws.getCell("B10").value = b.sm;
  ws.getCell("B11").value = b.rd;
  ws.getCell("B12").value = b.ga;
  ws.getCell("B13").value = formula("SUM(B8,B10:B12)", bEbitda);
  ws.getCell("B14").value = formula("B13/B6", bEbitda / bRevenue);

  let previousRevenue = bRevenue;
  (["C", "D"] as const).forEach((col, i) => {
    const year = YEARS[i];
    const a = i === 0 ? "B" : "C"; // column on the Assumptions sheet
    const prev = i === 0 ? "B" : "C";
    const sub = f[version].subscription[year];
    const hw = f[version].hardwareServices[year];
    const revenue = sub + hw;
    const gp = revenue * f.grossMargin[year];
    const sm = -revenue * f.salesMarketingPct[year];
    const rd = -revenue * f.researchDevelopmentPct[year];
    const ga = -revenue * f.generalAdminPct[year];
    const ebitda = gp + sm + rd + ga;
    ws.getCell(`${col}4`).value = formula(`Assumptions!${a}5`, sub);
    ws.getCell(`${col}5`).value = formula(`Assumptions!${a}6`, hw);
    ws.getCell(`${col}6`).value = formula(`SUM(${col}4:${col}5)`, revenue);
    ws.getCell(`${col}7`).value = formula(`${col}6/${prev}6-1`, revenue / previousRevenue - 1);
    ws.getCell(`${col}8`).value = formula(`${col}6*Assumptions!${a}7`, gp);
    ws.getCell(`${col}9`).value = formula(`${col}8/${col}6`, gp / revenue);
    ws.getCell(`${col}10`).value = formula(`-${col}6*Assumptions!${a}8`, sm);
    ws.getCell(`${col}11`).value = formula(`-${col}6*Assumptions!${a}9`, rd);
    ws.getCell(`${col}12`).value = formula(`-${col}6*Assumptions!${a}10`, ga);
    ws.getCell(`${col}13`).value = formula(`SUM(${col}8,${col}10:${col}12)`, ebitda);
    ws.getCell(`${col}14`).value = formula(`${col}13/${col}6`, ebitda / revenue);
    previousRevenue = revenue;
  });
  for (let r = 4; r <= 14; r++) {
    const pctRow = r === 7 || r === 9 || r === 14;
    for (const col of ["B", "C", "D"]) ws.getCell(`${col}${r}`).numFmt = pctRow ? PERCENT_FORMAT : NUMBER_FORMAT;
  }
  styleTotalRow(ws.getRow(6));
  styleTotalRow(ws.getRow(13));
  ws.columns = [{ width: 36 }, { width: 14 }, { width: 14 }, { width: 14 }];
}

function cover(ws: Worksheet): void {
  ws.mergeCells("A1:F1");
  styleTitle(ws, "A1", `${DEMO_DEAL.name} – Financial forecast (version 2)`);
  ws.getCell("A1").alignment = { horizontal: "center" };
  const rows: [string, string][] = [
    ["Company", DEMO_COMPANY.name],
    ["Prepared by", "Finance team (John Doe, Chief Financial Officer)"],
    ["Date", demoDocument("forecast_v2.xlsx").dateText],
    ["Version", "2.0 – supersedes forecast.xlsx dated 27 September 2024"],
  ];
  rows.forEach(([k, v], i) => {
    ws.getCell(`A${3 + i}`).value = k;
    ws.getCell(`A${3 + i}`).font = { bold: true };
    ws.getCell(`B${3 + i}`).value = v;
  });
  ws.getCell("A8").value = "Changes from version 1";
  ws.getCell("A8").font = { bold: true };
  ws.getCell("A9").value = "FY2025 revenue forecast revised from EUR 24.0 million to EUR 23.1 million: slower edge gateway shipments and a delayed German enterprise roll-out.";
  ws.getCell("A10").value = "Q3 2024 updated to actual revenue of EUR 5.2 million (interim report of 24 October 2024); Q4 2024 forecast set at EUR 6.0 million. FY2024 revenue forecast unchanged at EUR 20.5 million.";
  ws.getCell("A11").value = "FY2023 figures as restated in the corrected annual report of 22 May 2024.";
  ws.columns = [{ width: 16 }, { width: 60 }];
}

/** Quarterly 2024 with a merged group header over the quarter columns (B3:E3). */
function quarterly(ws: Worksheet): void {
  styleTitle(ws, "A1", "Revenue by quarter 2024 (EUR thousands)");
  ws.mergeCells("B3:E3");
  ws.getCell("B3").value = "2024 quarters";
  ws.getCell("B3").alignment = { horizontal: "center" };
  ws.getCell("F3").value = "Full year";
  ws.getRow(4).values = ["Line item", "Q1 2024A", "Q2 2024A", "Q3 2024A", "Q4 2024F", "FY2024F"];
  styleHeaderRow(ws.getRow(3));
  styleHeaderRow(ws.getRow(4));
  const actual = (["Q1 2024", "Q2 2024", "Q3 2024"] as const).map((q) => QUARTERS[q]);
  const v2 = FORECASTS.v2;
  const q4 = { sub: v2.subscription.FY2024F - actual.reduce((s, x) => s + x.subscription, 0), hw: v2.hardwareServices.FY2024F - actual.reduce((s, x) => s + x.hardwareServices, 0) };
  if (q4.sub + q4.hw !== v2.q4Revenue2024) throw new Error("Q4 2024 forecast does not tie to FY2024F");
  const subs = [...actual.map((x) => x.subscription), q4.sub];
  const hws = [...actual.map((x) => x.hardwareServices), q4.hw];
  const cols = ["B", "C", "D", "E"];
  ws.getCell("A5").value = "Subscription revenue";
  ws.getCell("A6").value = "Hardware and services revenue";
  ws.getCell("A7").value = "Total revenue";
  cols.forEach((c, i) => {
    ws.getCell(`${c}5`).value = subs[i];
    ws.getCell(`${c}6`).value = hws[i];
    ws.getCell(`${c}7`).value = formula(`SUM(${c}5:${c}6)`, subs[i] + hws[i]);
  });
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  ws.getCell("F5").value = formula("SUM(B5:E5)", sum(subs));
  ws.getCell("F6").value = formula("SUM(B6:E6)", sum(hws));
  ws.getCell("F7").value = formula("SUM(F5:F6)", sum(subs) + sum(hws));
  for (let r = 5; r <= 7; r++) for (const c of [...cols, "F"]) ws.getCell(`${c}${r}`).numFmt = NUMBER_FORMAT;
  styleTotalRow(ws.getRow(7));
  styleNote(ws, "A9", "A = actual (interim reports), F = forecast.");
  ws.columns = [{ width: 32 }, { width: 12 }, { width: 12 }, { width: 12 }, { width: 12 }, { width: 12 }];
}

export async function buildForecast(version: Version): Promise<Uint8Array> {
  const file = FILES[version];
  const date = documentTimestamp(file);
  const wb = createWorkbook({ title: demoDocument(file).title, subject: "Financial forecast", creator: "Nordhavn Analytics finance team", company: DEMO_COMPANY.name, date });
  if (version === "v2") cover(wb.addWorksheet("Cover"));
  assumptions(wb.addWorksheet("Assumptions"), version);
  profitAndLoss(wb.addWorksheet("P&L Forecast"), version);
  if (version === "v2") quarterly(wb.addWorksheet("Quarterly 2024"));
  return workbookBytes(wb, date);
}
