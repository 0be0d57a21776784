/**
 * A part's figure or an operating figure, read from the part findings of segment, geographic,
 * quarterly and operating-statistics tables (lib/extraction/findings/parts.ts): "the X segment's
 * revenue in fiscal 2023", "revenue from Europe", "total average daily package volume", "comparable
 * sales in the first quarter". A row answers only when its label, the headings above it and its
 * table's title name every word the question asks (the company's own name, the period, the unit and
 * question words aside), and only in the column of the asked period; else nothing answers (the
 * caller abstains or reads passages). Among rows that name every word, the one adding the fewest
 * words of its own wins: "Parcel Freight segment" under a revenue title before the same
 * segment's row under "International:". A company-total question never comes here (the caller asks
 * only for a part or a figure no statement names), and a part's row never answers a total: the
 * part's words would be extra.
 */
import type { Queryable } from "@/lib/db";
import { PART_KEY_PREFIX, type PartFindingPayload } from "@/lib/extraction/findings/parts";
import { isoDate, monthNumber, monthWords, parsePeriod, samePeriod, type Period } from "@/lib/periods";
import { formatValue } from "./describe";
import type { SourceRegistry } from "../sources";
import type { KbTableValue } from "./types";
import { parsePrintedNumber } from "@/lib/metrics/printed-number";
import { stemWord, wordStart } from "@/lib/search/stemming";
import { plainKey } from "@/lib/text-keys";

const stemOf = (w: string) => stemWord(w);

/** Words a question uses that name no part of a table row. */
const STOP = new Set(
  "what was were is are the a an of in on at for from to by its their his her our how much many did does do which company company's companies reported report amount value figure and or as end ended ending period year years fiscal quarter quarters months month three six nine twelve first second third fourth full usd eur sek gbp dollars dollar million millions billion billions thousand thousands approximately about total's during date".split(" "),
);
const MONTH_WORDS = new RegExp(`^${monthWords({ abbreviated: true })}$`);

export function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']s\b/g, "")
    .replace(/\bu\.s\.?(?=\W|$)/g, "us")
    .replace(/\bu\.k\.?(?=\W|$)/g, "uk")
    .split(/[^\p{L}\p{N}&]+/u)
    .filter((w) => w.length > 1 && !/^\d/.test(w) && !STOP.has(w) && !MONTH_WORDS.test(w) && !/^(?:fy|q[1-4]|h[12])$/.test(w));
}

/**
 * Words a question may use that a table need not print: what the part is ("segment", "region"), the
 * change asked ("increase" of a growth table), whom revenue comes from ("customers"). A row need not
 * name them; when it does, they are not its own extra words.
 */
const SOFT = new Set("segment segments region regions reportable division divisions business increase increased decrease decreased change changed growth grow grew rise rose fall fell customers customer located".split(" "));


/**
 * The question's words less its first mention of the company: the longest run of words that spells
 * (part of) a company's name or key ("acme" of ACMECORP, "initech holdings" of
 * INITECHHOLDINGS). Only that mention goes: "Acme's Acme Lake region" keeps the region's word.
 */
export function withoutCompany(words: string[], companies: string[]): string[] {
  const keys = companies.map((c) => plainKey(c)).filter((k) => k.length >= 3);
  const names = companies.map((c) => new Set(contentWords(c)));
  // the whole name first ("salesworks" before the "sales" of "Sales Cloud"), then a part of it ("acme" of ACMECORP)
  const whole = (run: string[]) => keys.includes(run.join("")) || names.some((n) => run.every((w) => n.has(w)));
  const part = (run: string[]) => run.join("").length >= 5 && keys.some((k) => k.includes(run.join("")));
  for (const fits of [whole, part]) {
    for (let i = 0; i < words.length; i++) {
      for (let j = words.length; j > i; j--) {
        if (fits(words.slice(i, j))) return [...words.slice(0, i), ...words.slice(j)];
      }
    }
  }
  return words;
}

