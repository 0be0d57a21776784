/**
 * A bounded, seeded input fuzz of every route under app/api: random and adversarial
 * bodies, path ids, query strings, encodings and sizes, sent to the real route handlers in-process
 * over a real (in-memory) PGlite database holding two deals with documents, IRL items, Q&A items
 * and conversations. The handlers are called directly, without proxy.ts in front, so they must
 * hold on their own. Every answer must be below 500, arrive (body included) within a bound, and
 * the app must keep answering afterwards with its data intact.
 * A share of the inputs also carry browser headers (Host, Origin, Sec-Fetch-Site; some of another
 * site) and go through proxy.ts's guard first, as on the server: a state-changing request from
 * another site or to another Host must be refused there, before any handler.
 * Prints: inputs tried, 500s seen, hangs, cross-site writes let through. Replay a run with MANDA_RELIABILITY_SEED.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig, setConfigForProcess } from "@/lib/config";
import { guardRequest } from "@/lib/http/guard";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { ensureConversation, saveMessages } from "@/lib/chat/store";
import { ingestFile } from "@/lib/ingest/ingest";
import { addIrlItem } from "@/lib/irl/irl";
import { addQaItem } from "@/lib/irl/qa";
import { stopBackgroundIngest } from "@/lib/pipeline/background";
import * as agentRun from "@/app/api/agent/run/route";
import * as agentStream from "@/app/api/agent/stream/route";
import * as chat from "@/app/api/chat/route";
import * as deals from "@/app/api/deals/route";
import * as conversations from "@/app/api/deals/[deal]/conversations/route";
import * as conversation from "@/app/api/deals/[deal]/conversations/[id]/route";
import * as documents from "@/app/api/deals/[deal]/documents/route";
import * as document from "@/app/api/deals/[deal]/documents/[documentId]/route";
import * as documentFile from "@/app/api/deals/[deal]/documents/[documentId]/file/route";
import * as documentPage from "@/app/api/deals/[deal]/documents/[documentId]/pages/[page]/route";
import * as documentRetry from "@/app/api/deals/[deal]/documents/[documentId]/retry/route";
import * as documentSearch from "@/app/api/deals/[deal]/documents/[documentId]/search/route";
import * as irl from "@/app/api/deals/[deal]/irl/route";
import * as irlItem from "@/app/api/deals/[deal]/irl/[item]/route";
import * as irlImport from "@/app/api/deals/[deal]/irl/import/route";
import * as members from "@/app/api/deals/[deal]/members/route";
import * as pipeline from "@/app/api/deals/[deal]/pipeline/route";
import * as qa from "@/app/api/deals/[deal]/qa/route";
import * as qaItem from "@/app/api/deals/[deal]/qa/[id]/route";
import * as qaExport from "@/app/api/deals/[deal]/qa/export/route";
import * as review from "@/app/api/deals/[deal]/review/route";
import * as reviewItem from "@/app/api/deals/[deal]/review/[id]/route";
import * as pdfjs from "@/app/api/pdfjs/[...path]/route";
import { openTestDb } from "@/tests/helpers/db";
import { makePdf, tempDir, writeFixture } from "@/tests/helpers/fixtures";
import { AGENT_MODE_DEFAULTS } from "@/lib/agent/mode/config";
import { MAX_QUESTION_CHARS } from "@/lib/agent/limits";
import { prng, report } from "./harness";

const g = globalThis as unknown as { __mandaDb?: Promise<Db> };
const BASE = "http://127.0.0.1:3000";
/** Inputs per route method, and the longest an answer (with its body) may take. */
const PER_METHOD = Number(process.env.MANDA_FUZZ_PER_METHOD ?? 150);
const ANSWER_BOUND_MS = 30_000;

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Params = Record<string, string | string[]>;
interface RouteSpec {
  path: string;
  methods: Record<string, Handler | undefined>;
  /** Param names in the path, in order (deal, id …). */
  params: string[];
  /** Query keys the route reads. */
  query?: string[];
  /** A valid body shape per method, mutated by the fuzzer. */
  body?: (f: Fixtures) => Record<string, unknown>;
  multipart?: boolean;
}

