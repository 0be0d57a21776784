/**
 * The validation gate (seed 004 §2): a `final` action is accepted only when the run and the
 * answer meet the question's constraints — enough searches (one per required topic), enough
 * opened citations, [n] markers that exist, numbers and technical terms found in the opened
 * sources, exact quotes that really occur in an opened source (whitespace and end-of-line
 * hyphenation tolerant; attributed to the right [n]), the insufficiency phrase for every
 * topic without evidence, the required sections, and the "newest dated document" rule.
 */
import type { AgentConstraints, ComputedMetric, OpenedCitation, SearchRecord, ValidationFailure, ValidationResult } from "./types";
import { requestTopics, wholeRequestTopic, type RequestTopic } from "./request-topics";
import { checkTopics } from "./topic-gate";
import { escapeRe, extractMarkers, extractNumbers, extractQuotes, isDerivedPercent, isDerivedDifference, knownNumbers, mentionsTopic, namesPhrase, numberIsKnown, percentAfter, queryCoversTopic, quoteFoundIn, topicVariants, words } from "./text";

export interface ValidationInput {
  answer: string;
  question: string;
  constraints: AgentConstraints;
  searches: SearchRecord[];
  opened: OpenedCitation[];
  declaredInsufficiencies?: Array<{ topic: string; missing?: string }>;
  /** compute_metric results of the run: a figure equal to one is grounded (its inputs are opened citations). */
  computed?: ComputedMetric[];
  /** The request's topics (default: read from the question and the constraints). */
  topics?: RequestTopic[];
}

/** Acronyms and labels that need no source (periods, currencies, common DD shorthand). */
const GENERIC_TERMS = new Set(
  "FY LTM YTD YOY QOQ Q1 Q2 Q3 Q4 H1 H2 9M EUR USD SEK GBP NOK DKK CHF KSEK MSEK TSEK MEUR KEUR PDF XLSX CSV DOCX IRL DD Q&A QA N/A NA OK AB CEO CFO TBD ID AI".split(" "),
);

/** Due-diligence terms whose mere mention is a claim: used only when a source says so. */
export const SUSPICIOUS_TERMS = [
  "lawsuit", "class action", "settlement", "injunction", "arbitration", "covenant breach", "impairment", "goodwill write-down", "restatement",
  "going concern", "antitrust", "sanction", "fraud", "bankruptcy", "insolvency", "default", "indemnity", "escrow", "earn-out", "whistleblower",
  "gdpr fine", "penalty", "tvist", "stämning", "förlikning", "konkurs", "nedskrivning", "vite",
];

export function isTopicMissing(topic: string, searches: SearchRecord[], opened: OpenedCitation[]): boolean {
  if (opened.some((o) => o.role === "evidence" && mentionsTopic(o.text, topic))) return false;
  const variants = topicVariants(topic).map((v) => v.split(" "));
  for (const s of searches) {
    for (const r of s.results) {
      if (r.role !== "evidence") continue;
      if (variants.some((v) => v.every((w) => r.matchedTerms.includes(w))) || mentionsTopic(r.snippet, topic)) return false;
    }
  }
  return true;
}

export function missingTopicsOf(c: AgentConstraints, searches: SearchRecord[], opened: OpenedCitation[]): string[] {
  return c.requiredTopics.filter((t) => isTopicMissing(t, searches, opened));
}

