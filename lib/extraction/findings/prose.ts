/**
 * Facts stated in sentences: "Revenue for the second quarter was EUR 4.2 million",
 * "EBITDA amounted to EUR 1.1 million", "The number of employees at 31 March 2025 was 240",
 * "FY2025 revenue forecast: EUR 24.0 million". Only the first amount after the metric, and only
 * with a stating verb (was / amounted to / of / reached / grew … to / :), never a change ("increased by").
 *
 * Comparison clauses ("…, down from 45% for the full year 2023", "compared with EUR 4.2 million
 * in the first quarter of 2023", "versus …", "against …", "(EUR 5.0 million at 31 December 2022)")
 * are cut out of the sentence before the stated value and its period are read: a period named in
 * the comparison belongs to the compared value, never to the sentence's own. The compared value
 * becomes a finding of its own only when its clause names its period (or "a year earlier" does).
 */
import { pickExcerpt } from "../citation";
import type { Candidate, ExtractionPage, FindingPayload } from "../types";
import { PROSE_METRICS } from "./metrics";
import { parseMoneyPhrase } from "./numbers";
import { isLaterPeriod, periodInSentence, periodTypeOf, shiftLabelYear, type PeriodLabel } from "@/lib/periods";
import { sentenceScope } from "./scope";
import { parseDateText } from "../timeline/dates";
import { parsePrintedNumber } from "@/lib/metrics/printed-number";

const FORECAST = /\bforecast|budget|guidance|outlook|expect(?:s|ed)?\b|projected|target|prognos/i;
const CHANGE = /\b(increase[sd]?|decrease[sd]?|grew|declined|rose|fell|up|down|higher|lower)\s+(by\s+)?$/i;

function sentences(text: string): Array<{ s: string; start: number }> {
  const out: Array<{ s: string; start: number }> = [];
  // simple splitter that keeps decimals ("5.2") inside sentences
  let start = 0;
  const t = text;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    // (after a digit only before a capital: "… in 2020. We expect …", not "EUR 4.\n5" layouts)
    const end = (c === "." || c === "!" || c === "?") && (i + 1 >= t.length || /\s/.test(t[i + 1]!)) && (!/\d/.test(t[i - 1] ?? "") || /^\s+\p{Lu}/u.test(t.slice(i + 1, i + 4))) ? i + 1
      : c === "\n" && (t[i + 1] === "\n" || t[i + 1] === "•") ? i
      : c === "•" ? i : -1;
    if (end >= 0) {
      if (end > start) out.push({ s: t.slice(start, end), start });
      start = c === "•" ? i + 1 : end;
    }
  }
  if (start < t.length) out.push({ s: t.slice(start), start });
  return out.filter((x) => x.s.trim().length > 10);
}

/** Where a comparison clause starts; it runs to the next clause break (", " not inside a number, ";", or the end). */
const COMPARE_START = /,?\s*\b(?:(?:up|down|rising|falling|increased|decreased|improved|declined) from|compared (?:with|to)|in comparison (?:with|to)|as against|against|versus|vs\.?|in line with|unchanged from|from a level of)\b/gi;
const RELATIVE_PRIOR = /\b(?:a|one) year (?:earlier|ago|before)\b|\bthe (?:previous|prior|preceding) year\b|\bthe (?:same|corresponding) (?:period|quarter) (?:of |in )?(?:the )?(?:previous|prior|last) year\b|\blast year\b/i;
const BARE_YEAR = /\b(?:in|for|during) (?:fiscal (?:year )?)?((?:19|20)\d\d)\b(?![-–/]|\s*(?:and|to|through)\s+(?:19|20)\d\d)/i;
/** A part of a metric, not the metric: "Subscription revenue", "recurring revenue", "segment sales". */
const PART_QUALIFIER = /\b(?:subscription|recurring|hardware|services?|product|licen[cs]e|software|maintenance|segment|regional|domestic|international|other|interest|deferred|unearned|customer|partner|divisional|organic|digital|wholesale|retail|online|brand|annual|cloud|reinsurance|insurance|advertising)\s*$/i;

