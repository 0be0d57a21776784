/**
 * Which get_line_items row answers: the company's own row of a concept (pickRow), a part's row
 * (pickScopedRow), and the tests they share (a label naming the concept alone, a row of the figure's
 * kind, the later filing's rows, the value most tables state). Writes no answer itself.
 */
import type { Concept } from "../../concepts/catalog";
import { MEASURE_WORDS, PLAIN_LABEL_STEMS } from "../../concepts/generic-words";
import { findConcepts, tokens } from "../../concepts/match";
import { partTokens } from "../../concepts/part-names";
import { inFootnote, type LineItemColumn, type LineItemRow, type LineItemsOutput } from "../../evidence/line-items";
import { joinInitials } from "../../reader/read";
import { plainStems } from "./shared";

export const MEASURE_STEMS = new Set([...MEASURE_WORDS].map((w) => tokens(w)[0]!.stem));
/** The label holds a measure word ("expense", "headcount"): it names a figure, not only a part. */
const MEASURE_STEMS_IN = (label: string) => tokens(label).some((t) => MEASURE_STEMS.has(t.stem));

/** A statement line's reference to its note or footnote: "(Note 10)", "(Notes 4 and 5)", "(1)". */
const NOTE_REFERENCE = /\((?:notes?\s+\d+[a-z]?(?:\s*(?:,|and|&)\s*\d+[a-z]?)*|\d{1,2}|[a-z])\)/gi;

/** The label names the concept and nothing else: "Funded backlog" or "Net debt issuance" are other figures. */
function namesOnly(label: string, c: Concept, { partWords = false } = {}): boolean {
  // (a note reference names nothing: "Restructuring (Note 10)")
  const have = tokens(label.replace(NOTE_REFERENCE, " ")).map((t) => t.stem);
  // a count by any one of its names ("Total restaurants" for stores); another figure by its row words
  // or a name of two words or more ("Sales" alone is a product line as often as it is revenue, "Gross
  // merchandise volume" is GMV); nothing but plain words beside it
  const names = c.kind === "count" ? [...new Set([...(c.rowWords ?? []), ...c.terms])] : c.rowWords?.length ? [...c.rowWords, ...c.terms.filter((t) => /\s/.test(t.trim()))] : [c.terms[0]!];
  return names.some((wording) => {
    const want = new Set(tokens(wording).map((t) => t.stem));
    // (a figure that is itself a change, comparable sales, is printed with the word of its move: "Comparable sales % gain")
    // (partWords: a part's table asked, where "Segment net income" is the part's own line)
    return [...want].every((w) => have.includes(w)) && have.every((w) => want.has(w) || (PLAIN_LABEL_STEMS.has(w) && (partWords || !PART_ONLY.has(w))) || (!!c.isChange && MOVE_STEMS.has(w)));
  });
}

/** Words naming a move ("% gain", "growth", "decline"): the figure of a change concept, not another figure. */
const MOVE_STEMS = new Set(tokens("gain gains growth increase decrease decline declines change").map((t) => t.stem));

/** A heading of the row's table names the concept and nothing more ("Total revenue", "Net sales"). */
function headedByConceptAlone(x: LineItemRow, c: Concept): boolean {
  const terms = [...(c.rowWords ?? []), ...c.terms].map((t) => plainStems(t).join(" "));
  return [x.table?.title ?? "", ...(x.table?.headings ?? [])].some((h) => h && terms.includes(plainStems(h).join(" ")));
}

/** The row's column for the newest of the periods asked (when it has one), else its first with a value. */
export const columnOf = (x: LineItemRow, periods: string[] = []) => x.columns.find((k) => k.value !== null && k.period === [...periods].sort().at(-1)) ?? x.columns.find((k) => k.value !== null)!;

/** "Average monthly revenue per paying membership", "sales per square foot": an amount per unit, not the amount (a per-share row is left to the rows readers, as before). */
const PER_UNIT = /\bper\s+(?!cent\b|share\b)\p{L}/iu;
/**
 * A row of rates ("Subscription share of revenue 82.7%", "Europe 11" in a table of growth rates)
 * states no amount, count or per-share figure; a row of money ("Marketplace 1,225") states no rate.
 */
