/**
 * Agent Mode's gate checks what each item's answer says, against the tool results of its own turn:
 * - a figure is answered only when the value its answer states is a value a tool returned for that
 *   concept and period (the metric engine's result or input, a table row's column, a passage's
 *   number), and a company-level item never takes a segment's row;
 * - a comparison needs both sides answered; its change is computed here from the two values;
 * - a narrative item (top risks) needs passages of its report section (Risk Factors for risks);
 * - an item the turn searched for and found nothing on is "not in the data room", with what was
 *   searched; an item whose turn did not run (budget spent), failed, or found its inputs without
 *   stating the figure is a failure of the run, never a gap in the data room.
 */
import escapeStringRegexp from "escape-string-regexp";
import type { AgentToolCall } from "@/lib/agent/run";
import type { ComputeOutput } from "@/lib/agent/evidence/compute";
import type { LineItemRow, LineItemsOutput } from "@/lib/agent/evidence/line-items";
import type { SearchDocumentsOutput } from "@/lib/agent/evidence/passages";
import type { RiskFactorsOutput } from "../evidence/risks";
import { withoutCitations, type SourceRef } from "@/lib/agent/sources";
import { UNITS_ASKED, type RequestItem } from "@/lib/agent/reader/items";
import { GENERIC_WORDS, GRAMMAR_WORDS } from "@/lib/agent/concepts/generic-words";
import { tokens } from "@/lib/agent/concepts/match";
import { partTokens, saysSegment } from "@/lib/agent/concepts/part-names";
import type { LegResult } from "./item-legs";
import { namesConcept, partOfSentence, sentencesHolding, writtenDigits } from "./evidence-scope";
import { sentencePieces } from "@/lib/extraction/sentences";
import { unaskedWords } from "./ask-words";
import { sideFromTools } from "./comparison-side";
import { respectiveFigures } from "@/lib/agent/evidence/respectively";
import { answerHead, percentAsked, shareAsked } from "./answer-head";
import { comparePeriods, monthNumber, monthWords } from "@/lib/periods";
import { changePeriods } from "@/lib/agent/reader/read";
import { parseNumbers, writtenAs, type ParsedNumber } from "@/lib/agent/guardrails/numbers";
import { MONEY } from "@/lib/answers/narrative/fit";
import { GEOGRAPHY } from "@/lib/extraction/findings/scope";
import { SUPERLATIVE_WORD, asksSuperlative } from "@/lib/agent/offline/ranking";
import { countInKinds } from "@/lib/agent/offline/answers-from/stated";
import { yearsWritten } from "@/lib/periods/years";
import { plainWords } from "@/lib/text-keys";

export interface StatedFigure {
  /** In units (dollars, a count) or percent points. */
  value: number;
  unit: "amount" | "percent" | "count";
  /** As the answer writes it ("USD 34,229 million", "19.1%"). */
  display: string;
  currency?: string;
  /** The figure's scale as written (1e6 for "million"). */
  scale: number;
}

export type LegCheck =
  | { status: "answered"; figure?: StatedFigure; lines: string[]; sources: SourceRef[]; via: string; asOf?: string }
  | { status: "not_covered"; searched: string[] }
  | { status: "failed"; reason: string; searched: string[] };

export interface ItemCheck {
  item: RequestItem;
  status: "answered" | "not_covered" | "failed";
  legs: LegCheck[];
  /** A comparison's change, computed from its two sides. */
  change?: { value: number; percent?: number; unit: StatedFigure["unit"] };
  reason?: string;
}

const NOT_FOUND = /\bcouldn['’]t find\b|\bcould not find\b|\bno (?:document|passage|figure|row|statement)s?\b[^.]*\b(?:found|cover|state)|\bnot (?:stated|found|disclosed) in\b|\bnone of the (?:extracted|documents|filings)|\bdoes not (?:state|disclose)\b|\bholds no documents\b/i;

/** A figure as the answer states it, from the one reader of printed numbers (lib/agent/guardrails/numbers). */
function stated(n: ParsedNumber): StatedFigure {
  const value = n.negative ? -n.raw : n.raw;
  if (n.percent) return { value, unit: "percent", display: n.text, scale: 1 };
  return { value: value * n.scale, unit: n.currency || n.scale !== 1 ? "amount" : "count", display: n.text, ...(n.currency ? { currency: n.currency } : {}), scale: n.scale };
}

/** A year ("2023") is no figure unless written as an amount or a percentage. */
const isYear = (n: ParsedNumber) => !n.currency && !n.percent && n.scale === 1 && n.decimals === 0 && /^(?:19|20)\d{2}$/.test(writtenDigits(n.text));

/** The figures a text states (amounts, percentages, counts), years left out. */
export function readFigures(text: string): StatedFigure[] {
  return parseNumbers(text, false).filter((n) => !isYear(n)).map(stated);
}

/** The figure a sentence states (the first amount, percentage or count, not a year). */
export function readFigure(text: string): StatedFigure | null {
  return readFigures(text)[0] ?? null;
}

const QUESTION_WORDS = new Set(["who", "what", "which", "when", "where", "why", "how", "is", "are", "was", "were", "did", "does", "the"]);
const MONTH = new RegExp(String.raw`\b${monthWords({ abbreviated: true })}\.?\s+\d{1,2}\b,?`, "gi");

/** The words of the item's concept (its terms' first words), for finding the figure a sentence gives for it. */
function conceptWords(item: RequestItem): string[] {
  const terms = [...(item.concept?.terms ?? []), ...(item.concept?.rowWords ?? []), item.ask];
  return [...new Set(terms.flatMap((t) => t.toLowerCase().split(/[^a-z&]+/)).filter((w) => w.length > 3))];
}

/**
 * The figure an answer states: its bold figure; else, in the sentence it quotes, the figure next to
 * the item's words ("employed approximately 92,000 people"), never a day of a date.
 */
function statedFigure(text: string, item: RequestItem): StatedFigure | null {
  for (const m of text.matchAll(/\*\*([^*]+)\*\*/g)) {
    const f = readFigure(m[1]!);
    if (f) return { ...f, display: m[1]!.trim() };
  }
  // a citation's file name and page are no figure of the answer
  const first = withoutCitations(text.split("\n")[0] ?? "");
  const linked = linkedFigure(first, item);
  if (linked) return linked;
  const quoted = /"([^"]+)"/.exec(first);
  if (!quoted) return null;
  const sentence = quoted[1]!.replace(MONTH, " ").replace(/\b(?:19|20)\d{2}\b/g, " ");
  // an amount per share raised or cut is the level it was moved to ("increased the quarterly dividend from $0.22 to $0.24 per
  // share", "increased its quarterly dividend by 10% to $1.52"), never the move's percentage nor a figure after it
  if (item.concept?.kind === "per_share") {
    const moved = /\b(?:increased|raised|decreased|reduced|lowered|cut)\b(?:[^.;]|\.(?=\d))*?\bto\s+([$€£]\s?\d[\d,]*(?:\.\d+)?)/i.exec(sentence);
    // (the figure moved is the one asked: its words before the new level, "quarterly … dividend"; an annual dividend per share is another)
    const said = new Set(tokens(moved ? sentence.slice(0, moved.index + moved[0].length) : "").map((w) => w.stem));
    const own = tokens(item.concept.label).filter((w) => !["per", "share"].includes(w.word)).map((w) => w.stem);
    if (moved && own.every((w) => said.has(w))) return readFigure(moved[1]!);
  }
  const paired = pairedFigure(sentence, item);
  if (paired) return paired;
  const words = [...conceptWords(item), "people", "persons"];
  for (const m of sentence.matchAll(/(?:\$\s?)?\d[\d,]*(?:\.\d+)?\s?(?:%|percent|thousand|million|billion)?/gi)) {
    const near = sentence.slice(m.index! + m[0].length, m.index! + m[0].length + 40).toLowerCase();
    if (words.some((w) => near.includes(w))) return readFigure(m[0]);
  }
  return null;
}

const PAIR_FIGURE = String.raw`((?:[$€£]\s?)?\(?\d[\d,]*(?:\.\d+)?\)?\s?(?:million|billion|thousand)?)`;
/** "The aggregate net sales and operating loss of X … was $5.8 billion and $(24) million": two measures and their figures, in order. */
const PAIRED = new RegExp(String.raw`\b((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+)\s+and\s+((?:[\p{L}-]+\s+){0,3}[\p{L}-]+)\b[^.;]*?\b(?:was|were|totaled|totalled|amounted to)\s+${PAIR_FIGURE}\s+and\s+${PAIR_FIGURE}`, "iu");

/** The figure a sentence pairing two measures with two figures gives the item's measure (named on one side only), else null. */
function pairedFigure(sentence: string, item: RequestItem): StatedFigure | null {
  const m = PAIRED.exec(sentence);
  if (!m || !item.concept) return null;
  const names = (side: string) => {
    const have = ` ${tokens(side).map((w) => w.stem).join(" ")} `;
    return [item.concept!.label, ...item.concept!.terms].some((t) => have.includes(` ${tokens(t).map((w) => w.stem).join(" ")} `));
  };
  const [first, second] = [names(m[1]!), names(m[2]!)];
  if (first === second) return null;
  return readFigure(first ? m[3]! : m[4]!);
}