interface Fixtures {
  deal: string;
  otherDeal: string;
  documentId: string;
  irlItemId: string;
  otherIrlItemId: string;
  qaItemId: string;
  conversationId: string;
  otherConversationId: string;
  reviewId: string;
}

const h = (m: unknown) => m as Handler;

const ROUTES: RouteSpec[] = [
  { path: "/api/deals", methods: { GET: h(deals.GET), POST: h(deals.POST) }, params: [], body: () => ({ slug: "fuzz-new", name: "New deal", targetCompany: "Target AB" }) },
  { path: "/api/deals/[deal]/conversations", methods: { GET: h(conversations.GET) }, params: ["deal"], query: ["limit"] },
  { path: "/api/deals/[deal]/conversations/[id]", methods: { GET: h(conversation.GET), PATCH: h(conversation.PATCH), DELETE: h(conversation.DELETE) }, params: ["deal", "id"], body: () => ({ shared: true }) },
  { path: "/api/deals/[deal]/documents", methods: { GET: h(documents.GET), POST: h(documents.POST) }, params: ["deal"], multipart: true },
  { path: "/api/deals/[deal]/documents/[documentId]", methods: { GET: h(document.GET), DELETE: h(document.DELETE) }, params: ["deal", "documentId"] },
  { path: "/api/deals/[deal]/documents/[documentId]/file", methods: { GET: h(documentFile.GET) }, params: ["deal", "documentId"], query: ["download"] },
  { path: "/api/deals/[deal]/documents/[documentId]/pages/[page]", methods: { GET: h(documentPage.GET) }, params: ["deal", "documentId", "page"], query: ["highlight", "cell"] },
  { path: "/api/deals/[deal]/documents/[documentId]/retry", methods: { POST: h(documentRetry.POST) }, params: ["deal", "documentId"] },
  { path: "/api/deals/[deal]/documents/[documentId]/search", methods: { GET: h(documentSearch.GET) }, params: ["deal", "documentId"], query: ["q"] },
  { path: "/api/deals/[deal]/irl", methods: { GET: h(irl.GET), POST: h(irl.POST) }, params: ["deal"], query: ["cached"], body: () => ({ domain: "Finance", item: "Monthly management accounts", priority: "high", notes: "fuzz" }) },
  { path: "/api/deals/[deal]/irl/[item]", methods: { PATCH: h(irlItem.PATCH) }, params: ["deal", "item"], body: () => ({ status: "received", priority: "low", notes: "n" }) },
  { path: "/api/deals/[deal]/irl/import", methods: { POST: h(irlImport.POST) }, params: ["deal"], body: (f) => ({ documentId: f.documentId }) },
  { path: "/api/deals/[deal]/members", methods: { GET: h(members.GET), POST: h(members.POST), DELETE: h(members.DELETE) }, params: ["deal"], query: ["userId"], body: () => ({ email: "someone@example.com", role: "viewer" }) },
  { path: "/api/deals/[deal]/pipeline", methods: { GET: h(pipeline.GET), POST: h(pipeline.POST) }, params: ["deal"], query: ["status"], body: (f) => ({ documentId: f.documentId, retryFailed: "transient" }) },
  { path: "/api/deals/[deal]/qa", methods: { GET: h(qa.GET), POST: h(qa.POST) }, params: ["deal"], query: ["status", "origin"], body: (f) => ({ question: "Who audits the accounts?", domain: "Finance", priority: "high", origin: "manual", irlItemId: f.irlItemId, conversationId: f.conversationId }) },
  { path: "/api/deals/[deal]/qa/[id]", methods: { GET: h(qaItem.GET), PATCH: h(qaItem.PATCH), DELETE: h(qaItem.DELETE) }, params: ["deal", "id"], body: () => ({ status: "answered", priority: "low", answer: "Yes.", domain: "Legal" }) },
  { path: "/api/deals/[deal]/qa/export", methods: { GET: h(qaExport.GET) }, params: ["deal"], query: ["format", "status"] },
  { path: "/api/deals/[deal]/review", methods: { GET: h(review.GET) }, params: ["deal"] },
  { path: "/api/deals/[deal]/review/[id]", methods: { POST: h(reviewItem.POST) }, params: ["deal", "id"], body: () => ({ action: "edit_approve", edits: { excerpt: "Revenue", page: 1, cell: "A1", payload: { value: 1 } } }) },
  { path: "/api/agent/run", methods: { POST: h(agentRun.POST) }, params: [], body: (f) => ({ question: "What was revenue?", deal: f.deal, returnTrace: false }) },
  { path: "/api/agent/stream", methods: { POST: h(agentStream.POST) }, params: [], body: (f) => ({ question: "What was revenue?", deal: f.deal }) },
  { path: "/api/chat", methods: { POST: h(chat.POST) }, params: [], body: (f) => ({ id: crypto.randomUUID(), deal: f.deal, message: { id: `m-${crypto.randomUUID()}`, role: "user", parts: [{ type: "text", text: "What was revenue?" }] }, mode: "chat" }) },
  { path: "/api/pdfjs/[...path]", methods: { GET: h(pdfjs.GET) }, params: ["path"] },
];