export const sameKind = (c: Concept, x: LineItemRow) => (!["amount", "count", "per_share"].includes(c.kind) || (x.unit !== "%" && !RATE_TABLE.test([x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" ")) && !SHARE_LABEL.test(x.label))) && (c.kind !== "count" || !moneyRow(x)) && (c.kind !== "percent" || x.unit === "%" || !x.currency) && (c.kind !== "amount" || !PER_UNIT.test(x.label));
/** A row's own label naming a share ("As a % of Total Subscription and Support Revenues", "% of net sales"): never an amount or a count. */
const SHARE_LABEL = /^(?:as an? )?(?:%|percent(?:age)?)\s+of\b|\bas an? (?:%|percent(?:age)?) of\b/i;
const RATE_TABLE = /\bgrowth rates?\b|\brates? of (?:growth|change)\b|\bas a percent(?:age)? of\b/i;

/** A row of money ("Revenues from franchised restaurants $ 14,105.8", "… occupancy expenses"): no count of the things it names. */
function moneyRow(x: LineItemRow): boolean {
  return /\$|€|£/.test(x.row) || findConcepts(x.label).some((h) => h.concept.kind === "amount") || tokens(x.label).some((t) => MEASURE_STEMS.has(t.stem));
}

/** One row answers when it names the concept in its own label and no other such row of the period disagrees, or a statement line does. */
export function pickRow(o: LineItemsOutput, c: Concept, periods: string[] = []): LineItemRow | null {
  const word = (c.rowWords?.[0] ?? c.terms[0]!).toLowerCase();
  const agree = (xs: LineItemRow[]) => xs.length > 0 && new Set(xs.map((x) => `${columnOf(x, periods).period}|${columnOf(x, periods).value}`)).size === 1;
  const fitting = o.rows.filter((x) => namesOnly(x.label, c) && sameKind(c, x) && !inFootnote(x) && x.columns.some((col) => col.value !== null));
  // the company's figure: a segment's or a region's row ("Comparable sales % gain" of the Domestic segment's table) gives way to the company's own
  const own = fitting.filter((x) => !x.part);
  const all = own.length ? own : fitting;
  // filings that disagree (a recast, a split): the later filing's rows
  const latest = agree(all) ? [] : latestFiled(all);
  const named = latest.length ? latest : all;
  if (!named.length) return null;
  const statement = named.find((x) => x.source === "statement");
  if (statement) return statement;
  const total = named.filter((x) => /\btotal\b/i.test(x.label) || (x.label.toLowerCase().replace(/[^a-z ]/g, "").trim() === word && !x.table?.headings.length));
  const candidates = total.length ? total : named;
  // (rows that disagree: the value more of the filing's tables state, as for a figure asked by its label)
  return agree(candidates) ? candidates[0]! : mostStated(candidates, (x) => columnOf(x, periods));
}

/**
 * Rows two filings print for one period with different values: the later filing's (it restates the
 * earlier after a split, a reclassification or discontinued operations). Empty when the rows come
 * from one filing, or say nothing of when they were filed.
 */
export function latestFiled(rows: LineItemRow[]): LineItemRow[] {
  const years = new Set(rows.map((x) => x.filingYear ?? 0));
  if (years.size < 2 || years.has(0)) return [];
  const newest = Math.max(...years);
  return rows.filter((x) => x.filingYear === newest);
}

/** Label words that mark a part's row ("Total Americas Segment"): no concept's own row carries them. */
const PART_ONLY = new Set(["segment", "busi", "group", "divis", "region"]);

/** Words a heading adds to name the figure's unit ("Gross margin percentage"), not a narrower figure. */
const UNIT_STEMS = new Set(tokens("percent percentage percentages rate rates ratio ratios").map((t) => t.stem));
/** The figure concepts a text names (section words aside): a table titled "Sales and operating income" names two. */
/** The figures a table's title or headings name, of one kind ("Revenue by Geographic Locations" names revenue, not a count of locations). */
const figureConcepts = (text: string, kind?: Concept["kind"]) => new Set(findConcepts(text).filter((h) => h.concept.kind !== "text" && (!kind || h.concept.kind === kind)).map((h) => h.concept.id));

/**
 * A part's figure ("Greater China net sales"): a row whose label names the part and the concept,
 * or names only the part in a table whose title and headings name this concept and no other
 * figure. Answered when the rows that fit agree on one value for the period; otherwise nothing.
 */
