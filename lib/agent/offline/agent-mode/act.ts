/**
 * Acting like a careful analyst: one search per topic of the request (in one parallel step),
 * then the best source per topic not yet answered by an opened page (the newest version of a
 * document first, prose with a figure preferred), then the answer.
 */
import { stripInstructions } from "@/lib/search/query-understanding";
import { authorityOf } from "@/lib/agent/knowledge/describe";
import { contentWords, escapeRe, mentionsTopic, queryCoversTopic, topicSynonyms } from "@/lib/agent/mode/text";
import { namesPeriod } from "@/lib/agent/mode/figures";
import { requestTopics, type RequestTopic } from "@/lib/agent/mode/request-topics";
import { familyOf, hasFigure, isProseWithFigure, questionQuery, searchQuery, versionKey } from "./sources";
import type { DriverState, Opened, Result } from "./state";
import { finalAction, metricFor, narrativeAnswer, topicFigure } from "./write";
import { CAUSE } from "@/lib/agent/mode/topic-gate";

/** The next tool calls, or the final answer when nothing is left to do (or no call is left). */
export type NextMove = { kind: "tools"; calls: Array<{ toolName: "search_docs" | "open_citation" | "compute_metric"; input: Record<string, unknown> }> } | { kind: "final"; answer: ReturnType<typeof finalAction> };

interface Candidate {
  r: Result;
  topic: string | null;
  score: number;
}

function candidates(state: DriverState, t: RequestTopic | null): Candidate[] {
  const openedKeys = new Set(state.opened.map((o) => `${o.documentId}:${o.page}`));
  // a comparison: the side no opened page states yet (the forecast first, then the actual)
  const againstFound = t?.kind === "comparison" && !t.againstPeriod && !!topicFigure(state.opened, t, true);
  const topic = t ? (t.kind === "comparison" && !t.againstPeriod && !againstFound ? t.against! : t.subject) : null;
  const newestDate = state.searches.flatMap((s) => s.results).filter((r) => r.role === "evidence" && r.matched.length > 0 && (!topic || mentionsTopic(r.snippet, topic))).reduce<string | null>((a, r) => (r.date && (!a || r.date > a) ? r.date : a), null);
  const out: Candidate[] = [];
  state.searches.forEach((s, si) => {
    if (s.error || (topic && !queryCoversTopic(s.query, topic))) return;
    s.results.forEach((r, ri) => {
      if (r.role !== "evidence" || r.matched.length === 0 || openedKeys.has(`${r.documentId}:${r.page}`)) return;
      const onTopic = topic ? mentionsTopic(r.snippet, topic) && (t?.kind !== "comparison" || mentionsTopic(r.snippet, t.subject)) && (!t?.reason || CAUSE.test(r.snippet)) : true;
      const figure = hasFigure(r.snippet);
      // a period asked: pages that name it; none asked: the newest documents (the latest period is meant)
      const period = t?.period ? (namesPeriod(r.snippet, t.period) ? 3 : 0) : t && t.kind !== "narrative" && r.date && r.date === newestDate ? 2 : 0;
      // an amount topic: a statement row ("Revenues $ 36,397 …") beats prose about a part of it
      const row = t && t.kind === "figure" && new RegExp(`(?:^|[^\\p{L}])${escapeRe(t.subject.split(" ")[0]!.slice(0, 6))}\\p{L}*(?:\\s+\\p{L}+){0,3}(?:\\s+\\d{1,2})?\\s+\\$?\\s?\\(?\\d[\\d,]{2,}`, "iu").test(r.snippet) ? 3 : 0;
      // an amount or a margin: the more authoritative document (audited over interim over a presentation)
      const authority = t && (t.kind === "figure" || t.kind === "ratio") ? authorityOf(r.kind, r.document) * 0.6 : 0;
      const score = (onTopic ? 4 : 0) + period + row + authority + (t?.kind === "narrative" ? 0 : isProseWithFigure(r.snippet) && figure ? 3 : figure ? 1.5 : 0) - ri * 0.3 - si * 0.01;
      out.push({ r, topic, score });
    });
  });
  // Within a family of document versions keep the newest dated one (conflict rule: newest prevails).
  const newest = new Map<string, string>();
  for (const c of out) {
    const f = familyOf(c.r);
    const k = versionKey(c.r.document, c.r.date);
    if (k > (newest.get(f) ?? "")) newest.set(f, k);
  }
  return out.filter((c) => versionKey(c.r.document, c.r.date) >= (newest.get(familyOf(c.r)) ?? "")).sort((a, b) => b.score - a.score);
}

/** Whether an opened page already answers the topic (a figure for its period, or a passage about it). */
function covers(o: Opened, t: RequestTopic): boolean {
  if (t.kind === "narrative") return narrativeAnswer(o.text, t) !== null;
  if (t.kind === "comparison" && t.againstPeriod) return !!topicFigure([o], { ...t, kind: "figure" }, false) && !!topicFigure([o], { ...t, kind: "figure", period: t.againstPeriod }, false);
  return t.kind === "comparison" ? !!topicFigure([o], t, true) : !!topicFigure([o], t, false);
}

/** Whether the opened pages together answer the topic (a comparison's two sides may be on two pages). */
function answered(opened: Opened[], t: RequestTopic): boolean {
  if (t.kind === "comparison" && !t.againstPeriod) return !!topicFigure(opened, t, true) && !!topicFigure(opened, { ...t, kind: "figure" }, false);
  return opened.some((o) => covers(o, t));
}