/** Strings that have broken parsers, SQL casts or decoders somewhere. */
const NASTY_STRINGS = [
  "", " ", "\u0000", "a\u0000b", "%", "%25", "%2525", "%00", "%E0%A4%A", "..", "../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "/", "\\", "'", "\"", "';--", "$1", "\\x00",
  "<script>alert(1)</script>", "javascript:alert(1)", "null", "undefined", "NaN", "-1", "0", "1.5", "1e309", "99999999999", "2147483648", "-2147483649",
  "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "not-a-uuid", "\ud800", "\uffff", "💥", "İ", "ß", "\u202e", "\r\n", "\t",
  "x".repeat(300), "y".repeat(70_000),
  // invalid UTF-8 escapes, lone surrogates, and lengths either side of every limit
  "%ED%A0%80", "%C0%AE%C0%AE", "%FF", "a\udc00b", "\ud800\ud800", "q".repeat(1_999), "q".repeat(2_000), "q".repeat(2_001), "q".repeat(10_001),
];

/** Path segments a browser would never send but a client can: not valid percent-encoded UTF-8. */
const BAD_ESCAPES = ["%ED%A0%80", "%C0%AE%C0%AE", "%FF", "%E0%A4%A", "%"];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function randomString(r: () => number): string {
  const n = Math.floor(r() ** 3 * 400);
  let s = "";
  for (let i = 0; i < n; i++) s += String.fromCharCode(r() < 0.8 ? 32 + Math.floor(r() * 95) : Math.floor(r() * 0xffff));
  return s;
}

function nastyValue(r: () => number, f: Fixtures, depth = 0): unknown {
  const k = r();
  if (k < 0.35) return pick(r, NASTY_STRINGS);
  if (k < 0.45) return randomString(r);
  if (k < 0.55) return pick(r, [0, -1, 1.5, 1e308, -1e308, 99999999999, Number.MAX_SAFE_INTEGER, 2 ** 31]);
  if (k < 0.62) return pick(r, [null, true, false]);
  if (k < 0.72) return pick(r, [f.documentId, f.irlItemId, f.otherIrlItemId, f.qaItemId, f.conversationId, f.otherConversationId, f.reviewId, crypto.randomUUID(), f.otherDeal]);
  if (k < 0.8 && depth < 3) return Array.from({ length: Math.floor(r() * 5) }, () => nastyValue(r, f, depth + 1));
  if (k < 0.88 && depth < 3) return Object.fromEntries(Array.from({ length: Math.floor(r() * 4) }, () => [pick(r, ["type", "text", "id", "__proto__", "constructor", "role", randomString(r)]), nastyValue(r, f, depth + 1)]));
  if (k < 0.92) return JSON.parse("[".repeat(400) + "]".repeat(400));
  return pick(r, ["analyst", "owner", "viewer", "open", "sent", "received", "approve", "reject", "gaps", "contradictions", "csv", "xlsx", "all", "agent", "user", "assistant"]);
}

