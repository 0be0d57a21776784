/**
 * A ranking of the company's parts ("which segment is largest by revenue", "the biggest
 * geography"): the rows of one table that break the figure down by the part asked (segment,
 * geography, region, division …), each part's value for the period, ranked, with every compared
 * value shown and cited. A total, an elimination or an "other" line is no part, and the parts must
 * add up to the company's total (a table of one segment's service lines ranks nothing). Nothing
 * here knows a company or a document.
 */
import { opensAsYesNo } from "@/lib/answers/narrative/answer-type";
import { formatAmount } from "@/lib/metrics/numbers";
import { conceptById, type Concept } from "../concepts/catalog";
import { findConcepts, tokens } from "../concepts/match";
import type { LineItemRow, LineItemsOutput } from "../evidence/line-items";
import type { Reading } from "../reader/read";

export interface RankAsked {
  order: "largest" | "smallest";
  /** The part word as asked ("segment", "geography"). */
  part: string;
  /** What ranks the parts: their figure for the period, or its growth over the period before ("grew fastest"). */
  by: "level" | "growth";
  /** The move asked is a fall ("the biggest drop", "fell the most"): the parts rank by growth, the most negative first. */
  decline?: boolean;
}

/** The words that rank: the top end and the bottom end. */
const TOP_WORDS = ["largest", "biggest", "highest", "most", "top", "leading", "greatest", "fastest", "fattest", "strongest", "widest", "richest"];
const BOTTOM_WORDS = ["smallest", "lowest", "least", "slowest", "worst", "thinnest", "slimmest", "weakest", "narrowest"];
/** A superlative word, either end ("the largest", "grew fastest", "fell the most"): what a ranking's answer says of the part it names. */
export const SUPERLATIVE_WORD = String.raw`(?:${[...TOP_WORDS, ...BOTTOM_WORDS].join("|")})`;
const TOP = new RegExp(String.raw`\b(?:${TOP_WORDS.join("|")})\b|\b(?:perform\w*|did|does|do|doing|fared)\s+(?:the\s+)?best\b|\bbest[- ]perform\w*`, "i");
const BOTTOM = new RegExp(String.raw`\b(?:${BOTTOM_WORDS.join("|")})\b`, "i");
/** "the biggest drop", "fell the most", "declined most": a fall ranks the parts by growth. */
const DECLINE = /\b(?:drops?|dropped|declin\w*|fall|falls|fell|fallen|shr[iau]nk\w*|decreas\w*|contract\w*)\b/i;
/** "where (in the world) did sales fall the most": the place asked is a geography. */
const WHERE_GEOGRAPHY = /\bwhere\b(?:\s+in\s+the\s+world)?(?=.*\b(?:sales|revenues?|grow\w*|grew|fell|fall|drop\w*|declin\w*|decreas\w*|increas\w*|rose|rise)\b)/i;
/** "grew fastest", "the fastest-growing segment", "the highest growth": growth ranks the parts. */
const GROWTH = /\b(?:fastest|slowest)\b|\b(?:grew|grown|grow(?:s|ing)?|growth)\b/i;
const PART = /\b(segment|geograph(?:y|ies|ic)|region|division|business unit|business(?=es\b|\b)|reportable segment|market|brand|product line)(?:s|es)?\b/i;
/** "which segment …", "the largest region": a question that ranks parts, not one part's figure. */
const WHICH = /\b(?:which|what)\s+(?:of\s+(?:its|their|the)\s+)?(?:[\p{L}-]+\s+)?(?:segment|geograph\w*|region|division|business unit|business|market|brand|product line)(?:s|es)?\b/iu;
const SUPERLATIVE_PART = new RegExp(String.raw`\b(?:${[...TOP_WORDS, ...BOTTOM_WORDS, "best"].join("|")})\b[^,;?]*\b(?:segment|geograph\w*|region|division|business unit|business|market|brand|product line)(?:s|es)?\b`, "i");

/** The question asks a superlative ("the biggest decline", "grew fastest"): no one part's own figure decides it. */
export function asksSuperlative(text: string): boolean {
  return TOP.test(text) || BOTTOM.test(text);
}

