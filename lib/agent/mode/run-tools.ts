/**
 * Agent Mode's tools as AI SDK tools over one run's state: search_docs, open_citation and, when
 * the deal's tools offer it, compute_metric (the chat agent's metric engine: a remote model never
 * does arithmetic itself; the statement pages of its inputs are opened as citations [n], one call).
 * The SDK runs the calls of one step in parallel; each call is checked when it starts, in call
 * order (budget, batch size, the same query or page twice, refs from this run only), does its
 * database work concurrently, and is committed in call order, so refs (R1, R2 …) and citation
 * numbers ([1], [2] …) are deterministic. What each call did is kept for the trace, which the
 * loop records when the step ends (calls of one step share a batch number). Ids resolve only
 * inside the deal and the user's access (tools.ts).
 */
import { tool } from "ai";
import { z } from "zod";
import { isMandaError } from "@/lib/errors";
import type { AgentModeConfig } from "./config";
import { COMPUTE_METRIC_DESCRIPTION, computeMetricInput } from "@/lib/agent/tools/compute-metric";
import type { MetricToolOutput, OpenToolOutput, SearchToolOutput } from "./prompts";
import { contextWindow, UUID, type AgentModeTools, type MetricToolResult, type OpenedSource, type OpenTarget } from "./tools";
import { contentWords, quoteFoundIn, words } from "./text";
import type { ComputedMetric, OpenedCitation, SearchRecord, SearchResultItem, TraceStep } from "./types";

const uuid = z.string().regex(UUID, "must be a full UUID (36 characters)");

export const searchInputSchema = z.object({
  query: z.string().trim().min(1, "query is empty").max(300).describe("What to search for, in the words a page would use"),
  k: z.number().int().min(1).max(20).optional().describe("Results wanted (default 5)"),
});

export const openInputSchema = z.object({
  ref: z.string().trim().regex(/^[RF]\d{1,4}$/i, "ref must look like R3").optional().describe("A ref from this run's search results, e.g. R3"),
  documentId: uuid.optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  chunkId: uuid.optional(),
});

type ToolTrace = Extract<TraceStep, { type: "tool_call" }>;

/** One call's trace step (without its batch), with when it started and ended. */
export interface PendingTrace {
  step: Omit<ToolTrace, "batch">;
  started: number;
  ended: number;
}

export interface RunState {
  searches: SearchRecord[];
  opened: OpenedCitation[];
  /** compute_metric calls (committed). */
  computed: ComputedMetric[];
  byRef: Map<string, SearchResultItem>;
  openedKeys: Map<string, number>;
  refCounter: number;
  /** Calls counted against the budget (committed). */
  toolCalls: number;
  /** Calls counted but not yet committed (in flight). */
  reserved: number;
  /** Query and page keys in flight. */
  inflight: Set<string>;
  batches: number;
  /** Calls started in the current step (reset by the loop before each step). */
  stepCalls: number;
  commits: Promise<void>;
  traces: Map<string, PendingTrace>;
}

export function newRunState(): RunState {
  return { searches: [], opened: [], computed: [], byRef: new Map(), openedKeys: new Map(), refCounter: 0, toolCalls: 0, reserved: 0, inflight: new Set(), batches: 0, stepCalls: 0, commits: Promise.resolve(), traces: new Map() };
}

export interface RunToolsOptions {
  st: RunState;
  cfg: AgentModeConfig;
  toolBudget: number;
  tools: AgentModeTools;
  question: string;
  mark: () => number;
}

const norm = (q: string) => words(q).sort().join(" ");

type Settled<W> = { ok: true; value: W } | { ok: false; error: unknown };

/** Runs `commit` (synchronous) after every earlier call's commit (call order), whatever order the work finished in. */
async function inOrder<W, T>(st: RunState, work: Promise<W>, commit: (r: Settled<W>) => T): Promise<T> {
  const previous = st.commits;
  let release!: () => void;
  st.commits = new Promise<void>((r) => (release = r));
  try {
    const settled: Settled<W> = await work.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));
    await previous;
    return commit(settled);
  } finally {
    release();
  }
}

