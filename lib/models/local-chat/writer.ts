/**
 * The local model's answers, written from the tool results of the turn following seed 002:
 * P2 (structured, sourced, no scores, uncertainty explained with a next step), P3 (format per
 * use case, at most one line of orientation) and P4 (assumptions stated for follow-ups).
 * Every figure and citation is copied from the tool results, so the guardrails always pass.
 */
import type { KbConflict, KbCorrection, KbFinding, KbForecastVsActual, KbPage, KbResult } from "@/lib/agent/knowledge/query";
import { formatDate, formatDelta, formatPct } from "@/lib/agent/knowledge/describe";
import type { ToolExchange } from "./conversation";
import type { Plan } from "./intent";

type Gaps = {
  totals?: { covered: number; partial: number; gap: number; total: number };
  domains?: Array<{ domain: string; covered: number; partial: number; total: number; items: Array<{ item: string; priority: string; coverage: string; evidence: Array<{ document: string; citation: string }> }> }>;
  irlItems?: number;
  templatesInDataRoom?: string[];
  error?: string;
};

type DocList = { documentCount?: number; indexed?: number; targetCompany?: string | null; deal?: string; documents?: Array<{ filename: string; kind: string | null; date: string | null; pages: number | null; status: string; findings: number; supersedes: string[] }>; error?: string };

type Scan = { conflicts?: KbConflict[]; corrections?: KbCorrection[]; forecastVsActual?: KbForecastVsActual[]; error?: string };

const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

function outputs<T>(done: ToolExchange[], name: string): T[] {
  return done.filter((t) => t.toolName === name).map((t) => t.output as T);
}

function isError(o: unknown): o is { error: string } {
  return !!o && typeof o === "object" && typeof (o as { error?: unknown }).error === "string";
}

function metricName(f: { metric: string; metricKey: string }, fallback?: string): string {
  const known: Record<string, string> = { revenue: "revenue", ebitda: "EBITDA", gross_margin: "gross margin", net_income: "net income", operating_income: "operating profit", operating_cash_flow: "operating cash flow", capital_expenditure: "capital expenditure", employees: "headcount", cash: "cash", total_debt: "interest-bearing debt", arr: "ARR" };
  return known[f.metricKey] ?? fallback ?? f.metric.toLowerCase();
}

function periodPhrase(p: string | null | undefined): string {
  if (!p) return "";
  return /^\d{1,2} \w+ \d{4}$|^\w+ \d{4}$/.test(p) && !/^(?:FY|Q|H|9M)/.test(p) ? `at ${p}` : p;
}

/** "Q3 2024 revenue was EUR 5.2 million (source: …)." */
function factSentence(f: KbFinding, assumption?: string): string {
  const name = metricName(f);
  const when = periodPhrase(f.period);
  if (assumption) return `${assumption}, ${name} was ${f.value} ${f.source.citation}.`;
  if (f.isForecast) return `The ${when ? `${when} ` : ""}${name} forecast is ${f.value} ${f.source.citation} — a forecast, not an actual.`;
  const subject = when ? (when.startsWith("at ") ? `${cap(name)} ${when}` : `${when} ${name}`) : cap(name);
  return `${subject} was ${f.value} ${f.source.citation}.`;
}

function correctionNote(f: KbFinding, result: KbResult): string | undefined {
  if (f.corrects) return `Note: this corrects the ${f.corrects.value} stated in ${f.corrects.document} ${f.corrects.citation}; ${f.source.document} supersedes it.`;
  const c = result.corrections.find((x) => x.current.findingId === f.id);
  if (c) return `Note: this was restated from ${c.previous.value} ${c.previous.citation}; ${c.current.document} supersedes ${c.previous.document}.`;
  if (f.correctedBy) return `Note: this was later corrected to ${f.correctedBy.value} in ${f.correctedBy.document} ${f.correctedBy.citation}.`;
  return undefined;
}

function conflictNote(c: KbConflict): string {
  const [a, b, ...rest] = c.sides;
  const more = rest.length ? `, and ${rest.map((s) => `${s.value} in ${s.documentKind} ${s.citation}`).join(", ")}` : "";
  return `The sources disagree for ${c.period}: ${a!.documentKind} states ${a!.value} ${a!.citation}, while ${b!.documentKind} states ${b!.value} ${b!.citation}${more}. No correction links them, so this is an open discrepancy — worth raising with the target.`;
}

function fvaNote(x: KbForecastVsActual): string {
  return `Note: ${x.forecast.documentKind}${x.forecast.documentDate ? ` of ${x.forecast.documentDate}` : ""} forecast ${x.forecast.value} ${x.forecast.citation}; this was a forecast made before the actuals — the actual is ${x.actual.value}.`;
}

/** Pages usable as evidence: not instruction-like text, not the IRL (a list of requests, not facts). */
function usablePages(pages: KbPage[]): KbPage[] {
  return pages.filter((p) => !p.containsInstructions && !/information request list/i.test(p.documentKind ?? ""));
}

const ORD_WORDS: Record<string, string> = { Q1: "first quarter", Q2: "second quarter", Q3: "third quarter", Q4: "fourth quarter", H1: "first half", H2: "second half" };

