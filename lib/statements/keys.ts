/**
 * Canonical line items from statement labels, as US GAAP statements word them in general
 * ("Net sales", "Total net revenue", "Purchases of property, plant and equipment",
 * "Net income attributable to <parent>"). `section` is the nearest heading line above without
 * values ("Earnings per share:", "Weighted average shares outstanding:", "Cash and cash equivalents:"),
 * which decides what a bare "Basic", "Diluted" or "End of period" means.
 */
import type { LineItemKey, StatementKind } from "./types";

type Rule = [LineItemKey, RegExp, RegExp?];

const PER_SHARE = /\bper (?:common |ordinary |basic |diluted )?(?:share|unit)\b|\bearnings per\b|\beps\b|\bper share\b/;
const SHARE_COUNT = /\bshares\b|\bweighted[- ]average\b|\bshare count\b/;

const INCOME: Rule[] = [
  ["cost_of_revenue", /^(?:total )?costs? of (?:net )?(?:revenues?|sales|goods sold|products sold|merchandise sold|products and services sold|sales and services)\b/],
  // cost of revenue printed in parts with no total ("Cost of products", "Cost of services"): the line items add up (lib/agent/knowledge/line-items.ts)
  ["cost_of_revenue", /^costs? of (?:products|services)$/],
  ["revenue", /^(?:total )?(?:net )?(?:operating )?(?:revenues?|sales)(?:, net)?(?: \(note \d+\))?$|^(?:total )?(?:net )?(?:revenues?|sales) and other (?:operating )?(?:income|revenues?)$|^sales to customers$|^total net revenues?$|^revenues?, net$/],
  ["gross_profit", /^gross (?:profit|margin)$/],
  ["sga", /^(?:total )?(?:selling|marketing|sales)(?:, | and | & |,)general(?:,)? (?:and|&) administrative(?: expenses?)?$|^selling, general,? and administrative|^(?:total )?(?:selling|marketing|sales) (?:and|&) administrative(?: expenses?)?$/],
  ["research_development", /^(?:total )?research(?:,)? (?:and|&) development(?: expenses?| costs)?$|^research, development and/],
  ["operating_expenses", /^total (?:operating )?(?:costs and )?expenses$|^total operating (?:costs|expenses)(?: and expenses)?$|^(?:total )?costs and expenses$|^operating expenses, total$/],
  ["depreciation_amortization", /^depreciation(?:,| and) (?:depletion and )?amortization(?: expense)?$|^depreciation and amortization\b/],
  ["operating_income", /^(?:total )?operating (?:income|profit|earnings)(?: \(loss\))?$|^operating (?:loss|\(loss\)) (?:income|profit)$|^(?:income|earnings|profit)(?: \(loss\))? from operations$|^\(?loss\)? income from operations$|^operating income \(loss\)$/],
  ["interest_expense", /^interest expense(?:, net)?(?: of capitalized interest)?$|^interest and debt expense$/],
  ["pretax_income", /^(?:income|earnings|\(loss\) income|income \(loss\)|loss|profit|\(loss\)|\(loss\) earnings|earnings \(loss\))\b.*\bbefore\b.*\btax/, /\bper\b/],
  ["income_tax_expense", /^(?:provision for|\(?benefit\)? (?:from|for)|\(?benefit from\)? provision for|provision \(benefit\) for|income tax(?:es)? (?:expense|provision|benefit))\b.*\btax|^income tax(?:es)?(?: expense)?(?: \(benefit\))?$|^(?:total )?income tax (?:expense|provision)|^(?:\(?(?:provision|benefit)\)?[ /]*(?:for|from)?[ /]*)+\(?(?:provision|benefit)?\)? ?(?:for|from)? (?:income )?taxes(?: on income)?$|^(?:income )?tax(?:es)? (?:on income )?\(?(?:benefit|provision|expense)\)?[ /]*\(?(?:benefit|provision|expense)?\)?$/, /\bbefore\b|\bnet of\b|\bdeferred\b/],
  ["income_tax_expense", /^(?=.*\b(?:provision|benefit|expense)\b)(?=.*\b(?:income )?tax(?:es)?\b)/, /\bbefore\b|\bnet of\b|\bdeferred\b|\bpaid\b|\bpayable\b|\breceivable\b|\bper\b/],
];

