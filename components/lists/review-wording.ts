/**
 * A review item in words for the analyst: what was read (value, period, the statement line),
 * and why it waits for a person — never internal fields (metric keys, normalised numbers) or
 * confidence scores.
 */
import { tidyListText } from "@/lib/display-text";
import type { ReviewReason } from "@/lib/extraction/decision";
import { monthName, periodTypeOfLabel } from "@/lib/periods";

const FIELD_WORDS: Record<string, string> = { currency: "currency", period: "period", unit: "unit", value: "value", metric: "line item", scale: "scale" };

function list(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

const SCALE_WORD: Record<number, string> = { 1e3: "thousand", 1e6: "million", 1e9: "billion" };

/**
 * The scale a figure was printed in ("(In millions)" above its table), from the statement or table
 * part it was read from: a card showed "USD 49,960" for a figure in millions.
 */
function scaleWordOf(payload: Record<string, unknown>): string {
  for (const from of [payload.statement, payload.part, payload]) {
    const scale = from && typeof from === "object" ? (from as { scale?: unknown }).scale : undefined;
    if (typeof scale === "number" && SCALE_WORD[scale]) return SCALE_WORD[scale]!;
  }
  return "";
}

const SCOPE_WORDS: Record<string, string> = { segment: "Segment", geography: "Region", programme: "Programme or product line", per_share: "Per-share amount", non_operating: "Non-operating line" };

/** A part's figure named as the part ("Segment: Orbital Systems"); nothing for the company's total. */
function scopeText(scope: string, name: string): string {
  const word = SCOPE_WORDS[scope];
  if (!word) return "";
  return name ? `${word}: ${name}` : word;
}

function spanOf(payload: Record<string, unknown>): number | undefined {
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
  const nested = (k: string) => (payload[k] && typeof payload[k] === "object" ? n((payload[k] as { months?: unknown }).months) : undefined);
  return n(payload.periodMonths) ?? nested("statement") ?? nested("part");
}

/** "31 December 2022" from an ISO day. */
function dayText(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${Number(m[3])} ${monthName(Number(m[2]))} ${m[1]}` : "";
}

/**
 * The period as read, and its real length when the label names another ("FY2023" on a column of
 * three months is the quarter ended 31 December 2022, not the year).
 */
function periodText(payload: Record<string, unknown>, label: string, end: string): string {
  const months = spanOf(payload);
  const named = periodTypeOfLabel(label);
  if (months === undefined || !named || months === named.months || (months === 0 && named.type === "year")) return label;
  const day = end ? dayText(end) : "";
  if (months === 0) return day ? `At ${day}` : label;
  const span = months === 3 ? "Quarter" : `${months} months`;
  return `${span}${day ? ` ended ${day}` : ""} (not the ${named.type === "year" ? "full year" : "period"} ${label})`;
}

const CURRENCY_SIGN: Record<string, string> = { USD: "$", EUR: "€", GBP: "£", JPY: "¥" };

/** Whether the value as printed already names its currency ("EUR 99 million", "$4.2m", "12.5 MSEK"): a card showed "EUR EUR 99 million". */
function namesCurrency(value: string, currency: string): boolean {
  if (!currency) return false;
  const code = currency.replace(/[^A-Za-z]/g, "");
  const sign = CURRENCY_SIGN[code.toUpperCase()];
  return (code !== "" && new RegExp(`(?:^|[^A-Za-z])[kmt]?${code}(?:[^A-Za-z]|$)`, "i").test(value)) || (sign !== undefined && value.includes(sign));
}

/** The facts of a candidate an analyst checks against the page, as [label, value] pairs. */
export function reviewFacts(payload: Record<string, unknown>): [string, string][] {
  const str = (k: string) => (typeof payload[k] === "string" || typeof payload[k] === "number" ? String(payload[k]).trim() : "");
  const out: [string, string][] = [];
  const value = str("valueText") || str("value_text");
  const scale = /\b(thousand|million|billion|bn|mn|m|k|tkr|mkr)\b/i.test(value) ? "" : scaleWordOf(payload);
  const currency = namesCurrency(value, str("currency")) ? "" : str("currency");
  if (value) out.push(["Value", [currency, value, scale].filter(Boolean).join(" ") + (payload.isForecast === true || payload.is_forecast === true ? " (forecast)" : "")]);
  if (str("period")) out.push(["Period", periodText(payload, str("period"), str("periodEnd"))]);
  const scope = scopeText(str("scope"), str("scopeName"));
  if (scope) out.push(["Covers", scope]);
  const statement = payload.statement as { row?: unknown; title?: unknown } | undefined;
  if (statement && typeof statement === "object") {
    if (typeof statement.title === "string" && statement.title) out.push(["Statement", statement.title]);
    if (typeof statement.row === "string" && statement.row) out.push(["Line as printed", statement.row]);
  }
  for (const [k, label] of [["role", "Role"], ["date", "Date"], ["event_type", "Event"], ["entity_type", "Kind"], ["description", "Description"]] as const) {
    if (str(k)) out.push([label, tidyListText(str(k))]);
  }
  return out;
}

/** What a review card needs to say why its item waits (a subset of ReviewItem). */
export interface ReviewReasonInput {
  reasonCode: ReviewReason | null;
  /** The audit sentence, shown as it stands where the code has no wording of its own. */
  reason: string | null;
  heldReason: string | null;
  missingFields: string[];
}

const capitalise = (s: string) => s.trim().replace(/^./, (c) => c.toUpperCase());

function missingSentence(missingFields: string[]): string {
  const fields = missingFields.map((f) => FIELD_WORDS[f] ?? f.replace(/_/g, " "));
  return `The figure was read clearly, but the page does not say its ${list(fields)}; confirm ${fields.length > 1 ? "them" : "it"} before it is used.`;
}

/**
 * Why the item waits for review, in words, from its reason code (lib/extraction/decision.ts):
 * never a confidence score or an internal priority. A held item shows why it was held; an item
 * whose automatic correction failed shows the validator's own sentence.
 */
export function reviewReason(item: ReviewReasonInput): string {
  switch (item.reasonCode) {
    case "held":
      return capitalise(item.heldReason ?? item.reason ?? "");
    case "missing_fields":
      return missingSentence(item.missingFields);
    case "medium_confidence":
      return "The reading is not certain enough to accept without a check against the page.";
    case "low_confidence":
      return "The reading is uncertain: check it against the page before accepting it.";
    case "refinement_failed":
      return capitalise(item.reason ?? "");
    case null:
      // Rows written before the code existed: what is known without reading the audit sentence.
      if (item.heldReason) return capitalise(item.heldReason);
      if (item.missingFields.length) return missingSentence(item.missingFields);
      return "The pipeline could not decide on it alone: check it against the page.";
  }
}
