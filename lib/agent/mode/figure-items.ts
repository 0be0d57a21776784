/**
 * Whether a source figure answers a topic: its line item is the whole topic (not a part, a cost
 * or a gain of it), an amount is no percentage and no change in points, a margin names a margin.
 * Shared by the gate and the offline model (lib/agent/offline/agent-mode).
 */
import type { SourceFigure } from "./figures";
import { mentionsTopic, percentAfter, pointsAfter } from "./text";

const offsetOf = (f: SourceFigure) => f.at ?? f.line.lastIndexOf(f.raw);

/** A percentage (not a change in percentage points): "17.5%", "1.5 percent". */
export function isPercent(f: SourceFigure): boolean {
  if (/%$/.test(f.raw)) return true;
  const at = offsetOf(f);
  return at >= 0 && percentAfter(f.line, at + f.raw.length);
}

/** A change stated in percentage points (neither an amount nor a margin). */
export function isPoints(f: SourceFigure): boolean {
  const at = offsetOf(f);
  return at >= 0 && pointsAfter(f.line, at + f.raw.length);
}

/** The words of a sentence's clause before its figure ("Net sales in 2018 were" of "… $32.8 billion"); a row's label. */
export function lineItemOf(f: SourceFigure): string {
  if (f.kind !== "sentence") return f.label;
  const at = offsetOf(f);
  const head = f.line.slice(0, at < 0 ? f.line.length : at);
  const cut = Math.max(head.lastIndexOf(";"), head.lastIndexOf(", and"), head.lastIndexOf(" while "), head.length - 90);
  return head.slice(Math.max(0, cut));
}

/** Words after an amount's name that make it a flow or a payment of it, not its level ("cash flow", "cash provided"). */
const FLOW_AFTER = /^(?:flow|flows|provided|used|generated|paid|received|kassaflöde)$/i;

/** Words after an amount's name that make it one part of it ("Borrowings, non-current", "Debt current"). */
const PART_AFTER = /^(?:current|non-current|noncurrent|long-term|short-term|kortfristiga|långfristiga)$/i;

/** Words that may stand before a line item without making it a part of it ("total revenue", "our net sales"). */
const WHOLE = new Set(
  "total net consolidated group interest-bearing reported fiscal annual quarterly full year our its the company's companys and of in for with which were was as grew increased decreased rose fell reported generated recorded achieved posted had".split(" "),
);

/**
 * Whether the line item is the whole topic, not a part of it: "Revenues", "Total revenue", "Net
 * sales were …" are; "Subscription revenue", "Cost of sales", "online sales" are not.
 */
function isWhole(item: string, subject: string, prose: boolean): boolean {
  const ws = item.match(/[\p{L}\p{N}'’&.-]+/gu) ?? [];
  const lower = ws.map((w) => w.toLowerCase());
  for (let i = 0; i < ws.length; i++) {
    // the mention starts at word i (the word is part of it, not a qualifier before it)
    const n = [1, 2, 3, 4, 5, 6].find((k) => mentionsTopic(lower.slice(i, i + k).join(" "), subject, true) && !mentionsTopic(lower.slice(i + 1, i + k).join(" "), subject, true));
    if (!n) continue;
    // a flow of it or what it paid is another line item ("Cash flow from …", "Net cash provided by …")
    if (FLOW_AFTER.test(lower[i + n] ?? "") && !FLOW_AFTER.test(subject.split(/\s+/).at(-1) ?? "")) return false;
    // one part of it is not it ("Borrowings, non-current" for borrowings)
    if (PART_AFTER.test(lower[i + n] ?? "") && !PART_AFTER.test(subject.split(/\s+/)[0] ?? "")) return false;
    const before = ws.slice(0, i);
    const prev = before.at(-1);
    if (!prev) return true;
    if (/^(?:cost|costs|gain|gains|loss|losses)$/i.test(before.at(-2) ?? "") && /^(?:of|on)$/i.test(prev)) return false;
    // a change in it is no level of it ("Net change in cash and cash equivalents", "Increase in borrowings")
    if (/^(?:change|changes|increase|increases|decrease|decreases|movement|movements)$/i.test(before.at(-2) ?? "") && /^(?:in|of)$/i.test(prev)) return false;
    // a payment or a receipt of it is a cash flow, not its balance ("Repayment of borrowings", "Proceeds from borrowings")
    if (/^(?:repayment|repayments|proceeds|issuance|issue|payment|payments|purchase|purchases|interest|amorti[sz]ation)$/i.test(before.at(-2) ?? "") && /^(?:of|from|on)$/i.test(prev)) return false;
    // in prose a company's name may stand before it ("Acme Corp. revenues", "ACME revenues", "Acme's revenues"), not a segment's ("Online sales", "Widget Cloud revenue")
    const name = prose && (/\.$/.test(prev) || /^\p{Lu}{2,}[,]?$/u.test(prev) || /['’]s$/.test(prev));
    if (WHOLE.has(prev.toLowerCase()) || name || /\d/.test(prev)) return true;
    return false;
  }
  return false;
}

/** A profit margin named by its kind: "gross margin", "EBITDA margin", "operating profit margin", "rörelsemarginal". */
const MARGIN_KIND = /\b((?:operating|net)\s+income|gross|operating|ebitda|ebit|net|profit|income|contribution|pre-?tax|segment|adjusted|brutto|rörelse)\s*(?:profit\s+)?(?:margin|marginal)/i;
const KIND_KEY: Record<string, string> = { brutto: "gross", "rörelse": "operating", "operating income": "operating", "net income": "net", pretax: "pre-tax" };
const marginKindKey = (k: string) => KIND_KEY[k.toLowerCase().replace(/\s+/g, " ")] ?? k.toLowerCase();

/** Whether a figure's line item is the topic: a ratio topic names a margin literally ("gross profit" is not a margin); an amount is the whole line item. */
export function figureIsAbout(f: SourceFigure, subject: string, ratio: boolean): boolean {
  const item = lineItemOf(f);
  if (ratio) {
    // a profit margin, named by its kind ("gross margin", "EBITDA margin"); not a lending margin ("the LIBOR margin ranges …")
    const kind = MARGIN_KIND.exec(item);
    if (!kind || !(mentionsTopic(item, subject) || MARGIN_KIND.test(subject))) return false;
    // a margin asked by its kind ("EBITDA margin") is that margin, not another one the topic's synonyms reach ("gross margin")
    const asked = MARGIN_KIND.exec(subject)?.[1];
    if (asked && !/^(?:profit|segment|adjusted)$/i.test(asked) && marginKindKey(asked) !== marginKindKey(kind[1]!)) return false;
    // the whole company's margin, not a segment's ("Widget Cloud gross margin")
    const prev = (item.slice(0, kind.index).match(/[\p{L}\p{N}'’&.-]+/gu) ?? []).at(-1);
    return !prev || WHOLE.has(prev.toLowerCase()) || /\d/.test(prev) || (f.kind === "sentence" && (/\.$/.test(prev) || /^\p{Lu}{2,}[,]?$/u.test(prev) || /['’]s$/.test(prev)));
  }
  if (!mentionsTopic(item, subject, true)) return false;
  return f.kind === "sentence" ? isWhole(item, subject, true) : isWhole(item, subject, false);
}
