/**
 * Path and query parameters of the API routes, read once with the same rules everywhere:
 * a bad value is a clear 4xx (never a database error surfacing as 500).
 */
import { MandaError } from "@/lib/errors";
import { isUuid } from "@/lib/db/ids";

/** Largest page number a document can have (Postgres integer; no real document comes near). */
export const MAX_PAGE_NUMBER = 1_000_000;

/**
 * The deal reference of a `[deal]` segment. Next.js has decoded the segment already; decoding
 * again turned `%25` into a lone `%` and a URIError (500). Anything a slug or id cannot hold
 * is no deal (404).
 */
export function dealRefParam(raw: string): string {
  if (/^[A-Za-z0-9-]{1,100}$/.test(raw)) return raw;
  // An encoded segment that reached us undecoded (a client that encoded twice): decode once.
  let once = raw;
  try {
    once = decodeURIComponent(raw);
  } catch {
    /* not percent-encoding */
  }
  if (/^[A-Za-z0-9-]{1,100}$/.test(once)) return once;
  throw new MandaError("not_found:deal", "No such deal.");
}

/** A page number segment: a whole number from 1 (400 otherwise). */
export function pageParam(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw new MandaError("bad_request:page", "The page is a whole number from 1.");
  const n = Number(raw);
  if (n < 1 || n > MAX_PAGE_NUMBER) throw new MandaError(n < 1 ? "bad_request:page" : "not_found:page", n < 1 ? "The page is a whole number from 1." : `Page ${raw} does not exist.`);
  return n;
}

/** Any 8-4-4-4-12 hex id, as Postgres' uuid type accepts (zod's uuid() also demands RFC version bits). */

/** An id segment that must be a UUID: anything else cannot exist (404, like a missing one). */
export function uuidParam(raw: string, what: "document" | "irl_item" | "qa_item" | "conversation" | "review_item"): string {
  if (!isUuid(raw)) throw new MandaError(`not_found:${what}`, `No such ${what.replace("_", " ")}.`);
  return raw;
}

/** A free-text query parameter: bounded, no NUL. */
export function textQuery(raw: string | null, { max, name }: { max: number; name: string }): string {
  const v = raw ?? "";
  if (v.includes("\u0000")) throw new MandaError("bad_request:nul", "Text may not contain NUL (\\u0000) characters.");
  if (v.length > max) throw new MandaError("bad_request:query", `${name} is at most ${max.toLocaleString("en")} characters.`);
  return v;
}