export function rankAsked(text: string): RankAsked | undefined {
  const where = WHERE_GEOGRAPHY.test(text);
  // "did the US have the biggest decline?": one part asked against the others, whatever the part word
  const against = opensAsYesNo(text) && (DECLINE.test(text) || GROWTH.test(text));
  const part = PART.exec(text)?.[1] ?? (where ? "geographic" : against && asksSuperlative(text) ? "segment" : undefined);
  if (!part) return undefined;
  const top = BOTTOM.test(text) ? "smallest" : TOP.test(text) ? "largest" : undefined;
  if (!top || !(where || against || WHICH.test(text) || SUPERLATIVE_PART.test(text))) return undefined;
  const decline = DECLINE.test(text);
  // "the biggest drop" is the lowest growth; "the smallest decline" the highest ("worst", "best" say which end themselves)
  const order = decline && !/\b(?:best|worst)\b/i.test(text) ? (top === "largest" ? "smallest" : "largest") : top;
  return { order, part: part.toLowerCase().replace(/^reportable /, "").replace(/^geograph\w*$/, "geographic"), by: decline || GROWTH.test(text) ? "growth" : "level", ...(decline ? { decline } : {}) };
}

/** The part word as a noun for the answer ("geographic" → "geography", "geographies"). */
function partNoun(part: string, plural = false): string {
  if (part === "geographic") return plural ? "geographies" : "geography";
  return plural ? (/(?:s|sh|ch|x)$/.test(part) ? `${part}es` : `${part}s`) : part;
}

/** The period a year before ("FY2020" → "FY2019", "Q3 2023" → "Q3 2022"), for a growth. */
export function yearBefore(period: string): string | undefined {
  const m = /^(FY|[QH][1-4] )(\d{4})$/.exec(period);
  return m ? `${m[1]}${Number(m[2]) - 1}` : undefined;
}

/** The figure parts are ranked by: the amount the question names, else revenue (what "the biggest segment" means). */
export function rankMeasure(r: Reading): Concept | undefined {
  // (a rate named, "the highest operating margin", is no amount a table of parts ranks: never revenue in its place)
  const figures = r.concepts.filter((c) => c.kind !== "text");
  const amount = figures.find((c) => c.kind === "amount" || c.kind === "count");
  return amount ?? (figures.length ? undefined : conceptById("revenue"));
}

/**
 * The part words a table may break a figure down by, for the part asked (a geography is often a
 * segment, and the reverse). A table's heading writes the noun or the adjective ("Revenues by
 * Geography", "by geographic area"), which stem apart: both are asked.
 */
const ALSO: Record<string, string[]> = {
  segment: ["segment", "geographic", "geography", "region"],
  geographic: ["geographic", "geography", "segment", "region"],
  region: ["region", "geographic", "geography", "segment"],
  business: ["business", "segment"],
};

export function rankCall(r: Reading, asked: RankAsked, c: Concept): { toolName: string; input: Record<string, unknown> } {
  // the concept's name first, the part word after it: "revenue segment" (the concept is read before the scope)
  const items = (ALSO[asked.part] ?? [asked.part]).map((part) => `${c.terms[0]} ${part}`);
  // a growth needs the year before the period too
  const last = r.periods.slice(-1);
  const before = asked.by === "growth" && last[0] ? yearBefore(last[0]) : undefined;
  const periods = before ? [before, ...last] : last;
  return { toolName: "get_line_items", input: { ...(r.company ? { company: r.company } : {}), items, ...(periods.length ? { periods } : {}), limit: 20 } };
}

const NOT_A_PART = /\b(?:total|totals|consolidated|eliminations?|intersegment|inter-segment|corporate|unallocated|reconcil\w*|all other|other)\b/i;

const stemsOf = (t: string) => ` ${tokens(t).map((w) => w.stem).join(" ")} `;

/**
 * The part a row is of: its label when the label is not the figure's name, else the heading above
 * it. A total or subtotal row ("Total package revenue") is no part, nor a name holding the figure's
 * own words ("Net sales by reportable segment").
 */
function partOf(row: LineItemRow, c: Concept): string | undefined {
  if (NOT_A_PART.test(row.label)) return undefined;
  const names = [...c.terms, c.label].map(stemsOf);
  const label = stemsOf(row.label);
  const isFigure = names.some((n) => label.includes(n));
  const name = (isFigure ? row.table?.headings.at(-1) : row.label)?.trim();
  if (!name || NOT_A_PART.test(name)) return undefined;
  return isFigure && names.some((n) => stemsOf(name).includes(n)) ? undefined : name;
}

