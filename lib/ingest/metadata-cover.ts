/**
 * Who a filing is about, read from the filing itself. An SEC cover page (10-K, 10-Q, 8-K) names
 * the registrant above "(Exact name of registrant as specified in its charter)" — or in a table of
 * co-registrants ("1-12345 K&L CORPORATION California 00-1234567"), or, on older covers, on the
 * line after "Commission file number" — prints the commission file number, the ticker in the
 * "Trading Symbol(s)" column of the Section 12(b) table, and the period ("For the fiscal year ended
 * May 31, 2019", "For the quarterly period ended July 1, 2023"). An earnings release names its
 * issuer with its listing ("Quillon Inc. (Nasdaq: QLLN)") or in its headline and dateline ("Kestrel
 * Corporation today reported …", "HARROW'S REPORTS FIRST QUARTER …"); an annual report's letter
 * addresses "our Kestrel stockholders".
 *
 * PDF text is imperfect: words split by kerning ("Fis cal Year"), letters in mixed case ("OrCL").
 * The patterns tolerate those (lost ligatures are put back at ingest, lib/ingest/glyphs.ts).
 */
import escapeStringRegexp from "escape-string-regexp";
import { effectiveMonth, monthNumber } from "@/lib/periods";

export interface FiscalEnd {
  /** ISO date the period ends. */
  date: string;
  /** The month the fiscal year ends in: a 52/53-week year ending in a month's first week ends the month before. */
  month: number;
  /** The fiscal year it closes (a year ending in January's first week closes the year before). */
  year: number;
}

export interface CoverIdentity {
  /** The registrant or issuer, as printed (tidied). */
  name?: string;
  ticker?: string;
  /** SEC commission file number ("1-3285"). */
  secFileNumber?: string;
  cik?: string;
  form?: "10-K" | "10-Q" | "8-K";
  /** 10-K: the fiscal year's end. */
  fiscalYearEnd?: FiscalEnd;
  /** 10-Q: the quarter's end. */
  quarterEnd?: FiscalEnd;
  /** Where the name came from. */
  source?: "sec cover" | "press release" | "letter";
}

/** A regex source matching a phrase whose letters a PDF may have split by stray spaces ("Fis cal"). */
function loose(phrase: string): string {
  return phrase
    .split(/\s+/)
    .map((w) => [...w].map((c) => escapeStringRegexp(c)).join(" ?"))
    .join("\\s+");
}

const DATE_TEXT = String.raw`([A-Za-z]{3,9})\.?\s+(\d{1,2})\s*,?\s*((?:19|20)\d\d)`;
const FY_ENDED = new RegExp(`${loose("fiscal year ended")}\\s*:?\\s*${DATE_TEXT}`, "i");
const QUARTER_ENDED = new RegExp(`${loose("quarterly period ended")}\\s*:?\\s*${DATE_TEXT}`, "i");

function fiscalEnd(m: RegExpMatchArray | null): FiscalEnd | undefined {
  if (!m) return undefined;
  const month = monthNumber(m[1]!);
  const day = Number(m[2]);
  const year = Number(m[3]);
  if (month === 0 || day < 1 || day > 31) return undefined;
  const date = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  // 52/53-week years end on a weekday near a month's end: "December 2, 2016" closes a November year
  return { date, ...effectiveMonth(year, month, day) };
}

