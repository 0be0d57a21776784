/**
 * Constraint analysis (seed 004 §1): what the question demands of the agent's process and
 * answer — searches (count and topics), opened citations, exact quotes, a conflict rule,
 * required sections, insufficiency disclosure — read from explicit and implicit wording in
 * English and Swedish, by rules (Agent Mode asks no model about its own process).
 */
import { FORMULA_OPERATOR } from "@/lib/metrics/definition";
import { detectLanguage } from "@/lib/search/language";
import type { AgentConstraints, AgentLanguage, ConstraintEvidence } from "./types";
import { contentWords, words } from "./text";
import { findConcepts, tokens } from "../concepts/match";
import { GENERIC_WORDS, GRAMMAR_WORDS } from "../concepts/generic-words";

const NUM_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, a: 1, an: 1, single: 1, couple: 2, pair: 2,
  en: 1, ett: 1, två: 2, tre: 3, fyra: 4, fem: 5, sex: 6, sju: 7, åtta: 8, nio: 9, tio: 10, par: 2,
};
const N = String.raw`(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a pair of|en|ett|två|tre|fyra|fem|sex|sju|åtta|nio|tio|ett par)`;

function num(s: string): number {
  const t = s.toLowerCase().replace(/^(?:a|ett)\s+(?:couple|pair|par)(?:\s+of)?$/, "couple");
  if (/^\d+$/.test(t)) return Number(t);
  return NUM_WORDS[t] ?? NUM_WORDS[t.split(/\s+/).pop() ?? ""] ?? 1;
}

export const LIMITS = { minSearches: 6, minOpenCitations: 5, topics: 6, sections: 8 };

export const DEFAULT_PHRASE: Record<AgentLanguage, string> = { en: "Insufficient documentation", sv: "Otillräcklig dokumentation" };

/** Verbs that start the next instruction in a list ("…, margins and litigation, open at least two …"). */
const CLAUSE_START = /^(?:then|and then|open|read|quote|cite|say|state|write|use|include|list|give|provide|mark|flag|make|be|keep|answer|respond|resolve|prefer|produce|summari[sz]e|explain|also|finally|öppna|läs|citera|ange|skriv|använd|inkludera|lista|ge|markera|svara|sammanfatta|förklara|sedan|därefter|och sedan|slutligen|gör|var)\b/i;