/** The company's total for the period: a statement line of the figure (else a table's total line). */
function companyTotal(rows: LineItemRow[], c: Concept, period: string): number | undefined {
  const names = [...c.terms, c.label].map(stemsOf);
  const of = (r: LineItemRow) => r.columns.find((k) => k.period === period && k.value !== null)?.value ?? undefined;
  const statement = rows.find((r) => r.source === "statement" && of(r) !== undefined);
  if (statement) return of(statement);
  const total = rows.find((r) => /^total\b/i.test(r.label) && names.some((n) => stemsOf(r.label).includes(n)) && of(r) !== undefined);
  return total ? of(total) : undefined;
}

/** Parts add up to the whole (within what eliminations and corporate lines take): else the table holds a part of them. */
const WHOLE = { low: 0.9, high: 1.1 };

interface Ranked {
  name: string;
  value: number;
  shown: string;
  citation: string;
  /** The part's figure a year before, when the table prints it. */
  prior?: { value: number; shown: string; period: string };
}

/** The parts of the table that breaks the figure down into the most parts, for the period asked (else its latest). */
function partsOf(o: LineItemsOutput, c: Concept, periods: string[], totals: LineItemRow[]): { period: string; parts: Ranked[] } | null {
  const tables = new Map<string, LineItemRow[]>();
  for (const row of o.rows ?? []) {
    const key = `${row.document}:${row.page}:${row.table?.title ?? ""}`;
    tables.set(key, [...(tables.get(key) ?? []), row]);
  }
  // one printed table may stack blocks under headings of their own ("Total Revenues by Geography" above "Total
  // Revenues by Business"): each block is also read alone, since the blocks together add up to the total twice
  for (const [key, rows] of [...tables]) {
    const heads = new Set(rows.map((x) => x.table?.headings.at(-1) ?? ""));
    if (heads.size < 2) continue;
    for (const head of heads) tables.set(`${key}|${head}`, rows.filter((x) => (x.table?.headings.at(-1) ?? "") === head));
  }
  let best: { period: string; parts: Ranked[] } | null = null;
  for (const rows of tables.values()) {
    // a table of two figures ("revenues and long-lived assets by geographic area") is not read by its row labels
    const title = [rows[0]!.table?.title ?? "", ...(rows[0]!.table?.headings ?? [])].join(" ");
    if (findConcepts(title).some((h) => h.concept.id !== c.id && (h.concept.kind === "amount" || h.concept.kind === "count"))) continue;
    // "latest", "prior year" or nothing asked: the table's newest column
    const newest = rows.flatMap((x) => x.columns.filter((k) => k.value !== null).map((k) => k.period)).sort((a, b) => Number(/\d{4}/.exec(b)?.[0] ?? 0) - Number(/\d{4}/.exec(a)?.[0] ?? 0))[0];
    const period = periods.filter((p) => /\d{4}/.test(p)).at(-1) ?? newest;
    if (!period) continue;
    const parts: Ranked[] = [];
    // a row printed under a heading another row of the table names ("United States" under "Americas", totalled by "Total Americas") is a part of a part
    // (a heading that is the figure itself, "Revenues" over "Total revenues", groups nothing)
    const names = [...c.terms, c.label].map(stemsOf);
    const isFigureName = (t: string) => names.some((n) => stemsOf(t.replace(/^\s*total\s+/i, "")).trim() === n.trim());
    // ("Total international revenue" totals the rows under "International:": a total's label less the figure's name names its group)
    const groupKey = (t: string) => stemsOf(t.replace(/^\s*total\s+/i, "").replace(/[:\s]+$/, "")).replace(new RegExp(names.map((n) => `${n.trim()}\\s*$`).join("|")), "").trim();
    const groups = new Set(rows.filter((x) => !isFigureName(x.label)).map((x) => groupKey(x.label)).filter(Boolean));
    for (const row of rows) {
      // (an amount ranked: a block of rates under the same title, "% Revenues by Geography", holds no part's amount)
      if (row.unit === "%" && c.kind !== "percent") continue;
      const name = partOf(row, c);
      if (name === row.label.trim() && (row.table?.headings ?? []).some((h) => !isFigureName(h) && groupKey(h) !== groupKey(name) && groups.has(groupKey(h)))) continue;
      const col = row.columns.find((k) => k.period === period && k.value !== null);
      if (!name || !col || parts.some((p) => p.name.toLowerCase() === name.toLowerCase())) continue;
      const before = yearBefore(period);
      const prior = before ? row.columns.find((k) => k.period === before && k.value !== null) : undefined;
      parts.push({ name, value: col.value!, shown: formatAmount(col.value!, row.scale, row.currency), citation: row.citation, ...(prior ? { prior: { value: prior.value!, shown: formatAmount(prior.value!, row.scale, row.currency), period: prior.period } } : {}) });
    }
    const whole = companyTotal([...totals, ...(o.rows ?? [])], c, period);
    const sum = parts.reduce((n, p) => n + p.value, 0);
    if (!whole || sum < WHOLE.low * whole || sum > WHOLE.high * whole) continue;
    if (parts.length >= 2 && (!best || parts.length > best.parts.length)) best = { period, parts };
  }
  return best ?? partsOfTitles(o, c, periods, totals);
}

