/**
 * The concept catalog: what an analyst can ask about, as data. Each concept has the names analysts
 * use (`terms`: accounting names, abbreviations) and the everyday phrasings of the same thing
 * (`phrases`: "spend on new plants and equipment", "audits their books"), and where the evidence
 * lives: statement line items, a metric of the metric engine (lib/metrics), the row words of
 * segment / operating tables, an entity role or filing fact, or a report section.
 *
 * Matching is by stems (lib/agent/concepts/match.ts), so "revenues", "revenue" and "Revenue's" are
 * one term; adding a wording is adding a string here, never a regular expression. The deal's own
 * labels (statement rows, table rows, segment names) are matched the same way at question time.
 */
import type { LineItemKey } from "@/lib/statements/types";

export type ConceptKind = "amount" | "percent" | "ratio" | "count" | "per_share" | "days" | "person" | "organisation" | "place" | "date" | "text";

/** Facts about the company a filing states once: read from the extracted entities. */
export type CompanyFact = "auditor" | "headquarters" | "incorporation" | "employees" | "registrant" | "subsidiaries" | "customers";

export interface Concept {
  id: string;
  label: string;
  kind: ConceptKind;
  /** Names analysts write ("capex", "capital expenditure", "PP&E purchases"). */
  terms: string[];
  /** Everyday wordings ("spend on new plants and equipment", "buy back stock"). */
  phrases?: string[];
  /** Statement line items that state it (the first is the concept itself). */
  lineItems?: LineItemKey[];
  /** The metric engine's catalog id, when it is computed from line items. */
  metric?: string;
  /** Words of a table row that states it outside the three statements ("backlog"). */
  rowWords?: string[];
  /** Shorthand that names it only inside a formula, where another concept owns the word ("cfo less capex": cash from operations, not the finance chief). */
  formulaTerms?: string[];
  /** A person's role ("chief financial officer"): read from the executive officers. */
  role?: string;
  fact?: CompanyFact;
  /** The report section whose passages answer it ("risk factors"). */
  section?: string;
  /** Its terms are matched as written, not by stem: "segments" asks for the list, "the Safety and Graphics segment" names one part. */
  asWritten?: boolean;
  /** Words a passage of that section states it in, for a page indexing gave no section label. */
  vocabulary?: string[];
  /** A balance at a date (not a flow over a period). */
  balance?: boolean;
  /** Something the company does or not (pays dividends, buys back stock): "did they …?" is decided by its figure. */
  action?: boolean;
  /** The figure is itself a rate of change (comparable sales growth): "how much did it grow" asks the figure, not its change. */
  isChange?: boolean;
  /**
   * Concepts this one is made of: named in the same question, they describe it rather than ask for
   * themselves ("cash from operations after paying for capital spending" is free cash flow).
   */
  madeOf?: string[];
  /** The figure a part of the company (a segment) reports in this one's place: a segment's "profit" is its operating income. */
  ofPart?: string;
  /**
   * A transaction with a counterparty and a price (an acquisition): answered by the sentence that
   * names the counterparty asked and states the price, never by a figure of the company.
   */
  priced?: boolean;
}

const amount = (id: string, label: string, terms: string[], more: Partial<Concept> = {}): Concept => ({ id, label, kind: "amount", terms, ...more });
const percent = (id: string, label: string, terms: string[], more: Partial<Concept> = {}): Concept => ({ id, label, kind: "percent", terms, ...more });
const ratio = (id: string, label: string, terms: string[], more: Partial<Concept> = {}): Concept => ({ id, label, kind: "ratio", terms, ...more });