const BALANCE: Rule[] = [
  ["cash", /^cash and (?:cash )?equivalents(?:, at carrying value)?$|^cash$|^cash and cash equivalents \(note \d+\)$/],
  ["short_term_investments", /^(?:short-term|current) (?:investments|marketable securities)$|^marketable securities(?: - current|, current)?$|^short-term investments(?:, at fair value)?$/],
  ["accounts_receivable", /^(?:accounts and notes|(?:tenant|trade) and other) receivables?|^(?:trade )?(?:accounts|trade|notes and accounts|customer) receivables?(?:\b.*)?$|^receivables(?:, net|\b.*)?$/, /\bnon-?current\b|\blong-term\b|\brelated part/],
  ["inventories", /^(?:total |merchandise )?inventor(?:y|ies)(?:, net)?$/],
  ["total_current_assets", /^total current assets$/],
  ["ppe_net", /^(?:property|premises)(?:,)? (?:plant,? )?(?:and|&) equipment\b.*\b(?:net|less accumulated)\b|^net property(?:,)? (?:plant )?(?:and|&) equipment|^(?:total )?property(?:,)? (?:plant )?(?:and|&) equipment(?:, net)?$|^property and equipment, at cost, net|^fixed assets, net$/, /^less\b|^accumulated\b|\bgross\b|\bat cost$/],
  ["goodwill", /^goodwill(?:, net)?$/],
  ["intangible_assets", /^(?:other |acquired |identifiable )?intangible assets(?:, net)?\b(?!.*goodwill)|^intangibles(?:, net)?$/],
  ["total_assets", /^total assets$/],
  ["accounts_payable", /^(?:trade )?accounts payable(?: and accrued (?:liabilities|expenses))?$|^accounts payable\b/, /\bnon-?current\b|\blong-term\b/],
  ["short_term_debt", /^short-term (?:borrowings|debt)\b|^long-term (?:debt|borrowings),? (?:classified as )?current$|^(?:current portion|current maturities) of (?:long-term )?(?:debt|borrowings)|^short-term debt and current|^commercial paper$|^notes payable and short-term|^current debt$|^debt (?:maturing|due|payable) within one year\b|^(?:notes payable and other borrowings|notes payable|borrowings|other borrowings),? current$|^current borrowings$/],
  ["total_current_liabilities", /^total current liabilities$/],
  ["long_term_debt", /^long-term (?:debt|borrowings|notes)\b|^(?:notes payable and )?long-term debt\b|^senior notes\b/, /(?<!\b(?:net of|less|excluding|excluding the|less the|net of the) )\bcurrent (?:portion|maturities)\b|\bdue within\b|\bclassified as current\b|,? current$/],
  ["total_liabilities", /^total liabilities$/],
  ["total_liabilities_and_equity", /^total liabilities\b.*\b(?:equity|deficit|capital|capitalization|investment)\b/],
  ["total_equity_including_nci", /^total (?:equity|deficit)(?: \(deficit\))?$|^total (?:stockholders'|shareholders'|shareowners') equity (?:and|including) (?:non-?controlling|minority)/],
  ["total_equity", /^total\b.*\b(?:stockholders|shareholders|shareowners|share owners)'? (?:equity|deficit|investment)(?: \(deficit\))?$|^total (?:common )?(?:stockholders|shareholders)'? equity|^total equity attributable to\b|^total parent company equity$/, /\bnoncontrolling|non-controlling|minority\b/],
];

const CASH_FLOW: Rule[] = [
  ["operating_cash_flow", /^(?:net |total )?cash\b.*\b(?:operating activities|operations)(?: from continuing operations)?$/, /\bdiscontinued\b|\bpaid\b|\binterest\b|\btaxes\b|\breconcile\b|^cash flows? from\b/],
  ["investing_cash_flow", /^(?:net |total )?cash\b.*\binvesting(?: activities)?(?: from continuing operations)?$/, /\bdiscontinued\b|\bpaid\b|\binterest\b|\btaxes\b|\breconcile\b|^cash flows? from\b/],
  ["financing_cash_flow", /^(?:net |total )?cash\b.*\bfinancing(?: activities)?(?: from continuing operations)?$/, /\bdiscontinued\b|\bpaid\b|\binterest\b|\btaxes\b|\breconcile\b|^cash flows? from\b/],
  ["capital_expenditure", /^(?:purchases?|payments?|acquisitions?|additions?|expenditures?|investments?)(?: to acquire| for (?:the )?(?:acquisition|purchase) of| (?:of|for|to|in))? (?:the )?(?:property|plant|premises|fixed assets|capital assets|land|real estate)\b|^capital expenditures?\b|^(?:property|premises)(?:,)? (?:plant,? )?(?:and|&) equipment (?:additions|purchases|expenditures)$|^capital additions$|^expenditures for (?:property|plant)|^(?:purchases|acquisitions) of property and equipment|^capital spending$/, /\bproceeds\b|\bsales? of\b|\bdisposals?\b/],
  ["dividends_paid", /^(?:cash )?dividends(?: paid| to (?:share|stock)holders| on common stock)?(?: to (?:share|stock)holders)?$|^(?:payments? (?:of|for)|paid) (?:cash )?dividends|^dividends paid\b|^common (?:stock )?dividends(?: paid)?$|^cash dividends (?:paid|declared)|^dividends\W+common(?: (?:and|&) preferred)?(?: stock)?$/, /\bnoncontrolling|(?<!common (?:and|&) )\bpreferred\b|\bsubsidiar/],
  ["share_repurchases", /^(?:purchases?|repurchases?|payments? for (?:the )?repurchases?|acquisitions?|buybacks?) of (?:the company's )?(?:common |treasury |capital )?(?:stock|shares)\b|^(?:common )?(?:stock|share) repurchases?\b|^treasury (?:stock|shares) (?:purchases?|acquired)|^repurchases? of common stock|^(?:common )?(?:stock|shares?) repurchased$/],
  ["fx_effect_on_cash", /\beffects? of (?:foreign )?(?:currency )?exchange rates?\b|\beffect of exchange rate changes\b|\bexchange rate effect\b|\bforeign currency effect\b/],
  ["net_change_in_cash", /^(?:net )?(?:\(?(?:increase|decrease)\)?|change)(?:[\s/,(]|$).*\bcash\b|^cash\b.*\b(?:increase|decrease|change)\b/, /\bbeginning\b|\bend of\b|\bin restricted cash$/],
  ["cash_beginning", /\b(?:beginning|start) of (?:the )?(?:year|period|fiscal year|quarter)\b|^balance,? beginning|\bat beginning\b|\bbeginning (?:balances?|of year|of period)$/],
  ["cash_end", /\bend of (?:the )?(?:year|period|fiscal year|quarter)\b|^balance,? end|\bat end\b|\bending balances?$/],
  ["depreciation_amortization", /^depreciation(?:,| and) (?:depletion and )?amortization\b|^depreciation and amortization\b/],
];

const RULES: Record<StatementKind, Rule[]> = { income: INCOME, balance: BALANCE, cash_flow: CASH_FLOW };

const PER_SHARE_PHRASE = /\b(?:net )?(?:income|earnings|loss)? ?per (?:common |ordinary |basic |diluted )?(?:share|unit)\b|\bearnings per\b|\beps\b/g;

function perShareKey(label: string, section: string): LineItemKey | undefined {
  if (/\bdividends?\b/.test(label)) return undefined;
  const bareLabel = label.replace(PER_SHARE_PHRASE, " ");
  const bareSection = section.replace(PER_SHARE_PHRASE, " ");
  const diluted = /\bdiluted\b/.test(label);
  const basic = /\bbasic\b/.test(label);
  // "Shares used to compute diluted net income per share", "Diluted" under "Weighted-average shares …": share counts
  if (SHARE_COUNT.test(bareLabel)) return diluted ? "shares_diluted" : undefined;
  if (PER_SHARE.test(label)) return diluted ? "eps_diluted" : basic ? "eps_basic" : undefined;
  if (!diluted && !basic) {
    // "Net income attributable to …" under "Earnings per common share—diluted:"
    if (!PER_SHARE.test(section) || SHARE_COUNT.test(bareSection) || netIncomeKey(label) !== "net_income") return undefined;
    return /\bdiluted\b/.test(section) ? "eps_diluted" : /\bbasic\b/.test(section) ? "eps_basic" : undefined;
  }
  if (SHARE_COUNT.test(bareSection)) return diluted ? "shares_diluted" : undefined;
  if (PER_SHARE.test(section)) return diluted ? "eps_diluted" : "eps_basic";
  return undefined;
}

function netIncomeKey(label: string): LineItemKey | undefined {
  if (!/^(?:net )?(?:income|earnings|\(loss\) income|income \(loss\)|\(loss\) earnings|earnings \(loss\)|loss)\b/.test(label) && !/^net (?:income|earnings|loss|\(loss\))/.test(label)) return undefined;
  if (!/^net\b/.test(label) && !/\bavailable to|\battributable to\b/.test(label)) return undefined;
  if (/\b(?:noncontrolling|non-controlling|minority)\b/.test(label)) return /including|before/.test(label) && !/\bper\b/.test(label) ? "net_income_including_nci" : undefined;
  if (/\bper\b|\bbefore\b|\bfrom continuing\b|\bdiscontinued\b|\bcomprehensive\b|\badjust/.test(label)) return undefined;
  if (/\bpreferred\b|\bparticipating\b/.test(label)) return undefined;
  return "net_income";
}

/** The canonical line item of a statement line, or undefined. */
export function keyOf(kind: StatementKind, rawLabel: string, section: string): LineItemKey | undefined {
  const label = rawLabel.replace(/\s*\((?:note|notes) [\d, and]+\)$/, "").replace(/^less:? /, "");
  if (kind === "income") {
    const ps = perShareKey(label, section);
    if (ps) return ps;
    if (PER_SHARE.test(label) || (SHARE_COUNT.test(label) && !/\bbefore\b/.test(label))) return undefined;
    if (/^(?:basic|diluted)$/.test(label)) return undefined;
    const ni = netIncomeKey(label);
    if (ni) return ni;
  }
  if (kind === "cash_flow") {
    if (/^(?:beginning|end) of (?:the )?(?:year|period)$/.test(label) && /\bcash\b/.test(section)) return /^beginning/.test(label) ? "cash_beginning" : "cash_end";
    if ((/\bbeginning\b|\bend of\b|\bat end\b/.test(label)) && !/\bcash\b/.test(label) && !/\bcash\b/.test(section)) return undefined;
  }
  // debt printed under current liabilities is due within the year whatever it is called ("Term debt", "Borrowings")
  if (kind === "balance" && /\bcurrent liabilities\b/.test(section) && !/\bnon-?current\b/.test(section) && CURRENT_DEBT.test(label)) return "short_term_debt";
  return ruleKey(kind, label) ?? (NET_SUFFIX.test(label) ? ruleKey(kind, label.replace(NET_SUFFIX, "")) : undefined);
}

/** A trailing ", net" qualifies a line without changing what it is ("Research and development expense, net"). */
const NET_SUFFIX = /,\s*net$/;

function ruleKey(kind: StatementKind, label: string): LineItemKey | undefined {
  for (const [key, re, not] of RULES[kind]) {
    if (re.test(label) && !(not && not.test(label))) return key;
  }
  return undefined;
}

/** Debt lines that name no term of their own: under current liabilities they are the debt due within a year. */
const CURRENT_DEBT = /^(?:term debt|debt|borrowings|loans(?: payable)?|notes payable|notes payable and other borrowings|other borrowings|bank (?:loans|borrowings))(?:,? current)?$/;
