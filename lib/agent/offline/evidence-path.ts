/**
 * The offline model's evidence path: the question reader (lib/agent/reader) turns the question into
 * the same typed tool calls a remote model makes (compute_metric, get_line_items, get_people,
 * get_company_facts, search_documents), and the answer is written from their results only when the
 * evidence fits the concept, company and period asked. When it does not (an input missing, no row,
 * rows that disagree with no total among them), the path steps aside and the older planner answers
 * or abstains; it never guesses.
 */
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import type { Concept } from "../concepts/catalog";
import type { ComputeOutput } from "../evidence/compute";
import type { EntitiesOutput } from "../evidence/entities";
import type { LineItemsOutput } from "../evidence/line-items";
import type { Passage, SearchDocumentsOutput } from "../evidence/passages";
import { dayAsked, pickRow, pickScopedRow, writeAction, writeCompute, writeDirectionCompute, writeDirectionRow, writeFacts, writeNotFound, writePeople, writeRisks, writeRows, writeScopedRows, writeStated } from "./evidence-answers";
import { statesAValue } from "@/lib/answers/narrative/fit";
import { rankAsked, rankCall, rankMeasure, writeRanking } from "./ranking";
import { findConcepts, tokens } from "../concepts/match";
import { isMetricQuestion } from "../knowledge/metric-answer";
import { periodsIn, readQuestion, type Reading } from "../reader/read";
import type { Conversation, ToolExchange } from "./conversation";

export const EVIDENCE_PATH_TOOLS = new Set(["compute_metric", "get_line_items", "get_people", "get_company_facts", "search_documents"]);

interface Call {
  toolName: string;
  input: Record<string, unknown>;
}

