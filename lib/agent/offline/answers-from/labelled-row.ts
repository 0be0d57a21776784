/**
 * The answer to a figure asked in the words a table prints rather than a catalog concept's (the
 * "labelled" step): the get_line_items row whose label says nothing the question does not.
 */
import escapeStringRegexp from "escape-string-regexp";
import { PER_SHARE } from "@/lib/extraction/findings/scope";
import { formatAmount } from "@/lib/metrics/numbers";
import { readCurrency } from "@/lib/statements/scale";
import { asksNewestColumn } from "@/lib/periods";
import { tokens } from "../../concepts/match";
import type { LineItemRow, LineItemsOutput } from "../../evidence/line-items";
import type { Reading } from "../../reader/read";
import { fiscalYears, periodWord, plainStems, SCALE_WORD, whose } from "./shared";
import { columnOf, latestFiled, MEASURE_STEMS, mostStated } from "./pick-row";

/** The legal forms a registrant's name ends in. */
const LEGAL_FORM = String.raw`(?:inc(?:orporated)?|corp(?:oration)?|company|co|llc|l\.?p\.?|limited partnership|operating partnership|plc|ltd|limited)\b`;

/**
 * A combined filing's other registrant named in a table's context: the company's name with another
 * legal form ("Boston Properties Limited Partnership" in the 10-K of Boston Properties, Inc.;
 * "Pacific Gas and Electric Company" beside PG&E Corporation is another name, not caught here).
 * Built once per answer, tested per row.
 */
function otherRegistrantTest(company: string | undefined): (context: string) => boolean {
  const m = company ? new RegExp(String.raw`^(.+?)[,\s]+(${LEGAL_FORM})\.?$`, "i").exec(company.trim()) : null;
  if (!m) return () => false;
  const form = (f: string) => f.toLowerCase().replace(/\./g, "");
  const own = form(m[2]!);
  const named = new RegExp(String.raw`\b${escapeStringRegexp(m[1]!.trim()).replace(/\s+/g, "\\s+")}[,\s]+(${LEGAL_FORM})`, "gi");
  return (context) => [...context.matchAll(named)].some((hit) => form(hit[1]!) !== own);
}

/**
 * A figure no catalog concept names, asked in the words the deal's own table prints ("streaming
 * content obligations at end of 2015", "domestic streaming paid memberships"): a row whose label
 * says nothing the question does not, with every word of the question in its label or its table's
 * title and headings, for the period asked (or its newest). Rows that disagree answer nothing.
 */