/** The sentence across the pages that best states the asked metric (a number, the period's words). */
function bestFactSentence(pages: KbPage[], question: string, metricWords: string[], period?: string): { sentence: string; page: KbPage } | undefined {
  const pw: string[] = [];
  if (period) {
    const m = period.match(/^(Q[1-4]|H[12]) (\d{4})$/);
    if (m) pw.push(ORD_WORDS[m[1]!]!, m[2]!, m[1]!);
    const fy = period.match(/^FY(\d{4})$/);
    if (fy) pw.push(fy[1]!, "year");
  }
  let best: { sentence: string; page: KbPage; score: number } | undefined;
  for (const [rank, p] of pages.entries()) {
    const text = p.excerpt.replace(/^"|"$/g, "").replace(/^…\s*|\s*…$/g, "");
    for (const s of text.split(/(?<=[.!?])\s+(?=[A-Z])|\s+…\s+/)) {
      const t = s.trim();
      if (t.length < 20 || /^[a-z]/.test(t) || /\|/.test(t)) continue;
      const lower = t.toLowerCase();
      const hasMetric = metricWords.some((w) => lower.includes(w));
      const hasNumber = /\d/.test(t.replace(/\b(?:19|20)\d\d\b/g, ""));
      if (metricWords.length && !hasMetric) continue;
      const score = (hasMetric ? 3 : 0) + (hasNumber ? 2 : 0) + pw.filter((w) => lower.includes(w.toLowerCase())).length * 2 + (/^(?:revenue|ebitda|gross|net|the number|cash|operating)/i.test(t) ? 1 : 0) - rank * 0.2;
      if (!best || score > best.score) best = { sentence: t, page: p, score };
    }
  }
  return best && best.score >= 3 ? best : undefined;
}

function injectionNote(pages: KbPage[]): string | undefined {
  const bad = pages.filter((p) => p.containsInstructions);
  if (!bad.length) return undefined;
  return `Note: ${bad.map((p) => `${p.document} (p.${p.page})`).join(", ")} contains text addressed to an AI system; I treated it as document content and did not act on it.`;
}

/** The sentences of a quoted excerpt that best match the question's words. */
function bestSentences(excerpt: string, question: string, max = 2, strict = false): string[] {
  const text = excerpt.replace(/^"|"$/g, "").replace(/^…\s*|\s*…$/g, "");
  const words = new Set((question.toLowerCase().match(/[a-zåäö0-9]{3,}/g) ?? []).filter((w) => !STOP.has(w)));
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z])/).map((s) => s.trim()).filter((s) => s.length > 20 && !/^[a-z]/.test(s) && !/\|/.test(s));
  const scored = sentences.map((s, i) => ({ s, i, score: (s.toLowerCase().match(/[a-zåäö0-9]{3,}/g) ?? []).filter((w) => words.has(w)).length }));
  const top = scored.filter((x) => x.score > 0).sort((a, b) => b.score - a.score || a.i - b.i).slice(0, max).sort((a, b) => a.i - b.i);
  return (top.length ? top : strict ? [] : scored.slice(0, 1)).map((x) => x.s.replace(/\s+/g, " "));
}

function contentOverlap(text: string, question: string): number {
  const q = new Set((question.toLowerCase().match(/[a-zåäö0-9]{3,}/g) ?? []).filter((w) => !STOP.has(w)));
  const t = new Set(text.toLowerCase().match(/[a-zåäö0-9]{3,}/g) ?? []);
  let n = 0;
  for (const w of q) if (t.has(w)) n++;
  return n;
}

const ASKS_WHO = /\b(?:who|whom|vem|vilka|vilken|name of)\b/i;

const STOP = new Set("the and what was were who whom which about with from that this for our their there have has had how does did are tell give show much many please company rate base any all".split(" "));

/** What a question is about, in words ("the customer churn rate by year"). */
function subjectOf(question: string): string {
  return question
    .replace(/[?.!]+\s*$/, "")
    .replace(/^\s*(?:please\s+)?(?:what(?:'s| is| was| were| are)?|how (?:much|many|did|does|do|is|was)|who(?:'s| is| was)?|which|when|where|tell me(?: about)?|give me|show me|compare|summari[sz]e|describe)\s+/i, "")
    .replace(/^(?:did|does|do|is|was|were|are|can|could)\s+/i, "")
    .trim();
}

/** P2: never just "I don't know" — say what was searched, why nothing answers, and offer the next step. */
function noData(question: string, notes: string[] = [], subject?: string): string {
  const why = notes.find((n) => /^No finding covers/.test(n));
  const about = subject ?? subjectOf(question);
  const what = about && about.split(/\s+/).length <= 12 && !/^(?:this|it|that)$/i.test(about) ? `information on ${/^[A-Z][a-z]/.test(about) && !/^[A-Z][a-z]+ [A-Z]/.test(about) ? about[0]!.toLowerCase() + about.slice(1) : about}` : "an answer to this";
  if (why) return `I couldn't find ${what} in the uploaded documents: ${why.charAt(0).toLowerCase()}${why.slice(1)} Would you like me to add this question to the Q&A list for the target company?`;
  return `I couldn't find ${what} in the uploaded documents — none of the extracted findings or document pages cover it, so it is not something the data room answers yet. Would you like me to add this question to the Q&A list for the target company?`;
}

