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

/**
 * Text read off a page, tidied for display: a line break the reader turned into ", " after a
 * printed comma left ",," ("6801 Rockledge Drive,, Bethesda,, Maryland"); repeated commas, a
 * space before a comma and runs of spaces are collapsed. Words are never changed.
 */
export function tidyListText(s: string): string {
  return s.replace(/\s*,(?:\s*,)+/g, ",").replace(/\s+,/g, ",").replace(/,(?=\p{L})/gu, ", ").replace(/[ \t]{2,}/g, " ").replace(/,\s*$/, "").trim();
}