export function pickScopedRow(o: LineItemsOutput, c: Concept, scope: string, segment = false, periods: string[] = []): LineItemRow | null {
  // "U.S" or "United States" as a table prints it is the "US" the reader read, as get_line_items reads it
  const stemsOf = (t: string) => partTokens(joinInitials(t)).map((x) => x.stem);
  const scopeStems = partTokens(joinInitials(scope), { asked: true }).map((x) => x.stem);
  // a segment asked: the row sits in a segment table (or names itself one), not in a product or service breakdown
  const inSegments = (x: LineItemRow) => /\bsegments?\b|\bbusiness (?:unit|group)s?\b|\bgroups?\b|\bdivisions?\b/i.test([x.label, x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" "));
  const valuedRows = (o.rows ?? []).filter((x) => x.columns.some((col) => col.value !== null) && sameKind(c, x));
  const whole = valuedRows.filter((x) => scopeStems.every((s) => stemsOf(x.label).includes(s)));
  // (…or named by its row and its table together: "Platform and Other" in "Subscription and Support Revenue by … Service Offerings")
  const split = (x: LineItemRow) => {
    const label = stemsOf(x.label);
    const context = new Set(stemsOf([x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" ")));
    return scopeStems.some((s) => label.includes(s)) && scopeStems.every((s) => label.includes(s) || context.has(s)) && label.every((w) => scopeStems.includes(w) || PLAIN_LABEL_STEMS.has(w) || w === "other");
  };
  const named0 = whole.length ? whole : valuedRows.filter(split);
  // a block headed by a narrower figure ("Total subscription revenue") gives way to one headed by the figure alone ("Total revenue")
  const wordingStems = new Set([...(c.rowWords ?? []), ...c.terms].flatMap((t) => stemsOf(t)));
  const narrower = (x: LineItemRow) => {
    // ("Total Revenues by Geography" is the whole figure split into parts: what follows "by" narrows nothing)
    const heading = x.table?.headings?.at(-1)?.replace(/\s+by\s+.*$/i, "");
    return !!heading && figureConcepts(heading, c.kind).has(c.id) && stemsOf(heading).some((w) => !wordingStems.has(w) && !PLAIN_LABEL_STEMS.has(w) && !UNIT_STEMS.has(w) && !scopeStems.includes(w));
  };
  const broad = named0.filter((x) => !narrower(x));
  const naming = broad.length ? broad : named0;
  // a segment asked: rows of a segment table first; a table of the segments' figure that does not say "segment" ("COMPARABLE SALES": U.S., International …) else
  const inTables = segment ? naming.filter(inSegments) : naming;
  const valued = inTables.length ? inTables : naming;
  const wordings = [...(c.rowWords ?? []), ...c.terms].map(stemsOf);
  const namesConcept = (label: string) => wordings.some((w) => w.every((s) => stemsOf(label).includes(s)));
  // (a part named by some of its words, "defense" of "Defense, Space & Security", when one label of the rows holds them)
  const partLabels = new Set(named0.map((x) => x.label.toLowerCase()));
  // (the company's own name in a part's label, "FedEx Freight segment" or "NIKE Direct", names no other part)
  const own = new Set(stemsOf(o.company ?? "").filter((w) => !scopeStems.includes(w)));
  // (…or a label opening with the words asked and naming no figure, "Display Technologies" for "display": the part's full name)
  const fullName = (x: LineItemRow) => {
    const label = stemsOf(x.label);
    return scopeStems.length > 0 && scopeStems.every((w, i) => label[i] === w) && !figureConcepts(x.label).size && !MEASURE_STEMS_IN(x.label);
  };
  const partAlone = (x: LineItemRow) => stemsOf(x.label).every((w) => scopeStems.includes(w) || PLAIN_LABEL_STEMS.has(w) || own.has(w));
  // (…unless a row is labelled by the part alone: then "Consumer Health and Safety" is a narrower part of "Consumer")
  // (…in a table of the figure asked: "Commercial" in a table of revenues makes no "Commercial Airplanes" backlog narrower)
  const ofAnotherFigure = (x: LineItemRow) => {
    const named = figureConcepts([x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" "), c.kind);
    return named.size > 0 && !named.has(c.id);
  };
  const aloneNamed = whole.some((x) => partAlone(x) && !ofAnotherFigure(x));
  const onlyPart = (x: LineItemRow) => partAlone(x) || (!aloneNamed && fullName(x)) || (!whole.length && split(x)) || (partLabels.size === 1 && !figureConcepts(x.label).size && !MEASURE_STEMS_IN(x.label) && headedByConceptAlone(x, c));
  // the block's own headings name its figure ("Net revenue" over "Mobileye"), even under a title naming two
  const underConcept = (x: LineItemRow) => {
    const only = (found: Set<string>) => found.size === 1 && found.has(c.id);
    const headings = x.table?.headings ?? [];
    const inHeadings = figureConcepts(headings.join(" — "), c.kind);
    const inTitle = figureConcepts(x.table?.title ?? "", c.kind);
    // (a title naming the figure over headings that are only "TOTAL …" lines of another: the total closes the block, the title heads it)
    return inHeadings.size ? only(inHeadings) || (only(inTitle) && headings.every((h) => /^total\b/i.test(h))) : only(inTitle);
  };
  // the question names the row's own label ("fcf conversion" → "Free cash flow conversion"): that row, whatever its unit
  const spelled = new Set([...scopeStems, ...wordings.flat()]);
  const exact = (o.rows ?? []).filter((x) => {
    const label = stemsOf(x.label).filter((w) => !PLAIN_LABEL_STEMS.has(w));
    return x.columns.some((col) => col.value !== null) && !SHARE_LABEL.test(x.label) && label.length > scopeStems.length && label.every((w) => spelled.has(w)) && scopeStems.every((w) => label.includes(w)) && wordings.some((t) => t.every((w) => label.includes(w)));
  });
  // (a row of another part's breakdown, "Total freight revenue" under "FedEx Express segment", is that part's: rows of no other part first)
  const first = (exact.length ? exact : valued.filter((x) => namesConcept(x.label))).filter((x) => !underAnotherPart(x, scopeStems, stemsOf, o.company));
  // the part named by the table instead of the row: "Operating income" in the "FedEx Express segment" table
  const titledByPart = (x: LineItemRow) => {
    // (the title's own sentence: "Japan. Revenues … by customer location" carries the word before it from the page)
    const context = new Set(stemsOf([titleSentence(x), ...(x.table?.headings ?? [])].join(" ")));
    // ("Segment net income" in the "Optical Communications" segment's table is that segment's net income)
    return x.columns.some((col) => col.value !== null) && sameKind(c, x) && namesOnly(x.label, c, { partWords: true }) && scopeStems.every((s) => context.has(s)) && (!segment || inSegments(x));
  };
  const labelled = valued.filter((x) => onlyPart(x) && underConcept(x));
  const ownLabelled = labelled.filter((x) => !underAnotherPart(x, scopeStems, stemsOf, o.company));
  const byLabel = first.length ? first : ownLabelled.length ? ownLabelled : labelled;
  const named = byLabel.length ? byLabel : (o.rows ?? []).filter(titledByPart);
  // an older filing's row that lacks the newest period asked is not a second opinion on it
  const newest = [...periods].sort().at(-1);
  const current = named.filter((x) => x.columns.some((k) => k.value !== null && k.period === newest));
  // rows that agree: the one printing the most periods asked (a change needs both years from one row)
  const covered = (x: LineItemRow) => periods.filter((p) => x.columns.some((k) => k.value !== null && k.period === p)).length;
  const sorted = (current.length ? current : named).slice().sort((a, b) => covered(b) - covered(a));
  // a rate asked, and the part's rows print both its amount and its rate ("Services 35,495" and "Services 66.0 %"): the rate
  const rates = c.kind === "percent" ? sorted.filter((x) => x.unit === "%") : [];
  const candidates = rates.length ? rates : sorted;
  const col = (x: LineItemRow) => columnOf(x, periods);
  const agree = (xs: LineItemRow[]) => xs.length > 0 && new Set(xs.map((x) => `${col(x).period}|${col(x).value}`)).size === 1;
  if (agree(candidates)) return candidates[0]!;
  // rows that disagree, some in the company's segment tables: the part asked is the segment ("display" is "Display
  // Technologies", the segment, not "Display products" of a table of product categories)
  const segmentRows = candidates.filter(inSegments);
  if (segmentRows.length && segmentRows.length < candidates.length && agree(segmentRows)) return segmentRows[0]!;
  const latest = latestFiled(candidates);
  if (agree(latest)) return latest[0]!;
  // rows that disagree, one in the consolidated results and the others under headings of their own
  // ("Sales through NIKE Direct" in "Consolidated Operating Results" and in each region's table): the consolidated one
  // (…and of those, the row whose label adds the fewest words to the part and the figure: "Sales through NIKE Direct", not
  // "Sales from our Wholesale Operations to NIKE Direct Operations")
  const pool = latest.length ? latest : candidates;
  // rows that disagree, one of them echoing a word the analyst wrote beside the figure ("paid subs":
  // "Paid memberships at end of period", not "Memberships at end of period"): the row with the most
  const echoed = echoingRows(pool, stemsOf, scopeStems);
  if (echoed.length < pool.length && agree(echoed)) return echoed[0]!;
  const consolidated = pool.filter((x) => /\bconsolidated\b/i.test(x.table?.title ?? ""));
  const extra = (x: LineItemRow) => stemsOf(x.label).filter((w) => !spelled.has(w) && !PLAIN_LABEL_STEMS.has(w) && !own.has(w) && w.length > 2).length;
  const fewest = consolidated.filter((x) => extra(x) === Math.min(...consolidated.map(extra)));
  if (consolidated.length < pool.length && agree(fewest)) return fewest[0]!;
  // rows that disagree: the one in a block headed by the concept alone ("Total revenue"), not a
  // narrower figure of it ("Total subscription revenue")
  const plain = candidates.filter((x) => headedByConceptAlone(x, c));
  return agree(plain) ? plain[0]! : null;
}

