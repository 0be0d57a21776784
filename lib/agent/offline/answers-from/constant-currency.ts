/**
 * A figure's change at constant currency: from a get_line_items row's change column headed so, or a
 * search_documents sentence stating it; else said as not found, with the reported change beside it.
 */
import { withoutYears } from "@/lib/answers/narrative/fit";
import { sentencePieces } from "@/lib/extraction/sentences";
import type { Concept } from "../../concepts/catalog";
import { GRAMMAR_WORDS, PLAIN_LABEL_STEMS } from "../../concepts/generic-words";
import { findConcepts, tokens } from "../../concepts/match";
import type { LineItemRow, LineItemsOutput } from "../../evidence/line-items";
import type { ChangeColumn } from "../../evidence/change-columns";
import { CONSTANT_CURRENCY } from "../../concepts/answer-words";
import type { Passage, SearchDocumentsOutput } from "../../evidence/passages";
import { changePeriods, type Reading } from "../../reader/read";
import { fiscalYears, initialsAsWords, PERCENT_VALUE, periodWord, plainStems, whose, yearsAsked } from "./shared";
import { pickRow, pickScopedRow } from "./pick-row";
import { shownValue, writeRowChange } from "./rows";
import { FIGURE_RUN_IN_TEXT, namedAmongParts, namesAPart, RUNNING_HEADER, STATING_VERB } from "./stated";
import { closestPassage } from "./not-found";

/** A change in percent, signed ("+8%", "−11%"). */
const signedPercent = (v: number) => `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v)}%`;

/**
 * The constant-currency change a row's change columns print for the periods asked (the last two
 * fiscal years asked, or the last asked and the year before it; the newest pair when none is
 * asked), with the reported change beside it. Null when the row prints none for them.
 */
export function basisChangeOf(row: LineItemRow, periods: string[]): { cc: ChangeColumn; reported?: ChangeColumn } | null {
  const cc = changeColumnOf(row, periods, "constant_currency");
  if (!cc) return null;
  return { cc, reported: row.changes!.find((x) => x.basis === "reported" && x.to === cc.to && x.from === cc.from) };
}

/** A row's change column of one basis for the periods asked (the newest when none is asked). */
function changeColumnOf(row: LineItemRow, periods: string[], basis: ChangeColumn["basis"]): ChangeColumn | undefined {
  const fy = fiscalYears(periods).sort();
  const cols = (row.changes ?? []).filter((x) => x.basis === basis).sort((a, b) => b.to.localeCompare(a.to));
  return fy.length ? cols.find((x) => x.to === fy.at(-1) && (fy.length < 2 || x.from === fy.at(-2))) : cols[0];
}

/**
 * "EMEA revenue growth in cc": the row's constant-currency change for the periods asked, read from
 * the column its table heads so ("Constant", "FX-Neutral"), with the reported change and both
 * amounts beside it. Null when no row fitting the figure prints one.
 */
export function writeBasisRow(o: LineItemsOutput, c: Concept, r: Reading): string | null {
  const withBasis = { ...o, rows: (o.rows ?? []).filter((x) => basisChangeOf(x, r.periods)) };
  if (!withBasis.rows.length) return null;
  const periods = changePeriods(r.periods);
  // (a row labelled by the part's own words alone, "Cloud and license", before rows naming more: "Total cloud services and license support revenues")
  const partStems = r.scope ? new Set(plainStems(initialsAsWords(r.scope))) : undefined;
  const ownLabel = partStems ? withBasis.rows.filter((x) => { const l = plainStems(initialsAsWords(x.label)).filter((w) => w !== "and"); return l.length > 0 && l.length === partStems.size && l.every((w) => partStems.has(w)); }) : [];
  const scoped = ownLabel.length ? { ...withBasis, rows: ownLabel } : withBasis;
  const row = r.scope ? pickScopedRow(scoped, c, r.scope, r.segment, periods) : (wholeAmong(o, withBasis.rows, c, r.periods) ?? pickRow(withBasis, c, periods));
  const found = row ? basisChangeOf(row, r.periods) : null;
  if (!row || !found) return null;
  const { cc, reported } = found;
  const amount = (p: string) => {
    const col = row.columns.find((x) => x.period === p && x.value !== null);
    return col ? `${periodWord(p)}: ${shownValue(c, col, row)}` : undefined;
  };
  const amounts = [amount(cc.from), amount(cc.to)].filter(Boolean).join("; ");
  return [
    `${whose(o.company)}${c.label} — ${row.label}, ${periodWord(cc.from)}–${periodWord(cc.to)}: **${signedPercent(cc.value)} at constant currency** (column "${cc.heading}")${reported ? `; ${signedPercent(reported.value)} as reported (column "${reported.heading}")` : ""} ${row.citation}`,
    ...(amounts ? [amounts] : []),
    `(row as printed: ${row.row})`,
  ].join("\n");
}

