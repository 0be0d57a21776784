import { isMandaError } from "@/lib/errors";
import type { ErrorKind, TaskErrorCode } from "./types";

/** Thrown by a handler to ask for a retry with backoff (rate limit, timeout, provider outage). */
export class TransientTaskError extends Error {
  readonly code: TaskErrorCode;
  constructor(message: string, code: TaskErrorCode = "API_ERROR", options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TransientTaskError";
    this.code = code;
  }
}

/** Thrown by a handler when retrying cannot help (bad input, validation, authentication). */
export class PermanentTaskError extends Error {
  readonly code: TaskErrorCode;
  constructor(message: string, code: TaskErrorCode = "BAD_INPUT", options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PermanentTaskError";
    this.code = code;
  }
}

export interface ClassifiedError {
  kind: ErrorKind;
  code: TaskErrorCode;
  message: string;
}

const NETWORK_CODES = new Set([
  "ECONNRESET", "ECONNREFUSED", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH",
  "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT",
]);

function statusOf(e: Record<string, unknown>): number | undefined {
  for (const k of ["status", "statusCode"]) {
    const v = e[k];
    if (typeof v === "number" && v >= 100 && v < 600) return v;
  }
  const res = e.response as Record<string, unknown> | undefined;
  if (res && typeof res.status === "number") return res.status;
  return undefined;
}

function fromStatus(status: number, message: string): ClassifiedError | undefined {
  if (status === 429) return { kind: "transient", code: "RATE_LIMIT", message };
  if (status === 408 || status === 504) return { kind: "transient", code: "TIMEOUT", message };
  if (status >= 500) return { kind: "transient", code: "API_ERROR", message };
  if (status === 401 || status === 403) return { kind: "permanent", code: "AUTHENTICATION_ERROR", message };
  if (status >= 400) return { kind: "permanent", code: "VALIDATION_ERROR", message };
  return undefined;
}

/**
 * Seed 000 "Error Handling": rate limit (429), timeout and 5xx and network failures are transient
 * (retry with backoff); validation (400), authentication (401/403) and bad input are permanent.
 * Anything unrecognised is permanent: retrying a bug only burns attempts.
 */
export function classifyError(e: unknown): ClassifiedError {
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof TransientTaskError) return { kind: "transient", code: e.code, message };
  if (e instanceof PermanentTaskError) return { kind: "permanent", code: e.code, message };
  if (isMandaError(e)) {
    switch (e.type) {
      case "rate_limit": return { kind: "transient", code: "RATE_LIMIT", message };
      case "unavailable": return { kind: "transient", code: "API_ERROR", message };
      case "unauthorized":
      case "forbidden": return { kind: "permanent", code: "AUTHENTICATION_ERROR", message };
      case "internal": return { kind: "permanent", code: "INTERNAL_ERROR", message };
      default: return { kind: "permanent", code: e.type === "bad_request" ? "VALIDATION_ERROR" : "BAD_INPUT", message };
    }
  }
  if (e && typeof e === "object") {
    const o = e as Record<string, unknown>;
    const status = statusOf(o);
    if (status !== undefined) {
      const c = fromStatus(status, message);
      if (c) return c;
    }
    const name = typeof o.name === "string" ? o.name : "";
    if (name === "TimeoutError" || name === "AbortError") return { kind: "transient", code: "TIMEOUT", message };
    if (name === "ZodError") return { kind: "permanent", code: "VALIDATION_ERROR", message };
    const code = typeof o.code === "string" ? o.code : undefined;
    const causeCode = o.cause && typeof o.cause === "object" ? (o.cause as Record<string, unknown>).code : undefined;
    if (code === "ERR_MODULE_NOT_FOUND") return { kind: "permanent", code: "HANDLER_MISSING", message };
    if ((code && NETWORK_CODES.has(code)) || (typeof causeCode === "string" && NETWORK_CODES.has(causeCode))) {
      return { kind: "transient", code: /TIMEOUT|ETIMEDOUT/.test(String(code ?? causeCode)) ? "TIMEOUT" : "NETWORK_ERROR", message };
    }
    if (o.isRetryable === true) return { kind: "transient", code: "API_ERROR", message };
  }
  if (/\brate.?limit|too many requests/i.test(message)) return { kind: "transient", code: "RATE_LIMIT", message };
  if (/timed? ?out\b|timeout/i.test(message)) return { kind: "transient", code: "TIMEOUT", message };
  if (/fetch failed|socket hang up|network error|ECONNRESET|ECONNREFUSED/i.test(message)) return { kind: "transient", code: "NETWORK_ERROR", message };
  return { kind: "permanent", code: "INTERNAL_ERROR", message };
}

/** Backoff before retry n (1-based): 1 s, 2 s, 4 s. */
export const RETRY_BASE_MS = 1000;
export function backoffMs(retry: number): number {
  return RETRY_BASE_MS * 2 ** Math.max(0, retry - 1);
}