export function writeLabelledRow(o: LineItemsOutput, r: Reading): string | null {
  const want = new Set(plainStems(r.label ?? ""));
  if (!want.size) return null;
  // the periods as the tool read them ("last year" → the latest fiscal year), else as asked
  const periods = o.periods?.length ? o.periods : r.periods;
  const asked = [...periods].filter((p) => /^(?:FY|Q[1-4] )?\d{4}$/.test(p)).sort().at(-1);
  // "ffo per share": a per-share figure is a row naming the share, not the total under a heading that mentions shares
  const perShare = PER_SHARE.test(r.text);
  const PER_SHARE_STEMS = new Set(plainStems("per share diluted basic common"));
  const companyStems = new Set(plainStems(o.company ?? ""));
  const attributable = plainStems("attributable")[0];
  const ownedByCompany = (label: string[]) => !!attributable && label.includes(attributable) && [...companyStems].some((w) => label.includes(w));
  const fitting = (o.rows ?? []).filter((x) => {
    const label = plainStems(x.label);
    const context = new Set(plainStems([x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" ")));
    if (perShare && !PER_SHARE.test(x.label)) return false;
    // ("FFO attributable to Acme, Inc.": the company's own figure, its name no extra word)
    const own = ownedByCompany(label);
    return label.length > 0 && label.every((w) => want.has(w) || MEASURE_STEMS.has(w) || (perShare && PER_SHARE_STEMS.has(w)) || (own && (companyStems.has(w) || w === attributable))) && [...want].every((w) => label.includes(w) || context.has(w));
  });
  // a row naming a cost the question does not ask, in its label ("Cost of natural gas" for "how much came from natural
  // gas") or its table's ("Hardware" in a table of stock-based compensation expense by line), gives way to the rows
  // that name none ("Natural gas", under the revenues)
  // (a cost the question does ask, "cost of natural gas", is the row whose own label names it)
  const costAsked = new Set(tokens(r.text).map((t) => t.stem).filter((w) => MEASURE_STEMS.has(w)));
  const costNamed = (x: LineItemRow) => plainStems([x.label, x.section ?? "", x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" ")).some((w) => MEASURE_STEMS.has(w) && !want.has(w));
  const plain = costAsked.size ? fitting.filter((x) => plainStems(x.label).some((w) => costAsked.has(w))) : fitting.filter((x) => !costNamed(x));
  // no row in the question's words alone: the company's total of the measure asked, whose label ends in those words
  // ("Total transaction take rate" for "take rate"; the parts' rows, "StubHub take rate", are no answer)
  const ordered = plainStems(r.label ?? "");
  const totalOf = (x: LineItemRow) => {
    const label = plainStems(x.label);
    return /^\s*total\b/i.test(x.label) && label.length > ordered.length && label.slice(-ordered.length).join(" ") === ordered.join(" ");
  };
  const found = plain.length ? plain : fitting.length ? fitting : (o.rows ?? []).filter(totalOf);
  // a combined filing's other registrant (an operating partnership, a utility subsidiary) prints the same measure:
  // the row attributed to the company asked comes first
  const owned = found.filter((x) => ownedByCompany(plainStems(x.label)));
  const otherRegistrant = otherRegistrantTest(o.company);
  const fits = owned.length ? owned : found.filter((x) => !otherRegistrant([x.table?.title ?? "", ...(x.table?.headings ?? []), x.section ?? ""].join(" ")));
  // (a "latest" asked that the tool answered with a newer report's column, a release's quarter after the year: that column)
  const newer = (x: LineItemRow) => (x.columns.length === 1 && asksNewestColumn(r.text) ? x.columns[0] : undefined);
  const valued = fits.map((x) => ({ x, col: asked ? (x.columns.find((k) => k.value !== null && k.period === asked) ?? newer(x)) : columnOf(x) })).filter((f) => f.col && f.col.value !== null);
  if (!valued.length) return null;
  // rows that disagree: the value more of the filing's tables state (a misread line is one place)
  const agrees = (xs: typeof valued) => xs.length > 0 && new Set(xs.map((f) => `${f.col!.period}|${f.col!.value}`)).size === 1;
  const latest = new Set(latestFiled(valued.map((f) => f.x)));
  const ofLatest = valued.filter((f) => latest.has(f.x));
  const agreed = agrees(valued) ? valued[0]!.x : agrees(ofLatest) ? ofLatest[0]!.x : mostStated(valued.map((f) => f.x), (y) => valued.find((f) => f.x === y)!.col!);
  const picked = valued.find((f) => f.x === agreed);
  if (!picked) return null;
  const { x, col } = picked;
  // a table of money may hold counts ("Paid memberships 43,401" among dollar rows): money when the row prints it so
  // a statement's line is money; a table's when it prints a currency
  const money = !!x.currency && (x.source === "statement" || !!readCurrency(`${x.row} ${x.table?.title ?? ""} ${(x.table?.headings ?? []).join(" ")}`));
  const shownOf = (k: LineItemRow["columns"][number]) => {
    const printed = k.printed ?? String(k.value! / (x.scale || 1));
    return x.unit === "%" ? `${printed.replace(/\s*%$/, "")}%` : money ? formatAmount(k.value!, x.scale, x.currency) : `${printed}${SCALE_WORD[x.scale] ? ` ${SCALE_WORD[x.scale]}` : ""}`;
  };
  const where = [x.table?.title, ...(x.table?.headings ?? [])].filter(Boolean).join(" › ");
  // two years or more asked ("iphone units fy15 vs fy14"): each from the row, and the change
  const years = [...new Set(fiscalYears(periods))].sort();
  // (a year the row does not print, "content obligations ye15 vs ye17" in a deal of both 10-Ks: the same row of another filing)
  const sameRow = (y: LineItemRow) => y === x || (plainStems(y.label).join(" ") === plainStems(x.label).join(" ") && y.unit === x.unit && y.currency === x.currency && y.scale === x.scale);
  const alike = [x, ...fits.filter((y) => y !== x && sameRow(y))];
  const series = years.map((p) => alike.map((y) => ({ y, k: y.columns.find((k) => k.period === p && k.value !== null) })).find((f) => f.k));
  if (years.length >= 2 && series.every(Boolean)) {
    const [a, b] = [series[0]!.k!, series.at(-1)!.k!];
    const delta = b.value! - a.value!;
    const rate = `${delta >= 0 ? "+" : "−"}${a.value ? Math.abs((delta / Math.abs(a.value)) * 100).toFixed(1) : "∞"}%`;
    const change = x.unit === "%" ? `${delta >= 0 ? "+" : "−"}${Math.abs(delta).toFixed(1)} points` : money ? `${delta >= 0 ? "+" : "−"}${formatAmount(Math.abs(delta), x.scale, x.currency)} (${rate})` : rate;
    const cited = [...new Set(series.map((f) => f!.y.citation))].join(" ");
    const printed = [...new Set(series.map((f) => f!.y))].map((y) => `(row as printed: ${y.row})`);
    return [`${whose(o.company)}${x.label}${where ? ` (${where})` : ""}, ${periodWord(a.period)} to ${periodWord(b.period)}: ${change} ${cited}`, ...series.map((f) => `- ${periodWord(f!.k!.period)}: **${shownOf(f!.k!)}**`), ...printed].join("\n");
  }
  return `${whose(o.company)}${x.label}${where ? ` (${where})` : ""}, ${periodWord(col!.period)}: **${shownOf(col!)}** ${x.citation}\n(row as printed: ${x.row})`;
}