/** "Domestic Streaming Segment", "International Segment": a part named by its table's title. */
const PART_TITLE = /(?:^|—\s*)((?:\p{Lu}[\p{L}&'.-]*\s+){0,3}\p{Lu}[\p{L}&'.-]*)\s+(?:[Ss]egment|[Dd]ivision)\s*(?=—|$)/u;
/** "… net sales and net income for the Display Technologies segment:": a part the title's sentence names. */
const PART_TITLE_SENTENCE = /\bfor (?:the|its|our)\s+((?:\p{Lu}[\p{L}&'.-]*\s+){0,3}\p{Lu}[\p{L}&'.-]*)\s+(?:segment|division)\b/u;

/** Scales a table may print its figures in without saying so on the row: units, thousands, millions, billions. */
const UNSTATED_SCALES = [1, 1e3, 1e6, 1e9];

/**
 * One table per part ("Domestic Streaming Segment", "International Streaming Segment", each with
 * its own "Revenues" row, or "Segment net sales" under "… for the Display Technologies segment"):
 * the figure's row of each table whose title names a part, when those rows add up to the company's
 * total. Rows whose scale the page states apart ("3,172" of a table "in millions" above it) add up to
 * it at one scale: that scale, or none.
 */
function partsOfTitles(o: LineItemsOutput, c: Concept, periods: string[], totals: LineItemRow[]): { period: string; parts: Ranked[] } | null {
  const names = [...c.terms, c.label].map(stemsOf);
  const period = periods.filter((p) => /\d{4}/.test(p)).at(-1);
  const found: Array<{ name: string; row: LineItemRow; value: number; prior?: { value: number; period: string } }> = [];
  let at: string | undefined;
  for (const row of o.rows ?? []) {
    const title = (row.table?.title ?? "").trim();
    const part = (PART_TITLE.exec(title) ?? PART_TITLE_SENTENCE.exec(title))?.[1]?.trim();
    // the row is the figure itself ("Revenues", "Segment net sales"), not a measure built on it ("Average monthly revenue per paying membership")
    const label = stemsOf(row.label.replace(/^\s*segment\s+/i, "")).trim();
    if (!part || NOT_A_PART.test(part) || NOT_A_PART.test(row.label) || !names.some((n) => label === n.trim())) continue;
    const col = row.columns.find((k) => (period ? k.period === period : true) && k.value !== null);
    if (!col || (at && col.period !== at) || found.some((p) => p.name.toLowerCase() === part.toLowerCase())) continue;
    at = col.period;
    const before = yearBefore(col.period);
    const prior = before ? row.columns.find((k) => k.period === before && k.value !== null) : undefined;
    found.push({ name: part, row, value: col.value!, ...(prior ? { prior: { value: prior.value!, period: prior.period } } : {}) });
  }
  if (!at || found.length < 2) return null;
  const whole = companyTotal([...totals, ...(o.rows ?? [])], c, at);
  const sum = found.reduce((n, p) => n + p.value, 0);
  // (a scale only for rows printed in units: a row whose scale is stated adds up as printed)
  const scales = found.every((p) => p.row.scale === 1) ? UNSTATED_SCALES : [1];
  const factor = whole ? scales.find((k) => sum * k >= WHOLE.low * whole && sum * k <= WHOLE.high * whole) : undefined;
  if (!factor) return null;
  const shown = (v: number, row: LineItemRow) => (factor === 1 ? formatAmount(v, row.scale, row.currency) : formatAmount(v * factor, factor, row.currency));
  const parts = found.map((p) => ({ name: p.name, value: p.value * factor, shown: shown(p.value, p.row), citation: p.row.citation, ...(p.prior ? { prior: { value: p.prior.value * factor, shown: shown(p.prior.value, p.row), period: p.prior.period } } : {}) }));
  return { period: at, parts };
}

/** Parts ranked by growth over the year before: every part's both years printed, else none (a growth not printed is not guessed). */
function writeGrowthRanking(o: LineItemsOutput, c: Concept, asked: RankAsked, found: { period: string; parts: Ranked[] }): string | null {
  const parts = found.parts.filter((p) => p.prior && p.prior.value > 0);
  if (parts.length < 2 || parts.length < found.parts.length) return null;
  const growth = (p: Ranked) => p.value / p.prior!.value - 1;
  const ranked = [...parts].sort((a, b) => (asked.order === "largest" ? growth(b) - growth(a) : growth(a) - growth(b)));
  const pct = (p: Ranked) => `${growth(p) >= 0 ? "+" : ""}${(growth(p) * 100).toFixed(1)}%`;
  const first = ranked[0]!;
  const when = (x: string) => x.replace(/^FY/, "fiscal ");
  return [
    `${o.company ? `${o.company}: ` : ""}the ${partNoun(asked.part)} whose ${c.label.toLowerCase()} ${asked.decline || growth(first) < 0 ? `fell ${asked.order === "smallest" ? "the most" : "the least"}` : `grew ${asked.order === "largest" ? "fastest" : "slowest"}`} in ${when(found.period)} was **${first.name}**, ${pct(first)} (${first.prior!.shown} in ${when(first.prior!.period)} to ${first.shown}) ${first.citation}. The ${partNoun(asked.part, true)} compared:`,
    ...ranked.map((p) => `- ${p.name}: ${pct(p)}, ${p.prior!.shown} → ${p.shown} ${p.citation}`),
  ].join("\n");
}

export function writeRanking(o: LineItemsOutput, c: Concept, r: Reading, asked: RankAsked, totals: LineItemRow[] = []): string | null {
  const found = partsOf(o, c, r.periods, totals);
  if (!found) return null;
  if (asked.by === "growth") return writeGrowthRanking(o, c, asked, found);
  const ranked = [...found.parts].sort((a, b) => (asked.order === "largest" ? b.value - a.value : a.value - b.value));
  const first = ranked[0]!;
  const when = found.period.replace(/^FY/, "fiscal ");
  return [
    `${o.company ? `${o.company}: ` : ""}the ${asked.order} ${partNoun(asked.part)} by ${c.label.toLowerCase()} in ${when} was **${first.name}**, with ${first.shown} ${first.citation}. The ${partNoun(asked.part, true)} compared:`,
    ...ranked.map((p) => `- ${p.name}: ${p.shown} ${p.citation}`),
  ].join("\n");
}

/** No table breaks the figure down by the part asked with every part's value (and the year before, for a move): said so, never a total. */
export function writeNotRanked(r: Reading, c: Concept, asked: RankAsked): string {
  const period = r.periods.at(-1);
  const what = asked.by === "growth" ? `${c.label.toLowerCase()} for ${period ? `${period} and the year before` : "two periods"}` : `${c.label.toLowerCase()}${period ? ` for ${period}` : ""}`;
  return `I couldn't find a table that ranks the company's ${partNoun(asked.part, true)}: I looked for one giving every ${partNoun(asked.part)}'s ${what}, adding up to the company's total. The company's total, or one ${partNoun(asked.part)}'s own figure, does not answer which is ${asked.by === "growth" ? (asked.decline || asked.order === "smallest" ? "falling the most" : "growing fastest") : asked.order}. Would you like me to add this question to the Q&A list?`;
}