/**
 * The rows whose labels hold the most of the words the call asked beside the part ("paid" of "international
 * paid subscribers"): none when no row holds one, so a question naming nothing more keeps every row.
 */
function echoingRows(rows: LineItemRow[], stemsOf: (t: string) => string[], scopeStems: string[]): LineItemRow[] {
  const echo = (x: LineItemRow) => {
    const asked = new Set(stemsOf(x.item).filter((w) => !scopeStems.includes(w) && !PLAIN_LABEL_STEMS.has(w)));
    return stemsOf(x.label).filter((w) => asked.has(w)).length;
  };
  const best = Math.max(0, ...rows.map(echo));
  return best > 0 ? rows.filter((x) => echo(x) === best) : [];
}

/** The row's title or headings name another part ("… › FedEx Express segment › Freight" for a part "freight"). */
function underAnotherPart(x: LineItemRow, scopeStems: string[], stemsOf: (t: string) => string[], company?: string): boolean {
  const own = new Set(stemsOf(company ?? ""));
  const context = [x.table?.title ?? "", ...(x.table?.headings ?? [])].join(" › ");
  const other = (words: string) => {
    const named = stemsOf(words).filter((w) => !own.has(w) && !PLAIN_LABEL_STEMS.has(w));
    return named.length > 0 && !named.some((w) => scopeStems.includes(w));
  };
  // ("BCA revenues by customer location": a title's sentence opening with a part's initials is that part's table)
  const titled = INITIALS_LEAD.exec(titleSentence(x));
  return (!!titled && other(titled[1]!)) || [...context.matchAll(/((?:[\p{Lu}][\p{L}&'’.-]*\s+){1,3})segment\b/gu)].some((m) => other(m[1]!));
}
const INITIALS_LEAD = /^(\p{Lu}{2,5})\s+\p{Ll}/u;
/** A table title's last sentence: the title itself, without what the page printed before it. */
const titleSentence = (x: LineItemRow) => (x.table?.title ?? "").split(/\.\s+/).at(-1) ?? "";

/**
 * Rows of a labelled figure that disagree: the value that more of the filing's tables state than any
 * other, and at least two ("Restructuring 828" in the income statement and two MD&A tables, against
 * a misread "Restructuring 20"). Null on a tie: no guess. A part's rows are not voted on: tables
 * titled by the part hold its other figures too.
 */
export function mostStated(rows: LineItemRow[], col: (x: LineItemRow) => LineItemColumn): LineItemRow | null {
  const tables = new Map<string, { row: LineItemRow; where: Set<string> }>();
  for (const x of rows) {
    const v = col(x);
    if (!v) continue;
    const key = `${v.period}|${v.value}`;
    const t = tables.get(key) ?? { row: x, where: new Set<string>() };
    t.where.add(`${x.document}|${x.page}|${x.table?.title ?? ""}`);
    tables.set(key, t);
  }
  const ranked = [...tables.values()].sort((a, b) => b.where.size - a.where.size);
  return ranked[0] && ranked[0].where.size >= 2 && (ranked[1]?.where.size ?? 0) < ranked[0].where.size ? ranked[0].row : null;
}
