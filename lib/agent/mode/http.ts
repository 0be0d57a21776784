/**
 * The Agent Mode routes as functions of their dependencies (tests call them with an in-memory
 * database and a scripted model): zod-parse the body, check access (lib/auth/request; analysts,
 * since a run is saved as a conversation), run the lib, answer errors with the routes' errorResponse.
 *   POST /api/agent/run    {question, deal, conversationId?, returnTrace?} → {answer, citations, insufficiencies, conversationId, trace?, …}
 *   POST /api/agent/stream {question, deal, conversationId?}               → an AI SDK UI message stream (ui-stream.ts):
 *                          the trace as a data part, live; the answer as text, token by token; the run as a data part
 * Each run is saved in the conversation `conversationId` (created, mode 'agent', when new; a new
 * one when absent): a chat conversation is continued too, so one list holds chat turns and runs.
 */
import { createUIMessageStreamResponse, type LanguageModel } from "ai";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { getRequestUser, requireDealAccess, type RequestUser } from "@/lib/auth/request";
import { MandaError } from "@/lib/errors";
import { readJsonBody } from "@/lib/http/body";
import { errorResponse } from "@/lib/http/route";
import { checkQuestion } from "./loop";
import { resolveAgentModeConfig, type AgentModeConfigInput } from "./config";
import { answerMessageId, checkAgentConversation } from "./conversation";
import { runAgentModeForDeal, type AgentModeRunForDeal } from "./index";
import { agentUIStream } from "./ui-stream";

export const agentRunBodySchema = z.object({
  // its length is Agent Mode's own limit (checkQuestion: a typed 400), at most what the tools take
  question: z.string(),
  deal: z.string().min(1).max(100),
  conversationId: z.string().uuid("The conversation id must be a UUID.").optional(),
  returnTrace: z.boolean().optional(),
});

export interface AgentRouteDeps {
  db: Db;
  user?: RequestUser;
  model?: LanguageModel;
  config?: Partial<AgentModeConfigInput>;
}

async function readBody(req: Request, deps: AgentRouteDeps) {
  const raw = await readJsonBody(req);
  const r = agentRunBodySchema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new MandaError("bad_request:body", `Invalid Agent Mode request: ${i?.path.map(String).join(".") || "body"}: ${i?.message ?? "invalid"}`);
  }
  checkQuestion(r.data.question, resolveAgentModeConfig(deps.config));
  return r.data;
}

/** The public shape of a run (what both endpoints return). */
export function publicResult(r: AgentModeRunForDeal, withTrace: boolean) {
  return {
    deal: r.deal,
    conversationId: r.conversationId ?? null,
    answer: r.answer,
    citations: r.citations,
    insufficiencies: r.insufficiencies,
    status: r.status,
    unmet: r.unmet,
    constraints: r.constraints,
    plan: r.plan,
    items: r.items,
    badge: r.badge,
    stats: r.stats,
    model: r.model,
    ...(withTrace ? { trace: r.trace ?? [] } : {}),
  };
}

export async function handleAgentRun(req: Request, deps: AgentRouteDeps): Promise<Response> {
  try {
    const body = await readBody(req, deps);
    const user = deps.user ?? (await getRequestUser(req));
    const r = await runAgentModeForDeal({
      db: deps.db, dealRef: body.deal, user, question: body.question, returnTrace: body.returnTrace ?? false,
      model: deps.model, config: deps.config, abortSignal: req.signal, conversation: { id: body.conversationId },
    });
    return Response.json(publicResult(r, body.returnTrace ?? false));
  } catch (e) {
    return errorResponse(e);
  }
}

export async function handleAgentStream(req: Request, deps: AgentRouteDeps): Promise<Response> {
  let body: z.infer<typeof agentRunBodySchema>;
  let user: RequestUser;
  const conversationId = crypto.randomUUID();
  try {
    body = await readBody(req, deps);
    user = deps.user ?? (await getRequestUser(req));
    // Access is checked before the stream opens, so a refusal is an HTTP status, not an event.
    const deal = await requireDealAccess({ db: deps.db, dealRef: body.deal, user, role: "analyst" });
    if (body.conversationId) await checkAgentConversation({ db: deps.db, dealId: deal.id, id: body.conversationId, userId: user.id });
  } catch (e) {
    return errorResponse(e);
  }
  const abort = new AbortController();
  req.signal?.addEventListener("abort", () => abort.abort(req.signal.reason));
  const id = body.conversationId ?? conversationId;
  const messageId = answerMessageId();
  const stream = agentUIStream({
    messageId,
    conversationId: id,
    run: (onTrace) =>
      runAgentModeForDeal({
        db: deps.db, dealRef: body.deal, user, question: body.question, returnTrace: true,
        model: deps.model, config: deps.config, abortSignal: abort.signal, onTrace, conversation: { id, answerMessageId: messageId },
      }),
    aborted: () => abort.signal.aborted,
  });
  return createUIMessageStreamResponse({ stream, headers: { "x-conversation-id": id, "x-accel-buffering": "no" } });
}