/** "Q3 2024 revenue was EUR 5.2 million": the figure a sentence links to one of the item's terms by a verb or a colon. */
function linkedFigure(line: string, item: RequestItem): StatedFigure | null {
  const terms = [...(item.concept?.terms ?? []), item.ask].map((t) => t.toLowerCase()).filter((t) => t.length > 2).sort((a, b) => b.length - a.length);
  const low = line.toLowerCase();
  // every mention of a term: the line may name the item before it quotes the sentence that states it
  for (const t of terms) {
    for (let at = low.indexOf(t); at >= 0; at = low.indexOf(t, at + t.length)) {
      const after = line.slice(at + t.length);
      // "workforce level at December 31, 2018 was …": a word that measures the term may follow it, a date its comma
      const m = /^(?:\s+(?:level|levels|count|number|total))?\s+(?:(?:for|at|as of|as at|on|in) (?:[^,.;:]|,\s?(?:19|20)\d\d\b){0,30}?\s*)?(?:was|were|is|are|of|totaled|totalled|amounted to|reached|stood at|came to|:)\s+(?:approximately |about |roughly |around )?/i.exec(after);
      if (!m) continue;
      // a window of the words after the verb, never cutting a word ("USD 29,746 milli|on")
      const rest = after.slice(m[0].length);
      const f = readFigure(rest.slice(0, 40) + (/^\S*/.exec(rest.slice(40))?.[0] ?? ""));
      if (f) return f;
    }
  }
  return null;
}

/**
 * A figure quoted from a passage answers a company-level item only when the sentence names the
 * concept as the company's ("total revenues were …", "our backlog was …"), not a part's ("BCA loss
 * from operations was …") nor a line inside another ("… included in loss from operations").
 */