/** Words naming a figure a table prints (the question's head noun is a figure, not a list of segments or businesses). */
const FIGURE_NOUN = /\b(?:revenues?|sales|income|profit|loss(?:es)?|margins?|assets|liabilities|expenses?|costs?|volumes?|headcount|employees|rates?|ratio|growth|cash|debt|earnings|price|yield|backlog|capital expenditures?|capex|ebitda|shipments|packages|units|stores|restaurants|locations|customers|subscribers|users|square (?:feet|foot)|occupancy|leased|bookings|orders|deliveries)\b|\bper\s+\p{L}/iu;

/** The question asks one figure (not why, who, which one, whether, nor a list of parts). */
export function asksFigure(question: string): boolean {
  const q = question.trim();
  if (/^\s*(?:why|who|whom|which|where|when|is|are|does|do|did|has|have|had|was|were|can|will)\b/i.test(q)) return false;
  if (/\bhow (?:does|did|do|is|are|was)\b/i.test(q)) return false;
  // an amount the question does not name as a table's figure ("how much did X pay for Y", "damages awarded") is a sentence's business
  if (!FIGURE_NOUN.test(q)) return false;
  return /^\s*(?:what (?:was|were|is|are)|how many|by how much)\b/i.test(q);
}

/** The period the question asks, read more exactly than a label: "three months ended July 31, 2023", "as of April 30, 2023". */
function askedSpan(question: string, period?: Period): { months?: number; end?: string; period?: Period } {
  const m = /\b(three|six|nine|twelve)[ -]months? ended\s+([A-Za-z]+)\.?\s+(\d{1,2}),?\s+((?:19|20)\d\d)\b/i.exec(question);
  if (m) {
    const month = monthNumber(m[2]!);
    if (month) return { months: { three: 3, six: 6, nine: 9, twelve: 12 }[m[1]!.toLowerCase() as "three"]!, end: isoDate(Number(m[4]), month, Number(m[3])) };
  }
  const a = /\b(?:as of|at)\s+([A-Za-z]+)\.?\s+(\d{1,2}),?\s+((?:19|20)\d\d)\b/i.exec(question);
  if (a) {
    const month = monthNumber(a[1]!);
    if (month) return { months: 0, end: isoDate(Number(a[3]), month, Number(a[2])) };
  }
  return { period };
}

type Column = PartFindingPayload["part"]["columns"][number];

function columnFits(c: Column, span: ReturnType<typeof askedSpan>): boolean {
  if (span.end !== undefined) return c.periodEnd === span.end && (span.months === 0 || c.months === span.months);
  const p = span.period;
  if (!p) return false;
  if (p.kind === "point") return c.periodEnd === p.end;
  if (p.kind === "FY") return c.months === 12 && parsePeriod(c.period)?.kind === "FY" && parsePeriod(c.period)?.year === p.year;
  const months = p.kind === "Q" ? 3 : p.kind === "H" ? 6 : 9;
  return c.months === months && (samePeriod(c.period, p.label) || c.periodEnd === p.end);
}

interface PartRow {
  documentId: string;
  filename: string;
  documentDate: string | null;
  kind: string | null;
  page: number;
  payload: PartFindingPayload;
}

async function loadRows(db: Queryable, o: { dealId: string; documentIds?: string[]; patterns: string[] }): Promise<PartRow[]> {
  const { rows } = await db.query<{ document_id: string; filename: string; document_date: string | null; kind: string | null; page: number; payload: PartFindingPayload | string }>(
    `select s.document_id, d.filename, to_char(d.document_date, 'YYYY-MM-DD') as document_date, d.kind, (s.evidence->>'page')::int as page, s.payload
       from staging_extractions s join documents d on d.id = s.document_id
      where s.deal_id = $1 and s.candidate_type = 'finding' and s.candidate_key like $2 and s.status in ('promoted', 'duplicate')
        and d.status = 'indexed' and ($3::uuid[] is null or s.document_id = any($3::uuid[]))
        and lower(s.payload::text) like all($4::text[])
      limit 4000`,
    [o.dealId, `${PART_KEY_PREFIX}%`, o.documentIds ?? null, o.patterns],
  );
  return rows.map((r) => ({ documentId: r.document_id, filename: r.filename, documentDate: r.document_date, kind: r.kind, page: Number(r.page), payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload }));
}

