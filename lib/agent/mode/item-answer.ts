/**
 * Agent Mode's structured final answer, written from the gate's item checks: one line per item in
 * the order asked (a figure with its citation [n], a comparison with both sides and the change, the
 * risks quoted from their section, "not in the data room" with what was searched, or why the run
 * did not answer it), the parts of the request no item asks, the citations the [n] markers link
 * to, and the badge saying what was checked ("9 of 11 items answered from sources, 2 not in the
 * data room").
 */
import { formatAmount } from "@/lib/metrics/numbers";
import type { SourceRef } from "@/lib/agent/sources";
import { readFigure, TABLE_RULE, type ItemCheck, type LegCheck, type StatedFigure } from "./item-gate";
import type { GroundedCitation, Insufficiency } from "./types";

export interface ItemsAnswer {
  answer: string;
  citations: GroundedCitation[];
  insufficiencies: Insufficiency[];
  badge: string;
  counts: { items: number; answered: number; notCovered: number; failed: number; unread?: number };
}

class Citations {
  readonly list: GroundedCitation[] = [];
  private byKey = new Map<string, number>();

  n(s: SourceRef): number {
    const key = `${s.documentId}:${s.page}:${s.cell ?? ""}`;
    const had = this.byKey.get(key);
    if (had) return had;
    const n = this.list.length + 1;
    this.byKey.set(key, n);
    this.list.push({ n, documentId: s.documentId, document: s.document, page: s.page, chunkId: null, snippet: s.excerpt.slice(0, 300), url: s.url, documentDate: s.documentDate ?? null, opened: true });
    return n;
  }

  /** "(source: file.pdf, p.48)" → "[1]" for the sources the leg cites. */
  mark(line: string, sources: SourceRef[]): string {
    let out = line;
    for (const s of sources) if (out.includes(s.citation)) out = out.split(s.citation).join(`[${this.n(s)}]`);
    return out.replace(/\(source: [^)]*\)/g, "").replace(/\s+([.,;])/g, "$1").trim();
  }

  /** The markers of the sources a leg's lines cite (all of its sources when its lines name none). */
  markers(lines: string[], sources: SourceRef[]): string {
    const cited = sources.filter((s) => lines.some((l) => l.includes(s.citation)));
    return [...new Set((cited.length ? cited : sources.slice(0, 2)).map((s) => this.n(s)))].map((n) => `[${n}]`).join(" ");
  }
}

function signed(f: { value: number; unit: StatedFigure["unit"] }, like: StatedFigure): string {
  const sign = f.value < 0 ? "−" : "+";
  const abs = Math.abs(f.value);
  if (f.unit === "percent") return `${sign}${abs.toFixed(1)} pp`;
  if (f.unit === "count") return `${sign}${abs.toLocaleString("en-US", { maximumFractionDigits: 1 })}`;
  return `${sign}${formatAmount(abs, like.scale, like.currency === "$" ? "USD" : like.currency)}`;
}

/** What to show under the figure: the row as the page prints it (quoted), or a formula that computes something. */
function detail(lines: string[]): string | null {
  const printed = lines.find((l) => /as printed:/i.test(l));
  if (printed) {
    const m = /^\(?(.*?as printed):\s*(.*?)\)?$/i.exec(printed.trim());
    return m ? `${m[1]}: “${m[2]!.trim()}”` : printed;
  }
  const formula = lines.find((l) => /^Formula:/i.test(l) && /[/+×*−-]\s/.test(l.replace(/^Formula:[^=]*=/, "")));
  return formula ?? null;
}

/** "2018-12-31" → "31 December 2018". */
function dayOf(iso: string): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : `${d.getUTCDate()} ${d.toLocaleString("en-GB", { month: "long", timeZone: "UTC" })} ${d.getUTCFullYear()}`;
}

/** A verbatim piece of the cited page around the figure (what the viewer highlights), at most a line. */
function quoteOf(figure: StatedFigure, sources: SourceRef[]): { text: string; source: SourceRef } | null {
  const written = /\d[\d,]*(?:\.\d+)?/.exec(figure.display)?.[0];
  if (!written) return null;
  // the page may print the figure in another scale than the answer ("5,200" thousands for "EUR 5.2 million")
  const forms = [written, ...[1e3, 1e6].map((k) => Math.abs(figure.value) / k).filter((v) => Number.isInteger(v) && v >= 10).map((v) => v.toLocaleString("en-US"))];
  for (const s of sources) {
    for (const text of [s.highlight, s.excerpt]) {
      if (!text) continue;
      const digits = forms.find((f) => text.includes(f));
      if (!digits) continue;
      const at = text.indexOf(digits);
      if (at < 0) continue;
      const from = Math.max(text.lastIndexOf("\n", at) + 1, at - 90);
      const to = Math.min(...[text.indexOf("\n", at), at + 90].filter((x) => x >= 0), text.length);
      const piece = text.slice(from, to).replace(/\s+/g, " ").trim();
      if (piece.length >= 6) return { text: piece, source: s };
    }
  }
  return null;
}

const searchedText = (searched: string[]) => (searched.length ? `searched: ${[...new Set(searched)].slice(0, 4).join("; ")}` : "nothing matched the question");

function failedLine(label: string, reason: string | undefined): string {
  return `- **${label}**: not answered in this run — ${reason ?? "no answer fitted the question"}.`;
}

