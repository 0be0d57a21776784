/**
 * Document metadata from the filename and the first pages: company, fiscal year and
 * period, kind, document date and version group. Query understanding routes questions
 * ("Kestrel's FY2018 capex", "the Q3 report") with these fields.
 *
 * Company identity comes from the document (lib/ingest/metadata-cover.ts: the registrant on an
 * SEC cover, the issuer of a release); a file name's company prefix ("EXAMPLESHOP_2019_10K") is a
 * hint, used when the document names none and kept as the short name when it agrees with it.
 */
import { companyAliases, companyKey } from "./metadata-company-key";
import { readCover, tidyName } from "./metadata-cover";
import { inferDocumentDate } from "./metadata-date";
import { sheetCells } from "./sheet-cells";

export { sheetCells };
export interface DocumentMetadata {
  /** The company's short name: the file name's when it agrees with the document, else the document's. */
  company?: string;
  /** Normalised company key (lib/ingest/metadata-company-key.ts): "EXAMPLESHOP.COM, INC." → "exampleshop". */
  companyKey?: string;
  /** The company as the document writes it (registrant, issuer). */
  companyName?: string;
  ticker?: string;
  /** SEC commission file number, when printed. */
  secFileNumber?: string;
  cik?: string;
  /** Month (1–12) the fiscal year ends in, from "For the fiscal year ended …". */
  fiscalYearEndMonth?: number;
  fiscalYear?: number;
  fiscalPeriod?: string; // FY | Q1..Q4 | H1 | H2
  kind?: string;
  documentDate?: string; // ISO date: issued/signed/published, else the period end (lib/ingest/metadata-date.ts)
  versionGroup: string;
  versionRank: number; // higher = newer version within the group
}

const VERSION_SUFFIX = /(?:[ _-]+(?:corrected|final|updated|v\d+|rev\d*|revised)|\s*\(\d+\))+$/i;

export function versionInfo(filename: string): { group: string; rank: number } {
  const stem = filename.replace(/\.[^.]+$/, "");
  const m = stem.match(VERSION_SUFFIX);
  const group = stem.replace(VERSION_SUFFIX, "").trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (!m) return { group, rank: 1 };
  const suffix = m[0].toLowerCase();
  const v = suffix.match(/v(\d+)/) ?? suffix.match(/\((\d+)\)/);
  const rank = v ? Number(v[1]) + (suffix.includes("(") ? 1 : 0) : /corrected|final|updated|revised|rev/.test(suffix) ? 100 : 2;
  return { group, rank };
}

const KINDS: Array<[RegExp, string]> = [
  [/\b10-?k\b|annual[ _-]?report|årsredovisning/i, "annual report"],
  [/\b10-?q\b|quarterly|\bq[1-4][ _-]?(?:19|20)\d\d[ _-]?report|interim|delårsrapport/i, "quarterly report"],
  [/presentation|deck|slides/i, "presentation"],
  [/forecast|budget|plan\b/i, "forecast"],
  [/cap[ _-]?table/i, "cap table"],
  [/\birl\b|information[ _-]request/i, "information request list"],
  [/minutes|protokoll/i, "board minutes"],
  [/bios?\b|management[ _-]team|cv\b/i, "management bios"],
  [/\bsou\b|statens offentliga utredningar/i, "public inquiry"],
  [/\bform\s+8-?k\b|(?:^|\s)8-?k(?:\s|$)|\bcurrent report pursuant\b/i, "current report"],
  [/\bnews release\b|\bpress release\b|\bfor immediate release\b/i, "earnings release"],
  [/\bdir(?:ektiv)?\b[ _.-]?\d{4}/i, "committee directive"],
];

export interface MetadataOptions {
  /** Use the file name's company as a hint (off to measure what the document alone says). */
  filenameHint?: boolean;
}

/** A file named as earnings ("…_Q1_EARNINGS.pdf"); in a text, "earnings" is a line item, not a kind. */
const EARNINGS_NAME = /(?:^|[\s-])earnings(?:[\s-]|$)/i;
/** Where a release's headline ends: the quarter it names there is its own, later ones are comparisons. */
const HEADLINE_CHARS = 600;
const QUARTER_ORDINALS = ["first", "second", "third", "fourth"];
const HEADLINE_QUARTER = /\b(first|second|third|fourth)[- ]quarter\b/i;

