/**
 * The standard analyst metrics, one entry each: the names analysts use (regex sources on
 * normalised text, see text.ts), the formula over line items, the unit it reads in, and which way
 * is better. Adding a metric is adding an entry. Balances in ratios with a flow are averaged over
 * the opening and closing balance sheet (the usual analyst convention); a definition in the
 * question overrides any entry.
 */
import { add, avgBalance, div, item, itemOrNil, mul, num, sub } from "./expr";
import type { Expr, MetricFormula } from "./types";

export interface CatalogEntry extends MetricFormula {
  names: string[];
  /** Plain-words formula shown to the analyst when it reads better than the expanded one. */
  words?: string;
}

const revenue = item("revenue");
const cogs = item("cost_of_revenue");
const netIncome = item("net_income");
const cfo = item("operating_cash_flow");
const capex = item("capital_expenditure");
const tcl = item("total_current_liabilities");
export const EBITDA: Expr = add(item("operating_income"), item("depreciation_amortization"));
export const TOTAL_DEBT: Expr = add(itemOrNil("short_term_debt", "total_current_liabilities"), item("long_term_debt"));
export const FCF: Expr = sub(cfo, capex);
const pct = (left: Expr, right: Expr) => div(left, right);
const days = (balance: Expr, flow: Expr) => div(mul(num(365), avgBalance(balance)), flow);
const DSO = days(item("accounts_receivable"), revenue);
const DIO = days(item("inventories"), cogs);
const DPO = days(item("accounts_payable"), cogs);

type Entry = Omit<CatalogEntry, "better"> & { better?: "higher" | "lower" };