/** The company's own line of the figure: the row pickRow takes, else the statement line naming the concept ("Net revenues"). */
function companyLine(o: LineItemsOutput, c: Concept, periods: string[]): LineItemRow | null {
  return pickRow(o, c, changePeriods(periods)) ?? (o.rows ?? []).find((x) => x.source === "statement" && x.columns.some((k) => k.value !== null) && findConcepts(x.label).some((h) => h.concept.id === c.id)) ?? null;
}

/**
 * The company's own figure among rows of several tables (its total beside each business's "Total
 * revenues"): the row whose amounts for the two periods of its change are the ones the company's
 * own line prints (its statement line, or the rows that agree).
 */
function wholeAmong(o: LineItemsOutput, rows: LineItemRow[], c: Concept, periods: string[]): LineItemRow | null {
  const whole = companyLine(o, c, periods);
  if (!whole) return null;
  const valueOf = (x: LineItemRow, p: string) => x.columns.find((k) => k.period === p && k.value !== null)?.value;
  return (
    rows.find((x) => {
      const ch = basisChangeOf(x, periods);
      // (the amounts the row's columns place: a row whose earlier year the table reader missed still shows its newest)
      const placed = [ch?.cc.from, ch?.cc.to].filter((p): p is string => !!p && valueOf(x, p) !== undefined);
      return placed.length > 0 && placed.every((p) => valueOf(x, p) === valueOf(whole, p));
    }) ?? null
  );
}

/**
 * The sentence stating the figure's constant-currency change ("… increased 4% on a
 * currency-neutral basis", "… increased 7% (11% in constant currency)", "… increased 10% and 16%
 * on a reported and currency-neutral basis, respectively"): a sentence saying the basis in its own
 * words, naming the figure (and the part asked, not among a list of parts; no part when none is
 * asked), of the year asked (said in it, or a sentence of that year's report saying no year), with
 * the percentage the basis words qualify. Null when none does.
 */
export function writeBasisStated(o: SearchDocumentsOutput, c: Concept, r: Reading, reported?: string | null): string | null {
  const year = yearsAsked(r.periods).sort().at(-1);
  const names = [...(c.rowWords ?? []), ...c.terms].map((t) => tokens(t).map((x) => x.stem)).filter((n) => n.length);
  const named = r.scope ? tokens(initialsAsWords(r.scope)).map((t) => t.stem) : [];
  // (a part of three words or more is often written by its initials: "Europe, Middle East & Africa" as "EMEA")
  const words = (r.scope ?? "").split(/[^\p{L}]+/u).filter((w) => w && !/^(?:and|of|the)$/i.test(w));
  const initials = words.length >= 3 ? words.map((w) => w[0]!.toLowerCase()).join("") : "";
  const byInitials = (s: string) => !!initials && new RegExp(`\\b${initials}\\b`, "i").test(s);
  let scopeStems = named;
  // the words a sentence may put before the figure's name: the part asked, the company's name, plain words
  const subjectWords = new Set([...named, initials, ...tokens(o.company ?? "").map((t) => t.stem), ...PLAIN_LABEL_STEMS, ...tokens("our its the net reported").map((t) => t.stem), ...[...GRAMMAR_WORDS].map((w) => tokens(w)[0]?.stem ?? w)]);
  const found: Array<{ figure: string; text: string; citation: string }> = [];
  for (const p of o.passages ?? []) {
    for (const s of sentencePieces(p.text.replace(/\s+/g, " "))) {
      // a sentence, not a table run into the text
      if (!CONSTANT_CURRENCY.test(s) || !PERCENT_VALUE.test(s) || s.length > 400 || !STATING_VERB.test(s) || FIGURE_RUN_IN_TEXT.test(withoutYears(s))) continue;
      scopeStems = byInitials(s) ? [initials] : named;
      const toks = tokens(initialsAsWords(s));
      const stems = toks.map((x) => x.stem);
      const at = names.map((n) => stems.findIndex((_, i) => n.every((w, j) => stems[i + j] === w))).filter((i) => i >= 0).sort((a, b) => a - b)[0];
      if (at === undefined) continue;
      // the figure's own subject: "NIKE, Inc. Revenues", "Greater China revenues", not "Footwear revenues" (a part not asked)
      if (!stems.slice(Math.max(0, at - 6), at).every((w) => subjectWords.has(w) || /^\d/.test(w))) continue;
      if (scopeStems.length ? !scopeStems.every((w) => stems.slice(0, at).includes(w)) || namedAmongParts(scopeStems === named ? r.scope! : initials, s) : namesAPart(s)) continue;
      const years = [...s.matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => m[1]!);
      if (year && !(years.includes(year) || (!years.length && p.period === `FY${year}`))) continue;
      const figure = basisFigure(s);
      if (figure) found.push({ figure, text: s.replace(RUNNING_HEADER, "").trim(), citation: p.citation });
    }
  }
  // sentences stating different figures (one of each region's sections, each saying "Footwear revenues increased …"): none is the one asked
  if (!found.length || new Set(found.map((f) => f.figure)).size > 1) return null;
  const { figure, text, citation } = found[0]!;
  return `${whose(o.company)}${r.scope ? `${r.scope} ` : ""}${c.label} change${year ? ` (fiscal ${year})` : ""}: **${figure} at constant currency** — the filing states: "${text}" ${citation}${reported ? `\nReported change: ${reported}` : ""}`;
}

