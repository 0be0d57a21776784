/**
 * A stored answer sent again as a UI message stream: the answer to a question that is retried (the
 * same message id and text sent again, e.g. after a dropped connection) is the one already given,
 * not a second one generated and saved beside it. Parts are replayed in order: text, reasoning,
 * sources, files, data parts and tool calls with their outcome.
 */
import { createUIMessageStream, createUIMessageStreamResponse, isToolUIPart, getToolName, type UIMessageChunk } from "ai";
import type { MandaUIMessage } from "./ui-message";

type Part = MandaUIMessage["parts"][number];

function toolChunks(p: Part & { toolCallId: string; state: string; input?: unknown; output?: unknown; errorText?: string }, toolName: string): UIMessageChunk[] {
  const out: UIMessageChunk[] = [{ type: "tool-input-available", toolCallId: p.toolCallId, toolName, input: p.input ?? {} }];
  if (p.state === "output-available") out.push({ type: "tool-output-available", toolCallId: p.toolCallId, output: p.output });
  else if (p.state === "output-error") out.push({ type: "tool-output-error", toolCallId: p.toolCallId, errorText: p.errorText ?? "The tool failed." });
  else if (p.state === "output-denied") out.push({ type: "tool-output-denied", toolCallId: p.toolCallId });
  return out;
}

/** The chunks that rebuild `message` on the client, part by part. */
export function chunksOf(message: MandaUIMessage): UIMessageChunk[] {
  const chunks: UIMessageChunk[] = [{ type: "start", messageId: message.id, messageMetadata: message.metadata }];
  message.parts.forEach((p, i) => {
    const id = `${message.id}-${i}`;
    if (p.type === "step-start") chunks.push({ type: "start-step" });
    else if (p.type === "text") chunks.push({ type: "text-start", id }, { type: "text-delta", id, delta: p.text }, { type: "text-end", id });
    else if (p.type === "reasoning") chunks.push({ type: "reasoning-start", id }, { type: "reasoning-delta", id, delta: p.text }, { type: "reasoning-end", id });
    else if (p.type === "source-url") chunks.push({ type: "source-url", sourceId: p.sourceId, url: p.url, ...(p.title ? { title: p.title } : {}) });
    else if (p.type === "source-document") chunks.push({ type: "source-document", sourceId: p.sourceId, mediaType: p.mediaType, title: p.title, ...(p.filename ? { filename: p.filename } : {}) });
    else if (p.type === "file") chunks.push({ type: "file", url: p.url, mediaType: p.mediaType });
    else if (isToolUIPart(p)) chunks.push(...toolChunks(p as Parameters<typeof toolChunks>[0], getToolName(p)));
    else if (p.type.startsWith("data-")) chunks.push({ type: p.type, data: (p as { data: unknown }).data } as UIMessageChunk);
  });
  chunks.push({ type: "finish", messageMetadata: message.metadata });
  return chunks;
}

/** The stored answer as the chat route's streaming response. */
export function replayAnswerResponse(message: MandaUIMessage, headers: Record<string, string>): Response {
  const stream = createUIMessageStream<MandaUIMessage>({
    execute: ({ writer }) => {
      for (const c of chunksOf(message)) writer.write(c as Parameters<typeof writer.write>[0]);
    },
  });
  return createUIMessageStreamResponse({ stream, headers });
}