/** The companies the system prompt's "# Data room" section lists. */
export function dataRoomCompanies(prompt: LanguageModelV3Prompt): string[] {
  const system = prompt.filter((m) => m.role === "system").map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
  const section = system.split(/^# Data room$/m)[1] ?? "";
  return [...section.matchAll(/^- ([^:\n]+):/gm)].map((m) => m[1]!.trim()).filter((c) => c && c !== "Other documents");
}

/** The current turn read with the conversation before it (each earlier turn read in order, for follow-ups). */
export function readTurn(conv: Conversation, companies: string[]): Reading {
  let prev: Reading | undefined;
  for (const t of conv.past) {
    if (!t.user.trim()) continue;
    prev = readQuestion(t.user, companies, prev);
    // the period the answer took when the question left it open ("Q3 revenue" answered for Q3 2024)
    if (!prev.periods.length) prev = { ...prev, periods: periodsIn(t.assistant).slice(0, 1) };
  }
  return readQuestion(conv.current.user, companies, prev);
}

/** Words beyond which a question carries more than the reader's slots (definitions, spans, instructions): the metric engine reads those. */
const LONG_QUESTION = 14;
/** "What share of revenue did it keep as operating income": the second figure over the first. */
const SHARE_OF = /\b(?:share|portion|proportion|fraction|part)\s+of\b/i;
const RATIO_OF = /(?:\bas an? |\bas )?(?:%|\bpercent(?:age)?) of\b|\bdivided by\b|\//i;
/** Facts the entity rules read whole; customers and subsidiaries are lists they read only in part (passages answer those). */
const ANSWERED_FACTS = new Set(["auditor", "headquarters", "employees", "registrant"]);

const computable = (c: Concept) => !!(c.metric || c.lineItems?.length) && !["count", "person", "organisation", "place", "text"].includes(c.kind);

/**
 * How a reading is answered, step by step; each step is tried when the ones before it found
 * nothing that fits. rows: a table row naming the concept; compute: the metric engine;
 * sentence: a passage stating the figure. A figure companies state themselves (their own net
 * debt, FCF, backlog) is read as stated before it is computed.
 */
type Step = "people" | "facts" | "risks" | "compute" | "ratio" | "rows" | "sentence" | "scoped" | "total" | "rank";

export function stepsFor(r: Reading): Step[] | null {
  if (r.reason || r.synthesis || r.narrative || r.ambiguous || r.concepts.length === 0) return null;
  const [c, d] = r.concepts as [Concept, Concept | undefined];
  // "which segment had the highest revenue": the parts' rows of one table, ranked
  // (the company's total first: the parts ranked must add up to it)
  if (rankAsked(r.text) && rankMeasure(r) && !r.polar) return ["total", "rank"];
  // "japan net sales down in 2022?": the figure's two periods decide it
  if (r.polar && r.direction && r.concepts.length === 1 && (computable(c) || c.rowWords?.length)) return directionSteps(r, c);
  if (r.polar && !(c.kind === "person" || c.kind === "organisation" || c.action)) return null;
  // "who is the CFO": a person with nothing else asked ("how much does the CEO own" asks more)
  if (c.kind === "person") return r.scope ? null : ["people"];
  // a headcount the entity rules did not read is often a sentence ("employed approximately 92,000 people")
  if (c.fact) return ANSWERED_FACTS.has(c.fact) && !d && !r.scope ? (c.kind === "count" ? ["facts", "sentence"] : ["facts"]) : null;
  if (c.kind === "text") return c.section === "risk factors" ? ["risks"] : null;
  // a definition, or a long question the metric engine reads itself (a span of years, units and rounding), stays with it
  const ratio = !!d && r.concepts.length === 2 && computable(c) && computable(d) && (RATIO_OF.test(r.text) || SHARE_OF.test(r.text));
  // a definition "A / B" of two statement lines is the ratio step's own reading
  if (ratio && (!r.defines || RATIO_OF.test(r.text))) return ["ratio"];
  // a long question read whole (company, periods, nothing left over) is the reader's; one with words it did not read is the engine's
  const readWhole = !!r.company && r.periods.length > 0 && !r.scope;
  if (computable(c) && (r.defines || (tokens(r.text).length > LONG_QUESTION && isMetricQuestion(r.text) && !readWhole))) return null;
  if (r.concepts.length > 1) return null;
  // a part of the company ("iPhone revenue", "the X segment's backlog"): its own row or sentence, never the
  // total; when neither fits, the rules planner's part tables and passages try (the last step abstains not)
  if (r.scope && (computable(c) || c.rowWords?.length) && !r.polar) return ["scoped", "sentence"];
  // a segment named but no part read ("the segment's operating income"): not the company total
  if (r.segment && computable(c)) return null;
  const stated = c.rowWords?.length ? (["rows", ...(computable(c) ? (["compute"] as Step[]) : []), "sentence"] as Step[]) : null;
  if (stated && !r.polar && !r.aggregate) return stated;
  if (computable(c)) return ["compute"];
  return stated;
}

/** A part's row; else the concept's row (then its metric); else the metric. */
function directionSteps(r: Reading, c: Concept): Step[] {
  if (r.scope) return ["scoped"];
  if (!c.rowWords?.length && !c.lineItems?.length) return ["compute"];
  return computable(c) ? ["rows", "compute"] : ["rows"];
}

function callFor(step: Step, r: Reading): Call {
  const [c, d] = r.concepts as [Concept, Concept | undefined];
  const company = r.company ? { company: r.company } : {};
  const periods = r.periods.length ? { periods: r.periods } : {};
  const format = { ...(r.decimals !== undefined ? { decimals: r.decimals } : {}), ...(r.scale ? { scale: r.scale } : {}), ...(r.aggregate ? { aggregate: r.aggregate } : {}) };
  switch (step) {
    case "total":
      return { toolName: "get_line_items", input: { ...company, items: [rankMeasure(r)!.id], ...(r.periods.length ? { periods: r.periods.slice(-1) } : {}) } };
    case "rank":
      return rankCall(r, rankAsked(r.text)!, rankMeasure(r)!);
    case "people":
      return { toolName: "get_people", input: { ...company, ...(c.role ? { role: c.role } : {}) } };
    case "facts":
      return { toolName: "get_company_facts", input: { ...company, facts: [c.fact] } };
    case "risks":
      return { toolName: "search_documents", input: { ...company, query: "risk factors could adversely affect our business results", section: "risk factors", k: 10 } };
    case "compute":
      return { toolName: "compute_metric", input: { ...company, metric: c.id, ...periods, ...format } };
    case "ratio": {
      // "share of A … as B" is B / A; "A as a % of B" and "A / B" are A / B
      const [top, bottom] = SHARE_OF.test(r.text) && !RATIO_OF.test(r.text) ? [d!, c] : [c, d!];
      const unit = /%|percent|share|portion|proportion/i.test(r.text) ? "percent" : "ratio";
      return { toolName: "compute_metric", input: { ...company, metric: `${top.label} to ${bottom.label}`, formula: `${top.id} / ${bottom.id}`, unit, ...periods, ...format } };
    }
    case "rows":
      return { toolName: "get_line_items", input: { ...company, items: [c.id], ...periods } };
    case "scoped":
      return { toolName: "get_line_items", input: { ...company, items: [`${r.scope} ${c.terms[0]}`], ...periods, limit: 12 } };
    case "sentence": {
      // a day asked ("at 30 June 2024") is searched as written: the sentence of that day, not the newest
      const when = r.periods.filter((p) => /^(?:FY)?\d{4}$/.test(p) || (!!dayAsked(r) && /^\d{1,2} \p{L}+ \d{4}$/u.test(p))).map((p) => p.replace(/^FY/, "")).join(" ");
      // a count is written many ways ("employed approximately 92,000 people", "a workforce of"): every name the catalog knows
      const what = c.kind === "count" ? `number of ${c.terms.slice(0, 8).join(" ")}` : `${r.scope ?? "total"} ${c.rowWords?.[0] ?? c.terms[0]}`;
      // a count or a balance with no year asked is the current one: the newest filings first, and the newest fitting sentence
      const newest = !when && (c.kind === "count" || c.balance) ? { newest: true } : {};
      return { toolName: "search_documents", input: { ...company, query: `${what} ${when}`.trim(), k: 10, ...newest } };
    }
  }
}

/** The first calls of a reading (for tests and the planner), or null when the evidence tools do not answer it. */
export function evidenceCalls(r: Reading): Call[] | null {
  const steps = stepsFor(r);
  return steps ? [callFor(steps[0]!, r)] : null;
}

const mine = (done: ToolExchange[]) => done.filter((t) => EVIDENCE_PATH_TOOLS.has(t.toolName) && !(t.toolName === "compute_metric" && typeof t.input.question === "string"));

/** The answer a step's result gives, or null when it does not fit the question. */
function answerOf(step: Step, t: ToolExchange, r: Reading, done: ToolExchange[] = []): string | null {
  const c = r.concepts[0]!;
  const out = t.output as Record<string, unknown> | undefined;
  if (!out || typeof out !== "object") return null;
  if (r.polar && r.direction) return directionOf(step, out, r, c);
  switch (step) {
    case "total":
      return null;
    case "rank": {
      const totals = done.filter((x) => x !== t && x.toolName === "get_line_items").flatMap((x) => (x.output as LineItemsOutput | undefined)?.rows ?? []);
      return writeRanking(out as unknown as LineItemsOutput, rankMeasure(r)!, r, rankAsked(r.text)!, totals);
    }
    case "people":
      return writePeople(out as unknown as EntitiesOutput, c);
    case "facts":
      return writeFacts(out as unknown as EntitiesOutput, c, r);
    case "risks":
      return writeRisks(out as unknown as SearchDocumentsOutput);
    case "compute":
    case "ratio":
      return r.polar && c.action ? writeAction(out as unknown as ComputeOutput, c) : writeCompute(out as unknown as ComputeOutput, r);
    case "rows":
      return writeRows(out as unknown as LineItemsOutput, c);
    case "scoped":
      // a part's level does not say how much it grew: a sentence stating the growth does
      return r.aggregate === "growth" || r.aggregate === "change" ? null : writeScopedRows(out as unknown as LineItemsOutput, c, r.scope!, r.segment);
    case "sentence":
      return writeStated(out as unknown as SearchDocumentsOutput, c, r);
  }
}

function directionOf(step: Step, out: Record<string, unknown>, r: Reading, c: Concept): string | null {
  if (step === "compute") return writeDirectionCompute(out as unknown as ComputeOutput, r);
  const rows = out as unknown as LineItemsOutput;
  const row = step === "scoped" ? pickScopedRow(rows, c, r.scope!, r.segment, r.periods) : step === "rows" ? pickRow(rows, c, r.periods) : null;
  return writeDirectionRow(row, c, r, rows.company);
}

function unknownCompany(t: ToolExchange, r: Reading): string | null {
  const out = t.output as Record<string, unknown> | undefined;
  if (!out || !(out.status === "unknown_company" || (typeof out.error === "string" && /No company in this deal/.test(out.error)))) return null;
  const asked = typeof t.input.company === "string" ? t.input.company : (r.company ?? "that company");
  const held = typeof out.hint === "string" ? out.hint : typeof out.error === "string" ? out.error : "";
  return `This data room holds no documents of "${asked}". ${held}`.trim();
}

/** The next calls of the evidence path, or null when it has nothing (more) to call. */
export function evidenceNext(r: Reading, done: ToolExchange[]): Call[] | null {
  const steps = stepsFor(r);
  if (!steps) return null;
  const made = mine(done);
  if (made.some((t, i) => unknownCompany(t, r) || answerOf(steps[i]!, t, r, made))) return null;
  return made.length < steps.length ? [callFor(steps[made.length]!, r)] : null;
}

/** The answer from the evidence path's results, or null when they do not fit (the rules planner then answers). */
export function evidenceAnswer(r: Reading, done: ToolExchange[]): string | null {
  const steps = stepsFor(r);
  const made = mine(done);
  if (!steps || !made.length) return null;
  for (const [i, t] of made.entries()) {
    const a = unknownCompany(t, r) ?? answerOf(steps[i]!, t, r, made);
    if (a) return a;
  }
  // a figure companies state themselves, found nowhere: say so with the closest evidence (a look-alike figure is no answer);
  // a part's figure not found goes to the rules planner, whose part-table reader knows more table shapes
  if (made.length === steps.length && steps.includes("sentence") && !steps.includes("scoped")) return notFound(r, made);
  return null;
}

/** What was searched and the closest evidence the calls found (`closest` first), in place of a guess. */
function notFound(r: Reading, made: ToolExchange[], closest: Passage[] = []): string {
  const rows = made.flatMap((t) => ((t.output as LineItemsOutput | undefined)?.rows ?? []));
  const passages = [...closest, ...made.flatMap((t) => ((t.output as SearchDocumentsOutput | undefined)?.passages ?? []))];
  return writeNotFound(r.concepts[0]!, r, rows, passages, made.map((t) => (t.output as { company?: string } | undefined)?.company).find(Boolean));
}

/** The text names the part asked by at least half its words (a long question's leftover words are not all the part's name). */
function namesHalfOf(scope: string | undefined, text: string): boolean {
  const want = scope ? tokens(scope).map((t) => t.stem) : [];
  const have = new Set(tokens(text).map((t) => t.stem));
  return want.filter((w) => have.has(w)).length * 2 >= want.length;
}

/** The documents write a word of the scope as a name ("Tableau", "App Store", "San Francisco") where the analyst typed it in lower case. */
function namedInDocuments(scope: string, made: ToolExchange[]): boolean {
  const texts = made.flatMap((t) => ((t.output as SearchDocumentsOutput | undefined)?.passages ?? []).map((p) => p.text));
  const words = scope.split(/\s+/).filter((w) => w.length > 2);
  return words.length > 0 && words.some((w) => texts.some((t) => new RegExp(`\\b${w.charAt(0).toUpperCase()}${w.slice(1).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(t)));
}

/**
 * A named part's figure ("Slack revenue") the reader's rows and sentences did not find, which the rules
 * planner then answered: its answer stands only when a part-table row gave it. Anything else it
 * found (the company's total, a passage sharing the words) is not the part's figure, so the turn
 * says what was searched instead. Null when the answer stands.
 */
export function partAnswerOverride(r: Reading, done: ToolExchange[], text = ""): string | null {
  const steps = stepsFor(r);
  const made = mine(done);
  // a yes/no about the part ("did Japan sales fall?") may be decided by a sentence: the planner's verdict stands
  if (r.polar || !steps?.includes("scoped") || made.length < steps.length || !(r.namedPart || namedInDocuments(r.scope!, made))) return null;
  // a row naming the part: a total's row is not the part's
  const fromRow = done.some((t) => t.toolName === "query_knowledge_base" && ((t.output as { tableValues?: Array<{ label: string; column?: string }> } | undefined)?.tableValues ?? []).some((v) => namesHalfOf(r.scope, `${v.label} ${v.column ?? ""}`)));
  // a quoted sentence naming the part with a value ("Of the 40,275 restaurants, approximately 95% were franchised") stands too
  const quote = QUOTE_ANSWER.exec(text)?.[2];
  const fromQuote = !!quote && namesHalfOf(r.scope, quote) && statesAValue(quote);
  return fromRow || fromQuote ? null : notFound(r, made);
}

/** "Which customers …", "who …", "where …": a name or a place is asked, which a quote without a figure may give. */
const NAME_ASKED = /\b(?:which|who|whom|where|when|why)\b/i;
const FIGURE_KINDS = new Set(["amount", "percent", "ratio", "count", "per_share"]);
/** A quote answer as the rules planner writes it: `FILE states: "…" (source: FILE, p.N)`. */
const QUOTE_ANSWER = /^(?:(?:Yes|No) — )?(\S+\.\w+) states: "([^"]+)" (\(source: [^)]+\))/;

/**
 * A figure asked ("boston properties new york noi 2015") that the rules planner answered with a
 * quoted sentence: the quote stands only when it names the figure's concept (and the part asked),
 * and states a value. A sentence that merely shares words with the question is no answer: the turn
 * says what was searched and shows the quote as the closest evidence. Null when the answer stands.
 */
export function quoteAnswerOverride(r: Reading, text: string, done: ToolExchange[]): string | null {
  const c = r.concepts[0];
  if (!c || !FIGURE_KINDS.has(c.kind) || r.polar || r.narrative || r.reason || r.synthesis || r.defines || NAME_ASKED.test(r.text)) return null;
  const m = QUOTE_ANSWER.exec(text);
  if (!m) return null;
  const quote = m[2]!;
  const named = new Set(findConcepts(quote).map((h) => h.concept.id));
  if (r.concepts.some((x) => named.has(x.id)) && namesHalfOf(r.scope, quote) && statesAValue(quote)) return null;
  const quoted: Passage = { document: m[1]!, page: Number(/p\.(\d+)/.exec(m[3]!)?.[1] ?? 0), charStart: 0, charEnd: quote.length, text: quote, citation: m[3]! };
  return notFound(r, mine(done), [quoted]);
}