const failure = (e: unknown) => (isMandaError(e) ? e.message : "the tool failed");

/** What both tools share: the run's state and budget, the trace they leave, and the reply for a call that is not run. */
function callHelpers(o: RunToolsOptions) {
  const { st } = o;
  const left = () => Math.max(0, o.toolBudget - st.toolCalls - st.reserved);
  const remember = (id: string, step: PendingTrace["step"], started: number) => st.traces.set(id, { step, started, ended: o.mark() });
  /** A call that is not run (not counted): over the batch size, spent budget, or a repeat. */
  const notRun = <T>(id: string, toolName: ToolTrace["tool"], args: Record<string, unknown>, kind: string, message: string, started: number): Promise<T> =>
    inOrder(st, Promise.resolve(), () => {
      remember(id, { type: "tool_call", tool: toolName, args, ok: false, summary: message, error: kind }, started);
      return { error: message, toolCallsLeft: left() } as T;
    });
  return { left, remember, notRun };
}

type Helpers = ReturnType<typeof callHelpers>;

export function createRunTools(o: RunToolsOptions) {
  const h = callHelpers(o);
  const base = { search_docs: searchDocsTool(o, h), open_citation: openCitationTool(o, h) };
  return o.tools.computeMetric ? { ...base, compute_metric: computeMetricTool(o, h) } : base;
}

