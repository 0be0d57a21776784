import { getConfig } from "@/lib/config";

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** An error's cause as one line: an Error's message, a string, or JSON (never "[object Object]"). */
function causeText(cause: unknown): string {
  if (cause == null) return "";
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`;
  if (typeof cause === "string") return cause;
  try {
    return JSON.stringify(cause) ?? "";
  } catch {
    return "[unserialisable cause]";
  }
}

function emit(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < ORDER[getConfig().MANDA_LOG_LEVEL]) return;
  const extra = fields
    ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v instanceof Error ? { message: v.message, cause: causeText(v.cause) } : v]))
    : undefined;
  // Structured, one line, on stderr: internal details stay in logs, never in responses.
  process.stderr.write(`${JSON.stringify({ t: new Date().toISOString(), level, msg, ...extra })}\n`);
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => emit("debug", m, f),
  info: (m: string, f?: Record<string, unknown>) => emit("info", m, f),
  warn: (m: string, f?: Record<string, unknown>) => emit("warn", m, f),
  error: (m: string, f?: Record<string, unknown>) => emit("error", m, f),
};
