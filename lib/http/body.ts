/**
 * Request bodies of the JSON routes, read with a byte limit while streaming: a body larger than
 * the limit is refused with 413 as soon as it passes the limit (or at once, from Content-Length),
 * never buffered whole. Strings holding NUL characters or lone surrogates (which Postgres text
 * cannot store) are refused with 400, for every field of every route at once.
 */
import { getConfig } from "@/lib/config";
import { MandaError } from "@/lib/errors";

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(0)} MB` : `${Math.round(n / 1024)} KB`);

/** The body's bytes, at most `maxBytes` (413 beyond). */
export async function readBodyBytes(req: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "");
  const tooLarge = () => new MandaError("too_large:body", `The request body is larger than ${kb(maxBytes)}.`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await req.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof MandaError) throw e;
    throw new MandaError("bad_request:body", "The request body could not be read.", { cause: e });
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** A UTF-16 surrogate not part of a pair: no character, and UTF-8 (Postgres text and JSON) cannot hold it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function assertStorableString(v: string): void {
  if (v.includes("\u0000")) throw new MandaError("bad_request:nul", "Text may not contain NUL (\\u0000) characters.");
  if (LONE_SURROGATE.test(v)) throw new MandaError("bad_request:unicode", "Text may not contain lone UTF-16 surrogates (\\ud800–\\udfff not in a pair).");
}

/**
 * Throws when any string (key or value) in `value` cannot be stored as text: bad_request:nul for a
 * NUL character, bad_request:unicode for a lone surrogate (a JSON escape like "\\ud800").
 */
export function assertNoNul(value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") assertStorableString(v);
    else if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        stack.push(k, x);
      }
    }
  }
}

/**
 * The JSON body, read with a limit (MANDA_MAX_JSON_BYTES unless given). An empty body is
 * `emptyAs` when given, else 400. Any string with a NUL character is 400.
 */
export async function readJsonBody(req: Request, opts: { maxBytes?: number; emptyAs?: unknown } = {}): Promise<unknown> {
  const bytes = await readBodyBytes(req, opts.maxBytes ?? getConfig().maxJsonBytes);
  const text = new TextDecoder().decode(bytes);
  if (!text.trim() && "emptyAs" in opts) return opts.emptyAs;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MandaError("bad_request:body", "The request body must be JSON.");
  }
  assertNoNul(value);
  return value;
}