interface Ranked {
  row: PartRow;
  extra: number;
}

/** How well a row names the question's words: null when a word is not named, else the weight of the row's own extra words. */
export function rowFit(asked: string[], part: { label: string; context: string[]; title: string }): number | null {
  const label = contentWords(part.label).map(stemOf);
  const context = contentWords(part.context.join(" ")).map(stemOf);
  const title = contentWords(part.title).map(stemOf);
  const q = new Set(asked.map(stemOf));
  const named = new Set([...label, ...context, ...title]);
  if (!asked.filter((w) => !SOFT.has(w)).map(stemOf).every((w) => named.has(w))) return null;
  if (!label.some((w) => q.has(w))) return null;
  // an abbreviation the headings spell out ("Total ADV" under "Average daily package volume (ADV)") adds nothing
  const extraLabel = label.filter((w) => !q.has(w) && !context.includes(w) && !title.includes(w) && w !== "total");
  const extraContext = context.filter((w) => !q.has(w) && !label.includes(w) && w !== "total");
  const extraTitle = title.filter((w) => !q.has(w) && !label.includes(w) && !context.includes(w));
  return 3 * new Set(extraLabel).size + 2 * new Set(extraContext).size + new Set(extraTitle).size;
}

function valueOf(p: PartFindingPayload, c: Column): { value: string; scale?: string } {
  const cur = p.currency ?? "";
  if (p.unit === "currency" && p.part.scale > 1) {
    const n = (parsePrintedNumber(c.value)?.value ?? NaN) * p.part.scale;
    const scale = `${cur ? `${cur} ` : ""}${p.part.scale === 1e9 ? "billions" : p.part.scale === 1e6 ? "millions" : "thousands"}`;
    return { value: formatValue({ value_num: n, value_text: c.value, unit: "currency", currency: cur || null }), scale };
  }
  const v = c.value.replace(/^\((.*)\)$/, "-$1");
  return { value: p.unit === "percent" && !/%$/.test(v) ? `${v}%` : v };
}

/** Money asked ("in USD millions") is not answered by a percentage row, nor a percentage asked by an amount. */
export function unitFits(question: string, unit: string): boolean {
  const money = /\bin (?:usd|eur|sek|gbp|\$|dollars?|(?:millions|thousands|billions)(?: of dollars)?)\b|\bdollars?\b/i.test(question);
  const percent = /\bpercent(?:age)?\b|%|\bmargins?\b|\brates?\b|\bshare of\b/i.test(question);
  if (money && unit === "percent") return false;
  if (percent && !money && unit === "currency") return false;
  return true;
}

/** A row whose figures differ a hundredfold with a one-digit one among them read a footnote marker as a figure ("Marketing and sales (1)(2)"). */
function misread(p: PartFindingPayload): boolean {
  const nums = p.part.columns.map((c) => Math.abs(parsePrintedNumber(c.value)?.value ?? NaN)).filter((n) => Number.isFinite(n));
  if (nums.length < 2) return false;
  const min = Math.min(...nums);
  return min < 10 && Number.isInteger(min) && Math.max(...nums) > 200 * Math.max(min, 1);
}

/**
 * A row printing at least twice as many amounts as it has columns (and four or more) was read under
 * a header that named only some of its columns ("Three Months Ended … Nine Months Ended" over four
 * dates read as one or two): which printed amount is which period is unknown, so the row answers
 * nothing. Only a row read along (its label begins the printed row); a table read across (one
 * finding per part column) is not. Amounts are counted in the columns' own shape (grouped "20,205" or plain "263"), so a
 * percent-change column beside them ("8 %", "(10 )") does not count.
 */
