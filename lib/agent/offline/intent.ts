/**
 * Rule-based intent inference (seed 002, P3/P4): which use case a message is, and how it relates
 * to the previous turn (clear follow-up, ambiguous follow-up, topic shift, answer to a
 * clarifying question, confirmation of an offer).
 */
import { detectMetrics, type MetricSpec } from "@/lib/agent/knowledge/metrics";
import { isMetricQuestion } from "@/lib/agent/knowledge/metric-answer";
import { classifyQuestion } from "@/lib/answers/narrative";
import { asksForQualifiedFigure, asksHow } from "@/lib/metrics";
import { makePeriod, parsePeriod, readPeriodRange, readPeriodRequest, type Period, type PeriodRequest } from "@/lib/periods";
import type { Conversation, Turn } from "./conversation";
import { isBackReference } from "@/lib/irl/qa-question";

export type Intent =
  | "fact"
  | "metric"
  | "trend"
  | "deep_dive"
  | "red_flags"
  | "comparison"
  | "synthesis"
  | "gaps"
  | "exploration"
  | "confirm_offer"
  | "decline"
  | "add_qa"
  | "create_irl"
  | "trigger_analysis"
  | "documents"
  | "greeting"
  | "clarify";

export interface Plan {
  intent: Intent;
  /** The standalone question (follow-ups resolved). */
  question: string;
  metrics: MetricSpec[];
  periodLabel?: string; // explicit or inherited
  /** "For Q3 2024, …" — the assumption stated for a clear follow-up. */
  assumption?: string;
  /** A clarifying question to ask instead of answering. */
  clarification?: string;
  topic?: string;
  document?: string;
  offer?: "gaps" | "question";
  /** "from Q1 to Q3 2024": the periods a trend spans. */
  range?: { from: string; to: string };
  /** "2024 so far" read as the latest cumulative period of that year. */
  yearToDate?: number;
  /** A metric question's intent had the metric engine not claimed it: what answers when no statement is in scope. */
  fallback?: Intent;
  /** The question asks who, why, which or whether — answered from passages, never from a figure that shares its words. */
  passages?: boolean;
  /**
   * The question reader read no figure in the turn: a finding, table cell or sentence the knowledge
   * base matched by its own metric words is shown as the closest evidence, never stated as the answer.
   */
  unreadFigure?: boolean;
  /** The question reader read the turn as asking yes or no, however it is worded ("bxp pay a special dividend in 2015?"). */
  yesNo?: boolean;
}