/** A topic the metric engine computes: a named margin, or a growth, ratio or return. */
function computable(t: RequestTopic): boolean {
  return (t.kind === "ratio" && t.subject !== "margin") || (t.kind === "figure" && /\b(?:growth|cagr|ratio|turnover|return on|payout)\b/i.test(t.name));
}

/** What compute_metric is asked for a topic: the request itself when it asks only that, else the topic and its period. */
function metricQuestion(state: DriverState, t: RequestTopic, topics: RequestTopic[]): string {
  return topics.length === 1 ? state.question : `What was the ${t.name}${t.period ? ` for ${t.period}` : ""}?`;
}

function topicQuery(t: RequestTopic, sv: boolean): string {
  // a narrative topic's other wording; a Swedish line item's English one (a Swedish request over English reports)
  const also = t.kind === "narrative" ? topicSynonyms(t.subject).filter((x) => x.split(" ").length > 1)[0] ?? "" : sv ? topicSynonyms(t.subject).filter((x) => /^[a-z ]+$/.test(x)).slice(0, 2).join(" ") : "";
  return searchQuery(`${t.period ?? ""} ${t.name} ${also}`);
}

function searchedFor(searches: DriverState["searches"], t: RequestTopic): boolean {
  return searches.some((s) => queryCoversTopic(s.query, t.subject) && (t.kind !== "comparison" || !!t.againstPeriod || queryCoversTopic(s.query, t.against!)));
}

export function nextAction(state: DriverState): NextMove {
  const c = state.constraints;
  const left = state.budget.toolCallsLeft;
  const searches = state.searches.filter((s) => !s.error);
  const opened = state.opened.length + state.openedOmitted.length;
  // the request's topics; else the topics named for separate searches (the sides of "compare X with Y")
  const read = requestTopics(state.question, c);
  const topics: RequestTopic[] = read.length ? read : c.requiredTopics.map((name) => ({ name, kind: "narrative", subject: name, period: null }));
  if (left > 0) {
    // 1. one search per topic of the request, in one parallel batch
    const pending = topics.filter((t) => !searchedFor(searches, t));
    if (pending.length) {
      const calls = pending.slice(0, Math.min(left, state.budget.maxBatch)).map((t) => ({ toolName: "search_docs" as const, input: { query: c.requiredTopics.length ? searchQuery(t.name) : topicQuery(t, state.language === "sv") } }));
      return { kind: "tools", calls };
    }
    if (searches.length === 0) return { kind: "tools", calls: [{ toolName: "search_docs", input: { query: questionQuery(state.question) } }] };
    if (searches.length < c.minSearches) {
      const done = new Set(searches.flatMap((s) => contentWords(s.query)));
      const rest = contentWords(stripInstructions(state.question)).filter((w) => !done.has(w));
      const q = rest.length ? rest.slice(0, 4).join(" ") : `${questionQuery(state.question)} ${searches.length + 1}`;
      return { kind: "tools", calls: [{ toolName: "search_docs", input: { query: q } }] };
    }
    // topics whose search already led to an opened page come last: every topic gets its first try before any gets a second
    const tried = (t: RequestTopic) => state.searches.some((x) => searchedFor([x], t) && x.results.some((r) => state.opened.some((o) => o.documentId === r.documentId && o.page === r.page)));
    // 2. a margin or growth the opened pages do not print: the metric engine computes it from the statement lines (once a page was read, or none is left to read)
    if (state.canCompute) {
      const calc = topics.filter((t) => computable(t) && !state.opened.some((o) => covers(o, t)) && !state.metrics.some((m) => m.question === metricQuestion(state, t, topics)) && (tried(t) || candidates(state, t).length === 0));
      if (calc.length) return { kind: "tools", calls: calc.slice(0, Math.min(left, state.budget.maxBatch)).map((t) => ({ toolName: "compute_metric" as const, input: { question: metricQuestion(state, t, topics) } })) };
    }
    // 3. open the best source per topic not yet answered by an opened page or a computed metric (round robin), at least what the constraints ask
    const open = topics.filter((t) => !answered(state.opened, t) && !metricFor(state, t)).sort((a, b) => Number(tried(a)) - Number(tried(b)));
    const pools = topics.length ? open.map((t) => candidates(state, t)).filter((p) => p.length > 0) : opened === 0 ? [candidates(state, null)] : [];
    // one page often answers several topics: open for the first unanswered topic, then look again
    const need = Math.min(Math.max(pools.length ? 1 : 0, c.minOpenCitations - opened, c.requiresExactQuote && opened === 0 ? 1 : 0), left);
    if (need > 0) {
      const picks: Result[] = [];
      const chosen = new Set<string>();
      for (let round = 0; picks.length < need && round < 5; round++) {
        let progressed = false;
        for (const pool of pools) {
          const cand = pool.find((x) => !chosen.has(`${x.r.documentId}:${x.r.page}`));
          if (!cand || picks.length >= need) continue;
          chosen.add(`${cand.r.documentId}:${cand.r.page}`);
          picks.push(cand.r);
          progressed = true;
        }
        if (!progressed) break;
      }
      for (const x of candidates(state, null)) {
        if (picks.length >= need) break;
        if (chosen.has(`${x.r.documentId}:${x.r.page}`)) continue;
        chosen.add(`${x.r.documentId}:${x.r.page}`);
        picks.push(x.r);
      }
      if (picks.length) return { kind: "tools", calls: picks.map((r) => ({ toolName: "open_citation" as const, input: { ref: r.ref } })) };
    }
  }
  return { kind: "final", answer: finalAction(state) };
}
