/**
 * "Which segments do they report?": the parts the segment tables of get_line_items name, else a
 * search_documents sentence naming them.
 */
import { sentencePieces } from "@/lib/extraction/sentences";
import { findConcepts } from "../../concepts/match";
import type { LineItemsOutput } from "../../evidence/line-items";
import type { SearchDocumentsOutput } from "../../evidence/passages";
import { passageRecency } from "./shared";
import { saysSegment } from "../../concepts/part-names";

/** Rows of a segment table that are no segment: totals, reconciling lines, the segments' own measure. */
const NOT_A_SEGMENT = /^(?:total|segment|consolidated|corporate|eliminations?|intersegment|reconcil|unallocated|less\b|other\b|non-?reportable)|\b(?:charges?|expenses?|costs?|adjustments?|investments?|segments)$/i;

/**
 * "Which segments do they report?": the parts the newest filing's segment tables name (a row's label,
 * "FedEx Ground segment", or the heading over a measure's row: "Americas" over "Net sales") in at
 * least two tables, in the order printed, cited from the table naming the most of them. Null when
 * fewer than two parts are named so.
 */
export function writeSegments(o: LineItemsOutput): string | null {
  const rows = (o.rows ?? []).filter((x) => saysSegment([x.label, x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" ")));
  const newest = Math.max(0, ...rows.map((x) => x.filingYear ?? 0));
  const names = new Map<string, { name: string; tables: Set<string>; cites: string[] }>();
  for (const x of rows.filter((y) => (y.filingYear ?? 0) === newest)) {
    const figure = findConcepts(x.label).some((h) => h.concept.kind !== "text");
    const raw = figure ? (x.table?.headings ?? []).find((h) => !saysSegment(h) && !findConcepts(h).some((k) => k.concept.kind !== "text")) : x.label;
    const name = raw?.replace(/\s+segment\s*$/i, "").replace(/[:\s]+$/, "").trim();
    if (!name || NOT_A_SEGMENT.test(name) || /\d/.test(name)) continue;
    const key = name.toLowerCase();
    const seen = names.get(key) ?? { name, tables: new Set<string>(), cites: [] };
    seen.tables.add(`${x.document}|${x.page}|${x.table?.title ?? ""}`);
    seen.cites.push(x.citation);
    names.set(key, seen);
  }
  const parts = [...names.values()].filter((n) => n.tables.size >= 2);
  if (parts.length < 2) return null;
  const cites = parts.flatMap((p) => p.cites);
  const cite = [...new Set(cites)].sort((a, b) => cites.filter((c) => c === b).length - cites.filter((c) => c === a).length)[0]!;
  return `${o.company ? `${o.company} reports` : "The filing reports"} ${parts.length} segments: ${parts.map((p) => p.name).join(", ")} ${cite}`;
}

/** A sentence naming the company's segments: "our reportable segments consist of …", "operates in five reportable segments: …". */
const STATES_SEGMENTS = /\b(?:reportable|operating|business) segments?\b[^.;]{0,60}?(?:\bconsist(?:s|ed)? of\b|\bare\b|\binclude[sd]?\b|\bcompris(?:e|es|ed|ing)\b|:)/i;

/**
 * "Which segments do they report?": the newest sentence stating the segments by name (at least two
 * capitalised names after the statement). Null when none does.
 */
export function writeSegmentsStated(o: SearchDocumentsOutput): string | null {
  for (const p of [...(o.passages ?? [])].sort((a, b) => passageRecency(b) - passageRecency(a))) {
    for (const s of sentencePieces(p.text.replace(/\s+/g, " "))) {
      const m = STATES_SEGMENTS.exec(s);
      // a table run together ("… as follows (in millions): FedEx Express Segment … 2,157") states no list
      if (!m || s.length > 450 || (s.match(/\d[\d,.]*/g)?.length ?? 0) > 2) continue;
      const after = s.slice(m.index + m[0].length);
      const names = after.match(/\b\p{Lu}[\p{L}&.-]*(?:\s+(?:of\s+|and\s+)?\p{Lu}[\p{L}&.-]*)*/gu) ?? [];
      if (names.length >= 2) return `${o.company ? `${o.company}'s` : "The"} filing states: "${s.trim()}" ${p.citation}`;
    }
  }
  return null;
}