function itemLines(c: ItemCheck, cites: Citations, phrase: string): string[] {
  const label = c.item.label;
  if (c.status === "failed") return [failedLine(label, c.reason)];
  if (c.status === "not_covered") {
    const searched = c.legs.flatMap((l) => (l.status === "answered" ? [] : l.searched));
    return [`- **${label}**: ${phrase} — not in the data room (${searchedText(searched)}).`];
  }
  const legs = c.legs as Array<Extract<LegCheck, { status: "answered" }>>;
  if (c.item.kind === "comparison" && c.change) {
    const [a, b] = legs as [Extract<LegCheck, { status: "answered" }>, Extract<LegCheck, { status: "answered" }>];
    const pct = c.change.percent !== undefined ? ` (${c.change.percent < 0 ? "−" : "+"}${Math.abs(c.change.percent).toFixed(1)}%)` : "";
    const way = c.change.value > 0 ? "up" : c.change.value < 0 ? "down" : "unchanged";
    return [`- **${label}**: ${c.item.periods[0]} ${a.figure!.display} ${cites.markers(a.lines, a.sources)} vs ${c.item.periods[1]} ${b.figure!.display} ${cites.markers(b.lines, b.sources)}; change ${signed(c.change, a.figure!)}${pct}, ${way}.`];
  }
  const a = legs[0]!;
  if (c.item.kind === "narrative") {
    return [`- **${label}** (${c.item.concept?.section ? c.item.concept.section.replace(/\b\w/g, (x) => x.toUpperCase()) : "quoted"}):`, ...a.lines.map((l) => `  ${cites.mark(l, a.sources)}`)];
  }
  if (a.figure && c.item.kind !== "other" && c.item.kind !== "ranking") {
    // the figure as its page prints it; for a computed figure, the first input's row
    const inputs = a.lines.filter((l) => /^- /.test(l)).map((l) => readFigure(l.replace(/^- [^:]*:\s*/, ""))).filter((f): f is StatedFigure => !!f);
    const quote = [a.figure, ...inputs].map((f) => quoteOf(f, a.sources)).find(Boolean) ?? null;
    const more = quote ? null : detail(a.lines);
    const asOf = a.asOf ? ` (at ${dayOf(a.asOf)})` : "";
    return [`- **${label}**${asOf}: ${a.figure.display} ${cites.markers(a.lines, a.sources)}`, ...(quote ? [`  - the page states: "${quote.text.replace(/"/g, "'")}" [${cites.n(quote.source)}]`] : more ? [`  - ${cites.mark(more, a.sources)}`] : [])];
  }
  // a table in the answer is read row by row: "Forecast: EUR 5.0 million; Actual: EUR 5.2 million; …"
  const table = flattenTable(a.lines);
  if (table.length) return [`- **${label}**: ${cites.mark(table[0]!, a.sources)}`, ...table.slice(1, 3).map((l) => `  - ${cites.mark(l, a.sources)}`)];
  // the answer's first line, and the lines under it that state something
  const [first, ...rest] = a.lines.filter((l) => !/^_.*_$/.test(l) && !TABLE_RULE.test(l));
  // a ranking shows every value it compared; other answers the few lines that state something
  const more = rest.filter((l) => /\d/.test(l) && !/^\|\s*(?:metric|item)\b/i.test(l)).slice(0, c.item.kind === "ranking" ? 10 : 3);
  return [`- **${label}**: ${cites.mark((first ?? "").replace(/^[^:]{0,80}—\s*/, ""), a.sources)}`, ...more.map((l) => `  ${cites.mark(l, a.sources)}`)];
}

function flattenTable(lines: string[]): string[] {
  const rows = lines.filter((l) => /^\|.*\|$/.test(l));
  if (rows.length < 3 || !TABLE_RULE.test(rows[1]!)) return [];
  const cells = (l: string) => l.slice(1, -1).split("|").map((c) => c.trim());
  const head = cells(rows[0]!);
  return rows.slice(2).map((r) => cells(r).map((c, i) => (i === 0 ? c : `${head[i] ?? ""}: ${c}`)).join("; "));
}

export function badgeOf(counts: ItemsAnswer["counts"]): string {
  const parts = [`${counts.answered} of ${counts.items} item${counts.items === 1 ? "" : "s"} answered from sources`];
  if (counts.notCovered) parts.push(`${counts.notCovered} not in the data room`);
  if (counts.failed) parts.push(`${counts.failed} not answered in this run`);
  if (counts.unread) parts.push(`${counts.unread} part${counts.unread === 1 ? "" : "s"} of the request not read`);
  return parts.join(", ");
}

/** A part of the request no item asks: the run did not read it, so it is not answered. */
function unreadLine(part: string): string {
  return `- **${part.charAt(0).toUpperCase()}${part.slice(1)}**: not answered in this run — this part of the request was not read into an item; ask it on its own.`;
}

export function writeItemsAnswer(checks: ItemCheck[], phrase: string, unread: string[] = []): ItemsAnswer {
  const cites = new Citations();
  const lines = [...checks.flatMap((c) => itemLines(c, cites, phrase)), ...unread.map(unreadLine)];
  const counts = { items: checks.length, answered: checks.filter((c) => c.status === "answered").length, notCovered: checks.filter((c) => c.status === "not_covered").length, failed: checks.filter((c) => c.status === "failed").length, unread: unread.length };
  const badge = badgeOf(counts);
  const insufficiencies: Insufficiency[] = checks.filter((c) => c.status === "not_covered").map((c) => ({ topic: c.item.label, missing: "not in the data room", queriesTried: c.legs.flatMap((l) => (l.status === "answered" ? [] : l.searched)) }));
  return { answer: ["## Answer", "", ...lines, "", `_${badge}._`].join("\n"), citations: cites.list, insufficiencies, badge, counts };
}