export interface ClauseSplit {
  /** The sentence with comparison clauses and numeric parentheticals blanked (same length, offsets kept). */
  main: string;
  comparisons: Array<{ text: string; start: number; parenthetical: boolean }>;
}

/** Separates a sentence's own statement from its comparison clauses. */
export function splitComparisons(flat: string): ClauseSplit {
  const spans: Array<{ start: number; end: number; parenthetical: boolean }> = [];
  for (const m of flat.matchAll(/\([^()]*\d[^()]*\)/g)) spans.push({ start: m.index, end: m.index + m[0].length, parenthetical: true });
  for (const m of flat.matchAll(COMPARE_START)) {
    if (spans.some((s) => m.index >= s.start && m.index < s.end)) continue;
    const rest = flat.slice(m.index + m[0].length);
    const brk = /,(?!\d)|;|\.\s|\.$/.exec(rest);
    spans.push({ start: m.index, end: m.index + m[0].length + (brk ? brk.index : rest.length), parenthetical: false });
  }
  let main = flat;
  for (const s of spans) main = main.slice(0, s.start) + " ".repeat(s.end - s.start) + main.slice(s.end);
  return { main, comparisons: spans.sort((a, b) => a.start - b.start).map((s) => ({ text: flat.slice(s.start, s.end), start: s.start, parenthetical: s.parenthetical })) };
}

function asOfPeriod(text: string): { period: PeriodLabel; date: string } | null {
  const asOf = /\b(?:as of|as at|at|per|on)\s+((?:\d{1,2}\s+)?[A-Z][a-z]+\s+\d{4})/.exec(text);
  const d = asOf ? parseDateText(asOf[1]!) : null;
  return d ? { date: d.date, period: { period: d.precision === "day" ? d.date : d.date.slice(0, 7) } } : null;
}

/** The period type a sentence's period names ("Q3 2024" a quarter; a date an instant). */
function spanOf(period: PeriodLabel | null): Pick<FindingPayload, "periodType" | "periodMonths"> {
  const span = period ? periodTypeOf({ period: period.period }) : undefined;
  return span ? { periodType: span.type, ...(span.months !== undefined ? { periodMonths: span.months } : {}) } : {};
}

type ProseContext = { fiscalYear?: number | null; fiscalPeriod?: string | null };

/** One sentence being read, and the page's findings so far. */
interface SentenceRead {
  page: ExtractionPage;
  ctx: ProseContext;
  /** The sentence as printed, its offset in the page text, the blanks it opens with, and its text with blanks folded. */
  s: string;
  start: number;
  lead: number;
  flat: string;
  /** The sentence's own statement (comparison clauses blanked) and its comparison clauses. */
  main: string;
  comparisons: ClauseSplit["comparisons"];
  /** The words naming what the next figure measures ("Americas net sales were"): its scope. */
  subject: string;
  /** Finding keys already read on the page, and the findings. */
  seen: Set<string>;
  out: Candidate<FindingPayload>[];
}

export function extractProseFindings(page: ExtractionPage, ctx: ProseContext): Candidate<FindingPayload>[] {
  const out: Candidate<FindingPayload>[] = [];
  const seen = new Set<string>();
  for (const { s, start } of sentences(page.text)) {
    const flat = s.replace(/\s+/g, " ");
    const { main, comparisons } = splitComparisons(flat);
    const r: SentenceRead = { page, ctx, s, start, lead: s.length - s.trimStart().length, flat, main, comparisons, subject: "", seen, out };
    countFindings(r);
    metricFindings(r);
  }
  return out;
}

/** Employees and customers: counts the sentence states. */
function countFindings(r: SentenceRead) {
  const { main } = r;
  // employees / customers (counts)
  const emp = /\b(?:number of employees|headcount)\b(?: (?:at|as of|on) (?<date>\d{1,2} \w+ \d{4}|\w+ \d{4}))? (?:was|of|amounted to|totalled|totaled)\s+(?<n>\d{1,3}(?:,\d{3})*|\d+)\b(?: as of (?<date2>\w+ \d{4}))?/i.exec(main)
    ?? /\bheadcount of (?<n>\d{1,3}(?:,\d{3})*|\d+)(?: as of (?<date2>\d{0,2} ?\w+ \d{4}))?/i.exec(main);
  if (emp) add(r, "employees", "Number of employees", emp.groups!.n!, parsePrintedNumber(emp.groups!.n!)!.value!, "count", undefined, emp.groups!.date ?? emp.groups!.date2, "operational");
  const cust = /\b(?<n>\d{1,3}(?:,\d{3})*|\d+) customers\b(?:[^.]*?\bas of (?<date>\d{0,2} ?\w+ \d{4}))?/i.exec(main);
  if (cust) add(r, "customers", "customers", cust.groups!.n!, parsePrintedNumber(cust.groups!.n!)!.value!, "count", undefined, cust.groups!.date, "commercial");
}