function companySentence(text: string, figure: StatedFigure, item: RequestItem): boolean {
  if (partAsked(item)) return true;
  const terms = [...(item.concept?.terms ?? []), item.ask].map((t) => t.toLowerCase());
  const sentences = text.split(/(?<=[.;!?"])\s+/).filter((x) => x.includes(writtenDigits(figure.display)));
  return sentences.some((x) => {
    const low = x.toLowerCase();
    return terms.some((t) => {
      const at = low.indexOf(t);
      if (at < 0) return false;
      const before = x.slice(Math.max(0, at - 24), at).trim().split(/\s+/).at(-1) ?? "";
      // "… included in loss from operations", "BCA loss from operations", "Space segment revenue": another line's or a part's
      if (/^(?:in|within|into|of|from|to|for|by|and|excluding|including|included)$/i.test(before)) return false;
      return !/^(?:\p{Lu}{2,6}|\p{Lu}\p{Ll}+)$/u.test(before) || /^(?:Total|Our|The|Its|Consolidated|Net|Q[1-4]|FY\d*)$/.test(before);
    });
  });
}

/** The value a tool returned, as the answer writes it (the one tolerance: writtenAs). */
function writes(figure: StatedFigure, v: number): boolean {
  const decimals = (writtenDigits(figure.display).split(".")[1] ?? "").length;
  return writtenAs({ value: figure.value, decimals, scale: figure.scale }, v);
}

function searchedOf(leg: LegResult): string[] {
  return leg.toolCalls.map((c) => {
    const i = (c.input ?? {}) as Record<string, unknown>;
    const what = i.query ?? i.question ?? i.metric ?? (Array.isArray(i.items) ? (i.items as string[]).join(", ") : undefined) ?? (Array.isArray(i.facts) ? (i.facts as string[]).join(", ") : undefined) ?? i.role;
    return `${c.toolName}${typeof what === "string" || typeof what === "number" ? ` “${what}”` : ""}`;
  });
}

/** Where a tool result gives the figure: "compute", "row", "passage", or null when none does. */
interface Grounding {
  via: string;
  segmentRow?: LineItemRow;
  /** The table row the figure was read from. */
  row?: LineItemRow;
  /** The row, or the metric's formula and inputs, the figure was read from: what says what it is a figure of. */
  named?: string;
  period?: string;
  asOf?: string;
  /** A passage's (or a fact's) sentences that print the figure. */
  sentences?: string[];
}

function grounding(figure: StatedFigure, calls: AgentToolCall[], item: RequestItem): Grounding | null {
  for (const c of calls) {
    const out = c.output as Record<string, unknown> | undefined;
    if (!out || typeof out !== "object") continue;
    if (c.toolName === "compute_metric") {
      const o = out as unknown as ComputeOutput;
      if (o.status !== "answered") continue;
      const values = [o.value, ...(o.series ?? []).map((s) => s.value), ...(o.inputs ?? []).map((i) => i.value)].filter((v): v is number => typeof v === "number");
      const pct = o.metric?.unit === "percent";
      if (values.some((v) => writes(figure, pct && figure.unit === "percent" && Math.abs(v) <= 1.5 ? v * 100 : v) || writes(figure, v))) {
        const end = (o.inputs ?? []).find((i) => writes(figure, i.value))?.periodEnd;
        const named = [o.formula ?? "", ...(o.inputs ?? []).map((i) => `${i.label} ${i.row}`)].join(" ");
        return { via: "compute_metric", period: (o.periods ?? []).at(-1), named, ...(end ? { asOf: end } : {}) };
      }
      continue;
    }
    if (c.toolName === "get_line_items") {
      for (const row of (out as unknown as LineItemsOutput).rows ?? []) {
        // (a ranking compares rows a table prints with no scale of its own, "3,172" of a table in millions the page states
        // apart: the ranking read their scale from the company's total they add up to)
        const unstated = item.kind === "ranking" && row.scaleUnstated ? [1e3, 1e6, 1e9] : [];
        const col = row.columns.find((x) => x.value !== null && (writes(figure, x.value!) || unstated.some((k) => writes(figure, x.value! * k))));
        if (col) return { via: "get_line_items", row, period: col.period, named: rowNames(row), ...(col.months === 0 && col.periodEnd ? { asOf: col.periodEnd } : {}), ...(isPartRow(row, item) ? { segmentRow: row } : {}) };
      }
      continue;
    }
    // passages, entities and the knowledge base: the figure as written in their text
    const text = JSON.stringify(out);
    const written = writtenDigits(figure.display);
    if (written && /\d/.test(written) && new RegExp(`(?<![\\d.,])${escapeStringRegexp(written)}(?![\\d])`).test(text)) return { via: c.toolName, sentences: sentencesHolding(writtenDigits(figure.display), [c]) };
    // ("about 529,000 in all": a count the answer added up from the two kinds one sentence states)
    const summed = item.concept?.kind === "count" ? countInKinds(text, item.concept) : null;
    if (written && summed && writtenDigits(summed) === written) return { via: c.toolName, sentences: [] };
  }
  return null;
}

/**
 * "Electric was 73.3% of revenue: USD 15,131 million of USD 20,642 million": a share the turn worked
 * out from a part and the whole, both values a tool returned for the same period, is grounded in
 * those two results (the part's row says what it is a share of). Only for an item asking a share.
 */
function shareGrounding(figure: StatedFigure, text: string, calls: AgentToolCall[], item: RequestItem): Grounding | null {
  if (figure.unit !== "percent") return null;
  if (!shareAsked(item.ask)) return marginGrounding(figure, text, calls, item);
  const first = withoutCitations(answerLines(text)[0] ?? "");
  const amounts = readFigures(first).filter((f) => f.unit !== "percent" && f.value > 0);
  for (const part of amounts) {
    for (const whole of amounts) {
      // a part and a whole of one kind (two amounts in one currency, or two counts); a share rounding to nothing is no share
      if (part === whole || part.unit !== whole.unit || part.currency !== whole.currency || part.value >= whole.value || figure.value <= 0) continue;
      if (!writes(figure, (part.value / whole.value) * 100)) continue;
      const gp = grounding(part, calls, item);
      const gw = grounding(whole, calls, item);
      if (!gp || !gw || (gp.period && gw.period && gp.period !== gw.period)) continue;
      return { via: "share", ...(gp.row ? { row: gp.row } : {}), named: [gp.named ?? "", ...(gp.sentences ?? [])].join(" "), ...(gp.period ?? gw.period ? { period: gp.period ?? gw.period } : {}) };
    }
  }
  return null;
}

/** The line a margin is of ("Operating margin": operating), in stems; none for a concept that is no margin of a line. */
function marginLine(item: RequestItem): string[] {
  const c = item.concept;
  if (!c || c.kind !== "percent" || !/\bmargin\b/i.test(c.label)) return [];
  return partTokens(c.label.replace(/\bmargins?\b/gi, " ")).map((w) => w.stem);
}

/**
 * "Operating margin of AWS: 24.8%, worked out as operating income USD 4,331 million over revenue USD
 * 17,459 million": a margin the turn worked out from its line and the revenue it is a margin of,
 * both values a tool returned for the same period (the line's row names the margin's line, the
 * whole's row revenue or sales), is grounded in those two results. Only for an item asking a margin.
 */
function marginGrounding(figure: StatedFigure, text: string, calls: AgentToolCall[], item: RequestItem): Grounding | null {
  const line = marginLine(item);
  if (!line.length) return null;
  const first = withoutCitations(answerLines(text)[0] ?? "");
  const amounts = readFigures(first).filter((f) => f.unit === "amount");
  for (const part of amounts) {
    for (const whole of amounts) {
      if (part === whole || part.currency !== whole.currency || whole.value <= 0 || Math.abs(part.value) >= whole.value) continue;
      if (!writes(figure, (part.value / whole.value) * 100)) continue;
      const gp = grounding(part, calls, item);
      const gw = grounding(whole, calls, item);
      if (!gp?.row || !gw?.row || !gp.period || gp.period !== gw.period) continue;
      // the line's row names the margin's line, the whole's row the revenue: never two rows of anything
      if (!holdsStems(gp.named ?? "", line) || !/\b(?:revenues?|sales)\b/i.test(gw.row.label + " " + (gw.named ?? ""))) continue;
      return { via: "margin", row: gp.row, named: [gp.named ?? "", gw.named ?? ""].join(" "), period: gp.period };
    }
  }
  return null;
}

/**
 * "Subscription revenue growth, Q3 2023–Q3 2024: +15.6% — Q3 2023: EUR 3,720 thousand; Q3 2024: EUR
 * 4,300 thousand": a growth (or a change) the turn worked out from two values it states, both read
 * from one row (or one metric result) of a tool, is grounded in those results, as a comparison's
 * change is computed here from its sides. The later value is the period asked and the earlier the
 * one the reader runs a move of it from (a quarter: the same quarter a year before), so a move
 * from another period ("Q2 to Q3" for a growth year on year) grounds nothing. Only for an item
 * asking a growth or a change.
 */
function moveGrounding(figure: StatedFigure, text: string, calls: AgentToolCall[], item: RequestItem, period: string | undefined): Grounding | null {
  if (item.follow !== "growth" && item.reading.aggregate !== "growth" && item.reading.aggregate !== "change") return null;
  const head = withoutCitations(answerLines(text).slice(0, 3).join("\n"));
  const sides = readFigures(head).filter((f) => f.unit !== "percent" && f.value !== 0);
  const [from, to] = period ? [changePeriods([period])[0], period] : [undefined, undefined];
  for (const a of sides) {
    for (const b of sides) {
      if (a === b || a.unit !== b.unit || a.currency !== b.currency) continue;
      const moved = figure.unit === "percent" ? ((b.value - a.value) / Math.abs(a.value)) * 100 : figure.unit === a.unit ? b.value - a.value : undefined;
      if (moved === undefined || !writes(figure, moved)) continue;
      const ga = grounding(a, calls, item);
      const gb = grounding(b, calls, item);
      if (!ga?.period || !gb?.period || comparePeriods(ga.period, gb.period) >= 0) continue;
      // one figure's two periods: the same row, or the same metric's result
      if ((ga.row || gb.row) && ga.row?.label !== gb.row?.label) continue;
      if (ga.via !== gb.via || !["get_line_items", "compute_metric"].includes(ga.via) || (!ga.row && ga.named !== gb.named)) continue;
      if (to && (gb.period !== to || (from !== to && ga.period !== from))) continue;
      return { via: "growth", ...(gb.row ? { row: gb.row } : {}), ...(gb.segmentRow ? { segmentRow: gb.segmentRow } : {}), named: gb.named ?? "", period: gb.period };
    }
  }
  return null;
}

/**
 * "How many iPhones did they sell" answered with the iPhone line's sales in dollars: an amount of
 * money never answers a count asked. The reason, else null.
 */
function countMissing(figure: StatedFigure, item: RequestItem): string | null {
  const count = /^how many\b/i.test(item.ask) || item.concept?.kind === "count";
  return count && figure.unit === "amount" && figure.currency ? `${figure.display} is an amount of money; the item asks a count` : null;
}

/**
 * "The current quarterly dividend" answered "10%" (the dividend's raise), "capex" answered with a
 * growth rate: a percentage never answers an amount, a count or an amount per share, unless the
 * item asks a percentage, a growth or a change. The reason, else null.
 */
const QUOTIENT = /\/|÷|\bdivided by\b|\bover\b/i;

function percentGiven(figure: StatedFigure, item: RequestItem): string | null {
  const c = item.concept;
  if (figure.unit !== "percent" || !c || !["amount", "count", "per_share"].includes(c.kind) || percentAsked(item.ask)) return null;
  if (item.follow === "growth" || item.reading.aggregate === "growth" || item.reading.aggregate === "change") return null;
  // "fcf conversion (fcf / net income)": a figure the item defines as one over another is a ratio, whatever its first line's kind
  if (QUOTIENT.test(item.reading.formula?.text ?? "")) return null;
  const asked = c.kind === "per_share" ? "an amount per share" : c.kind === "count" ? "a count" : "an amount";
  return `${figure.display} is a percentage; the item asks ${asked}`;
}

/** The answer's first line states a change ("Change in revenue … was +USD 728 million", "revenue grew by …") of the figure. */
const CHANGE_HEAD = /^(?:[^:\n]{0,80}:\s*)?(?:the\s+)?(?:change|increase|decrease|growth|decline|movement|variance)\s+(?:in|of)\b|\b(?:change|increase|decrease)\s*=|\b(?:grew|rose|fell|declined|increased|decreased)\s+(?:by\s+)?\*\*/i;

/**
 * A comparison's side, or a figure asked as a level, answered with the figure's move (the turn read
 * "revenue + change" as a change): the reason, else null. An item asking a growth or a change is
 * answered by one.
 */
function changeStated(text: string, item: RequestItem): string | null {
  if (item.kind !== "comparison" && (item.follow === "growth" || item.reading.aggregate === "growth" || item.reading.aggregate === "change")) return null;
  const first = answerLines(text)[0] ?? "";
  return CHANGE_HEAD.test(first) ? "the answer states the figure's change, not its level for the period asked" : null;
}

/**
 * A figure read from a passage answers a company-level item only when a sentence printing it names
 * the item's concept (catalog stems) and states it as the company's, not a part's (a unit, a place,
 * a share of the whole). The reason it does not, or null. A figure no sentence prints (a fact's bare
 * value) is left to the other checks.
 */
function passageScope(g: Grounding, figure: StatedFigure, item: RequestItem, companies: string[], answer: string): string | null {
  const written = writtenDigits(figure.display);
  // the sentence the answer quotes for the figure is the evidence it gives (a tool returned the figure)
  const quoted = [...answer.matchAll(/"([^"]{20,})"/g)].map((m) => m[1]!.trim()).find((q) => new RegExp(`(?<![\\d.,])${escapeStringRegexp(written)}(?![\\d])`).test(q));
  const sentences = quoted ? [quoted] : g.sentences ?? [];
  if (!sentences.length || item.reading.namedPart) return null;
  const named = sentences.filter((x) => namesConcept(x, item.concept, item.ask));
  if (!named.length) return `${figure.display} is quoted from a passage that does not name ${item.concept ? item.concept.label.toLowerCase() : item.ask}`;
  // the words that qualify the figure asked ("subscription" revenue) name no other part
  const own = [...companies, ...(item.reading.scope ? [item.reading.scope] : [])];
  const parts = named.map((x) => partOfSentence(x, written, own, item.concept, item.ask));
  return parts.every(Boolean) ? `${figure.display} is a part's figure, not the company's: ${parts[0]}` : null;
}

const rowNames = (row: LineItemRow) => [row.label, row.table?.title ?? "", ...(row.table?.headings ?? [])].join(" ");

/** The words of the part or kind an item asks ("subscription", "Americas", "retention"), as stems; none for a company total. */
function scopeStems(item: RequestItem): string[] {
  const scope = item.reading.scope;
  // (a part's initials, "US", are its name however short: "U.S." and "United States" name it, "used" does not)
  return scope ? partTokens(scope, { asked: true }).filter((w) => w.stem !== w.word || (w.word.length > 2 && !GENERIC_WORDS.has(w.word))).map((w) => w.stem) : [];
}

const holdsStems = (text: string, stems: string[]) => {
  const have = new Set(partTokens(text).map((w) => w.stem));
  return stems.every((s) => have.has(s));
};

/**
 * An item asking a part or a kind of a figure ("subscription revenue", "net revenue retention") is
 * answered only by a figure whose row, formula or sentence names it: the company's total is not
 * the part. The reason, or null.
 */
function scopeMissing(g: Grounding, figure: StatedFigure, item: RequestItem): string | null {
  const stems = scopeStems(item);
  if (!stems.length) return null;
  const text = g.named ?? (g.sentences ?? []).join(" ");
  if (!text || holdsStems(text, stems)) return null;
  return `${figure.display} is not a figure of the ${item.reading.scope} asked`;
}

/** A row or passage of the turn's tools that names the part asked (the data room holds it though the answer did not give it). */
function scopeSeen(leg: LegResult, item: RequestItem): boolean {
  const stems = scopeStems(item);
  return leg.toolCalls.some((c) => {
    const out = c.output as Record<string, unknown> | undefined;
    const rows = (out?.rows as LineItemRow[] | undefined) ?? [];
    const passages = (out?.passages as Array<{ text: string }> | undefined) ?? [];
    return rows.some((r) => holdsStems(rowNames(r), stems) && namesConcept(rowNames(r), item.concept, item.ask)) || passages.some((p) => holdsStems(p.text, stems) && namesConcept(p.text, item.concept, item.ask));
  });
}

/** The texts a leg's tools returned that say what a figure is of: rows' names and passages. */
function toolTexts(leg: LegResult): string[] {
  return leg.toolCalls.flatMap((c) => {
    const out = c.output as Record<string, unknown> | undefined;
    const rows = (out?.rows as LineItemRow[] | undefined) ?? [];
    const passages = (out?.passages as Array<{ text: string }> | undefined) ?? [];
    return [...rows.map(rowNames), ...passages.map((p) => p.text)];
  });
}

/**
 * "Employee engagement score" read as headcount: the words the concept does not account for must be
 * named where the figure comes from, else the figure is the concept's, not the measure asked. When
 * no tool result names them, the data room does not cover the measure; when one does, the run
 * failed to answer it. The verdict, or null when the figure's evidence names them.
 */
/** The item names words its concept does not account for, and no tool result of the turn names them. */
function measureUnseen(leg: LegResult, item: RequestItem, companies: string[]): boolean {
  const words = unaskedWords(item, companies);
  if (!words.length) return false;
  const stems = partTokens(words.join(" ")).map((w) => w.stem);
  return !toolTexts(leg).some((t) => holdsStems(t, stems));
}

function measureMissing(g: Grounding, figure: StatedFigure, leg: LegResult, item: RequestItem, companies: string[]): LegCheck | null {
  const words = unaskedWords(item, companies);
  if (!words.length) return null;
  const stems = partTokens(words.join(" ")).map((w) => w.stem);
  if (holdsStems([g.named ?? "", ...(g.sentences ?? [])].join(" "), stems)) return null;
  const searched = searchedOf(leg);
  return measureUnseen(leg, item, companies)
    ? { status: "not_covered", searched }
    : { status: "failed", reason: `${figure.display} is a figure of ${item.concept!.label.toLowerCase()}, not of the ${words.join(" ")} asked`, searched };
}

/** The item asks about a part or a kind of the figure ("Greater China", "subscription" revenue), not the company's whole. */
function partAsked(item: RequestItem): boolean {
  return !!item.reading.scope;
}

/** A row of a part of the company (a segment, a geography) asked as the company's figure. */
function isPartRow(row: LineItemRow, item: RequestItem): boolean {
  if (row.source === "statement") return false;
  // "Segment operating profit", "Total segment revenue": the segments' figure, whatever qualifier was read, unless segments are asked
  if (saysSegment(row.label) && !saysSegment(item.ask)) return true;
  if (partAsked(item)) return false;
  const where = [row.table?.title ?? "", ...(row.table?.headings ?? [])].join(" ");
  return /\bsegments?\b|\bregions?\b|\bgeograph/i.test(where) && !/\b(?:total|consolidated)\b/i.test(row.label);
}

/** "30 June 2024" asked: an answer that states the figure at another day ("155 at 30 September 2024") does not answer it. */
function dayFits(asked: string | undefined, text: string): boolean {
  const d = asked ? /^(\d{1,2}) (\p{L}+) (\d{4})$/u.exec(asked) : null;
  if (!d) return true;
  const want = `${d[3]}-${monthNumber(d[2]!)}-${Number(d[1])}`;
  const line = answerLines(text).slice(0, 2).join(" ");
  const days = [...line.matchAll(/\b(\d{1,2})\s+(\p{L}{3,})\.?,?\s+((?:19|20)\d{2})\b|\b(\p{L}{3,})\.?\s+(\d{1,2}),\s+((?:19|20)\d{2})\b/gu)]
    .map((m) => ({ month: monthNumber(m[2] ?? m[4]!), day: Number(m[1] ?? m[5]), year: m[3] ?? m[6] }))
    .filter((x) => x.month > 0)
    .map((x) => `${x.year}-${x.month}-${x.day}`);
  return !days.length || days.includes(want);
}

/**
 * The answer's first line says which year its figure is for ("Ebitda margin at FY2025F: 23%"): a
 * line naming only other years than the asked period's does not answer it. The year named, or null.
 */
function otherYearNamed(asked: string | undefined, text: string): string | null {
  const year = asked ? yearsWritten(asked).map(String)[0] : undefined;
  if (!year) return null;
  const first = withoutCitations(answerLines(text)[0] ?? "", { documents: true });
  const named = [...first.matchAll(/(?<![\w.])(?:FY\s?|Q[1-4]\s|H[12]\s)?((?:19|20)\d\d)[AFEB]?(?![\w.])/g)].map((m) => m[1]!);
  return named.length && !named.includes(year) ? named[0]! : null;
}

/**
 * "Turnover rates for 2021 and 2020 were 5.8% and 4.7%, respectively": a figure the answer states
 * from such a sentence it quotes is the figure of the year the sentence pairs it with. That year
 * when it is not the one asked, else null.
 */
function respectiveYear(figure: StatedFigure, asked: string | undefined, text: string): string | null {
  const year = asked ? yearsWritten(asked).map(String)[0] : undefined;
  if (!year) return null;
  const written = writtenDigits(figure.display);
  for (const m of text.matchAll(/"([^"]{20,})"/g)) {
    const paired = respectiveFigures(m[1]!).find((p) => writtenDigits(p.figure) === written);
    if (paired && String(paired.year) !== year) return String(paired.year);
  }
  return null;
}

/** "at 30 Sep 2024" in the answer's first line: the day a balance is stated at (ISO), when it says one. */
function statedDay(text: string): string | undefined {
  const first = answerLines(text)[0] ?? "";
  const m = /\b(\d{1,2})\s+(\p{L}{3,})\.?,?\s+((?:19|20)\d{2})\b|\b(\p{L}{3,})\.?\s+(\d{1,2}),\s+((?:19|20)\d{2})\b/u.exec(first);
  const month = m ? monthNumber(m[2] ?? m[4]!) : 0;
  if (!m || !month) return undefined;
  return `${m[3] ?? m[6]}-${String(month).padStart(2, "0")}-${String(Number(m[1] ?? m[5])).padStart(2, "0")}`;
}

function periodFits(asked: string | undefined, found: string | undefined): boolean {
  if (!asked || !found || !/^FY\d{4}$/.test(asked)) return true;
  return found.includes(asked.slice(2));
}

/** Lines of the answer worth showing under the item: the first, and a quoted row or formula. */
function answerLines(text: string): string[] {
  return text.split("\n").map((l) => l.trim()).filter((l) => l && !/^would you like\b/i.test(l));
}

/**
 * The tools returned what the item asks for (a row labelled with the concept's words, a passage
 * stating a figure next to them) though the answer did not state it: the data room has it, so
 * saying it does not would be wrong; the run failed to answer it.
 */
function evidenceSeen(leg: LegResult, item: RequestItem, companies: string[]): string | null {
  if (!item.concept) return null;
  const words = (item.concept.terms ?? []).map((t) => t.toLowerCase()).filter((t) => t.length > 3);
  // "employee engagement score": a headcount row or passage is not the measure asked
  const measure = partTokens(unaskedWords(item, companies).join(" ")).map((w) => w.stem);
  for (const c of leg.toolCalls) {
    const out = c.output as Record<string, unknown> | undefined;
    for (const row of (out?.rows as LineItemRow[] | undefined) ?? []) if (words.some((w) => row.label.toLowerCase().includes(w)) && holdsStems(rowNames(row), measure)) return `row "${row.label}" (${row.citation})`;
    for (const p of (out?.passages as Array<{ text: string; citation: string }> | undefined) ?? []) {
      if (!holdsStems(p.text, measure)) continue;
      // (a rate is stated as a percentage: "attrition increases of $83 million" states no attrition rate)
      const stating = item.concept.kind === "percent" ? /\d(?:[\d,.]*\d)?\s?(?:%|percent)/ : /\d[\d,.]{2,}/;
      // (…in a sentence naming the part asked too: "136,000 employees" states no headcount in India, whatever the page says of India)
      const named = [...measure, ...scopeStems(item)];
      for (const sentence of named.length ? sentencePieces(p.text).filter((x) => holdsStems(x, named)) : [p.text]) {
        const low = sentence.toLowerCase();
        for (const w of words) {
          const at = low.indexOf(w);
          if (at >= 0 && stating.test(low.slice(Math.max(0, at - 60), at + w.length + 60).replace(/\b(?:19|20)\d{2}\b/g, ""))) return `a passage stating ${w} (${p.citation})`;
        }
      }
    }
  }
  return null;
}

/**
 * "What percentage of total sales": a share of a total the metric engine found is a share of a
 * figure the data room states, so not answering it is the run's failure, not a gap in the room.
 * What was found, or null.
 */
function shareBaseFound(leg: LegResult, item: RequestItem): string | null {
  if (!item.concept || item.concept.kind === "percent" || !shareAsked(item.ask)) return null;
  const found = leg.toolCalls.find((c) => c.toolName === "compute_metric" && (c.output as ComputeOutput | undefined)?.status === "answered" && (c.output as ComputeOutput).metric?.id === item.concept!.id);
  return found ? `${item.concept.label.toLowerCase()} (the total the share is of)` : null;
}

/** "Change in net income from FY2015 to FY2016: +USD 4,605 million", "Revenue growth …: 7.5%": the answer leads with a change, not the level. */
const CHANGE_LEAD = /^[^:]{0,120}\b(?:change|changes|growth|grew|increase[ds]?|decrease[ds]?|rose|fell|declined?)\b/i;

/** The answer states the period's level of the concept (not its change, not a rate of an amount). */
function levelStated(figure: StatedFigure | null, text: string, item: RequestItem): boolean {
  if (!figure) return false;
  if (figure.unit === "percent" && item.concept && item.concept.kind !== "percent") return false;
  return !CHANGE_LEAD.test(answerLines(text)[0] ?? "");
}

/**
 * Why a stated figure is not taken: no tool returned it, or it comes from the metric engine's
 * comparison of two periods ("gross margin compared with the prior year") for an item not read as
 * a comparison, whose sides and change the gate cannot check one by one.
 */
function ungrounded(figure: StatedFigure, leg: LegResult): string {
  const written = writtenDigits(figure.display);
  const compared = leg.toolCalls.some((c) => {
    const o = c.output as { answer?: unknown; inputs?: Array<{ period?: string }> } | undefined;
    const periods = new Set((o?.inputs ?? []).map((i) => i.period).filter(Boolean));
    return c.toolName === "compute_metric" && typeof o?.answer === "string" && o.answer.includes(written) && periods.size === 2;
  });
  return compared
    ? `${figure.display} is one side of a comparison of two periods the metric engine made; the item was not read as a comparison, so its sides and change were not checked`
    : `${figure.display} is not a value any tool returned`;
}

/** Words a phrase the tools respelled may hold or leave out ("outside (of) the US" read as "outside US"). */
const PHRASE_FILLER = new Set(["the", "of"]);

/**
 * A phrase of several words the tools read as one name ("outside us" → "International"), found in a
 * text however the request wrote it ("outside the US", "outside of the U.S."): the text with the
 * name in its place.
 */
function respellPhrase(text: string, from: string, to: string): string {
  const words = from.split(/\s+/).filter((w) => w && !PHRASE_FILLER.has(w.toLowerCase()));
  if (words.length < 2) return text;
  // ("U.S." and "US" are one name: the dots a request writes or leaves out in initials)
  const word = (w: string) => {
    const bare = w.replace(/\./g, "");
    return bare.length <= 3 ? [...bare].map((ch) => `${escapeStringRegexp(ch)}\\.?`).join("") : escapeStringRegexp(bare);
  };
  const filler = String.raw`(?:\s+(?:${[...PHRASE_FILLER].join("|")}))*\s+`;
  return text.replace(new RegExp(String.raw`(?<![\p{L}\p{N}])${words.map(word).join(filler)}(?![\p{L}\p{N}])`, "giu"), to);
}

/**
 * "BCA earnings from ops", "% of revs from outside the US": the part as the documents spell it,
 * when the turn's row tool read the request's initials, misspelling or phrase as a name the
 * documents define or print ("Commercial Airplanes (BCA)", "International"), so that the part's row
 * is checked by the name it prints. Phrases first (longest first), then single words.
 */
export function respelledScope(item: RequestItem, leg: Pick<LegResult, "toolCalls">): RequestItem {
  const scope = item.reading.scope;
  if (!scope) return item;
  const map: Record<string, string> = {};
  for (const c of leg.toolCalls) Object.assign(map, ((c.output as { respelled?: Record<string, string> } | undefined)?.respelled) ?? {});
  const phrases = Object.keys(map).filter((k) => /\s/.test(k.trim())).sort((a, b) => b.length - a.length);
  const respell = (text: string) => phrases.reduce((t, k) => respellPhrase(t, k, map[k]!), text).split(/(\s+)/).map((w) => map[w.toLowerCase()] ?? w).join("");
  const spelled = respell(scope);
  return spelled === scope ? item : { ...item, ask: respell(item.ask), reading: { ...item.reading, scope: spelled } };
}

function checkFigureLeg(whole: LegResult, asked: RequestItem, period: string | undefined, companies: string[]): LegCheck {
  const item = respelledScope(asked, whole);
  // what the turn offers after a refusal ("closest evidence") is not its answer
  const leg: LegResult = { ...whole, text: answerHead(whole.text) };
  const searched = searchedOf(leg);
  if (leg.skipped) return { status: "failed", reason: "not asked: the run's tool budget was spent", searched };
  if (leg.error) return { status: "failed", reason: `the turn failed (${leg.error})`, searched };
  const stated = statedFigure(leg.text, item);
  // a side is an amount read from a statement row: never for an item asking a percentage
  const side = item.kind === "comparison" && period && !percentAsked(item.ask) && item.concept?.kind !== "percent" && !levelStated(stated, leg.text, item) ? sideFromTools(leg.toolCalls, item, period) : null;
  if (side) {
    const figure: StatedFigure = { value: side.value, unit: item.concept?.kind === "count" ? "count" : "amount", display: side.display, scale: side.scale, ...(side.currency ? { currency: side.currency } : {}) };
    const cited = leg.sources.filter((s) => s.citation === side.citation);
    return { status: "answered", figure, lines: [side.line], sources: cited.length ? cited : leg.sources, via: "tool result" };
  }
  const figure = stated;
  if (!figure) {
    // "CC subscribers": a part's initials the results write out and the run did not read are its failure
    const unread = unreadInitials(item, leg);
    if (unread) return { status: "failed", reason: unread, searched };
    // "employee engagement score": no tool result names the measure, whatever the turn said of the headcount
    if (measureUnseen(leg, item, companies)) return { status: "not_covered", searched };
    const incomplete = leg.toolCalls.some((c) => c.toolName === "compute_metric" && (c.output as ComputeOutput | undefined)?.status === "incomplete" && ((c.output as ComputeOutput).inputs?.length ?? 0) > 0);
    if (incomplete) return { status: "failed", reason: "its inputs were found but the figure was not computed", searched };
    const seen = evidenceSeen(leg, item, companies) ?? shareBaseFound(leg, item);
    if (seen) return { status: "failed", reason: `the tools found ${seen} but the answer did not state the figure`, searched };
    if (NOT_FOUND.test(leg.text) || !leg.text.trim()) return BY_PARTS.test(item.ask) ? { status: "failed", reason: "the company's segments were not found by the run", searched } : { status: "not_covered", searched };
    return { status: "failed", reason: "the answer states no figure", searched };
  }
  // "Change in revenue from fiscal 2016 to fiscal 2017 was +USD 1,447 million": a move, never the level a side or a figure asks
  const moved = changeStated(leg.text, item);
  if (moved) return { status: "failed", reason: moved, searched };
  const counted = countMissing(figure, item);
  if (counted) return measureUnseen(leg, item, companies) ? { status: "not_covered", searched } : { status: "failed", reason: counted, searched };
  const rate = percentGiven(figure, item);
  if (rate) return { status: "failed", reason: rate, searched };
  const g = grounding(figure, leg.toolCalls, item) ?? shareGrounding(figure, leg.text, leg.toolCalls, item) ?? moveGrounding(figure, leg.text, leg.toolCalls, item, period);
  if (!g) return { status: "failed", reason: ungrounded(figure, leg), searched };
  if (g.segmentRow) return { status: "failed", reason: `${figure.display} is a part's row (${g.segmentRow.label}), not the company's figure`, searched };
  const ratioRow = percentRow(g, item);
  if (ratioRow) return { status: "failed", reason: ratioRow, searched };
  const measure = measureMissing(g, figure, leg, item, companies);
  if (measure) return measure;
  const unscoped = scopeMissing(g, figure, item);
  // (a share whose whole the tools found is a share of a figure the room states, as when no figure is stated: the run's failure)
  if (unscoped) return scopeSeen(leg, item) || shareBaseFound(leg, item) ? { status: "failed", reason: unscoped, searched } : { status: "not_covered", searched };
  const scope = passageScope(g, figure, item, companies, leg.text);
  if (scope) return { status: "failed", reason: scope, searched };
  const other = otherYearNamed(period, leg.text) ?? respectiveYear(figure, period, leg.text);
  if (other) return { status: "failed", reason: `${figure.display} is stated for ${other}, not ${period}`, searched };
  if (!dayFits(period, leg.text)) return { status: "failed", reason: `${figure.display} is not stated at ${period}`, searched };
  if (!periodFits(period, g.period)) return { status: "failed", reason: `${figure.display} is for ${g.period}, not ${period}`, searched };
  if (!["compute_metric", "get_line_items", "get_company_facts", "share", "growth"].includes(g.via) && !companySentence(leg.text, figure, item)) return { status: "failed", reason: `${figure.display} is quoted from a sentence that is not about the company's ${item.ask}`, searched };
  const kind = percentMissing(figure, item);
  if (kind) return { status: "failed", reason: kind, searched };
  return { status: "answered", figure, lines: answerLines(leg.text), sources: leg.sources, via: g.via, ...(item.concept?.balance && (g.asOf ?? statedDay(leg.text)) ? { asOf: g.asOf ?? statedDay(leg.text) } : {}) };
}

interface SectionPassage {
  text: string;
  citation: string;
  section?: string;
}

/** Passages the turn's search and page tools returned. */
function passagesOf(leg: LegResult): SectionPassage[] {
  return leg.toolCalls.flatMap((c) => {
    const o = c.output as (SearchDocumentsOutput & SectionPassage) | undefined;
    if (c.toolName === "search_documents") return o?.passages ?? [];
    if (c.toolName === "open_page" && o?.text) return [{ text: o.text, citation: o.citation, ...(o.section ? { section: o.section } : {}) }];
    // the risks a filing lists, each its heading and explanation, from the Risk Factors section
    if (c.toolName === "get_risk_factors") return ((c.output as RiskFactorsOutput | undefined)?.risks ?? []).map((r) => ({ text: `${r.heading} ${r.explanation}`, citation: r.citation, section: "risk_factors" }));
    return [];
  });
}

/**
 * A passage of the item's section: its page is labelled with the section; a page indexing gave no
 * label counts when the passage states the concept in its section's words (the catalog's terms and
 * vocabulary: "risk", "adversely affect"); a page labelled with another section never does.
 */
function ofSection(p: SectionPassage, concept: NonNullable<RequestItem["concept"]>): boolean {
  const section = concept.section!;
  if (p.section) return p.section.toLowerCase().replace(/_/g, " ").includes(section.split(" ")[0]!);
  // two of its words, not a passing mention ("key person risk" in a request list)
  const have = tokens(p.text).map((w) => w.stem);
  const holds = (stems: string[]) => stems.length > 0 && have.some((_, i) => stems.every((w, j) => have[i + j] === w));
  const terms = [...new Set([...concept.terms, ...(concept.vocabulary ?? [])].map((t) => tokens(t).map((w) => w.stem).join(" ")))];
  return terms.filter((t) => holds(t.split(" "))).length >= 2;
}

/** The search tool matched pages it labels with the section (it says so when none matched and other pages follow). */
function sectionMatched(leg: LegResult): boolean {
  return leg.toolCalls.some((c) => {
    const o = c.output as SearchDocumentsOutput | undefined;
    return c.toolName === "search_documents" && !!(c.input as { section?: string } | undefined)?.section && (o?.passages?.length ?? 0) > 0 && !(o?.notes ?? []).some((n) => /^No page of the section\b/.test(n));
  });
}

function checkNarrativeLeg(leg: LegResult, item: RequestItem): LegCheck {
  const searched = searchedOf(leg);
  if (leg.skipped) return { status: "failed", reason: "not asked: the run's tool budget was spent", searched };
  if (leg.error) return { status: "failed", reason: `the turn failed (${leg.error})`, searched };
  const concept = item.concept;
  const all = passagesOf(leg);
  const passages = concept?.section ? all.filter((p) => ofSection(p, concept)) : all;
  // a bullet quotes a passage of the section: its words, or the page only passages of the section are from
  const sectionPages = new Set(passages.map((p) => p.citation).filter((cite) => all.every((p) => p.citation !== cite || passages.includes(p))));
  const quoted = answerLines(leg.text).filter((l) => {
    if (!/^[-•]/.test(l)) return false;
    const said = l.replace(/^[-•]\s*/, "").replace(/\s*\(source:[^)]*\)\s*$/, "").trim().slice(0, 60);
    return passages.some((p) => p.text.replace(/\s+/g, " ").includes(said)) || [...sectionPages].some((cite) => l.includes(cite));
  });
  if (quoted.length) return { status: "answered", lines: quoted.slice(0, 3), sources: leg.sources, via: "search_documents" };
  // nothing of the section: not in the room, unless the search matched pages indexed as the section
  // that are not (a table of contents, a mislabelled page): then the run did not find it
  const section = concept?.section ?? "its section";
  if (!passages.length && sectionMatched(leg)) return { status: "failed", reason: `none of the ${all.length} passage${all.length === 1 ? "" : "s"} found is from ${section}`, searched };
  if (!passages.length) return { status: "not_covered", searched };
  return { status: "failed", reason: `no quoted passage of ${section}`, searched };
}

/** A growth as an answer states it: a percent, or a change in words ("up 16%", "grew by EUR 0.6 million"). */
const GROWTH_STATED = /\d(?:[.,]\d+)?\s?(?:%|percent|per cent)|\b(?:grew|grow[ns]?|growth|increased?|decreased?|rose|fell|declined?|up|down)\b[^.]{0,30}\b(?:by|from)\b/i;

/** A markdown table's rule line ("|---|:--|"). */
export const TABLE_RULE = /^\|[\s|:-]+\|$/;
/** The first lines of an answer that are a list's items or a table's rows (not its rule). */
const listLines = (text: string) => answerLines(text).slice(0, 14).filter((l) => /^(?:[-•*]|\d+\.|\|)/.test(l) && !TABLE_RULE.test(l));

/**
 * How many of the answer's lines (a list's items, a table's rows) each state a value a tool returned:
 * the parts a ranking compared, one a line. A sentence quoted whole ("our 20 largest tenants were
 * as follows:") is one line, whatever numbers it holds.
 */
function comparedRows(leg: LegResult, item: RequestItem): Grounding[] {
  const seen = new Map<number, Grounding>();
  for (const line of listLines(leg.text)) {
    const values = readFigures(withoutCitations(line)).filter((f) => f.value !== 0);
    for (const f of values) {
      const g = grounding(f, leg.toolCalls, item);
      if (!g) continue;
      if (!seen.has(f.value)) seen.set(f.value, g);
      break;
    }
  }
  return [...seen.values()];
}

/** A superlative (either end, "grew fastest" too) and the part it names in bold. */
const RANKED_NAME = new RegExp(String.raw`\b${SUPERLATIVE_WORD}\b[^*]{0,120}\*\*([^*\d][^*]{0,60})\*\*`, "i");

/**
 * The part a ranking answered (the largest, or the smallest when asked): the part its answer names
 * after the ranking word, else the row, among those its answer compared with a value a tool
 * returned, with the largest (or smallest) value (its label without "Total"); null when neither.
 */
export function rankedFirst(leg: LegResult, item: RequestItem): string | null {
  // the part the answer names first ("the largest business by revenue in fiscal 2018 was **Industrial**")
  const head = answerLines(answerHead(leg.text)).slice(0, 2).join(" ");
  // ("the region whose revenue grew fastest … was **Asia Pacific**": a growth ranked says so with the ranking's own words)
  const named = RANKED_NAME.exec(head)?.[1]?.trim();
  if (named) return named;
  const compared = new Map<number, Grounding>();
  for (const line of listLines(answerHead(leg.text))) {
    for (const f of readFigures(withoutCitations(line)).filter((x) => x.value !== 0)) {
      const g = grounding(f, leg.toolCalls, item);
      if (!g) continue;
      if (g.row && !compared.has(f.value)) compared.set(f.value, g);
      break;
    }
  }
  if (compared.size < 2) return null;
  const values = [...compared.keys()];
  const pick = /\b(?:smallest|lowest|least)\b/i.test(item.ask) ? Math.min(...values) : Math.max(...values);
  return compared.get(pick)!.row!.label.replace(/^\s*total\s+/i, "").replace(/\s*\(\d\)\s*$/, "").trim() || null;
}

/** Parts the request names by kind: a company's segments (businesses, divisions) or its geographic areas. */
const SEGMENT_ASKED = /\b(?:segments?|business(?:es)?|divisions?|business units?|operating units?)\b/i;
const GEOGRAPHY_ASKED = /\b(?:geograph\w*|regions?|countr(?:y|ies)|areas?|markets?)\b/i;
/** Lines of business asked by that name ("which of its businesses", "which division"), not segments however reported. */
const BUSINESS_ASKED = /\b(?:business(?:es)?|divisions?|business units?|product lines?|lines? of business)\b/i;
const GEOGRAPHIC_TABLE = /\bgeograph\w*|\bregions?\b|\bcountr(?:y|ies)\b/i;

/**
 * "Which operating segment is biggest" answered by ranking the rows of a table of revenues by
 * geographic area: the parts compared are not the kind asked. Segments asked, and every row compared
 * comes from a table that names geography and no segment: the reason, else null.
 */
function partsOfAnotherKind(compared: Grounding[], item: RequestItem): string | null {
  if (!SEGMENT_ASKED.test(item.ask) || GEOGRAPHY_ASKED.test(item.ask)) return null;
  // "which of its businesses": lines of business, never places, whatever the table's title says
  // ("Domestic", "International" name a retailer's businesses as often as places)
  const labels = compared.map((g) => g.row?.label ?? "").filter(Boolean);
  if (BUSINESS_ASKED.test(item.ask) && !saysSegment(item.ask) && labels.length && labels.every((l) => GEOGRAPHY.test(l) && !/^\s*(?:total\s+)?(?:domestic|international|foreign)\b/i.test(l))) {
    return "the parts ranked are geographic areas, not the businesses asked";
  }
  const named = compared.map((g) => g.named ?? "").filter(Boolean);
  if (!named.length || !named.every((n) => GEOGRAPHIC_TABLE.test(n) && !saysSegment(n))) return null;
  return "the parts ranked are geographic areas, not the segments asked";
}

/**
 * "United States 9,217; EMEA 4,593; APAC 2,762": a ranked row printed under a heading that another
 * row of the same table totals ("Total Americas 10,251") is a part of that part, not one of the
 * parts compared: the ranking mixes levels. The reason, else null.
 */
function mixedLevels(compared: Grounding[], leg: LegResult, item: RequestItem): string | null {
  const rows = leg.toolCalls.flatMap((c) => (c.toolName === "get_line_items" ? ((c.output as LineItemsOutput | undefined)?.rows ?? []) : []));
  const norm = (s: string) => plainWords(s.toLowerCase().replace(/^total\s+/, ""));
  for (const g of compared) {
    const r = g.row;
    if (!r) continue;
    const value = r.columns.find((c) => c.period === g.period)?.value ?? null;
    const at = (o: LineItemRow) => Math.abs(o.columns.find((c) => c.period === g.period && c.value !== null)?.value ?? 0);
    // the table's largest line is the whole the parts add up to ("Total revenues" under a "Revenues" heading), not a part of it
    const whole = Math.max(0, ...rows.filter((o) => o.table?.title === r.table?.title).map(at));
    for (const h of r.table?.headings ?? []) {
      // "Total revenue" or "Revenues" above the parts: the whole they add up to, not a part of it
      if (/^\s*total\b/i.test(h) || (item.concept && namesConcept(h, item.concept, item.ask))) continue;
      const group = rows.find((o) => o !== r && o.table?.title === r.table?.title && norm(o.label) === norm(h) && norm(h) !== norm(r.label)
        && value !== null && at(o) > Math.abs(value) && at(o) < whole);
      if (group) return `the parts ranked mix levels: ${r.label} is part of ${group.label}`;
    }
  }
  return null;
}

/** "As a % of Total Subscription and Support Revenues": a row of percentages never gives an amount or a count asked. The reason, else null. */
function percentRow(g: Grounding, item: RequestItem): string | null {
  if (!g.row || item.concept?.kind === "percent" || percentAsked(item.ask)) return null;
  return /%|\bpercent(?:age)?s?\b/i.test(g.row.label) ? `the figure is read from a row of percentages ("${g.row.label}"), not the ${item.ask} asked` : null;
}

/** An item asking a percentage ("what percentage of total sales", "the gross profit rate") answered with an amount or a count: the reason, else null. */
function percentMissing(figure: StatedFigure, item: RequestItem): string | null {
  if (figure.unit === "percent" || !percentAsked(item.ask)) return null;
  return `${figure.display} is ${figure.unit === "count" ? "a count" : "an amount"}; the item asks a percentage`;
}

/**
 * The item asks about the company's segments ("the segment with the most revenue"), however it was
 * read: a filing states them whenever the company reports any, so not finding them is the run's
 * failure, never a gap in the data room.
 */
const aboutParts = (item: RequestItem) => item.kind === "ranking" || item.concept?.section === "segment" || BY_PARTS.test(item.ask);
/** An item asking a price or a sum paid ("what X cost", "what they are paying for X", "how much did they spend on X"). */
const PRICE_ASKED = /\b(?:cost|costs|costing|paid|pay|paying|price|priced|worth|spend|spent|spending)\b/i;

/** "revenue by segment", "sales by region": a figure broken down by the company's parts. */
const BY_PARTS = /\bby\s+(?:(?:operating|reportable|business)\s+)?(?:segments?|geograph\w*|regions?|divisions?)\b/i;

/** The stems written in order, at most one word between each and the next ("take rate", "rate of return"). */
export function inOrder(want: string[], have: string[]): boolean {
  return have.some((w, i) => {
    if (w !== want[0]) return false;
    let at = i;
    for (const next of want.slice(1)) {
      const found = have.slice(at + 1, at + 3).indexOf(next);
      if (found < 0) return false;
      at += found + 1;
    }
    return true;
  });
}

function checkOtherLeg(whole: LegResult, item: RequestItem, companies: string[]): LegCheck {
  const leg: LegResult = { ...whole, text: answerHead(whole.text) };
  const searched = searchedOf(leg);
  if (leg.skipped) return { status: "failed", reason: "not asked: the run's tool budget was spent", searched };
  if (leg.error) return { status: "failed", reason: `the turn failed (${leg.error})`, searched };
  if (!leg.text.trim() || NOT_FOUND.test(leg.text)) {
    // "hc": words the run could not read are no search of the data room
    const unread = unreadAsk(item) ?? unreadInitials(item, leg);
    if (unread) return { status: "failed", reason: unread, searched };
    // a ranking of the company's parts is in the filings whenever parts are: not finding it is the run's failure
    if (item.kind === "ranking") return { status: "failed", reason: "the parts were not ranked", searched };
    return aboutParts(item) ? { status: "failed", reason: "the company's segments were not found by the run", searched } : { status: "not_covered", searched };
  }
  if (!leg.sources.length) return { status: "failed", reason: "the answer cites no source", searched };
  // a ranking is answered by an answer that ranks ("the largest segment is …"), never by the company's total,
  // and shows the values it compared (two or more, each a value a tool returned): "our 20 largest tenants were:" ranks nothing
  if (item.kind === "ranking" && !asksSuperlative(answerLines(leg.text).slice(0, 2).join(" "))) return { status: "failed", reason: "the parts were not ranked", searched };
  const compared = item.kind === "ranking" ? comparedRows(leg, item) : [];
  if (item.kind === "ranking" && compared.length < 2) return { status: "failed", reason: "the parts were not ranked with the values compared", searched };
  const otherParts = item.kind === "ranking" ? partsOfAnotherKind(compared, item) ?? mixedLevels(compared, leg, item) : null;
  if (otherParts) return { status: "failed", reason: otherParts, searched };
  // a passage that does not hold the words asked ("retention", "market share") is no answer: the room does not cover it
  const asked = tokens(item.ask).filter((w) => !GENERIC_WORDS.has(w.word) && !QUESTION_WORDS.has(w.word) && w.word.length > 2).map((w) => w.stem);
  const said = new Set(tokens(answerLines(leg.text).slice(0, 6).join(" ")).map((w) => w.stem));
  const named = (item.concept?.terms ?? []).some((t) => tokens(t).every((w) => said.has(w.stem)));
  if (item.kind === "other" && asked.length && !asked.every((w) => said.has(w)) && !named) {
    return aboutParts(item) ? { status: "failed", reason: "the answer does not speak of the segments asked", searched } : { status: "not_covered", searched };
  }
  // a figure named only by generic nouns ("take rate", "run rate") is named by those words together: a passage holding
  // them apart ("exchange rates … taking into consideration") speaks of something else
  const nouns = asked.length ? [] : tokens(item.ask).filter((w) => !GRAMMAR_WORDS.has(w.word) && !QUESTION_WORDS.has(w.word) && w.word.length > 2).map((w) => w.stem);
  if (item.kind === "other" && nouns.length >= 2 && !named && !inOrder(nouns, tokens(answerLines(leg.text).slice(0, 6).join(" ")).map((w) => w.stem))) return { status: "not_covered", searched };
  // a reason quoted for another year ("revenue declined … in fiscal 2016" for fiscal 2017) explains another move
  const otherYear = item.follow === "reason" ? reasonYear(leg.text, item.periods[0]) : null;
  if (otherYear) return { status: "failed", reason: `the passage quoted explains ${otherYear}, not ${item.periods[0]}`, searched };
  // a reason is a passage: the figures it quotes are the passage's, not an answer to check as one
  const figure = item.follow === "reason" ? undefined : statedFigure(leg.text, item) ?? undefined;
  // "how fast did it grow" is answered by a rate or a change, never by the figure's level
  if (item.follow === "growth" && !GROWTH_STATED.test(answerLines(leg.text).slice(0, 2).join(" "))) return { status: "failed", reason: "the answer states the figure, not its growth", searched };
  // "how many iPhones did they sell" answered in dollars: the room states no such count unless a tool result names it
  const counted = figure ? countMissing(figure, item) : null;
  if (counted) return { status: "not_covered", searched };
  // "Surface units sold" answered by a sentence on Surface revenue: units are a count the answer must state
  if (UNITS_ASKED.test(item.ask) && figure?.unit !== "count") return { status: "not_covered", searched };
  const g = figure ? grounding(figure, leg.toolCalls, item) ?? shareGrounding(figure, leg.text, leg.toolCalls, item) ?? moveGrounding(figure, leg.text, leg.toolCalls, item, item.periods[0]) : null;
  if (figure && !g) return { status: "failed", reason: ungrounded(figure, leg), searched };
  // (a reason for a rate's move is a passage, no percentage of its own)
  if (item.kind === "other" && item.follow !== "reason" && percentAsked(item.ask) && !figure) return { status: "failed", reason: "the answer states no percentage", searched };
  // "what X cost", "what they are paying for X": a price asked is answered by an amount of money the answer states
  if (item.kind === "other" && !item.follow && !percentAsked(item.ask) && PRICE_ASKED.test(item.ask) && !MONEY.test(answerLines(leg.text).slice(0, 4).join(" "))) return { status: "failed", reason: "the answer states no amount of money", searched };
  // "sales per employee" answered with the sales: the figure's evidence must name the words its concept leaves
  const measure = figure && g && item.kind === "other" && item.concept?.kind === "amount" ? measureMissing(g, figure, leg, item, companies) : null;
  if (measure) return measure;
  const scope = figure && g && item.kind === "other" ? passageScope(g, figure, item, companies, leg.text) : null;
  if (scope) return { status: "failed", reason: scope, searched };
  // "net revenue retention rate" answered with the revenue total: not the measure asked
  const unscoped = figure && g && item.kind === "other" ? scopeMissing(g, figure, item) : null;
  if (unscoped) return scopeSeen(leg, item) ? { status: "failed", reason: unscoped, searched } : { status: "not_covered", searched };
  const kind = figure && item.kind === "other" && item.follow !== "reason" ? percentMissing(figure, item) : null;
  if (kind) return { status: "failed", reason: kind, searched };
  return { status: "answered", ...(figure ? { figure } : {}), lines: answerLines(leg.text).slice(0, item.kind === "ranking" ? 12 : 4), sources: leg.sources, via: leg.toolCalls.at(-1)?.toolName ?? "answer" };
}

/**
 * "hc", "gp": an item that is one short word in lower case no concept names was not read, so finding nothing for
 * it says nothing of the data room. The reason, else null.
 */
function unreadAsk(item: RequestItem): string | null {
  if (item.concept || item.reading.concepts.length || item.follow) return null;
  const words = item.ask.trim().split(/\s+/);
  // (capitals are a measure's initials, "ARR", "NRR": a measure the room may well not state)
  return words.length === 1 && /^\p{L}{2,4}$/u.test(words[0]!) && words[0] !== words[0]!.toUpperCase() && !QUESTION_WORDS.has(words[0]!.toLowerCase()) ? `the run could not read what “${words[0]}” asks` : null;
}

/**
 * "DM ARR": capitals before the words of a figure no concept names, which are the initials of words
 * the tools' results write out ("Digital Media"), are the shorthand of that part: the run did not
 * read them, so finding nothing says nothing of the data room. Capitals no result writes out ("NPS
 * score") are left to the other checks. The reason, else null.
 */
function unreadInitials(item: RequestItem, leg: LegResult): string | null {
  if (item.follow) return null;
  const words = item.ask.trim().split(/\s+/);
  const first = words[0]!;
  if (words.length < 2 || !/^\p{Lu}{2,4}$/u.test(first)) return null;
  // (a catalog figure of a part named by its initials, "CC subscribers": the same, when the capitals are the part read)
  // (…or left unread: "CC" taken for constant currency)
  const part = item.reading.scope?.trim().toLowerCase();
  if ((item.concept || item.reading.concepts.length) && part && part !== first.toLowerCase()) return null;
  // (what the tools echo of what they were asked, "notFound": ["DM ARR"], is not theirs)
  const asked = leg.toolCalls.flatMap((c) => Object.values((c.input ?? {}) as Record<string, unknown>).flat()).filter((v): v is string => typeof v === "string" && v.length > 0);
  const seen = asked.reduce((t, a) => t.split(a).join(" "), JSON.stringify(leg.toolCalls.map((c) => c.output ?? null)));
  const spelled = new RegExp(String.raw`(?<!\p{L})${[...first].map((ch) => `${ch}\\p{Ll}+`).join(String.raw`\s+`)}(?!\p{L})`, "u").exec(seen)?.[0];
  return spelled ? `the run did not read “${first}” as the documents' “${spelled}”` : null;
}

const partKey = (scope: string | undefined) => plainWords((scope ?? "").toLowerCase().replace(/\bsegments?\b/g, " "));

/**
 * "Why did Greater China net sales jump" left "not in the data room" while another item of the same
 * request answered Greater China net sales from the filings: a filing that reports a figure
 * discusses its move, so not finding the discussion is the run's failure, never a gap in the room.
 * The checks, each such reason failed.
 */
export function reasonsOfAnswered(checks: ItemCheck[]): ItemCheck[] {
  return checks.map((c) => {
    if (c.item.follow !== "reason" || c.status !== "not_covered") return c;
    const concept = c.item.reading.concepts[0]?.id ?? c.item.concept?.id;
    if (!concept) return c;
    const part = partKey(c.item.reading.scope);
    const shown = checks.find((o) => o !== c && o.status === "answered" && o.item.follow !== "reason" && (o.item.concept?.id ?? o.item.reading.concepts[0]?.id) === concept && partKey(o.item.reading.scope) === part);
    return shown ? { ...c, status: "failed", reason: `${shown.item.label} is answered from the documents, but the discussion of its move was not found by the run` } : c;
  });
}

/**
 * The year a reason's quoted passages say the move happened in, when they name such years and none is the one asked
 * ("revenue declined 26.2% … in fiscal 2016" quoted for fiscal 2017); else null. File names and
 * citations are no years of the passage.
 */
function reasonYear(text: string, asked: string | undefined): string | null {
  const year = asked ? yearsWritten(asked).map(String)[0] : undefined;
  if (!year) return null;
  const quoted = withoutCitations(answerLines(text).slice(0, 3).join(" "), { documents: true });
  // the years the passage's move happened in ("declined … in fiscal 2016", "in 2016 and 2017"), not
  // the base it is compared with ("compared with Q3 2023", "from 2018")
  const own = [...quoted.matchAll(/\b(?:in|during)\s+(?:the\s+)?(?:(?:fiscal\s+)?years?\s+ended\s+\p{L}+\s+\d{1,2},?\s+|fiscal\s+(?:years?\s+)?|years?\s+|FY\s?)?((?:19|20)\d\d(?:\s*(?:,|and|&)\s*(?:fiscal\s+)?(?:19|20)\d\d)*)(?![\w.,]*\d)/giu)]
    // ("when compared to the same period in 2020": the base)
    .filter((m) => !/\b(?:compar\w*|versus|vs\.?|than|from|prior|same period|previous)\b[^.;]{0,30}$/i.test(quoted.slice(Math.max(0, m.index! - 60), m.index!)))
    .flatMap((m) => m[1]!.match(/(?:19|20)\d\d/g) ?? []);
  return own.length && !own.includes(year) ? own[0]! : null;
}

/** The data room's companies: their names never make a sentence's figure a part's. */
export interface GateContext {
  companies?: string[];
}

export function checkItem(item: RequestItem, legs: LegResult[], ctx: GateContext = {}): ItemCheck {
  const companies = ctx.companies ?? [];
  if (item.kind === "narrative") {
    const c = checkNarrativeLeg(legs[0]!, item);
    return { item, status: c.status, legs: [c], ...(c.status === "failed" ? { reason: c.reason } : {}) };
  }
  if (item.kind === "ranking" || item.kind === "other") {
    const c = checkOtherLeg(legs[0]!, item, companies);
    return { item, status: c.status, legs: [c], ...(c.status === "failed" ? { reason: c.reason } : {}) };
  }
  // a company fact is as of its filing: its period is the filing's, not a column's
  // (a day asked, "headcount at 30 June 2024", is still checked)
  const checks = legs.map((l, i) => checkFigureLeg(l, item, item.concept?.fact && !/^\d{1,2} /.test(item.periods[i] ?? "") ? undefined : item.periods[i], companies));
  if (item.kind !== "comparison") {
    const c = checks[0]!;
    return { item, status: c.status, legs: checks, ...(c.status === "failed" ? { reason: c.reason } : {}) };
  }
  const [a, b] = checks as [LegCheck, LegCheck];
  if (a.status === "answered" && b.status === "answered" && a.figure && b.figure) {
    if (a.figure.unit !== b.figure.unit) return { item, status: "failed", legs: checks, reason: "the two sides are in different units" };
    const value = a.figure.value - b.figure.value;
    const percent = a.figure.unit === "percent" || b.figure.value === 0 ? undefined : (value / Math.abs(b.figure.value)) * 100;
    return { item, status: "answered", legs: checks, change: { value, ...(percent !== undefined ? { percent } : {}), unit: a.figure.unit } };
  }
  const failed = checks.find((c): c is Extract<LegCheck, { status: "failed" }> => c.status === "failed");
  if (failed) return { item, status: "failed", legs: checks, reason: failed.reason };
  // one side found, the other not in the room: the comparison cannot be made from the data room
  return { item, status: checks.every((c) => c.status === "not_covered") || checks.some((c) => c.status === "answered") ? "not_covered" : "failed", legs: checks };
}
