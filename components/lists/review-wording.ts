/**
 * A review item in words for the analyst: what was read (value, period, the statement line),
 * and why it waits for a person — never internal fields (metric keys, normalised numbers) or
 * confidence scores.
 */

const FIELD_WORDS: Record<string, string> = { currency: "currency", period: "period", unit: "unit", value: "value", metric: "line item", scale: "scale" };

function list(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** The facts of a candidate an analyst checks against the page, as [label, value] pairs. */
export function reviewFacts(payload: Record<string, unknown>): [string, string][] {
  const str = (k: string) => (typeof payload[k] === "string" || typeof payload[k] === "number" ? String(payload[k]).trim() : "");
  const out: [string, string][] = [];
  const value = str("valueText") || str("value_text");
  if (value) out.push(["Value", [str("currency"), value].filter(Boolean).join(" ") + (payload.isForecast === true || payload.is_forecast === true ? " (forecast)" : "")]);
  if (str("period")) out.push(["Period", str("period")]);
  const statement = payload.statement as { row?: unknown; title?: unknown } | undefined;
  if (statement && typeof statement === "object") {
    if (typeof statement.title === "string" && statement.title) out.push(["Statement", statement.title]);
    if (typeof statement.row === "string" && statement.row) out.push(["Line as printed", statement.row]);
  }
  for (const [k, label] of [["role", "Role"], ["date", "Date"], ["event_type", "Event"], ["entity_type", "Kind"], ["description", "Description"]] as const) {
    if (str(k)) out.push([label, str(k)]);
  }
  return out;
}

/**
 * Why the item waits for review, in words: the stored reason with its scores and internal
 * priority stripped ("Medium confidence (0.70) requires human verification (priority normal)"
 * → "The reading is not certain enough to accept without a check against the page.").
 */
export function reviewReason(reason: string | null | undefined, missingFields: string[] = []): string {
  const r = (reason ?? "").replace(/\s*\(priority \w+\)/gi, "").replace(/\s*\((?:score |confidence )?[01]?\.\d+\)/g, "").trim();
  const missing = missingFields.map((f) => FIELD_WORDS[f] ?? f.replace(/_/g, " "));
  if (/^high confidence but missing/i.test(r) || (!r && missing.length)) {
    const fields = missing.length ? missing : r.replace(/^high confidence but missing:\s*/i, "").split(/\s*,\s*/).filter(Boolean);
    return `The figure was read clearly, but the page does not say its ${list(fields)}; confirm ${fields.length > 1 ? "them" : "it"} before it is used.`;
  }
  if (/^medium confidence/i.test(r)) return "The reading is not certain enough to accept without a check against the page.";
  if (/^low confidence/i.test(r)) return "The reading is uncertain: check it against the page before accepting it.";
  return r.replace(/\b(?:high|medium|low) confidence\b\s*/gi, "").replace(/^./, (c) => c.toUpperCase());
}