/** Splits "revenue, margins and litigation" into items; stops at the next instruction. */
export function splitList(raw: string): string[] {
  const head = raw.split(/[.;:!?\n]|\s[–—]\s/)[0] ?? "";
  const parts = head.split(/\s*,\s*|\s+(?:and|or|och|eller|samt|as well as|plus)\s+|\s*&\s*|\s*\/\s*/i);
  const out: string[] = [];
  for (const p0 of parts) {
    const p = p0.trim().replace(/^(?:the|a|an|each of|each|both|all|om|för|på|efter|kring)\s+/i, "").replace(/\s*\([^)]*\)\s*$/, "").replace(/["“”'«»]/g, "").trim();
    if (!p) continue;
    if (CLAUSE_START.test(p)) break;
    if (p.split(/\s+/).length > 5) break;
    out.push(p.toLowerCase());
  }
  return dedupeTopics(out);
}

function dedupeTopics(list: string[]): string[] {
  const out: string[] = [];
  for (const t of list) {
    if (!t || out.some((o) => words(o).join(" ") === words(t).join(" "))) continue;
    out.push(t);
  }
  return out;
}

interface Rule {
  constraint: string;
  kind: "explicit" | "implicit";
  re: RegExp;
  apply: (m: RegExpMatchArray, c: AgentConstraints) => void;
}

const LIST = String.raw`([^.;!?\n]{2,200})`;

const RULES: Rule[] = [
  // ---- searches: counts
  { constraint: "minSearches", kind: "explicit", re: new RegExp(String.raw`\b(?:at least|a minimum of|minimum|min\.?|no fewer than|no less than)\s+${N}\s+(?:separate\s+|distinct\s+|different\s+|independent\s+|individual\s+)?(?:tool\s+)?(?:searches|search(?:es)?\s+calls?|queries|tool calls|lookups)`, "i"), apply: (m, c) => { c.minSearches = Math.max(c.minSearches, num(m[1]!)); } },
  { constraint: "minSearches", kind: "explicit", re: new RegExp(String.raw`\b${N}\s+(?:separate|distinct|different|independent|individual)\s+(?:tool\s+)?(?:searches|queries|lookups)`, "i"), apply: (m, c) => { c.minSearches = Math.max(c.minSearches, num(m[1]!)); } },
  { constraint: "minSearches", kind: "explicit", re: new RegExp(String.raw`\b(?:minst|åtminstone|inte färre än|minimum)\s+${N}\s+(?:separata\s+|olika\s+|skilda\s+|egna\s+|fristående\s+)?(?:sökningar|verktygsanrop|sökfrågor)`, "i"), apply: (m, c) => { c.minSearches = Math.max(c.minSearches, num(m[1]!)); } },
  { constraint: "minSearches", kind: "explicit", re: new RegExp(String.raw`\b${N}\s+(?:separata|olika|skilda|egna|fristående)\s+sökningar`, "i"), apply: (m, c) => { c.minSearches = Math.max(c.minSearches, num(m[1]!)); } },
  // ---- searches: topics
  { constraint: "requiredTopics", kind: "explicit", re: new RegExp(String.raw`\b(?:separate|individual|distinct|independent|dedicated|one)\s+(?:tool\s+)?(?:search(?:es)?|queries|lookups?)\s+(?:each\s+)?(?:for|on|about|into|covering|per|regarding)\s+(?:each\s+(?:of\s+)?)?(?:the\s+)?(?:topics?\s*:?\s*)?${LIST}`, "i"), apply: (m, c) => addTopics(c, m[1]!, true) },
  { constraint: "requiredTopics", kind: "explicit", re: new RegExp(String.raw`\bsearch\s+(?:separately\s+)?(?:for|on)\s+each\s+(?:of\s+)?(?:the\s+following\s*:?\s*)?${LIST}`, "i"), apply: (m, c) => addTopics(c, m[1]!, true) },
  { constraint: "requiredTopics", kind: "explicit", re: new RegExp(String.raw`\bsearch\s+separately\s+(?:for|on)\s+${LIST}`, "i"), apply: (m, c) => addTopics(c, m[1]!, true) },
  { constraint: "requiredTopics", kind: "explicit", re: new RegExp(String.raw`\b(?:separata|enskilda|egna|olika|fristående)\s+sökningar\s+(?:för|om|efter|på|kring|av)\s+${LIST}`, "i"), apply: (m, c) => addTopics(c, m[1]!, true) },
  { constraint: "requiredTopics", kind: "explicit", re: new RegExp(String.raw`\bsök\s+(?:separat|var för sig|för sig)\s+(?:efter|på|om|kring)\s+${LIST}`, "i"), apply: (m, c) => addTopics(c, m[1]!, true) },
  { constraint: "requiredTopics", kind: "explicit", re: new RegExp(String.raw`\ben\s+sökning\s+(?:per|för varje|för)\s+(?:ämne\s*:?\s*)?${LIST}`, "i"), apply: (m, c) => addTopics(c, m[1]!, true) },
  // implicit: comparisons and multi-topic summaries
  { constraint: "requiredTopics", kind: "implicit", re: /\bcompare\s+(?:the\s+)?([^.;!?\n]{2,80}?)\s+(?:with|to|against|and|versus|vs\.?)\s+(?:the\s+)?([^.;,!?\n]{2,60})/i, apply: (m, c) => addTopics(c, `${m[1]}, ${m[2]}`, true) },
  { constraint: "requiredTopics", kind: "implicit", re: /\bjämför\s+([^.;!?\n]{2,80}?)\s+(?:med|och|mot)\s+([^.;,!?\n]{2,60})/i, apply: (m, c) => addTopics(c, `${m[1]}, ${m[2]}`, true) },
  { constraint: "requiredTopics", kind: "implicit", re: new RegExp(String.raw`\b(?:summary|overview|report|memo|briefing|sammanfattning|översikt|rapport|promemoria)\b[^.;!?\n]{0,40}?\b(?:covering|that covers|on|of|about|including|with|regarding|som täcker|om|av|med|kring|inklusive)\s+${LIST}`, "i"), apply: (m, c) => { const t = splitList(m[1]!); if (t.length >= 2) addTopics(c, m[1]!, true); } },
  // cross-checking needs two independent searches and sources
  { constraint: "minSearches", kind: "implicit", re: /\b(?:cross[- ]check|corroborate|triangulate|verify (?:it |this )?(?:against|across|in) (?:two|several|multiple|other)|stäm(?:ma)? av mot|kontrollera mot|verifiera mot)/i, apply: (_m, c) => { c.minSearches = Math.max(c.minSearches, 2); c.minOpenCitations = Math.max(c.minOpenCitations, 2); } },
  // ---- opened citations
  { constraint: "minOpenCitations", kind: "explicit", re: new RegExp(String.raw`\bopen(?:_citation|[ -]citation)?\s+(?:for\s+)?(?:at least|a minimum of|minimum|no fewer than)?\s*${N}\s+(?:of\s+(?:the|them|these)\s+)?(?:sources?|citations?|documents?|pages?|results?|passages?|references?|hits?|chunks?|of them)`, "i"), apply: (m, c) => { c.minOpenCitations = Math.max(c.minOpenCitations, num(m[1]!)); } },
  { constraint: "minOpenCitations", kind: "explicit", re: new RegExp(String.raw`\bopen_citation\b[^.;\n]{0,20}?\b(?:at least|minimum)\s+${N}`, "i"), apply: (m, c) => { c.minOpenCitations = Math.max(c.minOpenCitations, num(m[1]!)); } },
  { constraint: "minOpenCitations", kind: "explicit", re: new RegExp(String.raw`\b(?:read|open)\s+(?:the\s+)?full\s+text\s+of\s+(?:at least\s+)?${N}`, "i"), apply: (m, c) => { c.minOpenCitations = Math.max(c.minOpenCitations, num(m[1]!)); } },
  { constraint: "minOpenCitations", kind: "explicit", re: /\b(?:read|open)\s+(?:the\s+)?(?:full|whole|complete|entire)\s+(?:text|page|source|passage)|\bläs\s+(?:hela|den fullständiga)\s+(?:texten|sidan|källan)/i, apply: (_m, c) => { c.minOpenCitations = Math.max(c.minOpenCitations, 1); } },
  { constraint: "minOpenCitations", kind: "explicit", re: new RegExp(String.raw`(?<![\p{L}])öppna\s+(?:minst|åtminstone)?\s*${N}\s+(?:av\s+)?(?:källor|källa|källorna|citat|dokument|sidor|träffar|hänvisningar|av dem)`, "iu"), apply: (m, c) => { c.minOpenCitations = Math.max(c.minOpenCitations, num(m[1]!)); } },
  { constraint: "minOpenCitations", kind: "implicit", re: new RegExp(String.raw`\b(?:cite|reference|use|based on|back (?:it|this) with)\s+(?:at least\s+)?${N}\s+(?:different\s+|separate\s+|distinct\s+|independent\s+)?(?:sources|documents|citations|references)`, "i"), apply: (m, c) => { c.minOpenCitations = Math.max(c.minOpenCitations, num(m[1]!)); } },
  { constraint: "minOpenCitations", kind: "implicit", re: new RegExp(String.raw`\b(?:hänvisa till|citera|använd|ange)\s+(?:minst\s+)?${N}\s+(?:olika\s+)?(?:källor|dokument)`, "i"), apply: (m, c) => { c.minOpenCitations = Math.max(c.minOpenCitations, num(m[1]!)); } },
  // ---- exact quotes
  { constraint: "requiresExactQuote", kind: "explicit", re: /\bquote\b[^.;\n]{0,40}?\b(?:exact|verbatim|word[- ]for[- ]word)|\b(?:exact|verbatim)\s+(?:quote|quotation|wording|figure|number|amount|line|sentence|sql|text|words|passage|statement|value)s?\b|\bverbatim\b|\bword[- ]for[- ]word\b|\bquote\s+(?:one|a|an|at least one|the|two|some|it)\b/i, apply: (m, c) => setQuote(c, m[0]) },
  { constraint: "requiresExactQuote", kind: "explicit", re: /\bciter(?:a|ar|ad)\b[^.;\n]{0,30}?\b(?:exakt|ordagrant|ordagrann)|\bexakt\w*\s+(?:citat|formulering|siffr\w*|belopp|tal|text|mening|värde|nyckeltal)|\bordagrann?t?\b|\bcitera\s+(?:en|ett|minst en|den|det|två)\b/i, apply: (m, c) => setQuote(c, m[0]) },
  // ---- conflicts
  { constraint: "conflictRule", kind: "explicit", re: /\b(?:newest|latest|most recent|most recently)\s+(?:dated\s+)?(?:document|source|version|report|figure|filing|data)s?\b|\bprefer\s+(?:the\s+)?(?:newest|latest|most recent)|\b(?:nyaste|senaste)\s+(?:daterade\s+)?(?:dokument\w*|källa\w*|version\w*|rapport\w*|uppgift\w*|siffr\w*)/i, apply: (_m, c) => { c.requiresConflictResolution = true; c.conflictRule = "newest"; } },
  { constraint: "conflictRule", kind: "explicit", re: /\b(?:audited|most authoritative|official)\s+(?:figures?|numbers?|documents?|sources?)\s+(?:over|before|win|prevail|take precedence)|\bprefer\s+(?:the\s+)?(?:audited|most authoritative|official)|\breviderade\s+(?:siffror|uppgifter)\s+(?:före|går före)/i, apply: (_m, c) => { c.requiresConflictResolution = true; c.conflictRule ??= "most_authoritative"; } },
  { constraint: "conflictRule", kind: "implicit", re: /\b(?:resolve|reconcile|flag|handle|point out|note|explain|highlight)\s+(?:any\s+)?(?:conflicts?|contradictions?|discrepanc\w+|inconsistenc\w+|disagreements?)|\bif\s+(?:the\s+)?(?:sources|documents|figures|numbers)\s+(?:disagree|conflict|differ|contradict)|\bmotstridig\w*|\bmotsägels\w*|\bavvikels\w*\s+mellan/i, apply: (_m, c) => { c.requiresConflictResolution = true; c.conflictRule ??= "flag"; } },
  // ---- sections
  { constraint: "requiredSections", kind: "explicit", re: new RegExp(String.raw`\b(?:with|use|using|under|include|in)\s+(?:the\s+)?(?:(?:following|separate|these)\s+)?(?:sections?|headings?|headers?|parts?)\s*(?:for|on|called|named|titled|:|—|-)?\s*${LIST}`, "i"), apply: (m, c) => addSections(c, m[1]!) },
  { constraint: "requiredSections", kind: "explicit", re: new RegExp(String.raw`\b(?:sections?|headings?)\s*:\s*${LIST}`, "i"), apply: (m, c) => addSections(c, m[1]!) },
  { constraint: "requiredSections", kind: "explicit", re: new RegExp(String.raw`\b(?:med|under|i)\s+(?:följande\s+|separata\s+)?(?:avsnitt|rubriker|rubrik|delar|avsnitten)\s*(?:för|om|:|—|-)?\s*${LIST}`, "i"), apply: (m, c) => addSections(c, m[1]!) },
  { constraint: "requiredSections", kind: "implicit", re: /\b(?:a\s+)?(?:section|heading|paragraph)\s+(?:for|per|on)\s+each\b|\bett\s+(?:avsnitt|stycke)\s+(?:per|för varje|för vart)/i, apply: (_m, c) => { c.requiredSections = dedupeTopics([...c.requiredSections, ...c.requiredTopics]); } },
];

function addTopics(c: AgentConstraints, raw: string, countSearches: boolean): void {
  const items = splitList(raw).filter((t) => contentWords(t).length > 0 && !/^(?:topic|topics|ämne|ämnen|it|them|this|that)$/.test(t));
  c.requiredTopics = dedupeTopics([...c.requiredTopics, ...items]).slice(0, LIMITS.topics);
  if (countSearches) c.minSearches = Math.max(c.minSearches, c.requiredTopics.length);
}

function addSections(c: AgentConstraints, raw: string): void {
  const items = splitList(raw).filter((t) => contentWords(t).length > 0 && !/^(?:each|every|each topic|varje)$/.test(t));
  c.requiredSections = dedupeTopics([...c.requiredSections, ...items]).slice(0, LIMITS.sections);
}

function setQuote(c: AgentConstraints, evidence: string): void {
  c.requiresExactQuote = true;
  c.exactQuoteIndicators = [...new Set([...c.exactQuoteIndicators, evidence.trim().toLowerCase()])];
}

const FIGURE = /\b(?:figure|number|amount|value|sum|percentage|percent|metric|kpi|siffr\w*|belopp|tal|värde|nyckeltal|procent)\b/i;

/** The insufficiency phrase: a quoted phrase after say/state/ange/skriv … near "missing"-type words, or the language default. */
function readInsufficiency(q: string, c: AgentConstraints, add: (e: ConstraintEvidence) => void): void {
  const quoted = /\b(?:say|state|write|answer|reply|respond with|use|mark(?:\s+it)?(?:\s+as)?|label(?:\s+it)?(?:\s+as)?|flag(?:\s+it)?(?:\s+as)?|put|print|ange|skriv|svara|markera(?:\s+med)?|använd|uppge)\s+(?:explicitly\s+|exactly\s+|clearly\s+|uttryckligen\s+|tydligt\s+|exakt\s+)?(?:the\s+(?:phrase|words?)\s+|frasen\s+|orden\s+)?["“”'«‘]([^"“”'»’\n]{3,80})["“”'»’]([^.;\n]{0,80})/gi;
  for (const m of q.matchAll(quoted)) {
    const phrase = m[1]!.trim();
    const around = `${q.slice(Math.max(0, m.index! - 80), m.index!)} ${m[2] ?? ""}`;
    const about = /insufficient|missing|not (?:found|available|documented|covered|in)|unknown|no data|gap|lacking|absent|unavailable|otillräcklig|saknas|finns inte|framgår inte|okänd|luck|ej dokumenterad/i;
    if (about.test(phrase) || about.test(around)) {
      c.requiresInsufficiencyDisclosure = true;
      c.insufficiencyPhrase = phrase;
      add({ constraint: "insufficiencyDisclosure", evidence: m[0].trim(), kind: "explicit", source: "rules" });
      return;
    }
  }
  const implicit =
    /\b(?:if|when|where|whenever)\b[^.;\n]{0,50}\b(?:missing|not (?:available|found|documented|covered|in the data ?room|disclosed)|unavailable|absent|lacking|cannot be found|can't be found|isn't there)|\b(?:flag|note|list|state|mark|call out)\s+(?:any\s+|all\s+)?(?:gaps|missing (?:information|data|items|documents))|\bsay so\b|\b(?:om|när|där)\b[^.;\n]{0,40}\b(?:saknas|inte finns|inte framgår|inte är dokumenterad\w*)|\bange\s+(?:om|vad som|det som)\s+saknas|\bför\s+(?:allt|det)\s+som\s+saknas/i;
  const m = implicit.exec(q);
  if (m) {
    c.requiresInsufficiencyDisclosure = true;
    add({ constraint: "insufficiencyDisclosure", evidence: m[0].trim(), kind: "implicit", source: "rules" });
  }
}

export function emptyConstraints(language: AgentLanguage = "en"): AgentConstraints {
  return {
    language,
    minSearches: 1,
    requiredTopics: [],
    minOpenCitations: 0,
    requiresExactQuote: false,
    exactQuoteKind: null,
    exactQuoteIndicators: [],
    requiresConflictResolution: false,
    conflictRule: null,
    requiredSections: [],
    requiresInsufficiencyDisclosure: false,
    insufficiencyPhrase: DEFAULT_PHRASE[language],
    detected: [],
  };
}

/** Rule-based analysis (deterministic, offline). */
export function analyzeConstraints(question: string): AgentConstraints {
  const q = question.normalize("NFKC").replace(/\s+/g, " ").trim();
  const c = emptyConstraints(detectLanguage(q));
  const add = (e: ConstraintEvidence) => c.detected.push(e);
  for (const r of RULES) {
    const m = q.match(r.re);
    if (!m) continue;
    const before = JSON.stringify([c.minSearches, c.requiredTopics, c.minOpenCitations, c.requiresExactQuote, c.conflictRule, c.requiredSections]);
    r.apply(m, c);
    const after = JSON.stringify([c.minSearches, c.requiredTopics, c.minOpenCitations, c.requiresExactQuote, c.conflictRule, c.requiredSections]);
    if (before !== after) add({ constraint: r.constraint, evidence: m[0].trim().slice(0, 160), kind: r.kind, source: "rules" });
  }
  readInsufficiency(q, c, add);
  if (c.requiresExactQuote) {
    const near = c.exactQuoteIndicators.join(" ");
    c.exactQuoteKind = FIGURE.test(near) || FIGURE.test(q.slice(q.search(/quote|citera|exakt|verbatim|ordagrann?t?/i), q.search(/quote|citera|exakt|verbatim|ordagrann?t?/i) + 60)) ? "figure" : "text";
    if (c.minOpenCitations < 1) {
      c.minOpenCitations = 1;
      add({ constraint: "minOpenCitations", evidence: "an exact quote must come from an opened source", kind: "implicit", source: "rules" });
    }
  }
  if (c.requiredTopics.length > 1 && c.minSearches < c.requiredTopics.length) c.minSearches = c.requiredTopics.length;
  c.minSearches = Math.min(Math.max(1, c.minSearches), LIMITS.minSearches);
  c.minOpenCitations = Math.min(c.minOpenCitations, LIMITS.minOpenCitations);
  return c;
}

/** Human-readable requirements (prompts, UI, reprompts). */
export function describeConstraints(c: AgentConstraints): string[] {
  const out: string[] = [];
  if (c.minSearches > 1 || c.requiredTopics.length) out.push(`Perform at least ${c.minSearches} separate search_docs call(s)${c.requiredTopics.length ? `, one per topic: ${c.requiredTopics.map((t) => `"${t}"`).join(", ")}` : ""}.`);
  if (c.minOpenCitations > 0) out.push(`Open at least ${c.minOpenCitations} citation(s) with open_citation before answering.`);
  if (c.requiresExactQuote) out.push(`Quote ${c.exactQuoteKind === "figure" ? "at least one exact figure" : "at least one exact passage"} in double quotes, copied character for character from an opened citation, followed by its [n] marker.`);
  if (c.requiresConflictResolution) out.push(c.conflictRule === "newest" ? "Where sources disagree, rely on the newest dated document and say which document prevails." : c.conflictRule === "most_authoritative" ? "Where sources disagree, prefer the most authoritative document (audited over draft) and say so." : "Point out any conflicting figures between documents and explain them.");
  if (c.requiredSections.length) out.push(`Use these sections as headings: ${c.requiredSections.map((s) => `"${s}"`).join(", ")}.`);
  if (c.requiresInsufficiencyDisclosure) out.push(`For anything the documents do not cover, write "${c.insufficiencyPhrase}" and name what is missing.`);
  return out;
}

// ---------------------------------------------------------------- model refinement

/**
 * What the request asks about, without its process instructions ("separate searches for revenue,
 * margins and litigation, open at least two sources, quote one exact figure, say \"Insufficient
 * documentation\" for anything missing" asks about revenue, margins and litigation). The
 * instructions are read above; the items are read from what is left.
 */
/** The words before a bracket, back to the last break, name more than a catalog figure ("fcf conversion", not "fcf" or "total borrowings"). */
function namesNewFigure(before: string): boolean {
  const name = before.split(/[\n;:,*•]|\s-\s/).at(-1)!.trim();
  const toks = tokens(name);
  const hits = findConcepts(name, toks);
  return hits.length > 0 && toks.some((t, i) => !hits.some((h) => i >= h.from && i < h.to) && !GENERIC_WORDS.has(t.word) && !GRAMMAR_WORDS.has(t.word));
}

/** A bracket holding a formula: words on both sides of an operator ("fcf / NI", "cfo less capex"), or a name set equal to one. */
const FORMULA_BRACKET = new RegExp(String.raw`\(\s*[^()]*\p{L}[^()]*\s(?:${FORMULA_OPERATOR})\s[^()]*\p{L}[^()]*\)|\([^()]*\p{L}[^()]*=[^()]*\)`, "iu");

export function instructionParts(question: string): { request: string; instructions: string[] } {
  const instructions: string[] = [];
  // (a bracket that asks something, "revenue by segment (which is largest)", is part of the request; so is a formula defining
  // a figure the catalog does not know, "fcf conversion (fcf / net income)"; one restating a known figure's, "fcf (cfo - capex)", is dropped)
  const takeBrackets = (s: string) => s.replace(/\s*\((?!\s*(?:which|what|how|who|where|when|and)\b)(?:[^()]*)\)/gi, (m, at: number) => {
    if (FORMULA_BRACKET.test(m) && namesNewFigure(s.slice(0, at))) return m;
    instructions.push(m.trim());
    return "";
  });
  const take = (re: RegExp, keep = "", unless?: RegExp) => (s: string) => s.replace(re, (m) => {
    if (unless?.test(m)) return m;
    instructions.push(m.trim());
    return keep;
  });
  const steps = [
    take(/\b(?:(?:do|make|run|perform|use)\s+)?(?:(?:separate|individual|distinct|different)\s+)?(?:tool\s+)?(?:searches|search(?:es)?|look-?ups?)\s+(?:for|on|about|of)\s+(?:each of\s+)?/gi),
    // Swedish: "gör separata sökningar för", "öppna minst två källor", "citera exakt en siffra", "ange '…'"
    take(/(?:^|\b)(?:(?:gör|kör|utför)\s+)?(?:(?:separata|enskilda|olika)\s+)?(?:sökningar|sökning)\s+(?:för|om|efter|på)\s+/giu),
    take(/[,;]?\s*(?:och\s+)?öppna\s+(?:minst\s+)?(?:\p{L}+\s+)?(?:källor|källa|källorna|citat|dokument|sidor)/giu),
    take(/[,;]?\s*(?:och\s+)?(?:citera|återge)\s+(?:exakt\s+)?(?:en\s+|ett\s+)?(?:exakt\s+)?(?:siffra|siffror|tal|citat|mening|meningar)(?:\s+exakt)?/giu),
    take(/[,;]?\s*(?:och\s+)?(?:ange|skriv|säg)\s+["'“][^"'”]+["'”][^,.;?]*/giu),
    take(/[,;]?\s*(?:and\s+)?(?:please\s+)?open\s+(?:at least\s+|minst\s+)?(?:\w+\s+)?(?:of\s+)?(?:the\s+)?(?:sources?|citations?|documents?|pages?)(?:\s+in full)?/gi),
    take(/[,;]?\s*(?:and\s+)?(?:please\s+)?(?:quote|cite)\s+(?:one\s+|an?\s+|the\s+)?(?:exact\s+)?(?:figures?|numbers?|quotes?|lines?|sentences?|passages?)(?:\s+verbatim)?(?:\s+exactly)?/gi),
    take(/[,;]?\s*(?:and\s+)?(?:please\s+)?(?:explicitly\s+)?(?:say|write|state|mark)\s+["'“][^"'”]+["'”][^,.;?]*/gi),
    take(/\b(?:using|use|from)\s+the\s+(?:newest|latest|most recent|most authoritative)(?:\s+dated)?\s+(?:document|source|report)s?\s*,?\s*/gi),
    take(/\b(?:with|including)\s+(?:sources|citations)\b/gi),
    // "w/ page cites", "(cite pp.)", "with page numbers": how to cite, no item of its own
    // (never the line break after it: the next line is the next item)
    take(/[,;]?[ \t]*\(?[ \t]*(?:\b(?:with|w\/|incl\.?|including)[ \t]+(?:the[ \t]+)?page[ \t]+(?:cites|citations|refs|references|numbers?)|(?:\b(?:with|w\/|incl\.?|including)[ \t]+|\bcit(?:e|ing)[ \t]+)(?:pp\.?|pages|page numbers|page refs))(?=[\s,.;)?]|$)(?:[ \t]*\))?/gi),
    // (a bracket that asks something, "revenue by segment (which is largest)", is part of the request, and so is one
    // defining the figure before it, "fcf conversion (fcf / net income)", "fcf (cfo - capex)")
    takeBrackets,
  ];
  const request = steps.reduce((s, f) => f(s), question).replace(/\s+([,.;?])/g, "$1").replace(/([,;])\s*(?=[,.;?]|$)/g, "").replace(/\s{2,}/g, " ").trim();
  return { request, instructions };
}
