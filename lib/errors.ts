/**
 * Typed errors with codes like `bad_request:upload` or `not_found:document`.
 * The code's first part decides the HTTP status (one place: httpStatusOf);
 * the message is safe to show; `cause` holds internal details that are logged only.
 */
export type ErrorType =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unsupported"
  | "too_large"
  | "rate_limit"
  | "unavailable"
  | "internal";

export type ErrorCode = `${ErrorType}:${string}`;

const STATUS: Record<ErrorType, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  rate_limit: 429,
  internal: 500,
  unavailable: 503,
};

export class MandaError extends Error {
  readonly code: ErrorCode;
  readonly type: ErrorType;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MandaError";
    this.code = code;
    this.type = code.split(":")[0] as ErrorType;
  }
  get status(): number {
    return httpStatusOf(this.code);
  }
  toJSON() {
    return { code: this.code, message: this.message };
  }
}

export function httpStatusOf(code: ErrorCode): number {
  return STATUS[code.split(":")[0] as ErrorType] ?? 500;
}

export function isMandaError(e: unknown): e is MandaError {
  return e instanceof MandaError;
}

/** Turns anything thrown into a safe {code, message}; unknown errors become internal. */
export function toPublicError(e: unknown): { code: ErrorCode; message: string; status: number } {
  if (isMandaError(e)) return { code: e.code, message: e.message, status: e.status };
  return { code: "internal:unexpected", message: "Something went wrong on our side.", status: 500 };
}
