/**
 * Planner (seed 004 §4): 2–5 short steps. The model is asked for a structured output
 * ({steps: string[]}, zod); when its reply does not fit, the parser reads the raw text (a JSON
 * array, numbered lists, bullets), and falls back to a plan built from the constraints when
 * nothing usable comes back.
 */
import { generateText, NoObjectGeneratedError, Output, type LanguageModel } from "ai";
import { z } from "zod";
import { displayText } from "@/lib/display-text";
import type { AgentConstraints } from "./types";

export const MIN_PLAN_STEPS = 2;
export const MAX_PLAN_STEPS = 5;
/** The structured output's name: what the model is asked for. */
export const PLAN_OUTPUT = "plan";

export const planSchema = z.object({ steps: z.array(z.string().min(1).max(300)).min(1).max(10) });

export const PLAN_SYSTEM = `You plan how to answer a due-diligence question from a deal's data room.
TOOLS: search_docs(query) — hybrid search over the deal's pages and findings; open_citation(ref) — full text of a search result.
RULES:
1. Output EXACTLY 2 to 5 steps.
2. Each step is ONE short, actionable instruction naming the tool it uses.
3. Cover every requirement listed (one search per required topic; open the required number of citations).
4. The last step is always synthesising the answer with [n] citations.
OUTPUT: {"steps": [...]} with one string per step. Example: {"steps": ["search_docs for 'revenue'", "open_citation for the best revenue result", "Synthesise the answer citing [1]"]}`;

export interface ParsedPlan {
  steps: string[];
  format: "json" | "numbered" | "bullets" | "fallback";
}

function clean(step: string): string {
  return step.replace(/\s+/g, " ").replace(/^["'`]+|["'`,]+$/g, "").trim().slice(0, 240);
}

function finalise(steps: string[]): string[] | null {
  const s = steps.map(clean).filter((x) => x.length >= 3);
  if (s.length < MIN_PLAN_STEPS) return null;
  if (s.length <= MAX_PLAN_STEPS) return s;
  // keep the first four and the synthesis step
  return [...s.slice(0, MAX_PLAN_STEPS - 1), s[s.length - 1]!];
}

/** Parses a model's plan: JSON array → numbered list → bullets; null when none fits. */
export function parsePlan(text: string): Omit<ParsedPlan, "format"> & { format: ParsedPlan["format"] } | null {
  const t = text.replace(/```(?:json|JSON)?/g, "").trim();
  // 1. JSON array (or {"steps": [...]}) anywhere in the text
  const candidates = [t, t.slice(t.indexOf("["), t.lastIndexOf("]") + 1), t.slice(t.indexOf("{"), t.lastIndexOf("}") + 1)].filter((x) => x.length > 1);
  for (const cand of candidates) {
    try {
      const v = JSON.parse(cand) as unknown;
      const arr = Array.isArray(v) ? v : v && typeof v === "object" && Array.isArray((v as { steps?: unknown }).steps) ? (v as { steps: unknown[] }).steps : null;
      if (arr) {
        const steps = arr.map((x) => (typeof x === "string" ? x : x && typeof x === "object" ? displayText((x as Record<string, unknown>).step ?? (x as Record<string, unknown>).description ?? (x as Record<string, unknown>).action) : "")).filter(Boolean);
        const f = finalise(steps);
        if (f) return { steps: f, format: "json" };
      }
    } catch {
      /* not JSON */
    }
  }
  const lines = t.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  // 2. numbered: "1. …", "1) …", "Step 1: …"
  const numbered = lines.map((l) => /^(?:step\s*)?\d{1,2}\s*[.):\-–]\s*(.+)$/i.exec(l)?.[1]).filter((x): x is string => !!x);
  if (numbered.length >= MIN_PLAN_STEPS) {
    const f = finalise(numbered);
    if (f) return { steps: f, format: "numbered" };
  }
  // 3. bullets: "- …", "* …", "• …"
  const bullets = lines.map((l) => /^[-*•·–]\s+(.+)$/.exec(l)?.[1]).filter((x): x is string => !!x);
  if (bullets.length >= MIN_PLAN_STEPS) {
    const f = finalise(bullets);
    if (f) return { steps: f, format: "bullets" };
  }
  return null;
}

/** The plan the constraints imply (used offline and whenever the model's plan is unusable). */
export function fallbackPlan(c: AgentConstraints, question: string): string[] {
  const sv = c.language === "sv";
  const steps: string[] = [];
  if (c.requiredTopics.length) {
    const topics = c.requiredTopics.map((t) => `'${t}'`).join(", ");
    steps.push(sv ? `search_docs: en separat sökning per ämne (${topics}), parallellt` : `search_docs: one separate search per topic (${topics}), in parallel`);
  } else {
    const q = question.replace(/\s+/g, " ").trim();
    steps.push(sv ? `search_docs efter "${q.length > 80 ? `${q.slice(0, 77)}…` : q}"` : `search_docs for "${q.length > 80 ? `${q.slice(0, 77)}…` : q}"`);
  }
  const open = Math.max(1, c.minOpenCitations);
  steps.push(sv ? `open_citation för de ${open} bästa träffarna (olika ämnen, nyaste dokumentet först)` : `open_citation for the top ${open} result(s) (different topics, newest document first)`);
  if (c.requiresExactQuote) steps.push(sv ? `Citera ${c.exactQuoteKind === "figure" ? "en exakt siffra" : "en exakt passage"} ur en öppnad källa` : `Quote ${c.exactQuoteKind === "figure" ? "one exact figure" : "one exact passage"} from an opened citation`);
  if (c.requiresInsufficiencyDisclosure && steps.length < MAX_PLAN_STEPS - 1) steps.push(sv ? `Ange "${c.insufficiencyPhrase}" för ämnen utan underlag` : `State "${c.insufficiencyPhrase}" for topics the documents do not cover`);
  steps.push(sv ? "Sammanställ svaret med [n]-hänvisningar till öppnade källor" : "Synthesise the answer with [n] citations to opened sources");
  return finalise(steps) ?? steps.slice(0, MAX_PLAN_STEPS);
}

/** The requirements the plan must cover, in the system prompt; the user message is the question itself. */
export function planSystem(requirements: string[]): string {
  return `${PLAN_SYSTEM}\n\nREQUIREMENTS OF THIS REQUEST:\n${requirements.length ? requirements.map((r) => `- ${r}`).join("\n") : "- (none beyond a cited answer)"}`;
}

/** Asks the model for a plan (structured output) and reads it; falls back to the constraint plan. */
export async function generatePlan(model: LanguageModel, question: string, constraints: AgentConstraints, requirements: string[], opts: { abortSignal?: AbortSignal; timeoutMs?: number } = {}): Promise<ParsedPlan & { source: "model" | "fallback" }> {
  try {
    const { output } = await generateText({
      model,
      system: planSystem(requirements),
      prompt: question,
      output: Output.object({ schema: planSchema, name: PLAN_OUTPUT, description: "2 to 5 short steps, the last one synthesising the answer." }),
      temperature: 0,
      maxRetries: 1,
      abortSignal: opts.abortSignal,
      timeout: opts.timeoutMs,
    });
    const steps = finalise(output.steps);
    if (steps) return { steps, format: "json", source: "model" };
  } catch (e) {
    if (opts.abortSignal?.aborted) throw e;
    // a reply that is not the object: a list the model wrote as text still counts
    const parsed = NoObjectGeneratedError.isInstance(e) && e.text ? parsePlan(e.text) : null;
    if (parsed) return { ...parsed, source: "model" };
  }
  return { steps: fallbackPlan(constraints, question), format: "fallback", source: "fallback" };
}
