/**
 * The checks every request passes before a route runs (called from proxy.ts, Next's
 * middleware), as a pure function of the request's method, URL and headers:
 * - the Host header must name this server (loopback, MANDA_HOST, MANDA_ALLOWED_HOSTS): a page
 *   of another site cannot reach the app through a rebinding DNS name;
 * - a state-changing request (POST, PUT, PATCH, DELETE) sent by a browser must come from this
 *   origin: `Sec-Fetch-Site` same-origin (or none: typed by the user) and an `Origin` whose host
 *   is the request's own host: its Host header, or, only behind a trusted proxy
 *   (MANDA_TRUSTED_PROXY=true), the first X-Forwarded-Host (a client can send that header itself).
 *   Clients that send neither (curl, the CLI, tests) are not browsers and carry no ambient cookies
 *   of another site, so they pass;
 * - no NUL character in the URL (Postgres text cannot hold one), and a path that decodes as UTF-8;
 * - a declared JSON body no larger than MANDA_MAX_JSON_BYTES (the route also counts while reading).
 */
import type { Config } from "@/lib/config";
import { httpStatusOf, type ErrorCode } from "@/lib/errors";

export interface GuardRejection {
  status: number;
  code: ErrorCode;
  message: string;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The host name of a Host header, lower case, without its port ("[::1]:3000" → "[::1]"). */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  const colon = h.lastIndexOf(":");
  return colon >= 0 && h.indexOf(":") === colon ? h.slice(0, colon) : h;
}

function reject(code: ErrorCode, message: string): GuardRejection {
  return { status: httpStatusOf(code), code, message };
}

function checkHost(host: string | null, allowed: Config["allowedHosts"]): GuardRejection | null {
  if (allowed === "any") return null;
  if (!host || !allowed.includes(hostName(host))) {
    return reject("forbidden:host", "This server does not answer to that host name. Set MANDA_ALLOWED_HOSTS to serve it.");
  }
  return null;
}

/** The host this request was addressed to: the proxy's forwarded one when a trusted proxy is configured, else Host. */
export function ownHost(headers: Headers, trustProxy: boolean): string | null {
  const forwarded = trustProxy ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return (forwarded || headers.get("host"))?.trim().toLowerCase() || null;
}

function checkOrigin(headers: Headers, trustProxy: boolean): GuardRejection | null {
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    return reject("forbidden:cross_site", "Cross-site requests may not change data.");
  }
  const origin = headers.get("origin");
  if (origin === null) return null;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return reject("forbidden:cross_site", "Cross-site requests may not change data.");
  }
  if (ownHost(headers, trustProxy) !== originHost) {
    return reject("forbidden:cross_site", "Cross-site requests may not change data.");
  }
  return null;
}

function checkUrl(url: string): GuardRejection | null {
  if (/%00/.test(url)) return reject("bad_request:nul", "The address may not contain NUL (%00) characters.");
  // Next.js answered a path that is not valid percent-encoded UTF-8 (%FF, %ED%A0%80, %C0%AE) with a
  // plain-text 500 when it decoded the route's parameters.
  let path: string;
  try {
    path = new URL(url, "http://x").pathname;
    decodeURIComponent(path);
  } catch {
    return reject("bad_request:path", "The address is not valid percent-encoded UTF-8.");
  }
  return null;
}

function checkDeclaredSize(method: string, headers: Headers, maxJsonBytes: number): GuardRejection | null {
  if (SAFE_METHODS.has(method)) return null;
  const type = (headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) return null; // the upload route streams with its own limits
  const declared = Number(headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxJsonBytes) {
    return reject("too_large:body", `The request body is larger than ${Math.round(maxJsonBytes / 1024)} KB.`);
  }
  return null;
}

export function guardRequest(req: { method: string; url: string; headers: Headers }, config: Pick<Config, "allowedHosts" | "maxJsonBytes" | "trustProxy">): GuardRejection | null {
  const method = req.method.toUpperCase();
  return (
    checkHost(req.headers.get("host"), config.allowedHosts) ??
    checkUrl(req.url) ??
    (SAFE_METHODS.has(method) ? null : checkOrigin(req.headers, config.trustProxy)) ??
    checkDeclaredSize(method, req.headers, config.maxJsonBytes)
  );
}