const ENTRIES: Entry[] = [
  // margins and shares of revenue
  { id: "gross_margin", name: "Gross margin", unit: "percent", names: ["gross (?:profit )?(?:% )?margins?"], formula: pct(item("gross_profit"), revenue) },
  { id: "operating_margin", name: "Operating margin", unit: "percent", names: ["(?:unadjusted )?operating (?:income |profit )?(?:% )?margins?", "ebit (?:% )?margins?"], formula: pct(item("operating_income"), revenue) },
  { id: "net_margin", name: "Net profit margin", unit: "percent", names: ["net (?:profit |income |earnings )?(?:% )?margins?", "profit margins?"], formula: pct(netIncome, revenue) },
  { id: "ebitda_margin", name: "EBITDA margin", unit: "percent", names: ["(?:unadjusted )?ebitda (?:% )?margins?"], formula: pct(EBITDA, revenue) },
  { id: "pretax_margin", name: "Pre-tax margin", unit: "percent", names: ["pre ?tax (?:profit |income )?margins?"], formula: pct(item("pretax_income"), revenue) },
  { id: "fcf_margin", name: "Free cash flow margin", unit: "percent", names: ["(?:free cash ?flow|fcf) margins?"], formula: pct(FCF, revenue) },
  { id: "capex_to_revenue", name: "Capex as % of revenue", unit: "percent", better: "lower", names: ["(?:capex|capital expenditures?) (?:as (?:a )?(?:%|percent(?:age)?) of|to) (?:total )?(?:revenues?|sales)", "capex intensity"], formula: pct(capex, revenue) },
  { id: "cogs_to_revenue", name: "COGS as % of revenue", unit: "percent", better: "lower", names: ["(?:cogs|cost of (?:goods sold|sales|revenues?)) (?:as (?:a )?(?:%|percent(?:age)?) of|to) (?:total )?(?:revenues?|sales)"], formula: pct(cogs, revenue) },
  { id: "effective_tax_rate", name: "Effective tax rate", unit: "percent", better: "lower", names: ["(?:effective )?(?:income )?tax rates?", "etr"], formula: pct(item("income_tax_expense"), item("pretax_income")) },
  { id: "dividend_payout", name: "Dividend payout ratio", unit: "percent", names: ["(?:dividend )?payout ratio", "dividend payout"], formula: pct(itemOrNil("dividends_paid", "operating_cash_flow"), netIncome) },
  { id: "retention_ratio", name: "Retention ratio", unit: "percent", names: ["(?:earnings )?retention ratio", "plowback ratio"], formula: pct(sub(netIncome, itemOrNil("dividends_paid", "operating_cash_flow")), netIncome) },
  // amounts
  { id: "ebitda", name: "EBITDA", unit: "amount", names: ["(?:unadjusted )?ebitda"], formula: EBITDA, words: "Operating income + Depreciation & amortization" },
  { id: "free_cash_flow", name: "Free cash flow", unit: "amount", names: ["(?:unlevered )?free cash ?flows?", "fcf"], formula: FCF },
  { id: "working_capital", name: "Working capital", unit: "amount", names: ["(?:net )?working capital"], formula: sub(item("total_current_assets"), tcl) },
  { id: "total_debt", name: "Total debt", unit: "amount", better: "lower", names: ["(?:total )?debt(?: on (?:the )?balance sheet)?", "(?:total )?borrowings"], formula: TOTAL_DEBT },
  { id: "net_debt", name: "Net debt", unit: "amount", better: "lower", names: ["net debt"], formula: sub(TOTAL_DEBT, item("cash")) },
  // liquidity and leverage
  { id: "current_ratio", name: "Current ratio", unit: "ratio", names: ["current ratio"], formula: div(item("total_current_assets"), tcl) },
  { id: "quick_ratio", name: "Quick ratio", unit: "ratio", names: ["quick ratio", "acid test(?: ratio)?"], formula: div(sub(item("total_current_assets"), item("inventories")), tcl) },
  { id: "cash_ratio", name: "Cash ratio", unit: "ratio", names: ["cash ratio"], formula: div(item("cash"), tcl) },
  { id: "operating_cash_flow_ratio", name: "Operating cash flow ratio", unit: "ratio", names: ["operating cash ?flow ratio"], formula: div(cfo, tcl) },
  { id: "debt_to_equity", name: "Debt to equity", unit: "ratio", better: "lower", names: ["debt (?:to|/) equity(?: ratio)?", "gearing(?: ratio)?"], formula: div(TOTAL_DEBT, item("total_equity")) },
  { id: "debt_to_ebitda", name: "Debt to EBITDA", unit: "ratio", better: "lower", names: ["(?:total )?debt (?:to|/) (?:unadjusted )?ebitda(?: ratio)?", "leverage ratio"], formula: div(TOTAL_DEBT, EBITDA) },
  { id: "interest_coverage", name: "Interest coverage", unit: "ratio", names: ["interest coverage(?: ratio)?", "times interest earned"], formula: div(item("operating_income"), item("interest_expense")) },
  // returns
  { id: "roa", name: "Return on assets", unit: "percent", names: ["return on (?:average )?(?:total )?assets", "roa"], formula: div(netIncome, avgBalance(item("total_assets"))), words: "Net income / average total assets" },
  { id: "roe", name: "Return on equity", unit: "percent", names: ["return on (?:average )?(?:shareholders'? |stockholders'? |total )?equity", "roe"], formula: div(netIncome, avgBalance(item("total_equity"))), words: "Net income / average shareholders' equity" },
  // cash conversion
  { id: "fcf_conversion", name: "Free cash flow conversion", unit: "percent", names: ["(?:free cash ?flow|fcf) conversion(?: rate| ratio)?"], formula: div(FCF, netIncome) },
  { id: "cash_conversion", name: "Cash conversion", unit: "percent", names: ["cash conversion(?: rate| ratio)?", "(?:operating )?cash ?flow to net income"], formula: div(cfo, netIncome) },
  // efficiency
  { id: "inventory_turnover", name: "Inventory turnover", unit: "ratio", names: ["inventory turnover(?: ratio)?", "inventory turns"], formula: div(cogs, avgBalance(item("inventories"))) },
  { id: "receivables_turnover", name: "Receivables turnover", unit: "ratio", names: ["(?:accounts )?receivables? turnover(?: ratio)?"], formula: div(revenue, avgBalance(item("accounts_receivable"))) },
  { id: "payables_turnover", name: "Payables turnover", unit: "ratio", names: ["(?:accounts )?payables? turnover(?: ratio)?"], formula: div(cogs, avgBalance(item("accounts_payable"))) },
  { id: "asset_turnover", name: "Asset turnover", unit: "ratio", names: ["(?:total )?asset turnover(?: ratio)?"], formula: div(revenue, avgBalance(item("total_assets"))) },
  { id: "fixed_asset_turnover", name: "Fixed asset turnover", unit: "ratio", names: ["(?:fixed asset|pp&e|ppe|ppne|property,? plant,? (?:and|&) equipment) turnover(?: ratio)?"], formula: div(revenue, avgBalance(item("ppe_net"))) },
  { id: "dso", name: "Days sales outstanding", unit: "days", better: "lower", names: ["days sales outstanding(?: \\(dso\\))?", "dso", "days (?:of )?receivables?"], formula: DSO },
  { id: "dio", name: "Days inventory outstanding", unit: "days", better: "lower", names: ["days (?:of )?inventory(?: outstanding| on hand)?(?: \\(dio\\))?", "dio", "days in inventory"], formula: DIO },
  { id: "dpo", name: "Days payable outstanding", unit: "days", names: ["days (?:of )?payables?(?: outstanding)?(?: \\(dpo\\))?", "dpo"], formula: DPO },
  { id: "ccc", name: "Cash conversion cycle", unit: "days", better: "lower", names: ["cash conversion cycle(?: \\(ccc\\))?", "ccc"], formula: sub(add(DSO, DIO), DPO) },
];

export const CATALOG: CatalogEntry[] = ENTRIES.map((e) => ({ ...e, better: e.better ?? "higher" }));