/** A valid body with one to three fields mutated, removed or added. */
function mutatedBody(r: () => number, base: Record<string, unknown>, f: Fixtures): unknown {
  const body: Record<string, unknown> = structuredClone(base);
  const keys = Object.keys(body);
  const n = 1 + Math.floor(r() * 3);
  for (let i = 0; i < n; i++) {
    const k = r();
    if (k < 0.6 && keys.length) body[pick(r, keys)] = nastyValue(r, f);
    else if (k < 0.75 && keys.length) delete body[pick(r, keys)];
    else if (k < 0.85 && body.message && typeof body.message === "object") {
      const m = body.message as Record<string, unknown>;
      m[pick(r, ["id", "role", "parts", "metadata"])] = r() < 0.5 ? nastyValue(r, f) : Array.from({ length: Math.floor(r() * 60) }, () => ({ type: pick(r, ["text", "file", "source-url", "tool-x"]), text: nastyValue(r, f) }));
    } else body[randomString(r).slice(0, 20) || "extra"] = nastyValue(r, f);
  }
  return body;
}

interface Sent {
  method: string;
  url: string;
  params: Params;
  body?: BodyInit;
  headers: Record<string, string>;
  note: string;
}

function bodyFor(r: () => number, spec: RouteSpec, f: Fixtures): { body?: BodyInit; headers: Record<string, string>; note: string } {
  const k = r();
  const json = { "content-type": "application/json" };
  if (spec.multipart && k < 0.7) return multipartBody(r);
  if (k < 0.45 && spec.body) return { body: JSON.stringify(spec.body(f)), headers: json, note: "valid" };
  if (k < 0.75 && spec.body) return { body: JSON.stringify(mutatedBody(r, spec.body(f), f)), headers: json, note: "mutated" };
  if (k < 0.82) return { body: JSON.stringify(nastyValue(r, f)), headers: json, note: "random json" };
  if (k < 0.87) return { body: pick(r, ["", "{", "{\"a\":", "[1,2", "\u0000", "null", "\"x\"", "{\"__proto__\":{\"admin\":true}}", "\ufeff{}"]), headers: json, note: "broken json" };
  if (k < 0.92) return { body: JSON.stringify({ ...(spec.body?.(f) ?? {}), pad: "x".repeat(2 * 1024 * 1024) }), headers: json, note: "oversized json" };
  if (k < 0.96) return { body: new Uint8Array(Array.from({ length: Math.floor(r() * 200) }, () => Math.floor(r() * 256))), headers: { "content-type": pick(r, ["text/plain", "application/octet-stream", "application/json; charset=latin1", ""]) }, note: "random bytes" };
  return { headers: {}, note: "no body" };
}