/** The metrics of PROSE_METRICS the sentence is about, each with the amount (or percent) it states and the value it is compared with. */
function metricFindings(r: SentenceRead) {
  const { main } = r;
  for (const pm of PROSE_METRICS) {
    r.subject = "";
    const mm = pm.re.exec(main);
    if (!mm) continue;
    const before = main.slice(0, mm.index);
    if (notTheSubject(main, before, mm, pm.key)) continue;
    const after = main.slice(mm.index + mm[0].length);
    const afterAt = mm.index + mm[0].length;
    // percent metrics
    if (pm.key === "gross_margin") {
      const pc = /^\s*(?:was|of|amounted to|reached|:)\s+(\d+(?:\.\d+)?)%/i.exec(after);
      if (pc) {
        r.subject = `${before} ${mm[0]} ${after.slice(0, pc.index)}`;
        add(r, "gross_margin", mm[0], `${pc[1]}%`, Number(pc[1]), "percent", undefined, undefined, pm.domain);
        compared(r, "gross_margin", mm[0], "percent", pm.domain, afterAt + pc.index + pc[0].length);
      }
      continue;
    }
    const money = parseMoneyPhrase(after);
    if (!money || money.index > 90) continue;
    r.subject = `${before} ${mm[0]} ${after.slice(0, money.index)}`;
    // "revenue of approximately EUR 20.5 million": a hedge between the verb and the amount
    const between = after.slice(0, money.index).replace(/\b(?:approximately|about|around|roughly|some|circa|nearly|almost|close to|c\.)\s*$/i, "");
    if (!/\b(was|were|amounted to|totall?ed|of|reached|to|:|forecast:?|at)\s*$/i.test(between) && !/:\s*$/.test(between)) continue;
    if (CHANGE.test(between.replace(/\s*(to|by)\s*$/i, (x) => x)) && !/\bto\s*$/i.test(between)) continue;
    if (/\b(increase|decrease|growth|change)\b[^,]*$/i.test(between) && !/\bto\s*$/.test(between)) continue;
    // "Operating profit includes a restructuring charge of EUR 0.3 million": the amount is of something else
    // (an aside between commas qualifies the metric itself: "Capital expenditure, including capitalised development costs, was …")
    if (/\b(includ\w*|excluding|of which|charges?|costs?|expenses?|items?|impact|effect|cash|inflows?|outflows?|investments?|business(?:es)?|segments?|divisions?|units?|brands?|subsidiar(?:y|ies)|acquisitions?)\b/i.test(between.replace(/,\s*(?:including|excluding|incl\.|excl\.)[^,]*,/gi, " "))) continue;
    add(r, pm.key, mm[0], money.raw, money.value, "currency", money.currency, undefined, pm.domain);
    compared(r, pm.key, mm[0], "currency", pm.domain, afterAt + money.index + money.raw.length);
  }
}