function searchDocsTool(o: RunToolsOptions, { left, remember, notRun }: Helpers) {
  const { st, cfg } = o;
  return tool({
    description: "Hybrid search of the deal's pages and findings. Returns refs (R1, R2 …) to open.",
    inputSchema: searchInputSchema,
    execute: async (args, { toolCallId }): Promise<SearchToolOutput> => {
      const started = o.mark();
      if (++st.stepCalls > cfg.maxBatch) return notRun(toolCallId, "search_docs", args, "refused", `Only the first ${cfg.maxBatch} calls of a step are run.`, started);
      const key = `q:${norm(args.query)}`;
      if (st.searches.some((s) => !s.error && `q:${norm(s.query)}` === key) || st.inflight.has(key)) {
        return notRun(toolCallId, "search_docs", args, "duplicate", `Already searched for "${args.query}"; use its results or search for something else.`, started);
      }
      if (left() <= 0) return notRun(toolCallId, "search_docs", args, "refused", "Not run: the tool budget is spent.", started);
      st.inflight.add(key);
      st.reserved++;
      const work = o.tools.searchDocs({ query: args.query, k: Math.min(args.k ?? cfg.searchTopK, 10), snippetChars: cfg.snippetChars });
      return inOrder(st, work, (done) => {
        st.inflight.delete(key);
        st.reserved--;
        st.toolCalls++;
        if (!done.ok) {
          const error = failure(done.error);
          st.searches.push({ index: st.searches.length + 1, query: args.query, results: [], error });
          remember(toolCallId, { type: "tool_call", tool: "search_docs", args, ok: false, summary: `Failed: ${error}`, error }, started);
          return { error: `search_docs failed: ${error}`, toolCallsLeft: left() };
        }
        const results: SearchResultItem[] = done.value.map((r) => ({ ...r, ref: `${r.type === "finding" ? "F" : "R"}${++st.refCounter}` }));
        for (const r of results) st.byRef.set(r.ref, r);
        st.searches.push({ index: st.searches.length + 1, query: args.query, results });
        const evidence = results.filter((r) => r.role === "evidence" && r.matchedTerms.length > 0).length;
        const summary = results.length
          ? `Found ${results.length} result(s)${evidence < results.length ? ` (${evidence} with the query's words)` : ""}: ${results.slice(0, 3).map((r) => `${r.document} p.${r.page}`).join(", ")}${results.length > 3 ? " …" : ""}`
          : "No results";
        remember(toolCallId, { type: "tool_call", tool: "search_docs", args, ok: true, summary, results: results.map((r) => ({ ref: r.ref, document: r.document, page: r.page, snippet: r.snippet, role: r.role })) }, started);
        return {
          query: args.query,
          results: results.map((r) => ({ ref: r.ref, type: r.type, document: r.document, page: r.page, date: r.documentDate, kind: r.documentKind, versionGroup: r.versionGroup ?? null, role: r.role, matched: r.matchedTerms, snippet: r.snippet, documentId: r.documentId, chunkId: r.chunkId })),
          toolCallsLeft: left(),
        };
      });
    },
  });
}

function openCitationTool(o: RunToolsOptions, h: Helpers) {
  const { st, cfg } = o;
  const { left, remember, notRun } = h;
  return tool({
    description: "The full text of one page: {ref} from this run's search results (or {documentId, page}, or {chunkId}). Opened sources are numbered [1], [2] … in opening order.",
    inputSchema: openInputSchema,
    execute: async (args, { toolCallId }): Promise<OpenToolOutput> => {
      const started = o.mark();
      if (++st.stepCalls > cfg.maxBatch) return notRun(toolCallId, "open_citation", args, "refused", `Only the first ${cfg.maxBatch} calls of a step are run.`, started);
      let target: OpenTarget | undefined;
      let fromRef: SearchResultItem | undefined;
      if (args.ref) {
        fromRef = st.byRef.get(args.ref.toUpperCase());
        if (!fromRef) {
          if (left() <= 0) return notRun(toolCallId, "open_citation", args, "refused", "Not run: the tool budget is spent.", started);
          // a made-up ref counts: the model spent a call on it
          st.toolCalls++;
          return notRun(toolCallId, "open_citation", args, "refused", `Refused: ${args.ref} is not a ref from this run's search results.`, started);
        }
        target = { documentId: fromRef.documentId, page: fromRef.page };
      } else if (args.chunkId) target = { chunkId: args.chunkId };
      else if (args.documentId && args.page !== undefined) target = { documentId: args.documentId, page: args.page };
      else return notRun(toolCallId, "open_citation", args, "invalid_input", 'open_citation needs {"ref":"R3"}, {"chunkId":"<uuid>"} or {"documentId":"<uuid>","page":N}.', started);
      const key = "chunkId" in target ? `c:${target.chunkId.toLowerCase()}` : `p:${target.documentId.toLowerCase()}:${target.page}`;
      const already = st.openedKeys.get(key);
      if (already !== undefined) return notRun(toolCallId, "open_citation", args, "duplicate", `Already opened as [${already}]; cite it as [${already}] instead of opening it again.`, started);
      if (st.inflight.has(key)) return notRun(toolCallId, "open_citation", args, "duplicate", "The same page is opened twice in this step; it is opened once.", started);
      if (left() <= 0) return notRun(toolCallId, "open_citation", args, "refused", "Not run: the tool budget is spent.", started);
      st.inflight.add(key);
      st.reserved++;
      const work = o.tools.openCitation(target);
      return inOrder(st, work, (done) => {
        st.inflight.delete(key);
        st.reserved--;
        st.toolCalls++;
        if (!done.ok) {
          const error = failure(done.error);
          remember(toolCallId, { type: "tool_call", tool: "open_citation", args, ok: false, summary: `Failed: ${error}`, error }, started);
          return { error: `open_citation failed: ${error}`, toolCallsLeft: left() };
        }
        return commitOpened(o, h, toolCallId, args, done.value, { key, fromRef, started });
      });
    },
  });
}

/** An opened page or chunk becomes the run's next citation [n]. */
function addOpened(o: RunToolsOptions, src: OpenedSource, fromRef: SearchResultItem | undefined, key: string): { opened: OpenedCitation; win: { text: string; truncated: boolean } } {
  const { st, cfg } = o;
  const n = st.opened.length + 1;
  const query = fromRef ? (st.searches.find((s) => s.results.includes(fromRef))?.query ?? "") : "";
  const terms = contentWords(`${query} ${o.question}`).filter((w) => w.length > 3);
  const win = contextWindow(src.text, cfg.maxCitationChars, { snippet: fromRef?.snippet, terms });
  const opened: OpenedCitation = {
    n,
    ref: fromRef?.ref ?? null,
    documentId: src.documentId,
    document: src.document,
    page: src.page,
    pageEnd: src.pageEnd,
    chunkId: src.chunkId ?? fromRef?.chunkId ?? null,
    kind: src.kind,
    text: src.text,
    contextText: win.text,
    truncated: win.truncated,
    snippet: fromRef?.snippet ?? "",
    documentDate: src.documentDate,
    documentKind: src.documentKind,
    versionGroup: src.versionGroup,
    role: src.role,
  };
  st.opened.push(opened);
  st.openedKeys.set(key, n);
  const pageKey = `p:${src.documentId.toLowerCase()}:${src.page}`;
  if (src.kind === "page") st.openedKeys.set(pageKey, n);
  if (src.kind === "chunk" && src.chunkId) st.openedKeys.set(`c:${src.chunkId.toLowerCase()}`, n);
  return { opened, win };
}

/** An opened page or chunk becomes citation [n] (a chunk of a page already open is a repeat). */
function commitOpened(o: RunToolsOptions, { left, remember }: Helpers, id: string, args: Record<string, unknown>, src: OpenedSource | null, x: { key: string; fromRef?: SearchResultItem; started: number }): OpenToolOutput {
  const { st, cfg } = o;
  if (!src) {
    const msg = "Refused: no such page or chunk in this deal (ids must come from this deal's search results).";
    remember(id, { type: "tool_call", tool: "open_citation", args, ok: false, summary: msg, error: "not_found" }, x.started);
    return { error: msg, toolCallsLeft: left() };
  }
  // A chunk whose page is already open adds nothing: a duplicate (not counted).
  const pageKey = `p:${src.documentId.toLowerCase()}:${src.page}`;
  if (src.kind === "chunk" && st.openedKeys.has(pageKey) && src.pageEnd === src.page) {
    st.toolCalls--;
    const n = st.openedKeys.get(pageKey)!;
    remember(id, { type: "tool_call", tool: "open_citation", args, ok: false, summary: `Already opened as [${n}]`, error: "duplicate" }, x.started);
    return { error: `That chunk is on a page already opened as [${n}].`, toolCallsLeft: left() };
  }
  const { opened, win } = addOpened(o, src, x.fromRef, x.key);
  const n = opened.n;
  remember(
    id,
    {
      type: "tool_call",
      tool: "open_citation",
      args,
      ok: true,
      summary: `Opened [${n}] ${src.document} p.${src.page} (${(src.text.length / 1024).toFixed(1)} KB${win.truncated ? `, ${cfg.maxCitationChars} characters in context` : ""})`,
      citation: { n, document: src.document, page: src.page, documentId: src.documentId, chunkId: opened.chunkId, chars: src.text.length, truncated: win.truncated },
    },
    x.started,
  );
  return { n, ref: opened.ref, document: src.document, page: src.page, date: src.documentDate, versionGroup: src.versionGroup, role: src.role, documentId: src.documentId, chunkId: opened.chunkId, truncated: win.truncated, text: win.text, toolCallsLeft: left() };
}

function computeMetricTool(o: RunToolsOptions, { left, remember, notRun }: Helpers) {
  const { st, cfg } = o;
  return tool({
    description: `${COMPUTE_METRIC_DESCRIPTION} The statement pages of its inputs are opened as citations [n] (one call); cite them with the figure.`,
    inputSchema: computeMetricInput,
    execute: async (args, { toolCallId }): Promise<MetricToolOutput> => {
      const started = o.mark();
      if (++st.stepCalls > cfg.maxBatch) return notRun(toolCallId, "compute_metric", args, "refused", `Only the first ${cfg.maxBatch} calls of a step are run.`, started);
      const key = `m:${norm(args.question)}|${args.document ?? ""}`;
      if (st.computed.some((c) => `m:${norm(c.question)}|` === key) || st.inflight.has(key)) {
        return notRun(toolCallId, "compute_metric", args, "duplicate", "Already computed; use its result.", started);
      }
      if (left() <= 0) return notRun(toolCallId, "compute_metric", args, "refused", "Not run: the tool budget is spent.", started);
      st.inflight.add(key);
      st.reserved++;
      // the engine, then the pages its inputs cite (read concurrently with the step's other calls)
      const work = o.tools.computeMetric!(args).then(async (r: MetricToolResult) => ({ r, pages: await Promise.all(r.pages.map(async (p) => ({ p, src: await o.tools.openCitation({ documentId: p.documentId, page: p.page }) }))) }));
      return inOrder(st, work, (done) => {
        st.inflight.delete(key);
        st.reserved--;
        st.toolCalls++;
        const out = done.ok ? done.value.r.out : { error: failure(done.error) };
        if ("error" in out) {
          remember(toolCallId, { type: "tool_call", tool: "compute_metric", args, ok: false, summary: `Failed: ${out.error}`, error: out.error }, started);
          return { error: `compute_metric failed: ${out.error}`, toolCallsLeft: left() };
        }
        // each input's page becomes a citation [n] (a page already open keeps its number)
        const nOf = new Map<string, { n: number; document: string; page: number }>();
        const rows: ComputedMetric["rows"] = [];
        for (const { p, src } of done.ok ? done.value.pages : []) {
          if (!src) continue;
          const pageKey = `p:${src.documentId.toLowerCase()}:${src.page}`;
          const n = st.openedKeys.get(pageKey) ?? addOpened(o, src, undefined, pageKey).opened.n;
          const line = p.excerpt.replace(/^…\s*|\s*…$/g, "").trim();
          nOf.set(p.citation, { n, document: src.document, page: src.page });
          if (line && !line.includes("\n") && quoteFoundIn(line, src.text)) rows.push({ n, line });
        }
        let answer = out.answer;
        for (const [citation, c] of nOf) answer = answer.split(citation).join(`[${c.n}]`);
        const computed: ComputedMetric = {
          question: args.question,
          name: out.status === "answered" ? out.result?.name ?? "" : "",
          status: out.status,
          results: out.status === "answered" ? out.result?.stated ?? [] : [],
          formula: out.formula ?? null,
          inputs: out.inputs.flatMap((i) => {
            const c = nOf.get(i.citation);
            return c ? [{ label: i.label, period: i.period, value: i.value, n: c.n, document: c.document, page: c.page }] : [];
          }),
          rows,
          missing: out.missing,
          answer,
        };
        st.computed.push(computed);
        const cited = [...new Set(computed.inputs.map((i) => `[${i.n}] ${i.document} p.${i.page}`))];
        const summary = computed.results.length ? `Computed ${computed.results.join(", ")} from ${computed.inputs.length} input(s): ${cited.join(", ")}` : `Not computed (${out.status})${out.missing.length ? `: missing ${out.missing.join(", ")}` : ""}`;
        remember(toolCallId, { type: "tool_call", tool: "compute_metric", args, ok: true, summary }, started);
        return { status: computed.status, name: computed.name, results: computed.results, formula: computed.formula, inputs: computed.inputs, rows: computed.rows, missing: computed.missing, answer, toolCallsLeft: left() };
      });
    },
  });
}

export type RunTools = ReturnType<typeof createRunTools>;
