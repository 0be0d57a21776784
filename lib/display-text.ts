/**
 * A loosely typed value (a JSON payload field, a tool argument) as text for display:
 * strings and numbers as they are, anything else (null, objects, arrays) as "" rather than
 * "[object Object]".
 */
export function displayText(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint" || typeof v === "boolean") return String(v);
  return "";
}
