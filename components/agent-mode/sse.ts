/**
 * Server-Sent Events reader over fetch (POST bodies, which EventSource cannot send). The framing
 * (fields, comments, CRLF/CR line ends, multi-line data, chunks split anywhere) is
 * eventsource-parser's; this file only feeds it the decoded body.
 */
import { createParser } from "eventsource-parser";

export interface SseMessage {
  event: string;
  data: string;
}

export async function readSse(res: Response, onMessage: (m: SseMessage) => void): Promise<void> {
  if (!res.body) return;
  const parser = createParser({
    onEvent: (e) => onMessage({ event: e.event ?? "message", data: e.data }),
  });
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(dec.decode(value, { stream: true }));
  }
  // A last event the server sent without its blank line still counts (as before).
  parser.feed(dec.decode() + "\n\n");
}
