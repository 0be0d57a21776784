/**
 * Typed errors with codes from one registry (ERROR_CODES), like `bad_request:upload` or
 * `not_found:document`. The code's first part decides the HTTP status (one place: httpStatusOf);
 * the message is safe to show; `cause` holds internal details that are logged only. The
 * pipeline's task failure codes (TASK_ERROR_CODES) are registered here too.
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

/**
 * The registry: every code a MandaError may carry. A new failure adds its code here (the type
 * checker rejects any other string); the part before the colon decides the HTTP status (STATUS).
 */
export const ERROR_CODES = [
  "bad_request:body", "bad_request:citation", "bad_request:concurrency", "bad_request:conversation_id",
  "bad_request:corrupt_file", "bad_request:deal_slug", "bad_request:empty_file", "bad_request:encrypted",
  "bad_request:format", "bad_request:irl_item", "bad_request:irl_template", "bad_request:k",
  "bad_request:message", "bad_request:message_part", "bad_request:message_role",
  "bad_request:missing_fields", "bad_request:no_pages", "bad_request:nul", "bad_request:out",
  "bad_request:page", "bad_request:path", "bad_request:priority", "bad_request:qa_question", "bad_request:qa_status",
  "bad_request:query", "bad_request:question", "bad_request:question_too_long", "bad_request:review_action",
  "bad_request:review_id", "bad_request:role", "bad_request:status", "bad_request:storage_key",
  "bad_request:task", "bad_request:timeout", "bad_request:unicode", "bad_request:upload", "bad_request:usage",
  "bad_request:zip_bomb",
  "conflict:database_in_use", "conflict:deal", "conflict:document",
  "conflict:document_file", "conflict:document_not_indexed", "conflict:held_instruction",
  "conflict:last_owner", "conflict:message_id", "conflict:pipeline_running", "conflict:review_item",
  "conflict:task",
  "forbidden:conversation", "forbidden:cross_site", "forbidden:deal", "forbidden:host",
  "internal:embedding_dimensions", "internal:embedding_index", "internal:embedding_model_id",
  "internal:ingest", "internal:ingest_interrupted", "internal:schema_legacy_mismatch",
  "internal:schema_legacy_partial", "internal:seed_deal", "internal:storage_integrity", "internal:unexpected",
  "not_found:conversation", "not_found:deal", "not_found:document", "not_found:document_file",
  "not_found:irl_item", "not_found:page", "not_found:path", "not_found:qa_item", "not_found:review_item",
  "not_found:user",
  "rate_limit:model",
  "too_large:body", "too_large:field", "too_large:fields", "too_large:file",
  "too_large:upload",
  "unauthorized:session",
  "unavailable:aborted", "unavailable:auth", "unavailable:auth_config", "unavailable:database",
  "unavailable:model", "unavailable:neo4j", "unavailable:storage", "unavailable:storage_config",
  "unsupported:format", "unsupported:unreadable_text",
] as const satisfies readonly `${ErrorType}:${string}`[]; // each code starts with a known type

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The pipeline's task failure codes (seed 000 "Error Handling"), stored in agent_tasks.error_message
 * as "CODE: message" beside error_kind; lib/pipeline/errors.ts classifies any error into one.
 */
export const TASK_ERROR_CODES = [
  "RATE_LIMIT", "TIMEOUT", "API_ERROR", "NETWORK_ERROR", "VALIDATION_ERROR", "AUTHENTICATION_ERROR", "BAD_INPUT",
  "HANDLER_MISSING", "LEASE_EXPIRED", "INTERNAL_ERROR",
] as const;

export type TaskErrorCode = (typeof TASK_ERROR_CODES)[number];

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