const P = {
  gaps: /\bwhat(?:'s| is| are)? (?:still )?missing\b|\bwhat (?:don'?t we|do we not) know\b|\bwhat do we know\b(?!\s+(?:about|of|on|regarding)\b)|\bdon'?t we know\b|\bgaps?\b|\birl\b.*\bcoverage\b|\bcoverage\b|\bmissing information\b|\boutstanding (?:requests|items)\b/i,
  redFlags: /\bred flags?\b|\bconcerns?\b|\brisks?\b|\bissues\b|\bproblems?\b|\bworr(?:y|ied|ying)\b|\bwatch out\b|\banything (?:odd|unusual|strange|suspicious)\b|\bwarning signs?\b/i,
  comparison: /\bcompare\b|\bcomparison\b|\bversus\b|\bvs\.?(?=\s)|\bdifference between\b|\bhow does .+ (?:compare|relate)\b|\bforecast (?:to|against|and|vs\.?) actuals?\b|\bactuals? (?:to|against|vs\.?) forecast\b/i,
  // ("research and development", "product development" name a function, not a change over time)
  trend: /(?<!\b(?:research (?:and|&)|r&d|product|business|software|real estate|land|site|drug|clinical)\s)\bdevelop(?:ed|ment)?\b|\btrends?\b|\bevol(?:ve|ved|ution)\b|\bover time\b|\bprogress(?:ed|ion)?\b|\btrajectory\b|\bquarter (?:by|over|on) quarter\b|\bquarterly (?:development|progression)\b/i,
  deepDive: /\bwalk me through\b|\bbreak(?: it)? ?down\b|\bbreakdown\b|\bdeep[- ]dive\b|\bexplain the\b|\bgo through the\b|\bdetail(?:ed)? (?:view|look)\b/i,
  exploration: /\btell me about the (?:company|target|business|deal)\b|\bwhat do we have\b|\bwhat(?:'s| is) in the data ?room\b|\bgive me an overview\b|\bhigh[- ]level overview\b|\bintroduce the (?:company|target)\b|^\s*overview\s*\??$/i,
  synthesis: /\bsummar(?:y|ise|ize)\b|\bwhat do we know about\b|\boverview of\b|\btell me about\b|\bwho (?:is|are)\b|\bmanagement team\b|\bdescribe\b/i,
  documents: /\bwhich documents\b|\bwhat documents\b|\blist (?:the |all )?(?:documents|files)\b|\bdocuments? (?:do we have|uploaded)\b/i,
  createIrl: /\b(?:create|import|load|set up|build)\b.{0,30}\b(?:irl|information request list)\b/i,
  trigger: /\b(?:re-?run|re-?analy[sz]e|re-?process|re-?extract)\b|\brun (?:the )?(?:pipeline|analysis|extraction)\b/i,
  addQa: /\b(?:add|put|save|raise|log)\b.{0,40}\b(?:q\s*&\s*a|qa list|question list)\b/i,
  yes: /^\s*(?:yes|yeah|yep|yup|sure|ok(?:ay)?|please(?: do)?|go ahead|do it|confirm(?:ed)?|sounds good|absolutely|definitely)\b[\s!.,]*(?:please|thanks|thank you)?[\s!.]*$/i,
  no: /^\s*(?:no|nope|not now|no thanks|cancel|skip)\b/i,
  greeting: /^\s*(?:hi|hello|hey|good (?:morning|afternoon|evening)|thanks|thank you)\b[\s!.]*$/i,
  followUp: /^\s*(?:and|what about|how about|same for|also|then|and what about|and the)\b/i,
};

/**
 * Questions a single figure never answers: whether, why, or which one of several ("which region
 * had the biggest drop in revenue"); with no metric named, also who, what list, what description.
 */
const FIGURE_NEVER_ANSWERS = new Set(["yes_no", "reason"]);
// a count with no statement figure named ("how many restaurants"): a figure sharing its words is no count
const NO_METRIC_PASSAGES = new Set(["yes_no", "reason", "list", "organisation", "person", "description", "count"]);
const PICKS_ONE = /(?:^|,\s*)which\b/i;

function asksForPassages(text: string, metrics: MetricSpec[]): boolean {
  const kind = classifyQuestion(text).kind;
  if (metrics.length === 0) return NO_METRIC_PASSAGES.has(kind);
  // "revenue from its cloud business": a figure filed as revenue does not answer it; a passage may
  return FIGURE_NEVER_ANSWERS.has(kind) || PICKS_ONE.test(text.trim()) || asksForQualifiedFigure(text) || asksHow(text);
}

/** Intents a statement figure or metric question may have been read as before the metric engine claims it. */
const METRIC_ROUTED = new Set<Intent>(["fact", "comparison", "trend", "synthesis", "deep_dive"]);

const OFFER_GAPS = /add the gaps to the Q&A list|generate Q&A items for the missing information|add (?:these|them) to the Q&A list/i;
const OFFER_QUESTION = /add (?:this|it) (?:question )?to the Q&A list/i;
const CLARIFY = /Do you mean (.+?) or (.+?)\?/;

/** What the previous turn was about: metric and resolved period. */
export interface TurnContext {
  metrics: MetricSpec[];
  period?: Period;
  intent?: Intent;
  question: string;
}

export function contextOf(turn: Turn | undefined): TurnContext | undefined {
  if (!turn) return undefined;
  let metrics = detectMetrics(turn.user);
  let period: Period | undefined;
  for (const t of turn.tools) {
    if (t.toolName !== "query_knowledge_base") continue;
    const out = t.output as { understood?: { period?: string }; answer?: { period?: string | null; metric?: string } } | undefined;
    const p = out?.answer?.period ?? out?.understood?.period ?? (t.input.period as string | undefined);
    period ??= parsePeriod(p) ?? readPeriodRequest(String(p ?? "")).exact;
    if (metrics.length === 0 && typeof t.input.metric === "string") metrics = detectMetrics(t.input.metric);
  }
  if (!period) {
    const m = turn.assistant.match(/\b(Q[1-4] (?:19|20)\d\d|H[12] (?:19|20)\d\d|FY(?:19|20)\d\d|9M (?:19|20)\d\d)\b/);
    period = m ? parsePeriod(m[1]) : readPeriodRequest(turn.user).exact ?? readPeriodRequest(turn.assistant).exact;
  }
  return { metrics, period, question: turn.user };
}

function lastSubstantive(past: Turn[]): Turn | undefined {
  for (let i = past.length - 1; i >= 0; i--) {
    const t = past[i]!;
    if (t.user && !P.greeting.test(t.user)) return t;
  }
  return undefined;
}

function baseIntent(text: string): Intent {
  if (P.createIrl.test(text)) return "create_irl";
  if (P.trigger.test(text)) return "trigger_analysis";
  if (P.addQa.test(text)) return "add_qa";
  if (P.gaps.test(text)) return "gaps";
  if (P.redFlags.test(text)) return "red_flags";
  if (P.comparison.test(text)) return "comparison";
  if (P.trend.test(text) && detectMetrics(text).length > 0) return "trend";
  if (P.deepDive.test(text)) return "deep_dive";
  if (P.documents.test(text)) return "documents";
  if (P.exploration.test(text)) return "exploration";
  if (P.synthesis.test(text)) return "synthesis";
  if (P.greeting.test(text)) return "greeting";
  return "fact";
}

function topicOf(text: string): string {
  const t = text
    .replace(/^\s*(?:please\s+)?(?:summari[sz]e|summary of|what do we know about|give me an overview of|overview of|tell me about|describe|who (?:is|are))\s+/i, "")
    .replace(/[?.!]+\s*$/, "")
    .trim();
  return t || text.trim();
}

/** The plan for the current user message, given the conversation so far. */
export function planTurn(conv: Conversation): Plan {
  const text = conv.current.user.trim();
  const prev = lastSubstantive(conv.past);
  const prevCtx = contextOf(prev);
  const metrics = detectMetrics(text);
  const req: PeriodRequest = readPeriodRequest(text);

  // Answers to our own last message: a clarifying question, or an offer
  if (prev && CLARIFY.test(prev.assistant)) {
    const [, a, b] = prev.assistant.match(CLARIFY)!;
    const pick = /\b(?:full[- ]year|fy|whole year|annual|year)\b/i.test(text) && !/\bsame quarter\b/i.test(text) ? b! : /\bquarter\b|\bq[1-4]\b/i.test(text) ? a! : req.exact?.label;
    const period = pick ? parsePeriod(pick.replace(/\s*\(.*$/, "")) : undefined;
    const ctx = contextOf(conv.past[conv.past.length - 2]) ?? prevCtx;
    if (period && ctx?.metrics.length) {
      return { intent: "fact", question: `${ctx.metrics[0]!.label} ${period.label}`, metrics: ctx.metrics, periodLabel: period.label, assumption: `For ${period.label}` };
    }
  }
  if (prev && (P.yes.test(text) || P.no.test(text))) {
    if (P.no.test(text)) return { intent: "decline", question: text, metrics: [] };
    if (OFFER_GAPS.test(prev.assistant)) return { intent: "confirm_offer", question: text, metrics: [], offer: "gaps" };
    if (OFFER_QUESTION.test(prev.assistant)) return { intent: "confirm_offer", question: prev.user, metrics: [], offer: "question", topic: prev.user };
  }

  // "Yes, add them to the Q&A list": "them" is the question asked before, not a question.
  if (prev && P.addQa.test(text) && isBackReference(text.replace(/^.*?\b(?:add|put|save|raise|log)\b\s*/i, "").replace(/\s*\bto the (?:q\s*&\s*a|qa) list\b.*$/i, ""))) {
    if (OFFER_GAPS.test(prev.assistant) && !OFFER_QUESTION.test(prev.assistant)) return { intent: "confirm_offer", question: text, metrics: [], offer: "gaps" };
    return { intent: "confirm_offer", question: prev.user, metrics: [], offer: "question", topic: prev.user };
  }

  let intent = baseIntent(text);
  const isShort = text.split(/\s+/).length <= 8;
  const followUpShape = P.followUp.test(text) || (isShort && /\?\s*$/.test(text) && metrics.length + (req.exact || req.relative || req.partial ? 1 : 0) > 0 && !/\b(?:what|how|which|who)\b.{12,}/i.test(text));

  // Multi-turn (P4)
  if (prevCtx && followUpShape && (intent === "fact" || intent === "comparison")) {
    // metric given, no period → inherit the period (clear follow-up)
    if (metrics.length && !req.exact && !req.relative && !req.partial && prevCtx.period) {
      return { intent: "fact", question: `${metrics.map((m) => m.label).join(" and ")} ${prevCtx.period.label}`, metrics, periodLabel: prevCtx.period.label, assumption: `For ${prevCtx.period.label}` };
    }
    // period given, no metric → inherit the metric
    if (!metrics.length && prevCtx.metrics.length) {
      const m = prevCtx.metrics;
      if (req.relative === "last_year" && prevCtx.period && prevCtx.period.kind === "Q") {
        const q = makePeriod("Q", prevCtx.period.year - 1, prevCtx.period.n);
        const fy = makePeriod("FY", prevCtx.period.year - 1);
        return { intent: "clarify", question: text, metrics: m, clarification: `Do you mean ${q.label} (same quarter) or ${fy.label} (full year)?` };
      }
      if (req.relative === "last_year" && prevCtx.period) {
        const fy = makePeriod("FY", prevCtx.period.year - 1);
        return { intent: "fact", question: `${m[0]!.label} ${fy.label}`, metrics: m, periodLabel: fy.label, assumption: `For ${fy.label}` };
      }
      if (req.relative === "same_quarter_last_year" && prevCtx.period?.kind === "Q") {
        const q = makePeriod("Q", prevCtx.period.year - 1, prevCtx.period.n);
        return { intent: "fact", question: `${m[0]!.label} ${q.label}`, metrics: m, periodLabel: q.label, assumption: `For ${q.label}` };
      }
      if (req.exact || req.partial || req.relative) {
        const label = req.exact?.label ?? req.phrase;
        return { intent: "fact", question: `${m[0]!.label} ${label}`, metrics: m, periodLabel: req.exact?.label, assumption: undefined, topic: req.phrase };
      }
    }
    if (!metrics.length && !req.exact && !req.relative && !req.partial && /^\s*(?:and|what about|how about)\b/i.test(text)) {
      // "What about the margin?" with an unknown subject → ask
      return { intent: "clarify", question: text, metrics: [], clarification: `Do you mean ${prevCtx.metrics[0]?.label ?? "the same metric"} for a different period, or a different topic?` };
    }
  }
  // a role named in a question that asks who (not whether: "Did the CEO resign?") reads the people of the deal
  if (metrics.length === 0 && intent === "fact" && /\b(?:ceo|cfo|cto|chair(?:man|woman)?|founders?|management|auditors?|shareholders?)\b/i.test(text) && classifyQuestion(text).kind !== "yes_no") intent = "synthesis";
  // A figure from the statements or a metric computed from them: the metric engine answers first
  const range = readPeriodRange(text);
  if (range && intent === "fact" && metrics.length) intent = "trend";
  let fallback: Intent | undefined;
  if (METRIC_ROUTED.has(intent) && isMetricQuestion(text)) [fallback, intent] = [intent, "metric"];
  return {
    intent,
    question: text,
    metrics,
    periodLabel: range ? undefined : req.exact?.label,
    ...(range ? { range: { from: range.from.label, to: range.to.label } } : {}),
    ...(req.relative === "year_to_date" && req.year ? { yearToDate: req.year } : {}),
    topic: [intent, fallback].some((i) => i === "synthesis" || i === "fact") ? topicOf(text) : undefined,
    ...(fallback ? { fallback } : {}),
    ...(asksForPassages(text, metrics) ? { passages: true } : {}),
    document: text.match(/([\w\-.()]+\.(?:pdf|xlsx|csv|docx))\b/i)?.[1],
  };
}