function multipartBody(r: () => number): { body: BodyInit; headers: Record<string, string>; note: string } {
  const b = "fz" + Math.floor(r() * 1e9);
  const name = pick(r, ['filename="a.pdf"', "filename*=UTF-8''%E0%A4%A", "filename*=UTF-8''r%C3%A9sum%C3%A9.txt", 'filename=""', 'filename="../../x.csv"', 'filename="a\u0000b.txt"', "filename*=''", ""]);
  const content = pick(r, ["%PDF-1.4 broken", "a,b\n1,2\n", "PK\u0003\u0004garbage", "", "\u0000\u0001\u0002"]);
  const parts = [`--${b}\r\nContent-Disposition: form-data; name="file"; ${name}\r\nContent-Type: ${pick(r, ["application/pdf", "text/csv", "x/y", ""])}\r\n\r\n${content}\r\n`];
  if (r() < 0.3) parts.push(`--${b}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${"n".repeat(Math.floor(r() * 100_000))}\r\n`);
  const end = r() < 0.8 ? `--${b}--\r\n` : "";
  const type = r() < 0.9 ? `multipart/form-data; boundary=${b}` : pick(r, ["multipart/form-data", "multipart/form-data; boundary=", "text/plain"]);
  return { body: parts.join("") + end, headers: { "content-type": type }, note: "multipart" };
}

function paramValue(r: () => number, name: string, f: Fixtures): string | string[] {
  const valid: Record<string, string[]> = {
    deal: [f.deal, f.deal, f.otherDeal],
    id: [f.qaItemId, f.conversationId, f.otherConversationId, f.reviewId],
    documentId: [f.documentId],
    item: [f.irlItemId, f.otherIrlItemId],
    page: ["1", "2"],
  };
  if (name === "path") return r() < 0.5 ? ["build", "pdf.worker.min.mjs"] : [pick(r, NASTY_STRINGS), pick(r, NASTY_STRINGS)];
  // Mostly real ids, so inputs reach the routes' logic past the deal and id lookups.
  const validShare = name === "deal" ? 0.85 : 0.6;
  return r() < validShare ? pick(r, valid[name] ?? [""]) : r() < 0.3 ? crypto.randomUUID() : pick(r, NASTY_STRINGS);
}

function queryString(r: () => number, keys: string[] = []): string {
  const sp = new URLSearchParams();
  for (const k of [...keys, "x"]) if (r() < 0.6) sp.set(k, r() < 0.7 ? pick(r, NASTY_STRINGS) : randomString(r));
  const s = sp.toString();
  return s ? `?${s}` : "";
}

