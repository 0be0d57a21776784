/**
 * Reads a LanguageModelV3 prompt as a conversation: past turns (user text, assistant text, the
 * tool calls made and their results) and the current turn (the latest user message and any tool
 * results that already came back for it).
 */
import type { LanguageModelV3Prompt, LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";

export interface ToolExchange {
  toolName: string;
  input: Record<string, unknown>;
  output: unknown; // JSON output, or { error } for failures
}

export interface Turn {
  user: string;
  assistant: string;
  tools: ToolExchange[];
}

export interface Conversation {
  past: Turn[];
  current: Turn;
}

function outputValue(o: LanguageModelV3ToolResultOutput): unknown {
  switch (o.type) {
    case "json":
      return o.value;
    case "text":
      try {
        return JSON.parse(o.value);
      } catch {
        return o.value;
      }
    case "error-text":
      return { error: o.value };
    case "error-json":
      return { error: typeof o.value === "string" ? o.value : JSON.stringify(o.value) };
    case "execution-denied":
      return { error: o.reason ?? "the user declined", denied: true };
    default:
      return null;
  }
}

export function readConversation(prompt: LanguageModelV3Prompt): Conversation {
  const turns: Turn[] = [];
  let cur: Turn | undefined;
  const calls = new Map<string, ToolExchange>();
  for (const m of prompt) {
    if (m.role === "system") continue;
    if (m.role === "user") {
      const text = m.content.map((p) => (p.type === "text" ? p.text : "")).join("\n").trim();
      if (cur && !cur.assistant && cur.tools.length === 0 && cur.user) {
        cur.user = `${cur.user}\n${text}`; // consecutive user messages
        continue;
      }
      cur = { user: text, assistant: "", tools: [] };
      turns.push(cur);
      continue;
    }
    if (!cur) {
      cur = { user: "", assistant: "", tools: [] };
      turns.push(cur);
    }
    if (m.role === "assistant") {
      for (const p of m.content) {
        if (p.type === "text") cur.assistant = cur.assistant ? `${cur.assistant}\n${p.text}` : p.text;
        else if (p.type === "tool-call") {
          const ex: ToolExchange = { toolName: p.toolName, input: (typeof p.input === "string" ? safeParse(p.input) : (p.input as Record<string, unknown>)) ?? {}, output: undefined };
          calls.set(p.toolCallId, ex);
          cur.tools.push(ex);
        } else if (p.type === "tool-result") {
          const ex = calls.get(p.toolCallId);
          if (ex) ex.output = outputValue(p.output);
        }
      }
    } else if (m.role === "tool") {
      for (const p of m.content) {
        if (p.type !== "tool-result") continue;
        const ex = calls.get(p.toolCallId);
        if (ex) ex.output = outputValue(p.output);
        else cur.tools.push({ toolName: p.toolName, input: {}, output: outputValue(p.output) });
      }
    }
  }
  const current = turns.pop() ?? { user: "", assistant: "", tools: [] };
  return { past: turns, current };
}

/** The parsed JSON, or undefined when it is not JSON. */
export function safeParse(s: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(s) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