export function inferMetadata(filename: string, firstPagesText = "", { filenameHint = true }: MetadataOptions = {}): DocumentMetadata {
  const stem = filename.replace(/\.[^.]+$/, "");
  const { group, rank } = versionInfo(filename);
  const meta: DocumentMetadata = { versionGroup: group, versionRank: rank };
  const head = firstPagesText.slice(0, 6000);
  const words = stem.replace(/_/g, " "); // "_" is a word character: word boundaries need spaces
  meta.kind = KINDS.find(([re]) => re.test(words))?.[1] ?? (EARNINGS_NAME.test(words) ? "earnings release" : undefined) ?? KINDS.find(([re]) => re.test(head.slice(0, 1500)))?.[1];

  // COMPANY_2018_10K, BESTBUY_2024Q2_10Q, Pfizer_2023Q2_10Q
  const sec = stem.match(/^([A-Za-z0-9&.]+)_((?:19|20)\d\d)(Q[1-4])?_(10K|10Q)$/i);
  if (sec) {
    if (filenameHint) meta.company = sec[1].toUpperCase();
    meta.fiscalYear = Number(sec[2]);
    meta.fiscalPeriod = sec[3] ? sec[3].toUpperCase() : "FY";
  } else {
    const q = words.match(/\b(Q[1-4])[ _-]?((?:19|20)\d\d)\b|\b((?:19|20)\d\d)[ _-]?(Q[1-4])\b/i);
    const h = words.match(/\b(H[12])[ _-]?((?:19|20)\d\d)\b/i);
    const y = stem.match(/(?:^|[^0-9])((?:19|20)\d\d)(?:[^0-9]|$)/);
    if (q) {
      meta.fiscalPeriod = (q[1] ?? q[4]).toUpperCase();
      meta.fiscalYear = Number(q[2] ?? q[3]);
    } else if (h) {
      meta.fiscalPeriod = h[1].toUpperCase();
      meta.fiscalYear = Number(h[2]);
    } else if (y) {
      meta.fiscalYear = Number(y[1]);
      if (meta.kind === "annual report") meta.fiscalPeriod = "FY";
    }
  }
  // a release named by its date ("PG_E_2023_EARNINGS-dated-2023-07-27"): its headline names the quarter ("Reports Second-Quarter Results")
  if (meta.kind === "earnings release" && !meta.fiscalPeriod) {
    const quarter = HEADLINE_QUARTER.exec(head.slice(0, HEADLINE_CHARS));
    if (quarter) meta.fiscalPeriod = `Q${QUARTER_ORDINALS.indexOf(quarter[1]!.toLowerCase()) + 1}`;
  }
  // "ACME_2030Q4_EARNINGS", "GLOBEX_2031_8K_dated-…": a form word after the prefix names a company too
  const other = filenameHint && !meta.company ? stem.match(/^([A-Za-z0-9&.]+)_(?:(?:19|20)\d\d(?:Q[1-4])?_)?(?:8-?K|EARNINGS|ANNUAL ?REPORT)(?:[_ -]|$)/i) : null;
  if (other) meta.company = other[1].toUpperCase();
  applyIdentity(meta, head);
  const date = inferDocumentDate(head);
  if (date) meta.documentDate = date.date;
  return meta;
}

/** The document's own identity over the file name's hint; the cover's fiscal year when the name gives none (or one far off). */
function applyIdentity(meta: DocumentMetadata, head: string) {
  const cover = readCover(head);
  const named = cover.source === "sec cover" || cover.source === "press release" ? cover.name : undefined;
  const docName = named ?? legacyCompany(head) ?? cover.name;
  const hint = meta.company;
  if (docName) {
    meta.companyName = docName;
    if (!hint || !agrees(hint, docName)) meta.company = docName;
  }
  const key = companyKey(docName ?? hint);
  if (key) meta.companyKey = key;
  if (cover.ticker) meta.ticker = cover.ticker;
  if (cover.secFileNumber) meta.secFileNumber = cover.secFileNumber;
  if (cover.cik) meta.cik = cover.cik;
  const fy = cover.fiscalYearEnd;
  if (fy) {
    meta.fiscalYearEndMonth = fy.month;
    if (meta.fiscalYear === undefined || Math.abs(meta.fiscalYear - fy.year) > 1) {
      meta.fiscalYear = fy.year;
      meta.fiscalPeriod = "FY";
    }
    meta.kind ??= "annual report";
  }
}

