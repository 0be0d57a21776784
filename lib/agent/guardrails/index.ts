/**
 * Guardrails on the agent's answer text:
 *  1. scores: confidence / similarity scores are stripped (answers say why, in words);
 *  2. citations: a cited source must be one retrieved in this turn — other citations are removed,
 *     and a sentence left without any valid source is removed with them;
 *  3. numbers: every figure must appear in the turn's sources or tool results, or be derived from
 *     them (difference, sum, % change, share); a sentence with an unverifiable figure is removed;
 *  4. one line of note says what was removed, so the analyst knows.
 *
 * Streaming: the answer is buffered per line (a paragraph line, bullet or table row) and each
 * completed line is checked before it is sent, so nothing unverified ever reaches the client;
 * text arrives line by line rather than token by token, which for the local model is instant and
 * for remote models adds at most one line of latency. Source parts (source-url, one per cited
 * source, with the viewer URL) follow each text block.
 */
import type { TextStreamPart, ToolSet } from "ai";
import type { SourceRef, SourceRegistry } from "../sources";
import { findCitations, formatCitation, resolveCitation } from "./citations";
import { KnownNumbers, isTrivial, numbersInJson, parseNumbers } from "./numbers";
import { containsScore, stripScores } from "./scores";

export interface GuardrailFlag {
  kind: "hallucinated_source" | "unsupported_number" | "score" | "uncited_claim";
  detail: string;
  removed: string;
}

export interface GuardrailState {
  registry: SourceRegistry;
  /** Texts the user wrote in this conversation (numbers they typed may be repeated). */
  userTexts: string[];
  flags: GuardrailFlag[];
  cited: Map<string, SourceRef>;
  known?: { key: string; numbers: KnownNumbers };
  notedFlags: number;
}

export function createGuardrailState(registry: SourceRegistry, userTexts: string[] = []): GuardrailState {
  return { registry, userTexts, flags: [], cited: new Map(), notedFlags: 0 };
}

function knownNumbers(state: GuardrailState): KnownNumbers {
  const outputs = state.registry.toolOutputs();
  const key = `${state.registry.size}:${outputs.length}:${state.registry.untrustedTexts().length}`;
  if (state.known?.key === key) return state.known.numbers;
  const untrusted = state.registry.untrustedTexts().map((t) => t.replace(/\s+/g, " ").trim());
  const isUntrusted = (s: string) => {
    const t = s.replace(/^"|"$/g, "").replace(/\s+/g, " ").trim();
    return untrusted.some((u) => u.length > 20 && (t.includes(u.slice(0, 60)) || u.includes(t.slice(0, 60))));
  };
  const values: number[] = [];
  for (const s of state.registry.list()) if (!isUntrusted(s.excerpt)) numbersInJson(s.excerpt, values);
  for (const o of outputs) numbersInJson(o, values, isUntrusted);
  for (const u of state.userTexts) numbersInJson(u, values);
  const numbers = new KnownNumbers(values);
  state.known = { key, numbers };
  return numbers;
}

