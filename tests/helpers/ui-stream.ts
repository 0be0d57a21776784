/** Reading an AI SDK UI message stream in tests: its chunks (SSE `data:` lines) and the message they build. */
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";

export async function uiChunks(body: Response | ReadableStream<Uint8Array>): Promise<UIMessageChunk[]> {
  const text = await (body instanceof Response ? body : new Response(body)).text();
  return text
    .split("\n")
    .filter((l) => l.startsWith("data: ") && l !== "data: [DONE]")
    .map((l) => JSON.parse(l.slice(6)) as UIMessageChunk);
}

/** The message the chunks build, as a useChat client sees it at the end. */
export async function uiMessage<M extends UIMessage = UIMessage>(chunks: UIMessageChunk[]): Promise<M> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(c) {
      for (const ch of chunks) c.enqueue(ch);
      c.close();
    },
  });
  let last: M | undefined;
  for await (const m of readUIMessageStream<M>({ stream: stream as ReadableStream<never>, onError: () => {} })) last = m;
  if (!last) throw new Error("no message in the stream");
  return last;
}