export function columnsUnread(p: PartFindingPayload): boolean {
  const cols = p.part.columns;
  // a table read across (parts as columns: "Boston", "New York" … under one row) names its part in the label, not the row
  if (!p.part.row.startsWith(p.part.label)) return false;
  const printed = p.part.row.slice(p.part.label.length);
  const grouped = cols.filter((c) => /\d,\d{3}/.test(c.value)).length * 2 >= cols.length;
  const shape = grouped ? /\d{1,3}(?:,\d{3})+(?:\.\d+)?/g : /(?<![\d.,])\d+(?:\.\d+)?(?![\d.,]|\s*\)?\s*%)/g;
  const amounts = printed.match(shape) ?? [];
  return amounts.length >= 2 * Math.max(cols.length, 2);
}

/**
 * The table rows that state a part's figure or an operating figure the question asks, in the asked
 * period's column, each registered as a source; [] when no row names every word asked.
 */
export async function partFigures(deps: { db: Queryable; dealId: string; sources: SourceRegistry }, o: { question: string; period?: Period; documentIds?: string[]; companyWords?: string[] }): Promise<KbTableValue[]> {
  const names = await deps.db.query<{ company: string | null; company_key: string | null }>(
    `select distinct company, company_key from documents where deal_id = $1 and ($2::uuid[] is null or id = any($2::uuid[]))`,
    [deps.dealId, o.documentIds ?? null],
  );
  // the company's own name is no part ("Parcelco" in "Parcelco Ground's volume" leaves "ground")
  const companies = [...(o.companyWords ?? []), ...names.rows.flatMap((r) => [r.company ?? "", r.company_key ?? ""])].filter(Boolean);
  const asked = [...new Set(withoutCompany(contentWords(o.question), companies))];
  if (asked.length === 0) return [];
  // every word a row must name is somewhere in its payload (label, headings, title): a narrow first cut in the database
  const patterns = asked.filter((w) => !SOFT.has(w)).map((w) => `%${wordStart(w).replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
  if (patterns.length === 0) return [];
  const rows = await loadRows(deps.db, { dealId: deps.dealId, documentIds: o.documentIds, patterns });
  const span = askedSpan(o.question, o.period);
  // one entry per printed row (its findings are one per column)
  const byRow = new Map<string, PartRow>();
  for (const r of rows) byRow.set(`${r.documentId}|${r.page}|${r.payload.part.rowIndex}`, r);
  const ranked: Ranked[] = [];
  for (const row of byRow.values()) {
    const extra = rowFit(asked, row.payload.part);
    if (extra !== null) ranked.push({ row, extra });
  }
  ranked.sort((a, b) => a.extra - b.extra || (b.row.documentDate ?? "").localeCompare(a.row.documentDate ?? "") || a.row.page - b.row.page);
  for (const { row } of ranked) {
    const p = row.payload;
    if (misread(p) || columnsUnread(p) || !unitFits(o.question, p.unit)) continue;
    const col = span.end !== undefined || span.period ? p.part.columns.find((c) => columnFits(c, span)) : p.part.columns[0];
    if (!col) continue;
    const { value, scale } = valueOf(p, col);
    const context = p.part.context.filter((c) => c !== p.part.label);
    const label = `${p.part.label}${context.length ? ` (${context.join(", ")})` : ""}${p.part.title ? ` — ${p.part.title}` : ""}`;
    const ref = deps.sources.add({ documentId: row.documentId, document: row.filename, page: row.page, excerpt: p.part.row, documentDate: row.documentDate, kind: row.kind });
    return [{ label, column: col.header, asWritten: col.value, value, ...(scale ? { scale } : {}), period: col.period, document: row.filename, page: row.page, ...(row.documentDate ? { documentDate: row.documentDate } : {}), ...(row.kind ? { documentKind: row.kind } : {}), citation: ref.citation }];
  }
  return [];
}
