/**
 * Statement titles as filings print them: "Consolidated Balance Sheets", "Statements of Financial
 * Position", "Consolidated Statements of Operations", "Condensed Consolidated Statements of Income
 * (Unaudited)", "Consolidated Statement of Cash Flows", matched on letters only (PDF text splits
 * and drops letters). Statements of comprehensive income or of equity are not primary statements.
 */
import { squash } from "./text";
import type { StatementKind } from "./types";

export interface TitleHit {
  kind: StatementKind;
  /** "(continued)": the rest of a statement begun on an earlier page. */
  continued: boolean;
  /** A statement of comprehensive income: the income statement only when a filing prints no other. */
  comprehensive?: boolean;
}

const QUALIFIERS = "(?:consolidated|condensed|combined|unaudited|interim|the|company|group)*";
const BALANCE = new RegExp(`^${QUALIFIERS}(?:balancesheets?|statements?of${QUALIFIERS}financial(?:posi(?:ti)?on|condi(?:ti)?on))`);
const CASH = new RegExp(`^${QUALIFIERS}(?:statements?of${QUALIFIERS}cash(?:fl|fi)?ows?|cash(?:fl|fi)?ows?statements?)`);
const INCOME = new RegExp(`^${QUALIFIERS}(?:statements?of${QUALIFIERS}(?:opera(?:ti)?ons|income|earnings|netincome|loss|netloss|comprehensiveincome|comprehensiveloss|comprehensiveearnings|operationsandcomprehensive\\w*|incomeandcomprehensive\\w*|earningsandcomprehensive\\w*)|incomestatements?)`);

/** Text that only mentions a statement, or names a table that is not one. */
const NOT_A_TITLE = /changesin|(?:stockholders|shareholders|shareowners|members)(?:equity|deficit|investment)|notesto|seeaccompanying|accompanyingnotes|integralpart|data$|highlights|supplementa|proforma|segment|quarterly|selected|summary|reconciliation|nongaap|guarantor|consolidating|schedule|parentcompany|registrant/;

/** Words one of which every title holds, even split by the PDF text ("Balance Shee t"). */
const QUICK = /balance|statement|sheet|financial|cash/i;

/** The statement a line is the title of, if it is one (the line starts with the title, after an optional company name). */
export function titleOf(line: string): TitleHit | undefined {
  if (line.length > 160 || !QUICK.test(line)) return undefined;
  const sq = squash(line);
  if (sq.length < 10 || sq.length > 130) return undefined;
  const at = sq.search(/consolidated|condensed|combined|balancesheet|statements?of|incomestatement|cash(?:fl|fi)?ows?statement|financialposition/);
  if (at < 0 || at > 45) return undefined;
  const rest = sq.slice(at);
  if (/comprehensive$/.test(sq.slice(0, at))) return undefined;
  if (NOT_A_TITLE.test(sq) || /^note/.test(sq)) return undefined;
  // before the title only a company name may stand ("QUILLFORD CORPORATION", "Example Company and Subsidiaries"), not prose
  if (!/^[\p{Lu}\d]/u.test(line.trim())) return undefined;
  const words = line.trim().split(/\s+/);
  const first = words.findIndex((w) => /^(?:consolidated|condensed|combined|balance|statements?|income|unaudited|interim|cash)$/i.test(w));
  if (first < 0 || words.slice(0, first).some((w) => (/^\p{Ll}/u.test(w) && !/^(?:and|of|&)$/.test(w)) || /^(?:our|the|in|see|this|these|its|as|on|from|to|an?|with|for)$/i.test(w))) return undefined;
  if (/^(?:location|amounts?|gross|effects?|impact)\b/i.test(line.trim())) return undefined;
  const continued = /continued|cont$/.test(rest);
  if (BALANCE.test(rest)) return { kind: "balance", continued };
  if (CASH.test(rest)) return { kind: "cash_flow", continued };
  const inc = INCOME.exec(rest);
  if (inc) {
    // a statement of comprehensive income alone is not the income statement
    if (/^[a-z]*statements?of[a-z]*?comprehensive/.test(inc[0]) && !/(?:operations|income|earnings|loss)andcomprehensive/.test(rest)) return { kind: "income", continued, comprehensive: true };
    return { kind: "income", continued };
  }
  return undefined;
}

/** A company's name: a legal form ends it ("PG&E Corporation", "Pacific Gas and Electric Company", "Example Holdings, Inc."). */
const COMPANY_NAME = /^[\p{Lu}\d][^.:;!?]{0,70}?\b(?:corporation|company|incorporated|inc\.?|corp\.?|ltd\.?|limited|llc|l\.?p\.?|plc|n\.?v\.?|s\.?a\.?|ag|se|holdings|group)(?:\s+and\s+(?:its\s+)?subsidiaries)?\.?$/iu;

/**
 * The company a statement is of, as printed above its title or before it on the title line
 * ("PG&E Corporation" over "CONSOLIDATED STATEMENTS OF INCOME"): what tells apart the statements of
 * the registrants of a combined filing.
 */
export function entityOfTitle(lines: string[], titleRow: number): string | undefined {
  const title = lines[titleRow]?.trim() ?? "";
  const at = title.search(/\b(?:consolidated|condensed|combined|balance sheets?|statements? of)\b/i);
  const before = at > 0 ? title.slice(0, at).trim() : "";
  for (const cand of [before, ...lines.slice(Math.max(0, titleRow - 2), titleRow).reverse().map((l) => l.trim())]) {
    if (cand && COMPANY_NAME.test(cand) && !/\d{3}/.test(cand)) return cand;
  }
  return undefined;
}

/** Cheap page filter before reading lines: could this page hold a statement title? */
export function mayHoldTitle(text: string): boolean {
  return /balance\s*s\s*h|statements?\s+of|financial\s+(?:position|condition)|income\s+statement|cash\s*\S*\s*statement/i.test(text);
}