function paragraphs(text: string): string[] {
  // A paragraph runs until a blank line or the next heading.
  return text.split(/\n\s*\n|\n(?=#{1,6}\s)|\n(?=\*\*[^*]+\*\*\s*:?\s*$)/).map((p) => p.trim()).filter(Boolean);
}

function containsPhrase(text: string, phrase: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ");
  return norm(text).includes(norm(phrase));
}

function headingLines(answer: string): string[] {
  return answer.split("\n").map((l) => l.trim()).filter((l) => /^#{1,6}\s+\S/.test(l) || /^\*\*[^*]+\*\*/.test(l) || /^__[^_]+__/.test(l) || /^[\p{L}][^:]{0,60}:/u.test(l));
}

function lineAround(text: string, at: number): { text: string; start: number } {
  const start = text.lastIndexOf("\n", at - 1) + 1;
  const end = text.indexOf("\n", at);
  return { text: text.slice(start, end < 0 ? text.length : end), start };
}

export function validateFinal(input: ValidationInput): ValidationResult {
  const { answer, question, constraints: c, searches, opened } = input;
  const failures: ValidationFailure[] = [];
  const fail = (code: ValidationFailure["code"], message: string, needsTools = false) => failures.push({ code, message, needsTools });
  const okSearches = searches.filter((s) => !s.error);
  const byN = new Map(opened.map((o) => [o.n, o]));

  if (!answer.trim()) fail("EMPTY_ANSWER", "The answer is empty.");

  // 1. process requirements
  if (okSearches.length < c.minSearches) fail("MIN_SEARCHES_UNMET", `Required at least ${c.minSearches} separate searches, but only ${okSearches.length} were performed.`, true);
  const unsearched = c.requiredTopics.filter((t) => !okSearches.some((s) => queryCoversTopic(s.query, t)));
  if (unsearched.length) fail("REQUIRED_TOPIC_NOT_SEARCHED", `No search_docs call covered: ${unsearched.map((t) => `"${t}"`).join(", ")}. Search each required topic separately.`, true);
  if (opened.length < c.minOpenCitations) fail("MIN_OPEN_CITATIONS_UNMET", `Required to open at least ${c.minOpenCitations} citation(s), but only ${opened.length} were opened.`, true);

  // 2. citation markers
  const markers = extractMarkers(answer);
  const invalid = [...new Set(markers.filter((m) => !byN.has(m.n)).map((m) => m.n))];
  const valid = [...new Set(markers.filter((m) => byN.has(m.n)).map((m) => m.n))];
  if (invalid.length) fail("INVALID_CITATION_MARKER", `Citation marker(s) ${invalid.map((n) => `[${n}]`).join(", ")} do not match an opened citation (opened: ${opened.length ? opened.map((o) => `[${o.n}]`).join(", ") : "none"}).`);

  // 3. quotes
  const exempt = (q: string) => containsPhrase(c.insufficiencyPhrase, q) || containsPhrase(question, q) || q.replace(/[^\p{L}\p{N}]/gu, "").length < 3;
  const quotes: ValidationResult["quotes"] = [];
  const matchedSpans: Array<[number, number]> = [];
  for (const q of extractQuotes(answer)) {
    if (exempt(q.text)) continue;
    const after = /^\s*[,.;:]?\s*\[(\d{1,3})/.exec(answer.slice(q.end, q.end + 40));
    const cited = after ? Number(after[1]) : undefined;
    const hosts = opened.filter((o) => quoteFoundIn(q.text, o.text));
    const matched = hosts.length > 0;
    quotes.push({ text: q.text, matched, citation: cited });
    if (!matched) {
      fail("QUOTE_NOT_FOUND", `The quote "${q.text.length > 90 ? `${q.text.slice(0, 87)}…` : q.text}" does not occur in any opened citation; copy it character for character or remove the quotation marks.`);
      continue;
    }
    matchedSpans.push([q.index, q.end]);
    if (cited !== undefined && byN.has(cited) && !hosts.some((h) => h.n === cited)) {
      fail("QUOTE_WRONG_SOURCE", `The quote "${q.text.length > 60 ? `${q.text.slice(0, 57)}…` : q.text}" is attributed to [${cited}] but occurs in ${hosts.map((h) => `[${h.n}]`).join(", ")}.`);
    }
  }
  if (c.requiresExactQuote) {
    const good = quotes.filter((q) => q.matched && (c.exactQuoteKind !== "figure" || /\d/.test(q.text)));
    if (good.length === 0) fail("EXACT_QUOTE_MISSING", `Quote ${c.exactQuoteKind === "figure" ? "at least one exact figure (a passage containing the number)" : "at least one exact passage"} from an opened citation in double quotes, followed by its [n] marker.`, opened.length === 0);
  }

  // 4. grounding: numbers and technical terms
  const stripped = answer.replace(/\[(\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*)\](?!\()/g, " ");
  const outsideQuotes = (() => {
    let s = answer;
    for (const [a, b] of [...matchedSpans].sort((x, y) => y[0] - x[0])) s = s.slice(0, a) + " ".repeat(b - a) + s.slice(b);
    return s.replace(/\[(\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*)\](?!\()/g, " ");
  })();
  const computed = (input.computed ?? []).filter((m) => m.results.length > 0);
  // a computed figure counts as sourced only as the engine states it (its result, to its printed precision)
  const sourceTexts = [...opened.map((o) => o.text), ...opened.map((o) => `${o.document} ${o.documentDate ?? ""} p. ${o.page} page ${o.page}`), question, c.insufficiencyPhrase, ...computed.map((m) => m.results.join(" "))];
  const known = knownNumbers(sourceTexts);
  const pages = new Set(opened.map((o) => o.page));
  const badNumbers: string[] = [];
  for (const n of extractNumbers(outsideQuotes)) {
    const lineStart = outsideQuotes.lastIndexOf("\n", n.index - 1) + 1;
    if (/^\s*(?:#{1,6}\s*)?$/.test(outsideQuotes.slice(lineStart, n.index)) && /^[.)]\s/.test(outsideQuotes.slice(n.index + n.raw.length, n.index + n.raw.length + 2))) continue; // "1. " list numbering
    if (!n.withUnit && /^\d$/.test(n.raw)) continue; // small counts ("two sources", "3 searches")
    if (/(?:\bp\.?|\bpage|\bs\.|\bsida|\bpp\.)\s*$/i.test(outsideQuotes.slice(Math.max(0, n.index - 6), n.index)) && pages.has(Number(n.raw))) continue;
    if (numberIsKnown(n, known)) continue;
    // a percentage computed from two sourced figures of its line ("20.0% (1,460 / 7,300)")
    const line = lineAround(outsideQuotes, n.index);
    const inputs = extractNumbers(line.text).filter((m) => m.index !== n.index - line.start && numberIsKnown(m, known)).flatMap((m) => m.values);
    if (percentAfter(outsideQuotes, n.index + n.raw.length) && isDerivedPercent(n, inputs)) continue;
    // a variance: the difference of two sourced amounts its line states in one unit ("… — EUR 0.2 million above the forecast")
    if (!percentAfter(outsideQuotes, n.index + n.raw.length) && /\b(?:above|below|ahead of|short of|higher than|lower than|variance|difference)\b/i.test(line.text) && isDerivedDifference(n, inputs)) continue;
    badNumbers.push(n.raw);
  }
  if (badNumbers.length) fail("UNGROUNDED_NUMBER", `These numbers appear in no opened citation: ${[...new Set(badNumbers)].slice(0, 6).join(", ")}. Use only figures from opened sources (or open the source that states them).`, opened.length < 1);

  // a line stating a computed metric with its inputs' [n] gives the engine's result, not another figure
  for (const m of computed) {
    const name = m.name;
    const resultTokens = extractNumbers(m.results.join(" "));
    const pct = m.results.some((r) => /%/.test(r));
    const inputNs = new Set(m.inputs.map((i) => i.n));
    for (const raw of answer.split("\n")) {
      if (!name || !namesPhrase(raw, name) || !extractMarkers(raw).some((x) => inputNs.has(x.n))) continue;
      // the line's own words: without its quotes (a quoted source line may print other figures) and markers
      const line = extractQuotes(raw).reduce((x, q) => x.replace(q.text, " "), raw).replace(/\[(\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*)\](?!\()/g, " ");
      const stated = extractNumbers(line).filter((n) => pct === percentAfter(line, n.index + n.raw.length) && (pct || n.withUnit));
      const wrong = stated.filter((n) => !resultTokens.some((r) => numberIsKnown(n, new Set(r.values))));
      if (wrong.length && !stated.some((n) => resultTokens.some((r) => numberIsKnown(n, new Set(r.values))))) {
        fail("COMPUTED_FIGURE_MISMATCH", `${name}: the answer states ${wrong.map((n) => n.raw).join(", ")} but compute_metric's result is ${m.results.join(", ")}; state the computed result.`);
      }
    }
  }

  const allowed = [...opened.map((o) => o.text), ...searches.flatMap((s) => s.results.map((r) => `${r.snippet} ${r.document}`)), question, c.insufficiencyPhrase, ...computed.map((m) => m.answer)].join("\n");
  const allowedLower = allowed.toLowerCase();
  const allowedWords = ` ${words(allowed).join(" ")} `;
  const terms = new Set<string>();
  for (const m of stripped.matchAll(/`([^`\n]{2,60})`/g)) terms.add(m[1]!);
  for (const m of stripped.matchAll(/\b[A-Z][A-Z0-9&]{1,}(?:[-_][A-Z0-9]+)*\b/g)) if (!GENERIC_TERMS.has(m[0]) && !/^\d+$/.test(m[0]) && !/^(?:FY|Q[1-4]|H[12]|[69]M)\d{0,4}[AFEB]?$/.test(m[0])) terms.add(m[0]);
  for (const m of stripped.matchAll(/\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z]+[A-Z][a-zA-Z0-9]+\b/g)) terms.add(m[0]);
  const ungrounded = [...terms].filter((t) => !new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRe(t.toLowerCase())}(?:$|[^\\p{L}\\p{N}])`, "u").test(allowedLower));
  for (const s of SUSPICIOUS_TERMS) {
    const w = words(s).join(" ");
    if (` ${words(stripped).join(" ")} `.includes(` ${w} `) && !allowedWords.includes(` ${w} `)) ungrounded.push(s);
  }
  if (ungrounded.length) fail("UNGROUNDED_TERM", `These terms appear in no source or search result: ${[...new Set(ungrounded)].slice(0, 6).join(", ")}. Do not name tools, procedures or facts the documents do not contain.`);

  // 5. at least one marker when sources were opened and the answer states figures or quotes
  if (opened.length > 0 && valid.length === 0 && (c.minOpenCitations > 0 || c.requiresExactQuote || quotes.length > 0 || extractNumbers(stripped).some((n) => n.withUnit))) {
    fail("NO_CITATION_MARKERS", `Cite the opened sources with [n] markers (opened: ${opened.map((o) => `[${o.n}] ${o.document} p.${o.page}`).join("; ")}).`);
  }

  // 6. insufficiency disclosure
  const declared = (input.declaredInsufficiencies ?? []).map((d) => d.topic).filter(Boolean);
  const missingTopics = missingTopicsOf(c, okSearches, opened);
  if (c.requiresInsufficiencyDisclosure) {
    if ((missingTopics.length > 0 || declared.length > 0) && !containsPhrase(answer, c.insufficiencyPhrase)) {
      fail("INSUFFICIENCY_DISCLOSURE_MISSING", `State "${c.insufficiencyPhrase}" for what the documents do not cover${missingTopics.length ? ` (no evidence found for: ${missingTopics.join(", ")})` : ""}.`);
    } else {
      const paras = paragraphs(answer);
      const undisclosed = missingTopics.filter((t) => !paras.some((p) => containsPhrase(p, c.insufficiencyPhrase) && mentionsTopic(p, t)));
      if (undisclosed.length) fail("INSUFFICIENCY_DISCLOSURE_MISSING", `Say "${c.insufficiencyPhrase}" for ${undisclosed.map((t) => `"${t}"`).join(", ")} in the same paragraph that names it: the searches found no evidence for it.`);
    }
  }

  // 7. sections
  if (c.requiredSections.length) {
    const heads = headingLines(answer);
    const missing = c.requiredSections.filter((s) => !heads.some((h) => mentionsTopic(h, s)));
    if (missing.length) fail("SECTION_MISSING", `Add the required section heading(s): ${missing.map((s) => `"${s}"`).join(", ")}.`);
  }

  // 8. conflict rule: newest dated document
  if (c.requiresConflictResolution && c.conflictRule === "newest") {
    const groups = new Map<string, OpenedCitation[]>();
    for (const o of opened) if (o.versionGroup) groups.set(o.versionGroup, [...(groups.get(o.versionGroup) ?? []), o]);
    for (const list of groups.values()) {
      const docs = [...new Map(list.map((o) => [o.documentId, o])).values()].filter((o) => o.documentDate);
      if (docs.length < 2) continue;
      const newest = docs.reduce((a, b) => ((b.documentDate ?? "") > (a.documentDate ?? "") ? b : a));
      if (docs.filter((o) => o.documentDate === newest.documentDate).length > 1) continue; // same date: no newest to insist on
      const citesNewest = list.some((o) => o.documentId === newest.documentId && valid.includes(o.n));
      const citesOlder = list.some((o) => o.documentId !== newest.documentId && valid.includes(o.n));
      if (citesOlder && !citesNewest) fail("CONFLICT_RULE_UNMET", `The newest dated document (${newest.document}, ${newest.documentDate}) prevails over older versions; cite it as [${newest.n}] and say it supersedes the older one.`);
    }
  }

  // 9. every topic of the request answered from an opened source for the period asked, or disclosed as a gap
  // a request whose topics could not be read is one topic: its answer still needs content, not a heading
  const read = input.topics ?? requestTopics(question, c);
  const whole = read.length || c.requiredSections.length || c.requiredTopics.length ? null : wholeRequestTopic(question);
  const verdicts = checkTopics({ answer, topics: whole ? [whole] : read, opened, searches: okSearches, phrase: c.insufficiencyPhrase, computed });
  for (const v of verdicts.filter((x) => x.status === "unanswered")) {
    const label = `"${v.topic.name}"${v.topic.period ? ` (${v.topic.period})` : ""}`;
    fail("TOPIC_NOT_ANSWERED", `${label} is not answered: ${v.reason}. ${v.needsTools ? "Search for it and open the page that states it, then answer" : "State it in a sentence naming the line item, the value and the period, with its [n]"}; if the documents do not give it, write "${c.insufficiencyPhrase}" for it and what was searched.`, v.needsTools);
  }
  const topics = verdicts.map((v) => ({ topic: v.topic.name, status: v.status, reason: v.reason }));
  return { ok: failures.length === 0, failures, markers: valid, invalidMarkers: invalid, quotes, missingTopics, topics };
}