const SENTENCE_SPLIT = /(?<=[.!?])\s+(?=[A-Z*_"“(€$\d[])/;

/** Checks one sentence; returns the cleaned sentence or null to drop it. */
function checkSentence(sentence: string, state: GuardrailState): string | null {
  let s = sentence;
  if (containsScore(s)) {
    const r = stripScores(s);
    state.flags.push({ kind: "score", detail: "score removed", removed: sentence });
    s = r.text;
  }
  // citations
  const cites = findCitations(s);
  let valid = 0;
  for (const c of [...cites].reverse()) {
    const { ok, bad } = resolveCitation(c, state.registry);
    if (bad.length) state.flags.push({ kind: "hallucinated_source", detail: bad.map((b) => b.text).join("; "), removed: ok.length ? c.text : sentence });
    if (ok.length) {
      valid++;
      for (const r of ok) state.cited.set(r.id, r);
      const rewritten = bad.length ? formatCitation(ok) : c.text;
      s = s.slice(0, c.start) + rewritten + s.slice(c.end);
    } else {
      s = s.slice(0, c.start).replace(/\s+$/, "") + s.slice(c.end);
    }
  }
  if (cites.length > 0 && valid === 0) return null; // the claim's only sources were not retrieved
  // numbers
  const known = knownNumbers(state);
  for (const n of parseNumbers(s)) {
    if (isTrivial(n)) continue;
    if (!known.supports(n)) {
      state.flags.push({ kind: "unsupported_number", detail: n.text, removed: sentence });
      return null;
    }
  }
  return s;
}

/** Checks one line (paragraph line, bullet, heading or table row). Returns null to drop it. */
export function guardLine(line: string, state: GuardrailState): string | null {
  if (!line.trim()) return line;
  if (/^\s*\|/.test(line)) {
    // table rows are checked as a whole (a row with an unverifiable figure or source goes)
    if (/^\s*\|[\s:|-]+\|\s*$/.test(line)) return line;
    return checkSentence(line, state);
  }
  const lead = line.match(/^\s*(?:[-*+]\s+|\d+[.)]\s+|#{1,6}\s+|>\s*)?/)![0];
  const body = line.slice(lead.length);
  const parts = body.split(SENTENCE_SPLIT);
  const kept: string[] = [];
  for (const p of parts) {
    const r = checkSentence(p, state);
    if (r !== null && r.trim()) kept.push(r.trim());
  }
  if (kept.length === 0) return null;
  return lead + kept.join(" ");
}

export function removalNote(flags: GuardrailFlag[]): string | null {
  const sources = flags.filter((f) => f.kind === "hallucinated_source").length;
  const numbers = flags.filter((f) => f.kind === "unsupported_number").length;
  const bits: string[] = [];
  if (sources) bits.push(`${sources === 1 ? "a reference" : "references"} to sources not retrieved for this answer`);
  if (numbers) bits.push(`${numbers === 1 ? "a figure" : "figures"} I could not find in the sources`);
  if (!bits.length) return null;
  return `_Note: I left out ${bits.join(" and ")}._`;
}

export interface GuardedText {
  text: string;
  flags: GuardrailFlag[];
  cited: SourceRef[];
}

/** Applies the guardrails to a complete answer. */
export function applyGuardrails(text: string, state: GuardrailState): GuardedText {
  const before = state.flags.length;
  const lines = text.split("\n");
  const out: string[] = [];
  for (const line of lines) {
    const r = guardLine(line, state);
    if (r !== null) out.push(r);
  }
  let result = out.join("\n").replace(/\n{3,}/g, "\n\n").trim();
  const note = removalNote(state.flags.slice(before));
  if (note) result = `${result}\n\n${note}`;
  return { text: result, flags: state.flags.slice(before), cited: [...state.cited.values()] };
}

/**
 * Stream transform for streamText (experimental_transform): buffers text per line, guards each
 * line, appends the removal note at the end of a text block and emits one `source` part per
 * newly cited source.
 */
export function guardrailTransform<TOOLS extends ToolSet>(state: GuardrailState) {
  return () => {
    const buffers = new Map<string, string>();
    const emittedSources = new Set<string>();
    let blockFlags = state.flags.length;
    return new TransformStream<TextStreamPart<TOOLS>, TextStreamPart<TOOLS>>({
      transform(part, controller) {
        if (part.type === "text-start") {
          buffers.set(part.id, "");
          blockFlags = state.flags.length;
          controller.enqueue(part);
          return;
        }
        if (part.type === "text-delta") {
          let buf = (buffers.get(part.id) ?? "") + part.text;
          const cut = buf.lastIndexOf("\n");
          if (cut >= 0) {
            const ready = buf.slice(0, cut + 1);
            buf = buf.slice(cut + 1);
            const lines = ready.split("\n").slice(0, -1);
            const kept = lines.map((l) => guardLine(l, state)).filter((l): l is string => l !== null);
            if (kept.length) controller.enqueue({ ...part, text: `${kept.join("\n")}\n` });
          }
          buffers.set(part.id, buf);
          return;
        }
        if (part.type === "text-end") {
          const rest = buffers.get(part.id) ?? "";
          buffers.delete(part.id);
          let tail = "";
          if (rest) {
            const r = guardLine(rest, state);
            if (r !== null) tail += r;
          }
          const note = removalNote(state.flags.slice(blockFlags));
          if (note) tail += `${tail ? "\n\n" : "\n"}${note}`;
          if (tail) controller.enqueue({ type: "text-delta", id: part.id, text: tail });
          controller.enqueue(part);
          for (const ref of state.cited.values()) {
            if (emittedSources.has(ref.id)) continue;
            emittedSources.add(ref.id);
            controller.enqueue({ type: "source", sourceType: "url", id: ref.id, url: ref.url, title: `${ref.document}, ${ref.cell ?? `p.${ref.page}`}` } as TextStreamPart<TOOLS>);
          }
          return;
        }
        controller.enqueue(part);
      },
    });
  };
}

export { looksLikeInstructions, DATA_NOTICE, quoteAsData } from "./injection";
