/**
 * The Agent Mode routes as functions of their dependencies (tests call them with an in-memory
 * database and a scripted model): zod-parse the body, check access (lib/chat/access), run the
 * lib, map errors with toPublicError.
 *   POST /api/agent/run    {question, deal, returnTrace?} → {answer, citations, insufficiencies, trace?, …}
 *   POST /api/agent/stream {question, deal}               → text/event-stream: `trace` events live, then `complete`
 */
import type { LanguageModel } from "ai";
import { z } from "zod";
import type { Queryable } from "@/lib/db";
import { getRequestUser, requireDealAccess, type RequestUser } from "@/lib/chat/access";
import { MandaError, isMandaError, toPublicError } from "@/lib/errors";
import { log } from "@/lib/log";
import { checkQuestion } from "./loop";
import { resolveAgentModeConfig, type AgentModeConfigInput } from "./config";
import { runAgentModeForDeal } from "./index";
import type { AgentModeResult, TraceEvent } from "./types";

export const agentRunBodySchema = z.object({
  question: z.string().max(50_000),
  deal: z.string().min(1).max(100),
  returnTrace: z.boolean().optional(),
});

export interface AgentRouteDeps {
  db: Queryable;
  user?: RequestUser;
  model?: LanguageModel;
  config?: Partial<AgentModeConfigInput>;
}

export function agentJsonError(e: unknown): Response {
  const pub = toPublicError(e);
  if (!isMandaError(e)) log.error("agent mode request failed", { error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  return Response.json({ error: { code: pub.code, message: pub.message } }, { status: pub.status });
}

async function readBody(req: Request, deps: AgentRouteDeps) {
  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    throw new MandaError("bad_request:body", "The request body must be JSON.");
  }
  const r = agentRunBodySchema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new MandaError("bad_request:body", `Invalid Agent Mode request: ${i?.path.map(String).join(".") || "body"}: ${i?.message ?? "invalid"}`);
  }
  checkQuestion(r.data.question, resolveAgentModeConfig(deps.config));
  return r.data;
}

/** The public shape of a run (what both endpoints return). */
export function publicResult(r: AgentModeResult & { deal: string }, withTrace: boolean) {
  return {
    deal: r.deal,
    answer: r.answer,
    citations: r.citations,
    insufficiencies: r.insufficiencies,
    status: r.status,
    unmet: r.unmet,
    constraints: r.constraints,
    plan: r.plan,
    stats: r.stats,
    model: r.model,
    ...(withTrace ? { trace: r.trace ?? [] } : {}),
  };
}

export async function handleAgentRun(req: Request, deps: AgentRouteDeps): Promise<Response> {
  try {
    const body = await readBody(req, deps);
    const user = deps.user ?? (await getRequestUser(req));
    const r = await runAgentModeForDeal({ db: deps.db, dealRef: body.deal, user, question: body.question, returnTrace: body.returnTrace ?? false, model: deps.model, config: deps.config, abortSignal: req.signal });
    return Response.json(publicResult(r, body.returnTrace ?? false));
  } catch (e) {
    return agentJsonError(e);
  }
}

export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export async function handleAgentStream(req: Request, deps: AgentRouteDeps): Promise<Response> {
  let body: z.infer<typeof agentRunBodySchema>;
  let user: RequestUser;
  try {
    body = await readBody(req, deps);
    user = deps.user ?? (await getRequestUser(req));
    // Access is checked before the stream opens, so a refusal is an HTTP status, not an event.
    await requireDealAccess({ db: deps.db, dealRef: body.deal, user });
  } catch (e) {
    return agentJsonError(e);
  }
  const abort = new AbortController();
  req.signal?.addEventListener("abort", () => abort.abort(req.signal.reason));
  const enc = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const send = (event: string, data: unknown) => {
        if (!open) return;
        try {
          controller.enqueue(enc.encode(sseEvent(event, data)));
        } catch {
          open = false;
        }
      };
      controller.enqueue(enc.encode(": agent mode\n\n"));
      let sawError = false;
      try {
        const r = await runAgentModeForDeal({
          db: deps.db,
          dealRef: body.deal,
          user,
          question: body.question,
          returnTrace: true,
          model: deps.model,
          config: deps.config,
          abortSignal: abort.signal,
          onTrace: (e: TraceEvent) => {
            if (e.type === "error") sawError = true;
            send("trace", e);
          },
        });
        send("complete", publicResult(r, true));
      } catch (e) {
        if (!abort.signal.aborted) {
          const pub = toPublicError(e);
          if (!isMandaError(e)) log.error("agent mode stream failed", { error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
          if (!sawError) send("trace", { type: "error", code: pub.code, message: pub.message, seq: 0, at: 0, durationMs: 0 });
          send("complete", { error: { code: pub.code, message: pub.message } });
        }
      } finally {
        open = false;
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      }
    },
    cancel() {
      abort.abort(new Error("client disconnected"));
    },
  });
  return new Response(stream, { headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", connection: "keep-alive", "x-accel-buffering": "no" } });
}
