/**
 * What part of the company a figure covers (findings.scope): the company's own total
 * (consolidated), one segment, one geography, one programme or product line, a per-share amount or
 * a non-operating line. A part's figure is never the company's metric: it is stored with its scope
 * and the part's name, and never compared with, replaced by or answered as the total.
 *
 * Read from what the document prints around the figure — the row label, the headings above the row
 * and the table's title, or the words of a sentence before its figure — with general English
 * wording only ("segment", "by region", "per share", "Europe"), never a company's own part names.
 */
import type { FindingPayload } from "../types";

export type ScopeKind = NonNullable<FindingPayload["scope"]>;

export interface FindingScope {
  scope: ScopeKind;
  /** The part as printed ("Americas", "Government Services"); none for the consolidated total. */
  scopeName?: string;
}

/** A per-share figure's wording: "per diluted share", "earnings per", "EPS". */
export const PER_SHARE = /\bper\s+(?:common\s+|ordinary\s+|diluted\s+|basic\s+)?share\b|\bearnings per\b|\b(?:basic|diluted)\s+(?:eps|earnings)\b|\beps\b/i;
/** Lines outside operations: other income, interest, discontinued operations, equity-method results. */
const NON_OPERATING = /\bnon-?operating\b|\bother (?:income|expense|\(income\)|\(expense\))|\binterest (?:income|expense)\b|\bdiscontinued operations?\b|\bequity[- ](?:in|method)\b|\binvestment income\b|\bother,? net\b/i;
/** Geographic wording: regions, continents and the words tables of regions use. */
export const GEOGRAPHY = /\b(?:americas|north america|south america|latin america|europe|european|emea|asia(?:[- ]pacific)?|apac|greater china|china|japan|india|africa|middle east|canada|mexico|united states|u\.\s?s\.|united kingdom|international|domestic|foreign|rest of (?:the )?world|rest of asia(?: pacific)?|other countries|geograph\w*|regions?|regional|countr(?:y|ies))\b/i;
const SEGMENT = /\bsegments?\b|\bdivisions?\b|\bbusiness (?:units?|groups?|areas?|lines?)\b|\boperating groups?\b|\breportable\b/i;
const PROGRAMME = /\bproducts?\b|\bprogram(?:me)?s?\b|\bservice (?:types?|lines?)\b|\bby (?:category|type|brand|product line)\b|\blines? of business\b|\bcategor(?:y|ies)\b|\bbrands?\b|\bfranchises?\b/i;
/** The company as a whole: a table or sentence that says so. */
const WHOLE = /\bconsolidated\b|\btotal company\b|\bcompany[- ]wide\b|\bquarterly (?:financial )?(?:data|results|information)\b|\bselected (?:financial|consolidated) data\b|\bfinancial highlights\b/i;
/** Words of a measure (what a row counts), as opposed to the name of a part. */
const MEASURE = /\b(?:revenues?|sales|income|profit|earnings|loss(?:es)?|margin|backlog|expenses?|costs?|assets|liabilities|equity|cash|capital|expenditures?|depreciation|amortization|orders|bookings|volume|units|employees|headcount|deliveries|shipments|ebitda|ebit|dividends?|shares|debt|inventor(?:y|ies)|receivables|payables|goodwill|tax(?:es)?|rate|yield|growth|change|increase|decrease|percent(?:age)?|total|net|gross|operating|average|number|per|of|and|the|in|at|for|year[- ]end|end|fiscal|results?|operations|amounts?|millions?|thousands?|billions?)\b/gi;

/** Words that describe a table rather than name a part ("Segment Information", "the following table shows"). */
const DESCRIPTOR = /\b(?:information|data|summary|notes?|reporting|following|table|shows?|presents?|included|includes|summari[sz]ed|below|as follows|unaudited|selected|supplemental|disclosures?)\b/gi;