/** A percentage (a year before "%", "FISCAL 2022 % CHANGE", is a heading's, not one). */
const PERCENT_AT = /\(?[-−]?(?!(?:19|20)\d\d\b)\d[\d,]*(?:\.\d+)?\s*(?:%|percent\b)/g;

/**
 * The percentage the constant-currency words qualify: the one paired with them by "respectively"
 * ("10% and 16% … on a reported and currency-neutral basis, respectively"), else the one just
 * before them ("11% in constant currency", "4% on a currency-neutral basis"). Undefined when
 * neither reads plainly.
 */
function basisFigure(s: string): string | undefined {
  const basis = CONSTANT_CURRENCY.exec(s);
  if (!basis) return undefined;
  if (/\brespectively\b/i.test(s)) {
    // "a reported and currency-neutral basis": the second; "a constant currency and reported basis": the first
    const second = new RegExp(`\\breported\\s+and\\s+(?:${CONSTANT_CURRENCY.source})`, "i").test(s);
    const first = new RegExp(`(?:${CONSTANT_CURRENCY.source})(?:\\s+basis)?\\s+and\\s+(?:an?\\s+)?(?:as\\s+)?reported\\b`, "i").test(s);
    const figures = /(\d[\d,.]*\s*%)\s*(?:,\s*|\s+)and\s+(\d[\d,.]*\s*%)/.exec(s);
    if (second === first || !figures) return undefined;
    return figures[second ? 2 : 1]!.replace(/\s+/g, "");
  }
  const before = [...s.slice(0, basis.index).matchAll(PERCENT_AT)].at(-1);
  if (!before) return undefined;
  // (only a few words between the figure and the basis: "11% in", "4% on a")
  const between = s.slice(before.index! + before[0].length, basis.index);
  return between.split(/\s+/).filter(Boolean).length <= 3 && !/\d/.test(between) ? before[0].replace(/[\s(]+/g, "") : undefined;
}

/**
 * The figure's reported change for the periods asked: as its table prints it ("Actual", "As
 * Reported"), else as the row's two amounts give it (only for periods asked). Null without a row.
 */
export function reportedChange(c: Concept, r: Reading, rows: LineItemsOutput | undefined, company?: string): string | null {
  if (!rows) return null;
  const row = r.scope ? pickScopedRow(rows, c, r.scope, r.segment, changePeriods(r.periods)) : companyLine(rows, c, r.periods);
  if (!row) return null;
  const printed = changeColumnOf(row, r.periods, "reported");
  if (printed) return `${row.label}, ${periodWord(printed.from)}–${periodWord(printed.to)}: ${signedPercent(printed.value)} (column "${printed.heading}") ${row.citation}`;
  // (its figure not in bold: beside a constant-currency answer or a refusal it is evidence, not the answer)
  return r.periods.length ? (writeRowChange(row, c, { ...r, aggregate: "growth" }, company)?.split("\n")[0]?.replace(/\*\*/g, "") ?? null) : null;
}

/**
 * No constant-currency change found for the figure: said so, with the reported change shown as
 * the closest evidence (never as the answer), and what was searched.
 */
export function writeBasisNotFound(c: Concept, r: Reading, rows: LineItemsOutput | undefined, passages: Passage[], company?: string): string {
  const when = r.periods.length ? ` for ${r.periods.map(periodWord).join("–")}` : "";
  const reported = reportedChange(c, r, rows, company);
  const lines = [
    `I couldn't find the constant-currency change of ${r.scope ? `${r.scope} ` : ""}${c.label.toLowerCase()}${when}${company ? ` for ${company}` : ""} in the documents: no table column headed as constant currency and no sentence stating it on that basis. The reported change is not the constant-currency one.`,
  ];
  const closest = [...(reported ? [`- reported (not constant currency): ${reported}`] : []), ...passages.slice(0, reported ? 1 : 2).map(closestPassage)];
  if (closest.length) lines.push("Closest evidence (not an answer to the question as asked):", ...closest);
  lines.push("Would you like me to add this question to the Q&A list?");
  return lines.join("\n");
}