/** A file name's company agrees with the document's when it is one of the names the document's company goes by. */
function agrees(hint: string, docName: string): boolean {
  const k = companyKey(hint);
  return companyAliases(docName).includes(k) || k === companyKey(docName);
}

const LEGAL_FORM = /\b(?:inc\.?|incorporated|corp\.?|corporation|company|co\.|plc|ltd\.?|limited|ab(?:\s*\(publ\))?|asa|oyj|a\/s|ag|se|n\.v\.|s\.a\.|llc|group|holdings?)\s*$/i;

const COMPANY_LABEL = /^(?:company(?: name)?|target(?: company)?|legal (?:entity|name)|entity|issuer|registrant|borrower|bolag(?:snamn)?|företag(?:snamn)?|name of (?:the )?company)\s*:?$/i;

/**
 * The company named on the first pages: an SEC cover page's registrant (the line above
 * "(Exact name of registrant as specified in its charter)"), a Swedish "Årsredovisning för
 * X AB", a sheet's "Company | <name>" row, or an early short line (or " | "/" – " separated part
 * of one, or a title cell) ending in a legal form ("Nordic Steel AB (publ)"). Rows of a sheet's
 * table (several cells) are data — customers, shareholders — and never name the company.
 */
export function companyFromText(head: string): string | undefined {
  const cover = readCover(head);
  if (cover.source === "sec cover" && cover.name) return cover.name;
  return legacyCompany(head);
}

/** The company named by a Swedish report title, a sheet's label row or an early line ending in a legal form. */
function legacyCompany(head: string): string | undefined {
  const lines = head.split(/\n/).map((l) => l.replace(/\s+/g, " ").trim()).filter(Boolean);
  const sv = head.match(/årsredovisning\s+(?:för|for)\s+([^\n]{2,60}?\s(?:AB|Aktiebolag)(?:\s*\(publ\))?)/i);
  if (sv) return tidy(sv[1]);
  // sheet pages: a label/value row names the company outright; single-cell rows are titles and notes
  const texts: string[] = [];
  for (const l of lines.slice(0, 40)) {
    const cells = sheetCells(l);
    if (!cells) {
      texts.push(l);
      continue;
    }
    const filled = cells.filter(Boolean);
    if (filled.length === 2 && COMPANY_LABEL.test(filled[0]!) && /\p{L}/u.test(filled[1]!) && filled[1]!.length <= 80) return tidy(filled[1]!);
    if (filled.length === 1) texts.push(filled[0]!);
  }
  const early = texts.slice(0, 15);
  // (not an address line: "E-post: order.fritzes@nj.se" ends in "se" too)
  const isName = (x: string) => x.length <= 60 && LEGAL_FORM.test(x) && /^\p{Lu}/u.test(x) && !/^(?:the )?(?:company|group)$/i.test(x) && !/@|https?:|www\.|\.(?:se|com|org|net)$|^[\p{L} -]{1,20}:\s/iu.test(x);
  for (const l of early) {
    if (isName(l)) return tidy(l);
    const part = l.split(/\s+[|–—]\s+|\s+-\s+/).map((x) => x.trim()).find(isName);
    if (part) return tidy(part);
  }
  // "Minutes of the meeting of the Board of Directors of Example Analytics AB": the capitalised name before the legal form
  for (const l of early) {
    const m = /(?:^|\s)((?:\p{Lu}[\p{L}&.'’-]*\s){1,5}(?:AB|ASA|Oyj|A\/S|AG|plc|Inc\.?|Corporation|Corp\.?|Ltd\.?|Limited|LLC|N\.V\.|S\.A\.)(?:\s*\(publ\))?)[.,;]?$/u.exec(l);
    if (m && !/^(?:The|Board|Directors|Minutes|Meeting)\s/.test(m[1]!)) return tidy(m[1]!);
  }
  return undefined;
}

function tidy(name: string): string {
  return tidyName(name);
}