/** As a browser would send it: lone surrogates become U+FFFD before percent-encoding. */
const encodeSegment = (v: string) => encodeURIComponent(v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"));

function inputFor(r: () => number, spec: RouteSpec, method: string, f: Fixtures): Sent {
  const params: Params = Object.fromEntries(spec.params.map((p) => [p, paramValue(r, p, f)]));
  let path = spec.path;
  for (const [k, v] of Object.entries(params)) {
    path = path.replace(k === "path" ? "[...path]" : `[${k}]`, Array.isArray(v) ? v.map(encodeSegment).join("/") : encodeSegment(v));
  }
  // a share of path segments broken at the byte level, as a hand-made client sends them
  if (spec.params.length && r() < 0.08) {
    const name = pick(r, spec.params);
    const raw = pick(r, BAD_ESCAPES);
    params[name] = name === "path" ? [raw] : raw;
    path = spec.path.replace(/\[(?:\.\.\.)?([a-zA-Z]+)\]/g, (_m, k: string) => (k === name ? `x${raw}` : encodeSegment(String(params[k]))));
  }
  const url = `${BASE}${path}${queryString(r, spec.query)}`;
  if (method === "GET" || method === "HEAD") return { method, url, params, headers: {}, note: "get" };
  const b = bodyFor(r, spec, f);
  return { method, url, params, ...b };
}

/** Browser headers: mostly this app's own, sometimes another site's or a rebinding Host. */
function browserHeaders(r: () => number): Record<string, string> {
  const host = r() < 0.8 ? "127.0.0.1:3000" : pick(r, ["rebind.evil.example:3000", "localhost.evil.example", "127.0.0.1.nip.io:3000", ""]);
  const headers: Record<string, string> = { host };
  if (r() < 0.8) headers.origin = r() < 0.5 ? `http://${host}` : pick(r, ["http://evil.example", "null", "http://127.0.0.1:3001", "https://127.0.0.1:3000", "garbage", "http://127.0.0.1:3000.evil.example"]);
  if (r() < 0.6) headers["sec-fetch-site"] = pick(r, ["same-origin", "same-origin", "cross-site", "same-site", "none"]);
  return headers;
}

/** Whether a browser would have sent this from another site (or to a Host that is not ours). */
function crossSite(s: Sent): boolean {
  const h = s.headers;
  // Same origin is judged by host and port (TLS may end at a proxy in front of the app).
  const originHost = (() => {
    try {
      return new URL(h.origin!).host;
    } catch {
      return "?";
    }
  })();
  const foreignOrigin = h.origin !== undefined && originHost !== h.host;
  const foreignSite = h["sec-fetch-site"] !== undefined && !["same-origin", "none"].includes(h["sec-fetch-site"]);
  return !["127.0.0.1:3000"].includes(h.host ?? "") || (!["GET", "HEAD"].includes(s.method) && (foreignOrigin || foreignSite));
}

/** The answer's status once its whole body has arrived, or "hang" past the bound. */
async function answer(handler: Handler, s: Sent): Promise<number | "hang"> {
  const req = new Request(s.url, { method: s.method, headers: s.headers, body: s.body });
  const run = (async () => {
    const res = await handler(req, { params: Promise.resolve(s.params) });
    await res.arrayBuffer();
    return res.status;
  })();
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<"hang">((resolve) => (timer = setTimeout(() => resolve("hang"), ANSWER_BOUND_MS)));
  try {
    return await Promise.race([run, bound]);
  } finally {
    clearTimeout(timer);
  }
}

/** Text of an answer's stream that says a tool refused its input: the route let through what its tools cannot take. */
const TOOL_INPUT_REFUSED = /Invalid input for tool|Type validation failed/;

/** Fixed cases besides the random ones: each route's length limits against its tools', and lone surrogates. */
function edgeCases(f: Fixtures): Array<{ handler: Handler; s: Sent; expect: "ok" | "4xx" | "below-500" }> {
  const json = { "content-type": "application/json" };
  const chatBody = (text: string) => JSON.stringify({ id: crypto.randomUUID(), deal: f.deal, message: { id: `m-${crypto.randomUUID()}`, role: "user", parts: [{ type: "text", text }] }, mode: "chat" });
  const sent = (url: string, body: string): Sent => ({ method: "POST", url: `${BASE}${url}`, params: {}, body, headers: json, note: "edge" });
  const cases: Array<{ handler: Handler; s: Sent; expect: "ok" | "4xx" | "below-500" }> = [];
  for (const n of [MAX_QUESTION_CHARS - 1, MAX_QUESTION_CHARS]) cases.push({ handler: h(chat.POST), s: sent("/api/chat", chatBody(`What was revenue ${"and revenue ".repeat(n)}`.slice(0, n))), expect: "ok" });
  for (const n of [MAX_QUESTION_CHARS + 1, 10_000, 10_001, 50_001]) cases.push({ handler: h(chat.POST), s: sent("/api/chat", chatBody("q".repeat(n))), expect: "4xx" });
  // Agent Mode hands its question to the same tools (compute_metric's question, the evidence
  // tools' query): at its limit it answers, past it a typed 4xx, never a tool's validation error
  const agentBody = (question: string) => JSON.stringify({ question, deal: f.deal });
  const agentQuestion = (n: number) => `What was revenue ${"and revenue ".repeat(n)}`.slice(0, n - 1) + "?";
  for (const [url, handler] of [["/api/agent/run", h(agentRun.POST)], ["/api/agent/stream", h(agentStream.POST)]] as const) {
    cases.push({ handler, s: sent(url, agentBody(agentQuestion(AGENT_MODE_DEFAULTS.maxQuestionChars))), expect: "ok" });
    for (const n of [AGENT_MODE_DEFAULTS.maxQuestionChars + 1, MAX_QUESTION_CHARS, MAX_QUESTION_CHARS + 1, 10_001, 50_000, 50_001]) cases.push({ handler, s: sent(url, agentBody("q".repeat(n))), expect: "4xx" });
  }
  for (const t of ["\ud800", "a\udc00b", "\udbff"]) {
    cases.push({ handler: h(chat.POST), s: sent("/api/chat", chatBody(`What was revenue?${t}`)), expect: "4xx" });
    cases.push({ handler: h(agentStream.POST), s: sent("/api/agent/stream", JSON.stringify({ question: `What was revenue?${t}`, deal: f.deal })), expect: "4xx" });
    cases.push({ handler: h(agentRun.POST), s: sent("/api/agent/run", JSON.stringify({ question: `What was revenue?${t}`, deal: f.deal })), expect: "4xx" });
    cases.push({ handler: h(qa.POST), s: { ...sent("/api/deals/fuzz/qa", JSON.stringify({ question: `Who audits?${t}` })), params: { deal: f.deal } }, expect: "4xx" });
  }
  return cases;
}

describe("route fuzz: every app/api route, seeded adversarial input", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let f: Fixtures;

  beforeAll(async () => {
    setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined, SUPABASE_SERVICE_ROLE_KEY: undefined, OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, MANDA_DATA_DIR: tempDir("manda-fuzz-"), MANDA_LOG_LEVEL: "silent", MANDA_LOAD_DEMO: "false" });
    process.env.TMPDIR = tempDir("manda-fuzz-tmp-");
    ({ db, cleanup } = await openTestDb());
    g.__mandaDb = Promise.resolve(db);
    const deal = await createDeal({ db, slug: "fuzz", name: "Fuzz deal" });
    const other = await createDeal({ db, slug: "fuzz-other" });
    const pdf = writeFixture(tempDir(), "quarterly.pdf", await makePdf(["Revenue for the third quarter was EUR 5.2 million, up 12 percent.", "Operating costs were EUR 3.1 million."]));
    const documentId = (await ingestFile({ db, dealId: deal.id, filePath: pdf })).documentId!;
    const irlItemId = (await addIrlItem({ db, dealId: deal.id, domain: "Finance", item: "Audited annual accounts" })).item.id;
    const otherIrlItemId = (await addIrlItem({ db, dealId: other.id, domain: "Legal", item: "Material contracts" })).item.id;
    const conversationId = (await ensureConversation({ db, dealId: deal.id, id: crypto.randomUUID(), userId: null, title: "Revenue" })).conversation.id;
    await saveMessages({ db, dealId: deal.id, conversationId, messages: [{ id: "fuzz-m1", role: "user", parts: [{ type: "text", text: "What was revenue?" }] }] });
    const otherConversationId = (await ensureConversation({ db, dealId: other.id, id: crypto.randomUUID(), userId: null, title: "Other" })).conversation.id;
    const qaItemId = (await addQaItem({ db, dealId: deal.id, question: "Who is the auditor?", origin: "manual" })).id;
    const staged = await db.query<{ id: string }>("select id from staging_extractions where deal_id = $1 limit 1", [deal.id]);
    f = { deal: "fuzz", otherDeal: "fuzz-other", documentId, irlItemId, otherIrlItemId, qaItemId, conversationId, otherConversationId, reviewId: staged.rows[0]?.id ?? crypto.randomUUID() };
  });
  afterAll(async () => {
    await stopBackgroundIngest();
    g.__mandaDb = undefined;
    await cleanup();
  });

  it("holds each route's limits to its tools' and refuses lone surrogates with a 4xx", async () => {
    const failures: string[] = [];
    const cases = edgeCases(f);
    for (const c of cases) {
      const req = new Request(c.s.url, { method: c.s.method, headers: c.s.headers, body: c.s.body });
      const res = await c.handler(req, { params: Promise.resolve(c.s.params) });
      const text = await res.text();
      const label = `${res.status} ${c.s.method} ${c.s.url} [${c.expect}] ${typeof c.s.body === "string" ? c.s.body.slice(0, 80) : ""}`;
      if (res.status >= 500) failures.push(label);
      else if (c.expect === "4xx" && (res.status < 400 || !/"code":"[a-z_]+:[a-z_]+"/.test(text))) failures.push(`${label} → ${text.slice(0, 120)}`);
      else if (c.expect === "ok" && (res.status !== 200 || TOOL_INPUT_REFUSED.test(text))) failures.push(`${label} → ${text.match(TOOL_INPUT_REFUSED)?.[0] ?? text.slice(0, 120)}`);
    }
    report(`route fuzz: ${cases.length} edge cases (length limits against the tools', lone surrogates), ${failures.length} failed`);
    for (const l of failures) report(`  ${l}`);
    expect(failures).toEqual([]);
  });

  it("answers every input below 500, within the bound, and keeps answering", async () => {
    const r = prng();
    const failures: string[] = [];
    const byStatus = new Map<number, number>();
    let tried = 0;
    let hangs = 0;
    let guarded = 0;
    const leaked: string[] = [];
    for (const spec of ROUTES) {
      for (const [method, handler] of Object.entries(spec.methods)) {
        if (!handler) continue;
        // Agent Mode and chat run the offline agent on valid input: fewer of those.
        const count = /agent|chat/.test(spec.path) ? Math.ceil(PER_METHOD / 2) : PER_METHOD;
        for (let i = 0; i < count; i++) {
          const s = inputFor(r, spec, method, f);
          let status: number | "hang";
          if (r() < 0.3) {
            // Through the proxy's guard, as the server runs it.
            Object.assign(s.headers, browserHeaders(r));
            const rejected = guardRequest({ method: s.method, url: s.url, headers: new Headers(s.headers) }, getConfig());
            if (crossSite(s) && !rejected) leaked.push(`${s.method} ${s.url.slice(0, 120)} ${JSON.stringify(s.headers)}`);
            guarded++;
            status = rejected ? rejected.status : await answer(handler, s);
          } else status = await answer(handler, s);
          tried++;
          if (status === "hang") hangs++;
          else byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
          if (status === "hang" || status >= 500) {
            failures.push(`${status} ${method} ${s.url.slice(0, 160)} [${s.note}] ${typeof s.body === "string" ? s.body.slice(0, 160) : ""}`);
          }
        }
      }
    }
    const errors = failures.filter((l) => !l.startsWith("hang")).length;
    report(`route fuzz: ${tried} inputs over ${ROUTES.length} routes, ${errors} answers >= 500, ${hangs} hangs (> ${ANSWER_BOUND_MS / 1000} s); statuses ${[...byStatus].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}×${v}`).join(" ")}`);
    report(`route fuzz: ${guarded} of them through the proxy guard with browser headers, ${leaked.length} cross-site or foreign-Host requests let through`);
    for (const l of [...failures, ...leaked].slice(0, 30)) report(`  ${l}`);
    expect(failures).toEqual([]);
    expect(leaked).toEqual([]);

    // Still answering, and the fixtures the fuzz could not legitimately remove are intact.
    const list = await deals.GET(new Request(`${BASE}/api/deals`));
    expect(list.status).toBe(200);
    const slugs = ((await list.json()) as { deals: { slug: string }[] }).deals.map((d) => d.slug);
    expect(slugs).toEqual(expect.arrayContaining(["fuzz", "fuzz-other"]));
    const page = await documentPage.GET(new Request(`${BASE}/api/deals/fuzz/documents/${f.documentId}/pages/1?highlight=third%20quarter`), { params: Promise.resolve({ deal: "fuzz", documentId: f.documentId, page: "1" }) });
    expect(page.status).toBe(200);
    expect(((await page.json()) as { found: boolean }).found).toBe(true);
  });
});