/** A heading or label with its measure words taken out: what is left names a part, or nothing. */
function partWords(text: string): string {
  return text
    .replace(/\([^)]*\)/g, " ")
    .replace(MEASURE, " ")
    .replace(/[^\p{L}\p{N}&'’.-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function names(text: string): boolean {
  return /\p{L}{2,}/u.test(partWords(text));
}

const clean = (s: string) => s.replace(/\s*:\s*$/, "").replace(/\s+/g, " ").trim();

/** "Space's operating results included the following": the part a caption is about. */
const POSSESSIVE = /^(?:the\s+)?(.{2,60}?)['’]s?\s+(?:operating|financial|segment|business)?\s*(?:results|net sales|revenues?|performance|operations|backlog)\b/i;

/** What moves a figure from one period to the next, as change tables print it ("Organic local-currency sales", "Acquisitions", "Translation", "Price"). */
const CHANGE_DRIVER = /^(?:organic\b|acquisitions?\b|divestitures?\b|(?:foreign\s+)?(?:currency\s+)?translation\b|(?:foreign\s+)?(?:currency|exchange)(?:\s+(?:rates?|impact|effects?))?$|(?:selling\s+)?prices?(?:\s+and\s+mix)?$|volume$|(?:product\s+)?mix$|price\/mix$)/i;
/** A heading over a change's drivers ("Sales change analysis", "Increase/(decrease) due to"). */
const CHANGE_HEADING = /\bchange\b|\b(?:increase|decrease)\b|\bdue to\b|\bvariance\b|\bbridge\b/i;
/** A page's running head or a caption describing the table ("Table of Contents", "Segment Information"): no part's name. */
const RUNNING_HEAD = /^(?:table of contents|index|contents)$/i;
const DESCRIBES = /^(?:the\s+)?following\b|\b(?:information|data|summary|notes?)$/i;

/** A measure the company reports by part (what segment, region and product tables break down). */
const RESULTS = /\b(?:revenues?|sales|operating (?:income|profit|earnings|loss)|segment (?:income|profit|results)|backlog|orders|bookings|gross (?:margin|profit))\b/i;

/**
 * The kind of part a name is, from the evidence around it; undefined when nothing says it is a part
 * (a line of a note: "Research and development", "Beginning balances" are the company's own).
 */
function kindOf(name: string, hints: string, context: string[]): ScopeKind | undefined {
  if (GEOGRAPHY.test(name)) return "geography";
  if (SEGMENT.test(hints)) return "segment";
  if (PROGRAMME.test(hints) || PROGRAMME.test(name)) return "programme";
  if (GEOGRAPHY.test(hints)) return "geography";
  // a named row inside a block of a results measure ("iPhone" above "Total net sales", under "Net revenue:")
  if (context.some((c) => RESULTS.test(c))) return "segment";
  return undefined;
}

/** The company's own total, a per-share or a non-operating line, by the label alone; undefined when the label names a part or nothing sure. */
function byLabel(label: string): FindingScope | undefined {
  if (PER_SHARE.test(label)) return { scope: "per_share" };
  if (NON_OPERATING.test(label)) return { scope: "non_operating" };
  return undefined;
}

/**
 * The scope of a row of a part, segment, geographic, quarterly or operating table: the row label,
 * the headings above it inside the table (nearest last) and the table's title.
 */
export function tableRowScope(o: { label: string; context?: string[]; title?: string }): FindingScope {
  const blocks = o.context ?? [];
  const context = blocks.filter((c) => !/^total\b/i.test(c));
  const title = o.title ?? "";
  const own = byLabel(o.label) ?? (blocks.some((c) => PER_SHARE.test(c)) ? { scope: "per_share" as const } : undefined);
  if (own) return own;
  if (blocks.some((c) => NON_OPERATING.test(c))) return { scope: "non_operating" };
  const hints = [title, ...context].join(" ");
  const label = clean(o.label);
  const total = /^total\b/i.test(label);
  // "Translation", "Divestitures" under "Sales change analysis": a driver of the change, no part; the part is the one the table is about
  if (CHANGE_DRIVER.test(label) && blocks.some((c) => CHANGE_HEADING.test(c))) {
    const about = title.split(/\s+—\s+/).map((x) => clean(x.replace(/\([^)]*\)/g, " "))).reverse().find((x) => names(x) && !RUNNING_HEAD.test(x) && !DESCRIBES.test(x));
    const kind = about ? kindOf(about, hints, blocks) : undefined;
    return kind && about ? { scope: kind, scopeName: about } : { scope: "consolidated" };
  }
  // "Europe", "Data Center Group", "iPhone": the row names the part ("Total Americas" too)
  if (names(label)) {
    const kind = kindOf(label, hints, blocks);
    if (kind) return { scope: kind, scopeName: label.replace(/^total\s+/i, "") };
  }
  // "Net sales" under "Americas" or "Greater China:": the heading names the part
  const heading = total || names(label) ? undefined : [...context].reverse().find(names);
  if (heading) {
    const kind = kindOf(heading, title, []);
    if (kind) return { scope: kind, scopeName: clean(heading) };
  }
  // a table about one part ("Space's operating results …", "PARCEL GROUND SEGMENT")
  for (const piece of title.split(/\s+—\s+/).reverse()) {
    const possessive = POSSESSIVE.exec(piece.trim());
    if (possessive && names(possessive[1]!) && !/^(?:our|its|the company|company|we)$/i.test(possessive[1]!.trim())) {
      return { scope: kindOf(possessive[1]!, hints, blocks) ?? "segment", scopeName: clean(possessive[1]!) };
    }
    const named = piece.replace(SEGMENT, " ").replace(DESCRIPTOR, " ");
    if (SEGMENT.test(piece) && !/\bsegments\b|\breportable\b|\ball\b|\bby\b/i.test(piece) && names(named)) {
      return { scope: "segment", scopeName: clean(partWords(named)) };
    }
  }
  return { scope: "consolidated" };
}

/** The scope of a line of a primary statement: the company's own total, but for per-share and non-operating lines. */
export function statementLineScope(label: string): FindingScope {
  return byLabel(label) ?? { scope: "consolidated" };
}

/**
 * The scope of a figure stated in a sentence, from the words before its figure ("Americas net sales
 * were …", "Net sales in the Europe segment were …"): a part when they name a region or a segment,
 * else the company's own figure (a sentence naming no part speaks of the company).
 */
export function sentenceScope(subject: string): FindingScope {
  const own = byLabel(subject);
  if (own) return own;
  if (WHOLE.test(subject)) return { scope: "consolidated" };
  const geo = GEOGRAPHY.exec(subject);
  if (geo) return { scope: "geography", scopeName: geo[0] };
  const seg = SEGMENT.exec(subject);
  if (seg) return { scope: "segment" };
  return { scope: "consolidated" };
}

/** A label's scope when nothing else is known (spreadsheet rows, statement-like table rows). */
export function labelScope(label: string, pageAboutParts = false): FindingScope {
  const own = byLabel(label);
  if (own) return own;
  if (GEOGRAPHY.test(label)) return { scope: "geography", scopeName: clean(label) };
  if (pageAboutParts && !/^total\b/i.test(label.trim())) return { scope: "segment" };
  return { scope: "consolidated" };
}