/** The metric is not what the sentence is about: far from its start, qualified away, inside a parenthesis, a named part, a segment or region, values by order, or another measure of it. */
function notTheSubject(main: string, before: string, mm: RegExpExecArray, key: string): boolean {
  // the metric must be what the sentence is about: near its start (or right after its period: "full-year 2024 revenue of"), not qualified away
  const periodLead = /\b(?:FY ?|fiscal (?:year )?|financial year |full[- ]year |Q[1-4] ?)(?:19|20)\d\d\s*$/i.test(before);
  if ((before.trimStart().length > 55 && !periodLead) || /\b(deferred|unearned|segments?|tax|cost of|per|share of|percentage|portion|business(?:es)?|divisions?|brands?|subsidiar(?:y|ies)|acquired|acquisitions?|divest\w*|disposal|sale of)\b/i.test(before)) return true;
  if (/\([^)]*$/.test(before)) return true; // the metric word inside a parenthesis ("(sales, maturities and purchases)") is not the subject
  if (key === "revenue" && PART_QUALIFIER.test(before)) return true;
  // "Northwind Cloud revenue", "ACME Brand Digital sales": a named part (a capitalised word right before, not the sentence start or a legal form)
  const prevWord = /(\S+)\s+$/.exec(before)?.[1] ?? "";
  if (key === "revenue" && /^\p{Lu}/u.test(prevWord) && before.trim() !== prevWord && !/^(?:Inc\.?|Corp\.?|Corporation|AB|plc|Ltd\.?|Company|Group|Total|Net)$|['’]s$/.test(prevWord)) return true;
  // "Sales in Electronics and Energy", "Revenues derived in the United States": a segment or a region
  if (/^\s+(?:derived |generated |earned )?(?:in|from) (?:the )?(?!Q[1-4]\b|FY|H[12]\b|\d)\p{Lu}/u.test(main.slice(mm.index + mm[0].length))) return true;
  // "$11.3 billion, and $12.7 billion in 2018 and 2019", "… respectively": values to years by order, not read
  if (/\brespectively\b|\b(?:19|20)\d\d,? and (?:19|20)\d\d\b/i.test(main) && (main.match(/(?:[$€£]|\b(?:EUR|USD|SEK)\s?)\d/g) ?? []).length >= 2) return true;
  if (/^\s*(tax|per share|margin|growth|retention)\b/i.test(main.slice(mm.index + mm[0].length)) && key !== "gross_margin") return true;
  return false;
}

/** The sentence's own period: named in the main clause, an "as of" date there, or the document's own period. */
function ownPeriod({ main, comparisons, ctx }: SentenceRead): { period: PeriodLabel | null; dateReferenced?: string; confidence: number; reason: string } {
  const p = periodInSentence(main);
  if (p) return { period: p, confidence: 0.85, reason: "stated in a sentence with its period" };
  const a = asOfPeriod(main);
  if (a) return { period: a.period, dateReferenced: a.date, confidence: 0.85, reason: "stated in a sentence with its date" };
  // "… was $26.9 billion in 2022": a bare year is a fiscal year in an annual document (ambiguous in an interim one)
  const y = BARE_YEAR.exec(main);
  if (y && (!ctx.fiscalPeriod || ctx.fiscalPeriod === "FY")) return { period: { period: `FY${y[1]}` }, confidence: 0.8, reason: `stated in a sentence; "${y[0].trim()}" read as the fiscal year` };
  if (ctx.fiscalYear && ctx.fiscalPeriod) {
    // an annual report's sentences speak of its own year; an interim report's may mix periods
    return {
      period: { period: ctx.fiscalPeriod === "FY" ? `FY${ctx.fiscalYear}` : `${ctx.fiscalPeriod} ${ctx.fiscalYear}` },
      confidence: ctx.fiscalPeriod === "FY" ? 0.8 : 0.7,
      reason: comparisons.some((c) => periodInSentence(c.text)) ? "stated in a sentence; the period named belongs to its comparison, so the period is the document's own" : "stated in a sentence; period taken from the document's own period",
    };
  }
  return { period: null, confidence: 0.55, reason: "stated in a sentence without a period" };
}

/** The compared value of a comparison clause after the stated value, when the clause names its period. */
function compared(r: SentenceRead, metricKey: string, metric: string, unit: "currency" | "percent", domain: FindingPayload["domain"], valueEnd: number) {
  const { comparisons, ctx } = r;
  const c = comparisons.find((x) => x.start >= valueEnd - 1);
  if (!c || c.start - valueEnd > 60) return;
  let value: { raw: string; num: number; currency?: string } | null = null;
  if (unit === "percent") {
    const pc = /(\d+(?:\.\d+)?)\s?%/.exec(c.text);
    if (pc && !/\bby\s*$/i.test(c.text.slice(0, pc.index))) value = { raw: `${pc[1]}%`, num: Number(pc[1]) };
  } else {
    const mp = parseMoneyPhrase(c.text);
    if (mp && !/\bby\s*$/i.test(c.text.slice(0, mp.index))) value = { raw: mp.raw, num: mp.value, currency: mp.currency };
  }
  if (!value) return;
  let period = periodInSentence(c.text);
  let dateReferenced: string | undefined;
  let reason = "compared value in a sentence, with the period its comparison clause names";
  if (!period) {
    const a = asOfPeriod(c.text);
    if (a) { period = a.period; dateReferenced = a.date; }
  }
  if (!period) {
    const y = BARE_YEAR.exec(c.text);
    if (y && (!ctx.fiscalPeriod || ctx.fiscalPeriod === "FY")) period = { period: `FY${y[1]}` };
  }
  if (!period && RELATIVE_PRIOR.test(c.text)) {
    const own = ownPeriod(r);
    const shifted = own.period && own.confidence >= 0.8 ? shiftLabelYear(own.period.period, -1) : null;
    if (shifted) { period = { period: shifted }; reason = `compared value in a sentence, "a year earlier" than ${own.period!.period}`; }
  }
  if (!period) return; // a bare comparative ("(EUR 0.75 million)") does not say its period
  push(r, metricKey, metric, value.raw, value.num, unit, value.currency, period, dateReferenced, domain, 0.8, reason, FORECAST.test(c.text), c.start);
}

/** A finding the sentence states, in the sentence's own period (or the date it names). */
function add(r: SentenceRead, metricKey: string, metric: string, valueText: string, valueNum: number, unit: FindingPayload["unit"], currency: string | undefined, dateText: string | undefined, domain: FindingPayload["domain"]) {
  const { main } = r;
  let { period, dateReferenced, confidence, reason } = ownPeriod(r);
  if (dateText) {
    const d = parseDateText(dateText);
    if (d) {
      dateReferenced = d.date;
      if (!periodInSentence(main)) { period = { period: d.precision === "day" ? d.date : d.date.slice(0, 7) }; confidence = 0.85; reason = "stated in a sentence with its date"; }
    }
  }
  push(r, metricKey, metric, valueText, valueNum, unit, currency, period, dateReferenced, domain, confidence, reason, FORECAST.test(main), 0);
}

/** Adds a finding once per metric, period and page, cited by the sentence around its value. */
function push(r: SentenceRead, metricKey: string, metric: string, valueText: string, valueNum: number, unit: FindingPayload["unit"], currency: string | undefined, period: PeriodLabel | null,
  dateReferenced: string | undefined, domain: FindingPayload["domain"], confidence: number, reason: string, isForecast: boolean, from: number) {
  const { page, ctx, s, start, lead, flat, subject, seen, out } = r;
  const key = `${metricKey}|${period?.period ?? "-"}|p${page.pageNumber}`;
  if (seen.has(key)) return;
  // locate the value in the original sentence (whitespace may differ from the flattened text)
  const first = valueText.split(" ")[0]!;
  const fromRaw = from > 0 ? Math.max(0, s.indexOf(flat.slice(from, from + 12).trim().split(" ")[0]!)) : 0;
  let idx = s.indexOf(first, fromRaw);
  if (idx < 0) idx = s.indexOf(first);
  const pos = idx >= 0 ? start + idx : start + lead;
  const excerpt = pickExcerpt(page.text, Math.max(start + lead, pos - 1), Math.min(page.text.length, pos + valueText.length), "sentence");
  if (!excerpt) return;
  seen.add(key);
  out.push({
    candidateType: "finding",
    candidateKey: key,
    payload: {
      metric, metricKey, valueText, valueNum, unit, currency, period: period?.period, periodEnd: period?.periodEnd, ...spanOf(period), ...sentenceScope(subject || metric),
      // a figure for a later year than the document's own is a plan or an estimate ("capital expenditures in 2019 … $1.5 billion" in a 2017 report)
      isForecast: isForecast || isLaterPeriod(period?.period, ctx.fiscalYear), dateReferenced, domain,
    },
    confidenceScore: confidence,
    confidenceReason: reason,
    evidence: { text: excerpt, page: page.pageNumber },
    evidenceType: "prose",
  });
}