function writeFact(plan: Plan, done: ToolExchange[]): string {
  const results = outputs<KbResult | { error: string }>(done, "query_knowledge_base");
  const ok = results.filter((r): r is KbResult => !isError(r));
  if (ok.length === 0) {
    const err = results.find(isError);
    return `I couldn't search the knowledge base just now (${err?.error ?? "no result"}). Please try again, or rephrase the question.`;
  }
  const lines: string[] = [];
  const notes: string[] = [];
  for (const r of ok) {
    if (r.answer) {
      lines.push(factSentence(r.answer, plan.assumption));
      const c = correctionNote(r.answer, r);
      if (c) notes.push(c);
      for (const conflict of r.conflicts.filter((x) => x.sides.some((s) => s.findingId === r.answer!.id) || x.period === r.answer!.period)) notes.push(conflictNote(conflict));
      for (const x of r.forecastVsActual.filter((y) => y.actual.findingId === r.answer!.id)) notes.push(fvaNote(x));
      const age = r.notes.find((n) => n.startsWith("The figure comes from a document dated"));
      if (age) notes.push(age);
      if (r.understood.periodNote && !plan.assumption && !plan.periodLabel) notes.push(`(Period read as ${r.understood.periodNote}.)`);
    } else if (r.tableValues?.length) {
      // no extracted finding, but a table row states it: quote the cell / row with its column
      const t = r.tableValues[0]!;
      const who = r.people?.find((p) => t.label.includes(p.name));
      const scaleNote = t.scale && t.value !== t.asWritten ? ` (${t.asWritten} in ${t.scale})` : "";
      const owns = plan.metrics.some((m) => m.key === "ownership") && /%/.test(t.asWritten);
      if (t.period) lines.push(`${plan.assumption ? `${plan.assumption}, ` : ""}${cap(t.label.toLowerCase())} at ${t.column}: ${t.value}${scaleNote} ${t.citation}.`);
      else if (owns) lines.push(`${who ? `${who.name} (${who.roleLabels[0] ?? who.roles[0] ?? "named in the table"})` : cap(t.label)} holds ${t.value} of the company (${t.column.replace(/^%\s*/, "")}) ${t.citation}.`);
      else lines.push(`${who ? `${who.name} (${who.roleLabels[0] ?? who.roles[0] ?? "named in the table"})` : cap(t.label)} — ${t.column}: ${t.value}${scaleNote} ${t.citation}.`);
      notes.push(`(Read from the table in ${t.document}${t.documentDate ? `, dated ${formatDate(t.documentDate) ?? t.documentDate}` : ""}; no extracted finding covers this yet.)`);
    } else if (r.people?.length && (ASKS_WHO.test(r.query) || plan.metrics.length === 0)) {
      const p = r.people[0]!;
      const role = p.roleLabels[0] ?? p.roles[0];
      lines.push(`${p.name}${role ? ` (${role})` : ""}: ${p.about.map((a) => a.text).join(" ")} ${p.about[0]!.citation}`);
      const others = r.people.slice(1, 4);
      if (others.length) notes.push(`Also: ${others.map((o) => `${o.name}${o.roleLabels[0] ?? o.roles[0] ? ` (${o.roleLabels[0] ?? o.roles[0]})` : ""} ${o.about[0]!.citation}`).join("; ")}.`);
    } else if (r.coverage === "pages") {
      const pages = usablePages(r.pages);
      if (pages.length === 0) {
        lines.push(noData(r.query, r.notes));
      } else {
        const words = plan.metrics.flatMap((m) => m.words);
        const hit = bestFactSentence(pages, r.query, words, r.understood.period);
        if (hit) {
          const sentence = hit.sentence.replace(/[.!]\s*$/, "");
          lines.push(`${plan.assumption ? `${plan.assumption}: ` : ""}${sentence} ${hit.page.citation}.`);
          const periodRead = r.understood.periodNote && !plan.assumption ? ` Period read as ${r.understood.periodNote}.` : "";
          notes.push(`(Quoted from ${hit.page.document}; no extracted finding covers this yet.${periodRead})`);
        } else if (words.length) {
          lines.push(noData(r.query, r.notes));
        } else if (!pages.some((p) => contentOverlap(p.excerpt, r.query) >= 2)) {
          lines.push(noData(r.query, r.notes));
        } else {
          // the page that shares most words with the question (search rank breaks ties)
          const p = pages.map((x, i) => ({ x, i, n: contentOverlap(x.excerpt, r.query) })).sort((a, b) => b.n - a.n || a.i - b.i)[0]!.x;
          const s = bestSentences(p.excerpt, r.query, 2);
          lines.push(`${plan.assumption ? `${plan.assumption}: ` : ""}${p.document} says: "${s.join(" ")}" ${p.citation}`);
          const other = pages.slice(1, 3).filter((x) => x.document !== p.document);
          if (other.length) notes.push(`Also mentioned in ${other.map((x) => `${x.document} ${x.citation}`).join(" and ")}.`);
        }
      }
      const inj = injectionNote(r.pages);
      if (inj) notes.push(inj);
    } else {
      lines.push(noData(r.query, r.notes));
    }
  }
  return [lines.join(" "), ...notes].filter(Boolean).join("\n\n");
}

/** The actual (non-forecast) series of one metric key, one finding per period, oldest first. */
function seriesOf(r: KbResult, key?: string): KbFinding[] {
  const byId = new Map(r.findings.map((f) => [f.id, f]));
  const all = r.timeline.map((t) => byId.get(t.findingId)).filter((f): f is KbFinding => !!f && !f.isForecast);
  const k = key ?? mainKey(all, r.understood.metrics[0]);
  return all.filter((f) => !k || f.metricKey === k);
}

