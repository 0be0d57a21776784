/**
 * The strict JSON action protocol of the loop. One JSON object per model response:
 *   {"type":"tool_call","tool":"search_docs","args":{"query":"…"}}
 *   {"type":"tool_call","tool":"open_citation","args":{"ref":"R3"}}          (or documentId+page, or chunkId)
 *   {"type":"tool_calls","calls":[{"tool":"search_docs","args":{…}}, …]}      (independent calls, run in parallel)
 *   {"type":"final","answer":"… [1] …","insufficiencies":[{"topic":"…","missing":"…"}]}
 * Parsed with zod. Code fences and text around the object are tolerated (the object must be
 * the only one); anything else is an invalid output, answered with a reprompt that counts.
 */
import { z } from "zod";

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be a full UUID (36 characters)");

export const searchArgsSchema = z.object({ query: z.string().trim().min(1, "query is empty").max(300), k: z.number().int().min(1).max(20).optional() }).strict();

export const openArgsSchema = z
  .object({
    ref: z.string().trim().regex(/^[RF]\d{1,4}$/i, "ref must look like R3").optional(),
    documentId: uuid.optional(),
    docId: uuid.optional(),
    page: z.number().int().min(1).max(100_000).optional(),
    chunkId: uuid.optional(),
  })
  .strict()
  .transform(({ docId, ...a }) => ({ ...a, documentId: a.documentId ?? docId }))
  .refine((a) => !!a.ref || !!a.chunkId || (!!a.documentId && a.page !== undefined), { message: 'open_citation needs {"ref":"R3"}, {"chunkId":"<uuid>"} or {"documentId":"<uuid>","page":N}' });

export type SearchArgs = z.infer<typeof searchArgsSchema>;
export type OpenArgs = z.infer<typeof openArgsSchema>;

const callSchema = z.discriminatedUnion("tool", [
  z.object({ tool: z.literal("search_docs"), args: searchArgsSchema }),
  z.object({ tool: z.literal("open_citation"), args: openArgsSchema }),
]);
export type ToolCall = z.infer<typeof callSchema>;

const insufficiencySchema = z.object({ topic: z.string().min(1).max(200), missing: z.string().max(500).optional(), section: z.string().max(200).optional() }).passthrough();

export const actionSchema = z.union([
  z.object({ type: z.literal("tool_call"), tool: z.literal("search_docs"), args: searchArgsSchema }),
  z.object({ type: z.literal("tool_call"), tool: z.literal("open_citation"), args: openArgsSchema }),
  z.object({ type: z.literal("tool_calls"), calls: z.array(callSchema).min(1).max(10) }),
  z.object({
    type: z.literal("final"),
    answer: z.string().trim().min(1, "answer is empty").max(30_000),
    insufficiencies: z.array(insufficiencySchema).max(20).optional(),
  }),
]);

export type AgentAction =
  | ({ type: "tool_call" } & ToolCall)
  | { type: "tool_calls"; calls: ToolCall[] }
  | { type: "final"; answer: string; insufficiencies?: Array<{ topic: string; missing?: string; section?: string }> };

export type ParseResult = { ok: true; action: AgentAction } | { ok: false; error: string };

/** Normalises near-misses before zod: "input" for "args", "name" for "tool", a bare call without "type". */
function normalise(v: unknown): unknown {
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const o = { ...(v as Record<string, unknown>) };
  if (o.type === "TOOL_CALL") o.type = "tool_call";
  if (o.type === "TOOL_CALLS") o.type = "tool_calls";
  if (o.type === "FINAL") o.type = "final";
  const fix = (c: unknown) => {
    if (!c || typeof c !== "object") return c;
    const x = { ...(c as Record<string, unknown>) };
    if (x.args === undefined && x.input !== undefined) x.args = x.input;
    if (x.tool === undefined && typeof x.name === "string") x.tool = x.name;
    delete x.input;
    delete x.name;
    delete x.type;
    return x;
  };
  if (o.type === "tool_call") {
    const f = fix(o) as Record<string, unknown>;
    return { type: "tool_call", tool: f.tool, args: f.args };
  }
  if (o.type === "tool_calls" && Array.isArray(o.calls)) return { type: "tool_calls", calls: o.calls.map(fix) };
  return o;
}

/** The single top-level JSON object in `text` (fences and prose around it tolerated). */
export function extractJsonObject(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const t = text.replace(/^\uFEFF/, "").trim();
  const fenced = /```(?:json|JSON)?\s*([\s\S]*?)```/.exec(t);
  const body = (fenced ? fenced[1]! : t).trim();
  const start = body.indexOf("{");
  if (start < 0) return { ok: false, error: "no JSON object found" };
  // scan to the matching brace (strings respected)
  let depth = 0;
  let inStr = false;
  let esc = false;
  let end = -1;
  for (let i = start; i < body.length; i++) {
    const ch = body[i]!;
    if (inStr) {
      if (esc) esc = false;
      else if (ch === "\\") esc = true;
      else if (ch === '"') inStr = false;
      continue;
    }
    if (ch === '"') inStr = true;
    else if (ch === "{") depth++;
    else if (ch === "}") {
      depth--;
      if (depth === 0) {
        end = i;
        break;
      }
    }
  }
  if (end < 0) return { ok: false, error: "the JSON object is not closed" };
  const rest = body.slice(end + 1).trim();
  if (rest.includes("{")) return { ok: false, error: "more than one JSON object: output exactly one action" };
  try {
    return { ok: true, value: JSON.parse(body.slice(start, end + 1)) };
  } catch (e) {
    return { ok: false, error: `invalid JSON (${(e as Error).message.slice(0, 120)})` };
  }
}

export function parseAction(text: string): ParseResult {
  const j = extractJsonObject(text);
  if (!j.ok) return j;
  const r = actionSchema.safeParse(normalise(j.value));
  if (!r.success) {
    const i = r.error.issues[0];
    return { ok: false, error: `invalid action: ${i?.path.map(String).join(".") || "action"}: ${i?.message ?? "invalid"}` };
  }
  return { ok: true, action: r.data as AgentAction };
}