const NOT_A_NAME = /commission|file\s*n(?:umber|o\b)|securities|exchange act|washington|transition|fiscal|quarterly|pursuant|registrant|charter|incorporation|jurisdiction|identification|address|telephone|form\s+\d|^\(|^or$|^\W*$|^table of contents$|^\d[\d\s-]*$|^(?:united states|annual report|current report|quarterly report)\b/i;

/** A line that can be a registrant's name. */
function nameLike(line: string): boolean {
  return line.length >= 2 && line.length <= 90 && /\p{L}/u.test(line) && !NOT_A_NAME.test(line) && !/[☐☒☑✓]/u.test(line);
}

/** A name on one line, its ends tidied. */
export function tidyName(name: string): string {
  return name
    .replace(/\s+/g, " ")
    .replace(/\s+([.,])/g, "$1")
    .replace(/\s*\(publ\)\s*$/i, "")
    .replace(/[,.;:]+$/, "")
    .trim();
}

const US_STATES =
  "alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming|district of columbia|puerto rico|bermuda|cayman islands|ireland|england and wales|jersey|netherlands|switzerland|luxembourg|canada|british columbia|ontario";
const FILE_NO = String.raw`(\d{1,3}-\d{3,6})`;
/** A co-registrant table row: "1-12345 K&L CORPORATION California 00-1234567". */
const REGISTRANT_ROW = new RegExp(String.raw`^${FILE_NO}\s+(.+?)(?:\s+(?:${US_STATES}))?(?:\s+\d{2}-\d{7})?$`, "i");

/** The registrant named around "(Exact name of registrant as specified in its charter)". */
function registrantByLabel(raw: string[]): { name?: string; fileNumber?: string } {
  const at = raw.findIndex((l, i) => /exact\s+name\s+of\s+(?:the\s+)?registrants?/i.test(l) || (/exact\s+name\s+of\s*$/i.test(l) && /^\s*(?:the\s+)?registrants?\b/i.test(raw[i + 1] ?? "")));
  if (at < 0) return {};
  const inline = raw[at]!.replace(/\(?\s*exact\s+name\s+of.*$/i, "").trim();
  if (inline.length >= 2 && nameLike(inline)) return { name: inline };
  // above: the block of lines right over the label (co-registrants stacked: the first is the filer)
  const block: string[] = [];
  for (let i = at - 1; i >= 0 && i >= at - 6; i--) {
    const l = raw[i]!.trim();
    if (!l) {
      if (block.length) break;
      continue;
    }
    block.unshift(l);
  }
  // (a table header's fragments — "Commission", "File", "Number" — are not a name)
  const above = block.slice(-3).find((l) => nameLike(l) && (l === l.toUpperCase() || LEGAL_END.test(tidyName(l))));
  if (above) return { name: above };
  // below: a table of registrants ("Commission File Number | Exact Name of Registrant | State | IRS No.")
  for (const l of raw.slice(at + 1, at + 16)) {
    const m = REGISTRANT_ROW.exec(l.trim());
    if (m && nameLike(m[2]!)) return { name: m[2], fileNumber: m[1] };
  }
  return {};
}

/** Older covers print no label: the name is the line after "Commission file number …". */
function registrantAfterFileNumber(lines: string[]): string | undefined {
  const at = lines.findIndex((l) => /^commission\s+file\s+(?:number|no\.?)\s*:?\s*\d/i.test(l));
  if (at < 0) return undefined;
  return lines.slice(at + 1, at + 3).find((l) => nameLike(l) && /^[\p{Lu}\d]/u.test(l) && (l === l.toUpperCase() || LEGAL_END.test(l)));
}

const LEGAL_END = /\b(?:inc\.?|incorporated|corp\.?|corporation|company|co\.|plc|ltd\.?|limited|llc|l\.?p\.?|n\.v\.|s\.a\.|ag|se|ab)\s*$/i;

function fileNumberOf(head: string): string | undefined {
  const m = head.match(new RegExp(String.raw`commission\s+file\s+(?:number|no\.?)\s*:?\s*${FILE_NO}`, "i"));
  if (m) return m[1];
  // 8-K: the number sits above its "(Commission File Number)" caption
  const lines = head.split("\n");
  const cap = lines.findIndex((l) => /\(\s*commission\s+file\s+number\s*\)/i.test(l));
  for (let i = cap - 1; cap > 0 && i >= Math.max(0, cap - 3); i--) {
    const n = lines[i]!.replace(/\b\d{2}-\d{7}\b/g, " ").match(new RegExp(String.raw`\b${FILE_NO}\b`));
    if (n) return n[1];
  }
  return undefined;
}

const EXCHANGE = String.raw`(?:The\s+)?(?:New\s+York\s+Stock\s+Exchange|NYSE(?:\s+American|\s+Arca)?|Nasdaq|NASDAQ|Chicago\s+Stock\s+Exchange|Cboe|CBOE|London\s+Stock\s+Exchange)`;
const TICKER = String.raw`([A-Z][A-Za-z]{0,4}(?:[.-][A-Z]{1,2})?)`;

/** The common stock's symbol in the Section 12(b) table ("Common Stock, $0.01 par value QLLN New York Stock Exchange"). */
function tickerFromTable(lines: string[]): string | undefined {
  const header = lines.findIndex((l) => /trading\s*symbol/i.test(l));
  if (header < 0) return undefined;
  const start = Math.max(0, lines.slice(0, header).findLastIndex((l) => /section\s+12\s*\(\s*b\s*\)/i.test(l)));
  const block = lines.slice(start, header + 14);
  const end = block.findIndex((l, i) => i > header - start && /section\s+12\s*\(\s*g\s*\)|indicate by check mark/i.test(l));
  const rows = end > 0 ? block.slice(0, end) : block;
  const onRow = new RegExp(String.raw`\s${TICKER}\s+${EXCHANGE}`);
  const equity = rows.filter((l) => /common|ordinary|class [a-z]\b|shares/i.test(l));
  for (const l of [...equity, ...rows]) {
    const m = onRow.exec(` ${l}`);
    if (m && /[A-Z].*[A-Z]|^[A-Z]$/.test(m[1]!) && !/^(?:LLC|INC|THE)$/i.test(m[1]!)) return m[1]!.toUpperCase();
  }
  // a symbol alone on its line ("OrCL"), the column printed apart from its row
  const alone = rows.slice(header - start + 1).find((l) => /^[A-Z][A-Za-z]{1,4}$/.test(l) && (l.match(/[A-Z]/g) ?? []).length >= 2);
  return alone?.toUpperCase();
}

/**
 * The symbol a filing's market section gives its stock ("traded on the Nasdaq Global Select Market
 * under the symbol “QLLN.”", "The Company's ticker symbol is QLN."): filings before 2019 print no
 * Section 12(b) table with a trading-symbol column on the cover.
 */
const LISTED_UNDER = /\b(?:under\s+the\s+(?:ticker\s+|trading\s+)?symbol|ticker\s+symbol\s+is)\s+[“"'‘]?([A-Z]{1,5}(?:\.[A-Z])?)[.”"'’]*(?=[\s,;)]|$)/;

/** The stock's symbol as a page's text states it, if it does. */
export function tickerListedIn(text: string): string | undefined {
  return LISTED_UNDER.exec(text)?.[1];
}

const LISTING = new RegExp(String.raw`\(\s*(?:NYSE(?:\s+American)?|Nasdaq(?:\s*GS|\s+Global\s+Select\s+Market)?|NASDAQ|TSX|LSE)\s*:\s*([A-Z][A-Z.-]{0,6})\s*\)`);

const GENERIC_SUBJECT = /^(?:the\s+)?(?:company|group|board|management|registrant|issuer|corporation|inc|firm|bank|partnership|trust|fund)\.?$/i;

/** The trailing run of a text's name-like words: "SAN JOSE, Calif., April 26, 2023 /PRNewswire/ -- Quillon Inc." → "Quillon Inc.". */
function trailingName(text: string): string | undefined {
  const tokens = text.trim().split(/\s+/);
  const out: string[] = [];
  for (let i = tokens.length - 1; i >= 0 && out.length < 6; i--) {
    const t = tokens[i]!;
    const word = /^(?:\p{Lu}|\d|\p{Ll}+\p{Lu})[\p{L}\p{N}&.'’,-]*$/u.test(t) || /^(?:&|and|of|de)$/.test(t);
    if (!word) break;
    out.unshift(t);
  }
  while (out.length && /^(?:&|and|of|de)$/.test(out[0]!)) out.shift();
  const name = out.join(" ").replace(/,$/, "");
  return name && /\p{L}{2}/u.test(name) && !GENERIC_SUBJECT.test(name) ? name : undefined;
}

/** An earnings release or annual report: the issuer with its listing, in its dateline or headline, or in the letter's salutation. */
function issuerOfRelease(lines: string[]): { name?: string; ticker?: string; source?: CoverIdentity["source"] } {
  for (const l of lines.slice(0, 60)) {
    const m = LISTING.exec(l);
    if (!m) continue;
    const name = trailingName(l.slice(0, m.index).split(/\s(?:--|—|–|-)\s/).pop() ?? "");
    if (name) return { name, ticker: m[1], source: "press release" };
  }
  for (const l of lines.slice(0, 40)) {
    const m = /^(.{2,80}?)\s+today\s+(?:reported|announced|reports|announces)\b/i.exec(l);
    const name = m ? trailingName(m[1]!.split(/\s(?:--|—|–|-)\s/).pop() ?? "") : undefined;
    if (name) return { name, source: "press release" };
  }
  for (const l of lines.slice(0, 15)) {
    const m = /^(.{2,60}?)\s+(?:reports|announces|reported|announced)\s.*\b(?:results|quarter|earnings|fiscal|full[- ]year)\b/i.exec(l);
    if (m && trailingName(m[1]!) === m[1]!.trim()) return { name: m[1]!.trim(), source: "press release" };
  }
  for (const l of lines.slice(0, 40)) {
    const m = /\b[Tt]o\s+(?:our|the)\s+((?:\p{Lu}[\p{L}&.'’-]*\s+){1,4})(?:stockholders|shareholders|shareowners)\b/u.exec(l);
    if (m) return { name: m[1]!.trim(), source: "letter" };
  }
  return {};
}

/** Reads the filer's identity and period from a document's first pages. */
export function readCover(head: string): CoverIdentity {
  const raw = head.split(/\r?\n|\f/);
  const lines = raw.map((l) => l.replace(/\s+/g, " ").trim()).filter(Boolean);
  const id: CoverIdentity = {};
  const top = lines.slice(0, 30).join(" ");
  // the first form named is the document's (a 10-Q may cite "our Form 10-K" further down)
  const form = /\bform\s+(10-?k|10-?q|8-?k)\b/i.exec(top)?.[1]?.toUpperCase().replace(/^(\d+)-?/, "$1-");
  if (form) id.form = form as CoverIdentity["form"];
  const byLabel = registrantByLabel(raw);
  const secName = byLabel.name ?? (id.form ? registrantAfterFileNumber(lines) : undefined);
  if (secName) {
    id.name = tidyName(secName);
    id.source = "sec cover";
  }
  const fileNumber = byLabel.fileNumber ?? (id.form || secName ? fileNumberOf(head) : undefined);
  if (fileNumber) id.secFileNumber = fileNumber;
  const cik = head.match(/\bCIK\s*(?:No\.?|Number|#)?\s*:?\s*(\d{4,10})\b/);
  if (cik) id.cik = cik[1];
  id.ticker = tickerFromTable(lines);
  if (!id.name) {
    const release = issuerOfRelease(lines);
    if (release.name) {
      id.name = tidyName(release.name);
      id.source = release.source;
    }
    id.ticker ??= release.ticker;
  } else if (!id.ticker) {
    id.ticker = LISTING.exec(head.slice(0, 6000))?.[1];
  }
  // the cover's own period (a 10-Q also cites "the Form 10-K for the fiscal year ended …" further down)
  const cover = lines.slice(0, 40).join(" ");
  id.quarterEnd = fiscalEnd(cover.match(QUARTER_ENDED));
  if (id.form !== "10-Q" && !id.quarterEnd) id.fiscalYearEnd = fiscalEnd(cover.match(FY_ENDED));
  for (const k of Object.keys(id) as Array<keyof CoverIdentity>) if (id[k] === undefined) delete id[k];
  return id;
}