/** The metric key a result is about: the one named like the asked metric, else the most frequent. */
function mainKey(fs: KbFinding[], asked?: string): string | undefined {
  if (!fs.length) return undefined;
  const want = asked?.toLowerCase().replace(/\s+/g, "_");
  if (want && fs.some((f) => f.metricKey === want)) return want;
  const n = new Map<string, number>();
  for (const f of fs) n.set(f.metricKey, (n.get(f.metricKey) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

const kindOf = (p: string | null) => (p ?? "").match(/^(Q[1-4]|H[12]|9M|FY)/)?.[1]?.replace(/[1-4]$/, (d) => (p!.startsWith("Q") || p!.startsWith("H") ? "" : d)) ?? "point";
const yearOf = (p: string | null) => Number((p ?? "").match(/(\d{4})/)?.[1] ?? 0);
const priorLabel = (p: string) => p.replace(/(\d{4})/, (y) => String(Number(y) - 1));

/** "+12.1% vs Q3 2023 (EUR 4.64 million …)" for amounts, "-3.0pp" for margins. */
function changeText(cur: KbFinding, prev: KbFinding): string | undefined {
  if (cur.valueNum === null || prev.valueNum === null || prev.valueNum === 0) return undefined;
  if (cur.unit === "percent" || prev.unit === "percent") return formatDelta(cur.valueNum - prev.valueNum, "percent", null);
  return formatPct(((cur.valueNum - prev.valueNum) / Math.abs(prev.valueNum)) * 100);
}

function trendWord(cur: KbFinding, prev: KbFinding): string {
  if (cur.valueNum === null || prev.valueNum === null) return "compared with";
  return cur.valueNum > prev.valueNum ? "up from" : cur.valueNum < prev.valueNum ? "down from" : "unchanged from";
}

/** The period a deep dive focuses on: the asked one, the year-to-date one, else the latest quarter. */
function focusOf(series: KbFinding[], plan: Plan): KbFinding | undefined {
  if (plan.periodLabel) return series.find((f) => f.period === plan.periodLabel);
  if (plan.yearToDate) {
    const y = series.filter((f) => yearOf(f.period) === plan.yearToDate && /^(?:9M|H1|Q1) /.test(f.period ?? ""));
    const order = ["9M", "H1", "Q1"];
    return y.sort((a, b) => order.indexOf(kindOf(a.period) === "H" ? "H1" : kindOf(a.period) === "Q" ? "Q1" : kindOf(a.period)) - order.indexOf(kindOf(b.period) === "H" ? "H1" : kindOf(b.period) === "Q" ? "Q1" : kindOf(b.period)))[0];
  }
  const q = series.filter((f) => /^Q[1-4] /.test(f.period ?? ""));
  return (q.length ? q : series)[(q.length ? q : series).length - 1];
}

function writeDeepDive(plan: Plan, done: ToolExchange[]): string {
  const results = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((r): r is KbResult => !isError(r));
  const sections: string[] = [];
  const flags: string[] = [];
  const focusPeriods = new Set<string>();
  for (const r of results) {
    const isUnusual = /restructuring/i.test(r.query);
    const series = seriesOf(r);
    if (isUnusual) {
      for (const f of series.length ? series : r.findings) flags.push(`- One-time ${metricName(f)} of ${f.value} in ${f.period ?? "the period"} ${f.source.citation}`);
      if (!r.findings.length) {
        const hit = bestFactSentence(usablePages(r.pages), r.query, ["restructuring"]);
        if (hit) flags.push(`- ${hit.sentence.replace(/[.!]\s*$/, "")} ${hit.page.citation}`);
      }
      continue;
    }
    const cur = focusOf(series, plan);
    if (!cur) {
      const hit = r.coverage === "pages" ? bestFactSentence(usablePages(r.pages), r.query, r.understood.metrics[0] ? [r.understood.metrics[0].toLowerCase()] : []) : undefined;
      if (hit) sections.push(`**${cap(r.understood.metrics[0] ?? "")}:** ${hit.sentence.replace(/[.!]\s*$/, "")} ${hit.page.citation}`);
      continue;
    }
    focusPeriods.add(cur.period ?? "");
    const name = cap(metricName(cur, r.understood.metrics[0]));
    const yoy = series.find((f) => f.period === priorLabel(cur.period ?? ""));
    const bullets: string[] = [];
    const change = yoy && changeText(cur, yoy);
    if (yoy && change) bullets.push(`- ${change} YoY, ${trendWord(cur, yoy)} ${yoy.value} in ${yoy.period} ${yoy.source.citation}`);
    // the quarters of the focus year, for the run-rate
    const quarters = series.filter((f) => /^Q[1-4] /.test(f.period ?? "") && yearOf(f.period) === yearOf(cur.period) && f.id !== cur.id);
    if (quarters.length) bullets.push(`- By quarter: ${quarters.map((f) => `${f.period} ${f.value} ${f.source.citation}`).join("; ")}`);
    const fy = series.filter((f) => /^FY/.test(f.period ?? "") && yearOf(f.period) < yearOf(cur.period)).slice(-1)[0];
    if (fy) bullets.push(`- Full year ${fy.period}: ${fy.value} ${fy.source.citation}`);
    const shown = new Set([cur.period, yoy?.period, fy?.period, ...quarters.map((q) => q.period)]);
    for (const c of r.corrections.filter((x) => shown.has(x.period))) bullets.push(`- Note: ${c.period} was restated from ${c.previous.value} to ${c.current.value} ${c.current.citation}`);
    for (const c of r.conflicts.filter((x) => shown.has(x.period))) bullets.push(`- ⚠️ ${conflictNote(c)}`);
    sections.push([`**${name}:** ${cur.value} in ${cur.period} ${cur.source.citation}`, ...bullets.filter((b) => !b.includes("undefined"))].join("\n"));
  }
  if (sections.length === 0) return noData(plan.question, [], "P&L line items (revenue, margins, EBITDA, net income)");
  const focus = [...focusPeriods].filter(Boolean);
  const out = [`Here's the P&L breakdown${focus.length === 1 ? ` for ${focus[0]}` : focus.length ? ` (latest: ${focus.join(", ")})` : ""}:`, ...sections];
  if (flags.length) out.push(["**Items needing attention:**", ...flags].join("\n"));
  return out.join("\n\n");
}

/** "Revenue grew from EUR 4.5 million in Q1 2024 (…) to EUR 4.8 million in Q2 2024 (+6.7%, …)…" (P2: trend → prose). */
function writeTrend(plan: Plan, done: ToolExchange[]): string {
  const results = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((r): r is KbResult => !isError(r));
  const paras: string[] = [];
  for (const r of results) {
    let series = seriesOf(r);
    const quarterly = series.filter((f) => /^Q[1-4] /.test(f.period ?? ""));
    if (plan.range) {
      const kind = plan.range.from.slice(0, 1);
      const from = endOf(plan.range.from);
      const to = endOf(plan.range.to);
      series = series.filter((f) => (f.period ?? "").startsWith(kind) && endOf(f.period ?? "") >= from && endOf(f.period ?? "") <= to);
    } else if (quarterly.length >= 2) {
      const lastYear = yearOf(quarterly[quarterly.length - 1]!.period);
      series = quarterly.filter((f) => yearOf(f.period) === lastYear);
      if (series.length < 2) series = quarterly.slice(-4);
    } else {
      series = series.filter((f) => /^FY/.test(f.period ?? "")).slice(-4);
    }
    const name = metricName(series[0] ?? { metric: r.understood.metrics[0] ?? "", metricKey: "" }, r.understood.metrics[0]);
    if (series.length < 2) {
      if (series.length === 1) paras.push(`${factSentence(series[0]!)} I found no other ${plan.range ? "period in that range" : "period"} to show a trend against.`);
      continue;
    }
    const first = series[0]!;
    const last = series[series.length - 1]!;
    const steps = series.slice(1).map((f, i) => {
      const ch = changeText(f, series[i]!);
      return `${f.value} in ${f.period}${ch ? ` (${ch} on ${series[i]!.period})` : ""} ${f.source.citation}`;
    });
    const verb = last.valueNum !== null && first.valueNum !== null ? (last.valueNum > first.valueNum ? "grew" : last.valueNum < first.valueNum ? "declined" : "was flat") : "moved";
    const total = changeText(last, first);
    paras.push(`${cap(name)} ${verb} from ${first.value} in ${first.period} ${first.source.citation} to ${steps.join(", then ")}${total ? ` — ${total} over the span` : ""}.`);
    const lastYoy = seriesOf(r).find((f) => f.period === priorLabel(last.period ?? ""));
    const yoy = lastYoy && changeText(last, lastYoy);
    if (lastYoy && yoy) paras.push(`Year on year, ${last.period} was ${yoy}, ${trendWord(last, lastYoy)} ${lastYoy.value} in ${lastYoy.period} ${lastYoy.source.citation}.`);
    for (const x of r.forecastVsActual.filter((y) => series.some((f) => f.id === y.actual.findingId))) paras.push(fvaNote(x));
  }
  if (!paras.length) return noData(plan.question);
  return paras.join("\n\n");
}

function endOf(label: string): string {
  const m = label.match(/^(Q|H)([1-4]) (\d{4})$/);
  if (!m) return "";
  const month = (Number(m[2]) * (m[1] === "Q" ? 3 : 6));
  return `${m[3]}-${String(month).padStart(2, "0")}`;
}

function gapLines(g: Gaps | undefined, max = 6): string[] {
  if (!g || isError(g) || !g.domains) return [];
  const items = g.domains.flatMap((d) => d.items.filter((i) => i.coverage !== "covered").map((i) => ({ ...i, domain: d.domain })));
  const order: Record<string, number> = { high: 0, medium: 1, low: 2 };
  return items
    .sort((a, b) => (order[a.priority] ?? 3) - (order[b.priority] ?? 3))
    .slice(0, max)
    .map((i) => `- ${i.coverage === "partial" ? "Only partial: " : "No "}${i.coverage === "partial" ? i.item : lowerFirst(i.item)} (${i.domain}${i.priority === "high" ? ", high priority" : ""})`);
}

function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

function writeRedFlags(done: ToolExchange[]): string {
  const scan = outputs<Scan>(done, "detect_contradictions")[0];
  const gaps = outputs<Gaps>(done, "find_gaps")[0];
  const unusual = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((r): r is KbResult => !isError(r));
  const parts: string[] = ["I found a few items worth noting:"];
  const contra = scan && !isError(scan) ? scan.conflicts ?? [] : [];
  if (contra.length) {
    parts.push(["**Contradictions:**", ...contra.map((c) => `- ${cap(c.metric)} ${c.period}: ${c.sides.map((s) => `${s.value} in ${s.documentKind} ${s.citation}`).join(" vs ")} — same period, no correction links them`)].join("\n"));
  } else if (scan && !isError(scan)) parts.push("**Contradictions:** none found between documents for the same period.");
  const corr = scan && !isError(scan) ? scan.corrections ?? [] : [];
  if (corr.length) parts.push(["**Corrections (not conflicts):**", ...corr.map((c) => `- ${cap(c.metric)} ${c.period ?? ""} was restated from ${c.previous.value} ${c.previous.citation} to ${c.current.value} ${c.current.citation}`.replace(/\s+\(/, " ("))].join("\n"));
  const gl = gapLines(gaps);
  if (gl.length) parts.push(["**Gaps:**", ...gl].join("\n"));
  else if (gaps && isError(gaps)) parts.push(`**Gaps:** the IRL coverage could not be computed (${gaps.error}).`);
  else if (gaps?.irlItems === 0) parts.push(`**Gaps:** this deal has no IRL yet${gaps.templatesInDataRoom?.length ? ` — ${gaps.templatesInDataRoom.join(", ")} could be imported as one` : ""}.`);
  const items = unusual.flatMap((r) => (r.timeline.length ? seriesOf(r) : r.findings).filter((f) => /restructur|one-?time|comparab/i.test(`${f.metric} ${f.metricKey}`)));
  if (items.length === 0) {
    for (const r of unusual.filter((x) => x.coverage === "pages")) {
      const hit = bestFactSentence(usablePages(r.pages), r.query, ["restructuring", "one-time"]);
      if (hit) items.push({ pageSentence: `- ${hit.sentence.replace(/[.!]\s*$/, "")} ${hit.page.citation}` } as unknown as KbFinding);
    }
  }
  const fva = scan && !isError(scan) ? scan.forecastVsActual ?? [] : [];
  const unusualLines = [...new Map(items.map((f, i) => [f.id ?? `p${i}`, f])).values()].map((f) =>
    (f as unknown as { pageSentence?: string }).pageSentence ?? `- One-time ${metricName(f)} of ${f.value} in ${f.period ?? "the period"} ${f.source.citation}`,
  );
  for (const x of fva.slice(0, 2)) unusualLines.push(`- ${cap(x.metric)} ${x.period}: forecast ${x.forecast.value} ${x.forecast.citation} vs actual ${x.actual.value} ${x.actual.citation} (forecast vs actual, not a conflict)`);
  if (unusualLines.length) parts.push(["**Unusual items:**", ...unusualLines].join("\n"));
  if (parts.length === 1) return "I didn't find contradictions, open gaps or unusual items in what has been extracted so far. Would you like me to add any specific questions to the Q&A list?";
  parts.push(gl.length ? "Would you like me to add the gaps to the Q&A list?" : "Would you like me to add these to the Q&A list?");
  return parts.join("\n\n");
}

function varianceOf(p: KbForecastVsActual): string {
  const ff = p.forecast;
  const aa = p.actual;
  if (ff.valueNum == null || aa.valueNum == null) return "–";
  if (aa.unit === "percent") return formatDelta(aa.valueNum - ff.valueNum, "percent", null);
  return `${formatDelta(aa.valueNum - ff.valueNum, aa.unit, aa.currency)} (${formatPct(((aa.valueNum - ff.valueNum) / Math.abs(ff.valueNum)) * 100)})`;
}

function writeComparison(plan: Plan, done: ToolExchange[]): string {
  const results = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((x): x is KbResult => !isError(x));
  const r = results[0];
  if (!r) return noData(plan.question);
  const forecastVsActual = /\b(?:forecast|budget|plan|guidance|expected|projection)/i.test(plan.question);
  // forecast vs actual: one row per metric and period, the named document's forecast first
  const pairs: KbForecastVsActual[] = [];
  for (const x of results) {
    for (const p of x.forecastVsActual) {
      if (pairs.some((q) => q.metric.toLowerCase() === p.metric.toLowerCase() && q.period === p.period)) continue;
      pairs.push(p);
    }
  }
  if (pairs.length) {
    const periods = [...new Set(pairs.map((p) => p.period))];
    const rows = pairs.map((p) => `| ${cap(p.metric)}${periods.length > 1 ? ` ${p.period}` : ""} | ${p.forecast.value} ${p.forecast.citation} | ${p.actual.value} ${p.actual.citation} | ${varianceOf(p)} |`);
    const lead = pairs[0]!;
    const beat = lead.actual.valueNum != null && lead.forecast.valueNum != null ? (lead.actual.valueNum > lead.forecast.valueNum ? "came in above" : lead.actual.valueNum < lead.forecast.valueNum ? "came in below" : "matched") : "compare with";
    const sources = [...new Set(pairs.map((p) => `${p.forecast.documentKind}${p.forecast.documentDate ? ` dated ${p.forecast.documentDate}` : ""}`))].join(" and ");
    const missing = ["revenue", "EBITDA", "gross margin"].filter((m) => !plan.metrics.length && !pairs.some((p) => p.metric.toLowerCase().includes(m.toLowerCase())));
    const out = [
      `**Forecast vs. Actual${periods.length === 1 ? ` (${periods[0]})` : ""}**`,
      "",
      "| Metric | Forecast | Actual | Variance |",
      "|--------|----------|--------|----------|",
      ...rows,
      "",
      `${cap(lead.metric)} actuals ${beat} the forecast for ${lead.period}. The forecast${pairs.length > 1 ? "s" : ""} came from ${sources}, made before the period's actuals were reported — a forecast vs actual difference, not a conflict between sources.`,
    ];
    if (missing.length) out.push(`No forecast for the same period as an actual was found for ${missing.join(" or ")}, so ${missing.length > 1 ? "they are" : "it is"} not compared.`);
    return out.join("\n");
  }
  if (forecastVsActual) {
    // say why there is nothing to compare: forecasts and actuals cover different periods
    const fc = results.flatMap((x) => x.findings.filter((f) => f.isForecast));
    const act = results.flatMap((x) => x.findings.filter((f) => !f.isForecast));
    const fcPeriods = [...new Set(fc.map((f) => f.period).filter(Boolean))];
    const actPeriods = [...new Set(act.map((f) => f.period).filter(Boolean))];
    const why = fc.length === 0
      ? "no forecast figures were found in the documents"
      : act.length === 0
        ? "no reported actuals were found for the forecast periods"
        : `the forecasts cover ${fcPeriods.slice(-4).join(", ")} while the reported actuals cover ${actPeriods.slice(-4).join(", ")} — no period has both`;
    const example = fc[0];
    return [
      `I couldn't line up a forecast against an actual${plan.periodLabel ? ` for ${plan.periodLabel}` : ""}: ${why}.`,
      ...(example ? [`The nearest forecast is ${metricName(example)} of ${example.value} for ${example.period} ${example.source.citation}.`] : []),
      "Would you like me to add a question to the Q&A list asking the target for its forecast-vs-actual bridge?",
    ].join("\n\n");
  }
  const series = seriesOf(r);
  if (series.length >= 2) {
    const rows: string[] = [];
    for (let i = 0; i < series.length; i++) {
      const f = series[i]!;
      const prev = i > 0 ? series[i - 1] : undefined;
      const change = prev && kindOf(prev.period) === kindOf(f.period) ? changeText(f, prev) ?? "–" : "–";
      rows.push(`| ${f.period} | ${f.value} | ${change} | ${f.source.citation} |`);
    }
    const notes = r.conflicts.map(conflictNote);
    return [`**${cap(metricName(series[0]!, r.understood.metrics[0]))} by period**`, "", "| Period | Value | Change | Source |", "|--------|-------|--------|--------|", ...rows, ...(notes.length ? ["", ...notes] : [])].join("\n");
  }
  if (r.conflicts.length) return conflictNote(r.conflicts[0]!);
  if (r.answer) return `${factSentence(r.answer)} I found nothing to compare it with for another period or source. Would you like me to add a question to the Q&A list?`;
  return noData(plan.question, r.notes);
}

function writeGaps(done: ToolExchange[]): string {
  const g = outputs<Gaps>(done, "find_gaps")[0];
  if (!g) return "I couldn't compute the IRL coverage just now. Please try again.";
  if (isError(g)) return `I couldn't compute the IRL coverage: ${g.error}. I can still answer questions on specific topics from the documents.`;
  if (g.irlItems === 0 || !g.domains?.length) {
    return `This deal has no Information Request List yet, so there is nothing to measure coverage against.${g.templatesInDataRoom?.length ? ` The data room contains ${g.templatesInDataRoom.join(", ")}; would you like me to import it as the IRL?` : " Upload an IRL template and I can import it."}`;
  }
  const parts = ["Here's the coverage analysis against your IRL:"];
  for (const d of g.domains) {
    const lines = d.items.map((i) => {
      const cite = i.evidence[0]?.citation ? ` ${i.evidence[0].citation}` : "";
      if (i.coverage === "covered") return `- ✅ ${i.item}${cite}`;
      if (i.coverage === "partial") return `- ⚠️ ${i.item} (partial)${cite}`;
      return `- ❌ ${i.item}`;
    });
    parts.push([`**${d.domain} (${d.covered}/${d.total} items covered)**`, ...lines].join("\n"));
  }
  const open = (g.totals?.gap ?? 0) + (g.totals?.partial ?? 0);
  parts.push(open ? "Would you like me to generate Q&A items for the missing information?" : "Every IRL item is covered by at least one document.");
  return parts.join("\n\n");
}

const ROLES: Array<[string, RegExp]> = [
  ["CEO", /\bchief executive officer\b|\bceo\b/i],
  ["CFO", /\bchief financial officer\b|\bcfo\b/i],
  ["CTO", /\bchief technology officer\b|\bcto\b|\bhead of (?:technology|engineering)\b/i],
  ["Head of Sales", /\bhead of sales\b|\bsales director\b|\bvp sales\b/i],
];

function writeSynthesis(plan: Plan, done: ToolExchange[]): string {
  const results = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((x): x is KbResult => !isError(x));
  const r = results[0];
  if (!r) return noData(plan.question);
  const topic = plan.topic ?? plan.question;
  const parts = [`Here's what we know about ${topic.replace(/^the /i, "the ")}:`];
  const people = r.people ?? [];
  if (people.length) {
    // one section per person: role, what the documents say (quoted), ownership from the cap table
    const holdings = results.flatMap((x) => x.tableValues ?? []);
    for (const p of people) {
      const role = p.roleLabels[0] ?? p.roles[0];
      const bullets = p.about.map((a) => `- ${a.text} ${a.citation}`);
      const own = holdings.find((h) => h.label.includes(p.name));
      if (own) bullets.push(`- ${/^0(?:[.,]0+)?%$/.test(own.asWritten) ? "Holds no equity" : `Owns ${own.value}`} (${own.column}) ${own.citation}`);
      if (p.alsoIn.length) bullets.push(`- Also named in ${p.alsoIn.map((a) => `${a.document} ${a.citation}`).join(" and ")}`);
      parts.push([`**${role ? `${role} – ` : ""}${p.name}**`, ...bullets].join("\n"));
    }
    const missing = r.missingRoles ?? [];
    if (missing.length) parts.push(`**Gaps:** No information found on ${missing.map((m) => (m === "CTO" ? "a CTO or other technology leader" : m)).join(" or ")} in the uploaded documents. Would you like me to add this to the Q&A list?`);
    return parts.join("\n\n");
  }
  if (r.coverage === "findings") {
    const byMetric = new Map<string, KbFinding[]>();
    for (const f of r.findings.filter((x) => x.status === "current")) byMetric.set(metricName(f), [...(byMetric.get(metricName(f)) ?? []), f]);
    for (const [m, fs] of byMetric) parts.push([`**${cap(m)}**`, ...fs.slice(0, 5).map((f) => `- ${f.period ?? "Undated"}: ${f.value} ${f.source.citation}${f.isForecast ? " (forecast)" : ""}`)].join("\n"));
    for (const c of r.conflicts) parts.push(`⚠️ ${conflictNote(c)}`);
  } else {
    const pages = usablePages(r.pages);
    if (pages.length === 0) return noData(plan.question, r.notes);
    const seen = new Set<string>();
    const bullets: string[] = [];
    for (const p of pages.slice(0, 5)) {
      const words = /\b(?:management|team|leadership|executives?)\b/i.test(topic) ? `${topic} chief officer executive financial head joined` : topic;
      for (const s of bestSentences(p.excerpt, words, 2, true)) {
        if (seen.has(s)) continue;
        seen.add(s);
        bullets.push(`- "${s}" ${p.citation}`);
      }
    }
    if (!bullets.length) return noData(plan.question, r.notes);
    parts.push(bullets.join("\n"));
    if (/\bmanagement|team|executives?|leadership\b/i.test(topic)) {
      const text = bullets.join(" ");
      const missing = ROLES.filter(([, re]) => !re.test(text)).map(([n]) => n);
      if (missing.length) parts.push(`**Gaps:** No information found on ${missing.join(" or ")}. Add this question to the Q&A list?`);
    }
    const inj = injectionNote(r.pages);
    if (inj) parts.push(inj);
  }
  return parts.join("\n\n");
}

function writeExploration(plan: Plan, done: ToolExchange[]): string {
  const docs = outputs<DocList>(done, "get_document_info")[0];
  const kbs = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((r): r is KbResult => !isError(r));
  if (!docs || isError(docs) || !docs.documents) return "I couldn't list the deal's documents just now. Please try again.";
  const list = docs.documents;
  if (plan.intent === "documents") {
    return [`The data room holds ${list.length} documents:`, ...list.map((d) => `- ${d.filename} — ${d.kind ?? "document"}${d.date ? `, ${d.date}` : ""}${d.supersedes.length ? ` (supersedes ${d.supersedes.join(", ")})` : ""}${d.status !== "indexed" ? ` (${d.status})` : ""}`)].join("\n");
  }
  const kinds = new Map<string, number>();
  for (const d of list) kinds.set(d.kind ?? "other", (kinds.get(d.kind ?? "other") ?? 0) + 1);
  const kindText = [...kinds].map(([k, n]) => `${n} ${k}${n > 1 && !k.endsWith("s") ? "s" : ""}`).join(", ");
  const fin = kbs.map((r) => r.answer).filter((a): a is KbFinding => !!a);
  const parts = [`Here's a high-level overview of what we have${docs.targetCompany ? ` on ${docs.targetCompany}` : ""}:`];
  parts.push(`**Documents uploaded:** ${list.length} files (${kindText})`);
  if (fin.length) parts.push(["**Key financials:**", ...fin.map((f) => `- ${cap(metricName(f))} ${f.period ?? ""}: ${f.value} ${f.source.citation}`.replace(/\s+:/, ":"))].join("\n"));
  const financial = list.filter((d) => /report|forecast|financial/i.test(d.kind ?? "")).length;
  const legal = list.filter((d) => /cap table|minutes|contract|legal/i.test(d.kind ?? "")).length;
  parts.push(`**Coverage:** ${financial >= 3 ? "strong" : financial ? "some" : "little"} on financials (${financial} financial documents), ${legal >= 3 ? "good" : "limited"} on legal and governance (${legal}).`);
  parts.push(["What would you like to explore?", "- Financial deep dive", "- Management team", "- Red flags and contradictions", "- Gaps and missing information"].join("\n"));
  return parts.join("\n\n");
}

function writeQa(plan: Plan, done: ToolExchange[]): string {
  const add = outputs<{ status?: string; added?: Array<{ question: string }>; error?: string; message?: string }>(done, "add_to_qa")[0];
  const sugg = outputs<{ suggestions?: unknown[]; error?: string }>(done, "suggest_questions")[0];
  if (!add) {
    if (sugg && !isError(sugg) && (sugg.suggestions?.length ?? 0) === 0) return "There are no open gaps or contradictions to turn into questions right now.";
    return "I couldn't add to the Q&A list just now.";
  }
  if (isError(add)) return `I couldn't add to the Q&A list: ${add.error}`;
  if (add.status === "needs_confirmation") return `Before I add anything: ${add.message?.replace(/^Nothing was saved\. Ask the user to confirm: /, "shall I ").replace(/\. Call again.*$/, "?") ?? "shall I add it?"}`;
  const qs = add.added ?? [];
  return [`Added ${qs.length === 1 ? "1 question" : `${qs.length} questions`} to the Q&A list:`, ...qs.map((q) => `- ${q.question}`)].join("\n");
}

function writeWrite(kind: "create_irl" | "trigger_analysis", done: ToolExchange[]): string {
  const o = outputs<{ status?: string; error?: string; message?: string; document?: string | null; items?: number; domains?: string[]; taskId?: string }>(done, kind)[0];
  if (!o) return kind === "create_irl" ? "I couldn't import the IRL just now." : "I couldn't queue the analysis just now.";
  if (isError(o)) return `${kind === "create_irl" ? "I couldn't import the IRL" : "I couldn't queue the analysis"}: ${o.error}`;
  if (o.status === "needs_confirmation") return `${o.message?.replace(/^Nothing was saved\. Ask the user to confirm: /, "Shall I ").replace(/\. Call again.*$/, "?")}`;
  if (kind === "create_irl") return `Imported the IRL from ${o.document}: ${o.items} items across ${o.domains?.join(", ")}. Ask "What's missing?" to see the coverage.`;
  return `Queued a re-analysis of ${o.document ?? "the whole deal"}. New findings will appear as the pipeline completes.`;
}

export function writeAnswer(plan: Plan, done: ToolExchange[]): string {
  switch (plan.intent) {
    case "greeting":
      return "Hello — ask me about the deal's documents: a figure (\"What was Q3 revenue?\"), a walk-through of the P&L, red flags, or what's missing from the IRL.";
    case "decline":
      return "Understood — nothing was added.";
    case "clarify":
      return plan.clarification ?? "Could you say a bit more about what you mean?";
    case "fact":
      return writeFact(plan, done);
    case "deep_dive":
      return writeDeepDive(plan, done);
    case "trend":
      return writeTrend(plan, done);
    case "red_flags":
      return writeRedFlags(done);
    case "comparison":
      return writeComparison(plan, done);
    case "gaps":
      return writeGaps(done);
    case "synthesis":
      return writeSynthesis(plan, done);
    case "exploration":
    case "documents":
      return writeExploration(plan, done);
    case "confirm_offer":
    case "add_qa":
      return writeQa(plan, done);
    case "create_irl":
    case "trigger_analysis":
      return writeWrite(plan.intent, done);
  }
}