export const CONCEPTS: Concept[] = [
  // income statement
  amount("revenue", "Revenue", ["revenue", "revenues", "rev", "revs", "net revenue", "total revenue", "net sales", "total net sales", "sales", "turnover", "top line", "topline", "intäkter", "intäkterna", "omsättning", "omsättningen", "nettoomsättning", "nettoomsättningen"], {
    // a utility's or an airline's "total operating revenues" is the revenue total (a phrase: its words do not widen searches)
    // (what a business earns or makes "from" a source is the source's sales: "earn from subscriptions", "make from services")
    phrases: ["how much did they sell", "how much did sell", "how much money did they bring in", "bring in", "take in", "operating revenue", "operating revenues", "total operating revenues", "earn from", "earned from", "earns from", "make from", "made from", "makes from", "generate from", "generated from", "bring in from", "brought in from", "ring up", "rang up", "rung up", "rack up in sales", "racked up in sales", "how much did they make from", "how much did make from", "how much did they earn from", "how much money did they make from"],
    lineItems: ["revenue"],
  }),
  amount("cost_of_revenue", "Cost of revenue", ["cost of revenue", "cost of revenues", "cost of sales", "cost of goods sold", "cogs", "cost of products sold"], { phrases: ["cost of goods sold", "cost of the goods it sold", "cost of what they sold", "cost to produce", "cost of producing"], lineItems: ["cost_of_revenue"] }),
  amount("gross_profit", "Gross profit", ["gross profit", "gross income"], { lineItems: ["gross_profit"] }),
  amount("sga", "SG&A", ["sg&a", "sga", "selling general and administrative", "selling general administrative", "selling and administrative expenses", "overhead"], { lineItems: ["sga"] }),
  amount("research_development", "R&D", ["r&d", "research and development", "research development", "r and d"], { phrases: ["spend on research", "spent on research"], lineItems: ["research_development"] }),
  amount("operating_expenses", "Operating expenses", ["operating expenses", "opex", "total operating expenses", "costs and expenses"], { lineItems: ["operating_expenses"] }),
  amount("depreciation_amortization", "Depreciation and amortization", ["depreciation and amortization", "d&a", "depreciation"], { lineItems: ["depreciation_amortization"] }),
  amount("operating_income", "Operating income", ["operating income", "operating profit", "op income", "op profit", "ebit", "income from operations", "earnings from operations", "operating earnings", "loss from operations", "operating loss", "earnings before interest and taxes"], { phrases: ["earn at the operating line", "at the operating line", "at the operating level"], lineItems: ["operating_income"] }),
  amount("interest_expense", "Interest expense", ["interest expense", "interest cost", "interest paid"], { lineItems: ["interest_expense"] }),
  amount("pretax_income", "Pre-tax income", ["pretax income", "pre-tax income", "income before taxes", "income before income taxes", "earnings before taxes", "ebt", "pretax profit"], { lineItems: ["pretax_income"] }),
  amount("income_tax_expense", "Income tax expense", ["income tax expense", "tax expense", "income taxes", "provision for income taxes", "tax bill"], { phrases: ["pay in taxes", "paid in taxes"], lineItems: ["income_tax_expense"] }),
  amount("net_income", "Net income", ["net income", "net earnings", "net profit", "profit", "earnings", "bottom line", "net income attributable", "net loss", "net loss attributable"], {
    phrases: ["how much did they make", "how much did make", "how much money did they make", "how much did they lose", "how much did lose", "how much money did they lose", "make in profit", "made in profit", "make money", "made money", "making money", "lose money", "lost money", "losing money", "turn a profit", "turned a profit", "profitable", "unprofitable", "in the red", "in the black", "post a loss", "posted a loss", "report a loss", "reported a loss", "book a loss", "booked a loss"],
    lineItems: ["net_income"],
    ofPart: "operating_income",
  }),
  { id: "eps_diluted", label: "Diluted EPS", kind: "per_share", terms: ["diluted eps", "eps", "earnings per share", "diluted earnings per share", "eps diluted", "diluted earnings per common share", "earnings per common share diluted", "earnings per common share"], lineItems: ["eps_diluted"] },
  { id: "eps_basic", label: "Basic EPS", kind: "per_share", terms: ["basic eps", "basic earnings per share", "eps basic", "basic earnings per common share", "earnings per common share basic"], lineItems: ["eps_basic"] },
  { id: "shares_diluted", label: "Diluted shares outstanding", kind: "count", terms: ["diluted shares", "share count", "shares outstanding", "weighted average shares", "diluted share count"], lineItems: ["shares_diluted"] },
  // balance sheet
  amount("cash", "Cash and cash equivalents", ["cash", "cash and cash equivalents", "cash and equivalents", "cash balance", "cash on hand", "cash position", "cash pile", "kassa", "kassan", "likvida medel"], { lineItems: ["cash"], balance: true }),
  // liquidity as the company totals it: cash with the short-term investments or marketable securities held beside it
  amount("cash_and_investments", "Cash, cash equivalents and short-term investments", ["cash and short-term investments", "cash and short term investments", "st investments and cash", "cash and investments", "cash and marketable securities", "cash equivalents and short-term investments", "cash equivalents and marketable securities", "cash plus short-term investments", "cash plus short term investments", "cash plus marketable securities"], {
    rowWords: ["cash, cash equivalents and short-term investments", "cash, cash equivalents, and short-term investments", "cash and short-term investments", "cash, cash equivalents and marketable securities", "cash, cash equivalents, and marketable securities", "cash and marketable securities", "cash, cash equivalents and investments"],
    balance: true,
  }),
  amount("accounts_receivable", "Accounts receivable", ["accounts receivable", "receivables", "trade receivables"], { lineItems: ["accounts_receivable"], balance: true }),
  amount("inventories", "Inventories", ["inventory", "inventories", "stock on hand"], { lineItems: ["inventories"], balance: true }),
  amount("total_current_assets", "Total current assets", ["current assets", "total current assets", "short-term assets"], { lineItems: ["total_current_assets"], balance: true }),
  amount("ppe_net", "Net PP&E", ["pp&e", "ppe", "ppne", "net pp&e", "property plant and equipment", "fixed assets", "net property plant and equipment", "property plant and equipment net"], { phrases: ["after depreciation", "net of depreciation", "net of accumulated depreciation"], lineItems: ["ppe_net"], balance: true }),
  amount("goodwill", "Goodwill", ["goodwill"], { lineItems: ["goodwill"], balance: true }),
  amount("total_assets", "Total assets", ["total assets", "assets", "balance sheet size"], { lineItems: ["total_assets"], balance: true }),
  amount("accounts_payable", "Accounts payable", ["accounts payable", "payables", "trade payables"], { lineItems: ["accounts_payable"], balance: true }),
  amount("short_term_debt", "Short-term debt", ["short-term debt", "short term debt", "current debt", "debt due within one year", "current portion of long-term debt", "debt maturing within one year", "short-term borrowings"], {
    phrases: ["debt due in the next year", "debt due next year", "debt coming due", "debt due within a year", "debt due within 12 months", "debt due in the next 12 months", "debt due in the next twelve months"],
    lineItems: ["short_term_debt"],
    balance: true,
  }),
  amount("total_current_liabilities", "Total current liabilities", ["current liabilities", "total current liabilities", "current liabs", "short-term liabilities"], { phrases: ["due within a year", "due within one year"], lineItems: ["total_current_liabilities"], balance: true }),
  amount("long_term_debt", "Long-term debt", ["long-term debt", "long term debt", "lt debt", "long-term borrowings"], { lineItems: ["long_term_debt"], balance: true }),
  amount("total_liabilities", "Total liabilities", ["total liabilities", "liabilities"], { lineItems: ["total_liabilities"], balance: true }),
  amount("total_equity", "Shareholders' equity", ["equity", "shareholders equity", "stockholders equity", "total equity", "net worth"], { lineItems: ["total_equity"], balance: true }),
  // cash-flow statement
  amount("operating_cash_flow", "Cash from operations", ["operating cash flow", "cash from operations", "cash flow from operations", "ocf", "cash from operating activities", "net cash provided by operating activities", "cash provided by operations", "cash provided by operating activities"], {
    phrases: ["cash generated by the business", "cash did they generate", "cash generated from operations", "cash from ops", "cash it generated from operations", "cash operations bring in", "cash operations brought in", "cash operations generate", "cash operations generated", "cash operations produce", "cash from running the business", "cash from running its business", "cash generated by operations"],
    lineItems: ["operating_cash_flow"],
    formulaTerms: ["cfo"],
  }),
  amount("capital_expenditure", "Capital expenditure", ["capex", "capital expenditure", "capital expenditures", "capital spending", "capital investment", "purchases of property plant and equipment", "purchases of pp&e", "payments for property plant and equipment", "additions to property plant and equipment", "additions to property and equipment", "additions to pp&e"], {
    phrases: ["spend on new plants and equipment", "put into new plants and equipment", "invest in property and equipment", "invest in property plant and equipment", "spend on property and equipment", "invest in property", "spend on property", "spend on equipment", "new plants and equipment", "plants and equipment", "invest in plant", "new equipment", "buying property", "buy property", "buying equipment", "buy equipment"],
    lineItems: ["capital_expenditure"],
  }),
  amount("dividends_paid", "Dividends paid", ["dividends", "dividends paid", "dividend payments", "cash dividends"], { phrases: ["pay out to shareholders", "paid out to shareholders", "return to shareholders", "pay a dividend", "pay dividends", "paying a dividend", "paying dividends"], lineItems: ["dividends_paid"], action: true }),
  // the dividend per share a company declares: a year's total, or the quarterly rate it pays now
  { id: "dividend_per_share", label: "Dividends declared per share", kind: "per_share", terms: ["dividend per share", "dividends per share", "dividends declared per share", "cash dividends declared per share", "cash dividends per share", "dps", "annual dividend"], rowWords: ["dividends declared per share", "dividends per share", "dividend per share", "cash dividends declared per share", "dividends declared per common share", "cash dividends declared per common share", "dividends per common share"] },
  { id: "quarterly_dividend", label: "Quarterly dividend per share", kind: "per_share", terms: ["quarterly dividend", "quarterly dividends", "quarterly cash dividend", "quarterly dividend per share", "dividend rate", "dividend per quarter", "dividends per quarter"], phrases: ["per quarter in dividends", "a quarter in dividends", "each quarter in dividends", "dividend each quarter", "dividends each quarter"], rowWords: ["quarterly cash dividend", "quarterly dividend"] },
  amount("share_repurchases", "Share repurchases", ["buybacks", "buyback", "share repurchases", "stock repurchases", "repurchases of common stock", "share buybacks", "treasury stock purchases"], {
    phrases: ["buy back stock", "buy back shares", "bought back", "buy back", "buying back", "buying back stock", "buying back shares", "repurchase shares", "repurchase stock", "repurchased", "repurchasing", "repurchase own shares", "repurchase own stock", "buy back own shares", "buy back own stock"],
    lineItems: ["share_repurchases"],
    action: true,
  }),
  // the charges of a restructuring plan (severance, exits), a line of the income statement or a plan's stated estimate
  amount("restructuring", "Restructuring charges", ["restructuring", "restructuring charges", "restructuring costs", "restructuring expenses", "restructuring charge", "restructuring plan", "restructuring and other", "pre-tax restructuring charges", "pretax restructuring charges", "pre-tax restructuring", "pretax restructuring"], { rowWords: ["restructuring"] }),
  // the borrowing a bank line allows: a facility's size, stated in the notes and the liquidity section
  amount("credit_facility", "Credit facility", ["credit facility", "credit facilities", "revolving credit facility", "revolving credit facilities", "line of credit", "lines of credit", "credit line", "credit lines", "revolver", "revolving credit"], { rowWords: ["credit facility", "revolving credit facility"] }),
  // the non-cash expense of equity awards, added back in the cash-flow statement and stated in the notes
  amount("stock_based_compensation", "Stock-based compensation", ["stock-based compensation", "stock based compensation", "share-based compensation", "share based compensation", "stock compensation", "stock comp", "stock-based comp", "stock based comp", "share-based comp", "share based comp", "equity compensation", "equity comp", "sbc"], { rowWords: ["stock-based compensation", "share-based compensation", "stock-based compensation expense"] }),
  amount("investing_cash_flow", "Cash from investing", ["investing cash flow", "cash from investing", "cash used in investing activities", "cash used for investing activities", "cash provided by investing activities", "investing activities"], { lineItems: ["investing_cash_flow"] }),
  amount("financing_cash_flow", "Cash from financing", ["financing cash flow", "cash from financing", "cash used in financing activities", "cash used for financing activities", "cash provided by financing activities", "financing activities"], { lineItems: ["financing_cash_flow"] }),
  // metrics
  percent("gross_margin", "Gross margin", ["gross margin", "gross profit margin", "gross profit rate", "gross margin rate", "bruttomarginal", "bruttomarginalen"], { metric: "gross_margin" }),
  percent("operating_margin", "Operating margin", ["operating margin", "op margin", "ebit margin", "operating profit margin", "operating income margin"], { metric: "operating_margin" }),
  percent("net_margin", "Net margin", ["net margin", "net profit margin", "profit margin", "net income margin"], { metric: "net_margin" }),
  percent("ebitda_margin", "EBITDA margin", ["ebitda margin"], { metric: "ebitda_margin" }),
  percent("fcf_margin", "FCF margin", ["fcf margin", "free cash flow margin"], { metric: "fcf_margin" }),
  percent("capex_to_revenue", "Capex as % of revenue", ["capex to revenue", "capex intensity", "capex as a percentage of revenue", "capex % of sales", "capex to sales"], { metric: "capex_to_revenue" }),
  percent("effective_tax_rate", "Effective tax rate", ["effective tax rate", "tax rate", "etr"], { metric: "effective_tax_rate", rowWords: ["effective tax rate", "effective income tax rate"] }),
  percent("dividend_payout", "Dividend payout ratio", ["payout ratio", "dividend payout", "dividend payout ratio"], { metric: "dividend_payout" }),
  percent("roa", "Return on assets", ["roa", "return on assets"], { metric: "roa" }),
  percent("roe", "Return on equity", ["roe", "return on equity"], { metric: "roe" }),
  amount("ebitda", "EBITDA", ["ebitda"], { metric: "ebitda" }),
  amount("free_cash_flow", "Free cash flow", ["free cash flow", "fcf", "unlevered free cash flow"], { phrases: ["cash left after capex", "cash left over after investments", "after paying for capital spending", "after paying for capital expenditures", "after paying for capex", "after capital expenditures", "after capital spending", "minus capex", "less capex", "after capex", "net of capex", "minus capital expenditures", "less capital expenditures", "net of capital expenditures"], metric: "free_cash_flow", rowWords: ["free cash flow"], madeOf: ["operating_cash_flow", "capital_expenditure"] }),
  amount("working_capital", "Working capital", ["working capital", "net working capital", "nwc"], { metric: "working_capital", balance: true }),
  amount("total_debt", "Total debt", ["total debt", "debt", "borrowings", "gross debt", "debt load"], { phrases: ["how much do they owe", "how much debt"], metric: "total_debt", balance: true }),
  amount("net_debt", "Net debt", ["net debt", "net borrowings"], { metric: "net_debt", rowWords: ["net debt"], balance: true }),
  ratio("operating_cash_flow_ratio", "Operating cash flow ratio", ["operating cash flow ratio", "ocf ratio", "cash flow ratio"], { metric: "operating_cash_flow_ratio", balance: true }),
  ratio("current_ratio", "Current ratio", ["current ratio"], { metric: "current_ratio", balance: true }),
  ratio("quick_ratio", "Quick ratio", ["quick ratio", "acid test"], { metric: "quick_ratio", balance: true }),
  ratio("debt_to_equity", "Debt to equity", ["debt to equity", "debt/equity", "d/e", "gearing", "leverage"], { metric: "debt_to_equity", balance: true }),
  ratio("debt_to_ebitda", "Debt to EBITDA", ["debt to ebitda", "debt/ebitda", "leverage ratio"], { metric: "debt_to_ebitda" }),
  ratio("net_debt_to_ebitda", "Net debt to EBITDA", ["net debt to ebitda", "net debt/ebitda", "net leverage"], { rowWords: ["net debt to ebitda"] }),
  ratio("interest_coverage", "Interest coverage", ["interest coverage", "times interest earned", "interest cover"], { metric: "interest_coverage" }),
  ratio("asset_turnover", "Asset turnover", ["asset turnover"], { metric: "asset_turnover" }),
  ratio("inventory_turnover", "Inventory turnover", ["inventory turnover", "inventory turns"], { metric: "inventory_turnover" }),
  { id: "dso", label: "Days sales outstanding", kind: "days", terms: ["dso", "days sales outstanding", "receivable days"], metric: "dso" },
  { id: "dio", label: "Days inventory outstanding", kind: "days", terms: ["dio", "days inventory outstanding", "inventory days"], metric: "dio" },
  { id: "dpo", label: "Days payable outstanding", kind: "days", terms: ["dpo", "days payable outstanding", "payable days"], metric: "dpo" },
  { id: "ccc", label: "Cash conversion cycle", kind: "days", terms: ["cash conversion cycle", "ccc"], metric: "ccc" },
  // operating figures, read from tables and passages
  // a property owner's income from its properties (real estate, utilities' rate base reporting)
  amount("net_operating_income", "Net operating income", ["net operating income", "noi"], { rowWords: ["net operating income"] }),
  // a segment's revenue less its direct costs, as segment tables print it (not the company's profit)
  amount("contribution_profit", "Contribution profit", ["contribution profit", "contribution loss", "contribution profit (loss)"], { rowWords: ["contribution profit"] }),
  // a marketplace's value of goods sold through it (not its revenue)
  amount("gmv", "Gross merchandise volume", ["gmv", "gross merchandise volume", "gross merchandise value"], { rowWords: ["gmv"] }),
  // retailers' and restaurants' sales growth of comparable stores
  percent("comparable_sales", "Comparable sales", ["comparable sales", "comparable store sales", "comparable sales growth", "same-store sales", "same store sales", "like-for-like sales", "comps", "comp sales", "comp store sales", "comp growth", "comp sales growth"], { rowWords: ["comparable sales"], isChange: true }),
  amount("sales_marketing", "Sales and marketing", ["sales and marketing", "marketing and sales", "selling and marketing", "s&m"], { rowWords: ["marketing and sales", "sales and marketing"] }),
  amount("backlog", "Backlog", ["backlog", "order backlog", "remaining performance obligations", "rpo", "order book", "orderbook", "contracted revenue", "unearned contracted revenue"], { rowWords: ["backlog"], balance: true }),
  { id: "employees", label: "Employees", kind: "count", terms: ["employees", "headcount", "staff", "workforce", "full-time employees", "fte", "people employed", "employed", "workers", "full-time workers"], phrases: ["how many people work", "people do they employ", "how many people", "how many workers", "people on payroll", "on the payroll", "full-time people", "have on payroll"], fact: "employees", balance: true },
  // people leaving: "turnover" beside "rate" or "employee" is attrition, never revenue
  percent("attrition", "Employee attrition", ["attrition", "attrition rate", "turnover rate", "employee turnover", "staff turnover", "voluntary turnover", "undesired turnover", "voluntary attrition", "undesired attrition"], { phrases: ["employees leave", "employees left", "people leave", "lose employees"] }),
  // the holders of a company's stock on its register, as the annual report's market section states them
  { id: "holders_of_record", label: "Holders of record", kind: "count", terms: ["holders of record", "shareholders of record", "stockholders of record", "record holders", "registered holders", "registered shareholders", "registered stockholders", "number of shareholders", "number of stockholders", "number of holders"], balance: true },
  // subscription businesses' paying members (a streaming service's memberships, a telecom's subscribers)
  { id: "subscribers", label: "Subscribers", kind: "count", terms: ["subscribers", "paid subs", "paying subs", "paid subscribers", "paying subscribers", "memberships", "paid memberships", "paid members", "paying members", "subscriber count", "member count", "user base"], rowWords: ["memberships", "subscribers", "members"], balance: true },
  // units a company sold of a product (handsets, vehicles, deliveries), as its product tables print them
  { id: "unit_sales", label: "Unit sales", kind: "count", terms: ["unit sales", "units sold", "units", "unit volume", "unit shipments", "unit deliveries"], phrases: ["how many did they sell", "how many did sell", "how many were sold", "how many units", "how many sold"], rowWords: ["unit sales", "units"] },
  { id: "stores", label: "Stores", kind: "count", terms: ["stores", "store count", "locations", "restaurants", "warehouses"], rowWords: ["stores"], balance: true },
  // people
  { id: "ceo", label: "Chief executive officer", kind: "person", terms: ["ceo", "chief executive", "chief executive officer", "boss"], phrases: ["who runs", "who heads", "who leads", "runs the company", "who is in charge", "who's in charge", "whos in charge", "in charge of the company"], role: "chief executive officer" },
  { id: "cfo", label: "Chief financial officer", kind: "person", terms: ["cfo", "chief financial officer", "finance chief", "finance director"], role: "chief financial officer" },
  { id: "coo", label: "Chief operating officer", kind: "person", terms: ["coo", "chief operating officer"], role: "chief operating officer" },
  { id: "chair", label: "Chair of the board", kind: "person", terms: ["chairman", "chairwoman", "chair", "chair of the board"], role: "chairman" },
  { id: "general_counsel", label: "General counsel", kind: "person", terms: ["general counsel", "chief legal officer", "top lawyer"], role: "general counsel" },
  { id: "executives", label: "Executive officers", kind: "person", terms: ["executives", "executive officers", "management team", "management", "leadership", "leadership team"], role: "" },
  // organisation facts
  { id: "auditor", label: "Auditor", kind: "organisation", terms: ["auditor", "auditors", "audit firm", "accounting firm", "independent registered public accounting firm"], phrases: ["audits their books", "audits the books", "who audits", "signs off the accounts", "signs off numbers", "signs off books", "signs off financials", "signs off audit", "who does audit", "audited by"], fact: "auditor" },
  { id: "incorporation", label: "State of incorporation", kind: "place", terms: ["state of incorporation", "jurisdiction of incorporation", "place of incorporation", "domicile", "incorporated in", "incorporated under the laws", "organized under the laws"], phrases: ["where incorporated", "where are they incorporated", "where is it incorporated", "incorporated in which state", "what state incorporated", "where domiciled", "legal domicile"], fact: "incorporation" },
  { id: "headquarters", label: "Headquarters", kind: "place", terms: ["headquarters", "hq", "head office", "principal executive offices", "main office", "headquartered"], phrases: ["where are they based", "where is it based", "where's it based", "where are they headquartered", "where is the company located", "where is it headquartered", "where's it headquartered", "where is it located"], fact: "headquarters" },
  { id: "subsidiaries", label: "Subsidiaries", kind: "organisation", terms: ["subsidiaries", "subsidiary"], fact: "subsidiaries" },
  { id: "customers", label: "Major customers", kind: "organisation", terms: ["biggest customer", "largest customer", "major customers", "key customers", "customer concentration"], fact: "customers" },
  // narrative
  { id: "risks", label: "Risk factors", kind: "text", terms: ["risks", "risk factors", "key risks", "main risks", "biggest risks", "top risks", "risk", "risker", "riskerna", "riskfaktorer"], phrases: ["what could go wrong", "what worries"], section: "risk factors", vocabulary: ["adversely affect", "adverse effect", "adverse impact", "materially adverse", "uncertainties", "could harm"] },
  { id: "segments", label: "Business segments", kind: "text", terms: ["segments", "business segments", "reportable segments", "divisions", "business units"], section: "segment", asWritten: true },
  { id: "business", label: "Business description", kind: "text", terms: ["business model", "what does the company do", "business overview", "what they do"], phrases: ["what do they do", "what does it do", "what do they sell"], section: "business" },
  // the statements by name ("per the income statement", "on its balance sheet"): where a figure is read, not a part of the company
  { id: "income_statement", label: "Income statement", kind: "text", terms: ["income statement", "statement of operations", "statement of income", "statements of operations", "p&l", "profit and loss statement"], section: "financial statements" },
  { id: "balance_sheet", label: "Balance sheet", kind: "text", terms: ["balance sheet", "balance sheets", "statement of financial position"], section: "financial statements" },
  { id: "cash_flow_statement", label: "Cash flow statement", kind: "text", terms: ["cash flow statement", "statement of cash flows", "statements of cash flows", "cash flows statement"], section: "financial statements" },
  { id: "acquisition", label: "Acquisition", kind: "text", terms: ["acquisition", "acquisitions", "takeover", "purchase price", "merger", "acquire", "acquired"], phrases: ["pay for", "paid for", "paying for", "agree to buy", "agreed to buy", "agree to acquire", "agreed to acquire", "buy out", "bought out", "swallow", "swallowed", "snap up", "snapped up", "scoop up", "scooped up", "gobble up", "gobbled up"], priced: true },
  { id: "legal", label: "Legal proceedings", kind: "text", terms: ["litigation", "lawsuits", "legal proceedings", "legal matters", "tvister", "tvisterna", "rättstvister"], phrases: ["getting sued", "being sued"], section: "legal proceedings" },
];

const BY_ID = new Map(CONCEPTS.map((c) => [c.id, c]));

export function conceptById(id: string): Concept | undefined {
  return BY_ID.get(id);
}
