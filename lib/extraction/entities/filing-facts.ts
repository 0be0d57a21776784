/**
 * Facts about the company an annual report (a 10-K and the like) states in fixed places, each with
 * its page and the offsets of its evidence on that page:
 * - executive officers (name, title, age where given) from the executive-officers section, in a
 *   table (Name | Age | Position) or as paragraphs ("Name, Title — Mr. X, 62, …");
 * - the auditor: the firm that signs the independent auditor's report or consent ("/s/ X LLP");
 * - the registrant (cover page: "(Exact name of registrant …)"), its headquarters ("(Address of
 *   principal executive offices)" or "our principal executive offices are located at …"), its
 *   fiscal year end, its employees ("we had approximately 12,400 employees");
 * - principal customers ("sales to X accounted for 22% of net sales").
 */
import type { ExtractionPage } from "../types";
import { cellsOfLines } from "./layout";
import { looksLikePersonName } from "./names";
import { cleanTitle, leadingName, officersInLines } from "./officer-lines";
import { readSignedOfficers, type SignedOfficer } from "./signatures";
import { pageLayout } from "./page-layout";
import { pageKindOf } from "../timeline/page-kind";

export interface FactAt { page: number; start: number; end: number }
export interface Officer extends FactAt { name: string; title: string; age?: number }
export interface NamedFact extends FactAt { name: string; detail?: string }
export interface FilingFacts {
  officers: Officer[];
  /** Officers who sign the report (signature page), with the capacity they sign in. */
  signers: SignedOfficer[];
  auditor?: NamedFact;
  registrant?: NamedFact;
  headquarters?: NamedFact;
  /** The state or country of incorporation (cover page: "(State or other jurisdiction of incorporation …)"). */
  incorporation?: NamedFact;
  fiscalYearEnd?: NamedFact;
  employees?: NamedFact;
  customers: NamedFact[];
}

const TITLE_WORD = /\b(?:Chief|President|Officer|Chair(?:man|woman|person)?|Vice|Director|Counsel|Secretary|Treasurer|Controller|CEO|CFO|COO|CTO|Head|Executive|General Manager|Partner)\b/;
const OFFICERS_HEADING = /^[ \t|]*(?:information about (?:our|the company['’]s) executive officers|executive officers of the (?:registrant|company)|(?:our )?executive officers(?: and directors)?(?: of [\p{Lu}][\p{L}.,& ]{1,40})?|[^\n]{0,60}\bexecutive officers\b[^\n]{0,120}\b(?:as follows|are(?: listed)?(?: below)?|include)\s*:|name[ \t|]+age[ \t|]+(?:position|title|office|principal|present|business)[^\n]{0,80})[ \t:|]*$/imu;
const SECTION_END = /^[ \t|]*(?:item\s*1a\b|item\s*2\b|item\s*11\b|risk factors\b|part ii\b|(?:members of (?:the )?)?(?:[\p{L}.,&'’ ]{1,40}['’]s\s+)?board of directors[ \t|]*$|directors[ \t|]*$)/imu;
/** Pages an officer list may run over after its heading's page. */
const MAX_SECTION_PAGES = 5;
const PARAGRAPH_OFFICER = /(?:^|\n)[ \t|]*(?<name>\p{Lu}[\p{L}'’-]+(?: (?:\p{Lu}\.|\p{Lu}[\p{L}'’-]+)){1,3}(?:,? (?:Jr\.|Sr\.|II|III|IV))?) ?, (?<title>[^\n—–]{3,140}?)\s*[—–]{1,2}\s*(?:Mr|Ms|Mrs|Dr)\.\s+\p{Lu}[\p{L}'’-]+,\s*(?<age>\d{2}),/gu;
const AGE = /^(?<age>[2-9]\d)(?:\s+(?<title>.+))?$/;

/** A person's name as printed in a table cell ("Dana R. Lee"). */
function nameCell(text: string): boolean {
  // not the list's own header ("Name Age Position")
  return looksLikePersonName(text) && !TITLE_WORD.test(text) && !/^Names?\b/.test(text);
}

/** Executive officers listed on pages that carry an executive-officers heading (the list may run over several pages). */
export function readOfficers(pages: ExtractionPage[]): Officer[] {
  const out: Officer[] = [];
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i]!;
    const h = OFFICERS_HEADING.exec(page.text);
    if (!h) continue;
    // the section runs from the heading to the next item, over the following pages while they go on listing officers
    for (let k = 0; k <= MAX_SECTION_PAGES; k++) {
      const p = pages[i + k];
      if (!p) break;
      const from = k === 0 ? h.index + h[0].length : 0;
      const rest = p.text.slice(from);
      const stop = SECTION_END.exec(rest);
      const to = from + (stop ? stop.index : rest.length);
      const found = [...officersInTable(p, from, to), ...officersInParagraphs(p, from, to), ...officersInLines(p.text, from, to).map((o) => ({ ...o, page: p.pageNumber }))];
      const fresh = found.sort((a, b) => a.start - b.start).filter((o, j) => !out.some((x) => x.name === o.name) && found.findIndex((x) => x.name === o.name) === j);
      out.push(...fresh);
      if (stop || (k > 0 && !fresh.length)) break;
    }
    if (out.length) break;
  }
  return out;
}

function officersInTable(page: ExtractionPage, from: number, to: number): Officer[] {
  const cells = cellsOfLines(page.text, pageLayout(page)).flat().filter((c) => c.start >= from && c.start < to);
  const out: Officer[] = [];
  for (let k = 0; k < cells.length - 1; k++) {
    const name = cells[k]!;
    if (!nameCell(name.text)) continue;
    let next = cells[k + 1]!;
    let age: number | undefined;
    let title = "";
    const a = AGE.exec(next.text);
    if (a) {
      age = Number(a.groups!.age);
      title = a.groups!.title ?? "";
      if (!title && cells[k + 2]) { next = cells[k + 2]!; title = next.text; }
    } else title = next.text;
    // a title wrapped onto the next line of its cell ("Senior Vice President, Research and" + "Development and …",
    // "Group President, Transportation &" + "Electronics": "&" has no word boundary before it)
    const cont = cells[cells.indexOf(next) + 1];
    if (cont && /(?:\b(?:and|of|Chief|Vice|Senior|Executive|Global|Group)|&|,|[—–-])$/.test(title) && !nameCell(cont.text) && !/^\d/.test(cont.text) && !AGE.test(cont.text)) { title = `${title} ${cont.text}`; next = cont; }
    title = cleanTitle(title.replace(/\s+(?:since|from)\b.*$/i, ""));
    // a "title" that starts with a name is the next officer's row
    if (!TITLE_WORD.test(title) || title.length > 140 || leadingName(title)) continue;
    out.push({ name: name.text, title, age, page: page.pageNumber, start: name.start, end: next.start + next.text.length });
  }
  return out;
}

function officersInParagraphs(page: ExtractionPage, from: number, to: number): Officer[] {
  const out: Officer[] = [];
  const text = page.text.slice(0, to);
  PARAGRAPH_OFFICER.lastIndex = from;
  for (let m = PARAGRAPH_OFFICER.exec(text); m; m = PARAGRAPH_OFFICER.exec(text)) {
    const g = m.groups!;
    const title = g.title!.replace(/\s+/g, " ").trim();
    if (!looksLikePersonName(g.name!.replace(/,? (?:Jr\.|Sr\.|II|III|IV)$/, "")) || !TITLE_WORD.test(title)) continue;
    const start = m.index + m[0].indexOf(g.name!);
    out.push({ name: g.name!, title, age: Number(g.age), page: page.pageNumber, start, end: m.index + m[0].length });
  }
  return out;
}

const FIRM = String.raw`\p{Lu}[\p{L}&'’.,-]*(?: (?:&|and|\p{Lu}[\p{L}&'’.,-]*))*? (?:LLP|L\.L\.P\.|LLC|AB|AG|GmbH|S\.A\.|N\.V\.|Oy|AS|A\/S)`;
const SIGNED_FIRM = new RegExp(String.raw`/s/\s*(?<firm>${FIRM})(?![\p{L}])`, "u");
const FIRM_LINE = new RegExp(String.raw`^[ \t|]*(?<firm>${FIRM})[ \t|]*$`, "mu");
const AUDIT_REPORT = /report of independent (?:registered public accounting firm|auditors?)|independent auditor['’]s report|revisionsberättelse/i;

/** "Firm AB, Alex Morgan, Authorised Public Accountant": the firm and the accountant who signs for it. */
const FIRM_AND_SIGNER = new RegExp(String.raw`(?<firm>${FIRM}),\s+\p{Lu}[\p{L}.'’ -]{2,40},\s+(?:Authori[sz]ed|Certified|Chartered) (?:Public )?Accountant|(?<firm2>${FIRM}),\s+\p{Lu}[\p{L}.'’ -]{2,40},\s+auktoriserad revisor`, "u");

/** The audit firm: signing the auditor's report (or, failing that, the auditor's consent, or naming its signing accountant). */
export function readAuditor(pages: ExtractionPage[]): NamedFact | undefined {
  const signed = readSignedAuditor(pages);
  if (signed) return signed;
  for (const page of pages) {
    const m = FIRM_AND_SIGNER.exec(page.text);
    if (!m) continue;
    const firm = (m.groups!.firm ?? m.groups!.firm2)!;
    const start = m.index + m[0].indexOf(firm);
    return { name: firm, detail: "auditor", page: page.pageNumber, start, end: m.index + m[0].length };
  }
  return undefined;
}

/** Words only the auditor's report prints: its tenure sentence, then its opinion and audit wording. */
const REPORT_TENURE = /\bwe have served as\b[^.\n]{0,60}\bauditors?\s+since\b/i;
const REPORT_WORDS = /\bin our opinion\b|\bour audits? (?:also )?included\b|\bcritical audit matters?\b|\bpresent fairly,? in all material respects\b|\bwe conducted our audits?\b/i;
const CONSENT = /consent of independent (?:registered public accounting firm|auditors?)|\bwe (?:hereby )?consent\b/i;
/** "… have been audited by Firm LLP, an independent registered public accounting firm": the company naming its auditor (its report signed as an image). */
const NAMED_AUDITOR = new RegExp(String.raw`\b(?:audited by|attestation report of)\s+(?<firm>${FIRM}),?\s+(?:an?|our|the)\s+independent registered public accounting firm`, "u");

/**
 * The firm signing the report, cited from the page that carries the signature: a signed page with
 * the report's tenure sentence ("We have served as the Company's auditor since …") first, then a
 * signed page of the report (its opinion, or its heading on that page or the page before: a report
 * runs over two pages), then a report page printing the firm on a line of its own, then the consent,
 * then the company's own sentence naming the firm that audited it (a report signed as an image).
 * A table of contents or an exhibit index names the report and the firm but signs nothing.
 */
function readSignedAuditor(pages: ExtractionPage[]): NamedFact | undefined {
  let best: { rank: number; fact: NamedFact } | undefined;
  pages.forEach((page, i) => {
    const kind = pageKindOf(page);
    if (kind === "contents" || kind === "exhibit_index") return;
    const signed = SIGNED_FIRM.exec(page.text);
    const headed = AUDIT_REPORT.test(page.text) || (i > 0 && pages[i - 1]!.pageNumber === page.pageNumber - 1 && AUDIT_REPORT.test(pages[i - 1]!.text));
    const report = REPORT_TENURE.test(page.text) || REPORT_WORDS.test(page.text);
    const consent = kind === "consent" || CONSENT.test(page.text);
    const line = !signed && headed && report && !consent ? FIRM_LINE.exec(page.text) : null;
    const named = !signed && !line ? NAMED_AUDITOR.exec(page.text) : null;
    const rank = signed ? (REPORT_TENURE.test(page.text) ? 5 : !consent && (report || headed) ? 4 : consent ? 2 : 0) : line ? 3 : named ? 1 : 0;
    const m = signed ?? line ?? named;
    if (!m || rank === 0 || (best && best.rank >= rank)) return;
    const firm = m.groups!.firm!.replace(/,$/, "");
    const start = m.index + m[0].indexOf(firm);
    best = { rank, fact: { name: firm, detail: "auditor (independent registered public accounting firm)", page: page.pageNumber, start, end: start + firm.length } };
  });
  return best?.fact;
}

const JURISDICTION = /\(?\s*state or other jurisdiction\b/i;
/** A place's name as a cover page prints it in a cell: letters only ("Delaware", "England and Wales"). */
const PLACE_CELL = /^\p{Lu}[\p{L} .'’-]{2,40}$/u;

/**
 * The state of incorporation the cover page prints above its label ("Delaware" over "(State or other
 * jurisdiction of incorporation or organization)"): the first cell of letters on the last line with
 * text above the label.
 */
function readIncorporation(page: ExtractionPage, registrant: string, from?: number): NamedFact | undefined {
  const label = JURISDICTION.exec(page.text);
  if (!label) return undefined;
  const layout = pageLayout(page);
  let end = page.text.lastIndexOf("\n", label.index - 1);
  let start = page.text.lastIndexOf("\n", end - 1) + 1;
  while (start > 0 && !page.text.slice(start, end).trim()) {
    end = start - 1;
    start = page.text.lastIndexOf("\n", end - 1) + 1;
  }
  if (end <= 0) return undefined;
  const cells = layout.slice(start, end).split(/\|| {2,}/).map((c) => c.trim());
  // "Delaware 77-0430924": the state and the employer number on one line with no gap between them
  const beforeNumber = /^(\p{Lu}[\p{L} .'’-]{2,40}?)\s+\d{2}-\d{7}\b/u.exec(cells[0] ?? "")?.[1];
  const place = [...cells, ...(beforeNumber ? [beforeNumber] : [])].find((c) => PLACE_CELL.test(c) && !/\b(?:registrant|commission|exact name|employer|address)\b/i.test(c));
  if (!place) return undefined;
  const at = page.text.indexOf(place, start);
  // cited from the registrant's name down (the citation names whose state it is)
  return { name: registrant, detail: place, page: page.pageNumber, start: from !== undefined && from < at ? from : at, end: label.index + label[0].length };
}

const COMBINED_HEADER = /\bexact\s+names?\s+of\s+registrants?\b(?!\s+as\s+specified\s+in\s+(?:its|their)\s+charters?\))/i;
/** "1-12609 PG&E CORPORATION California 94-3234914": file number, name, state, employer number. */
const COMBINED_ROW = /^\s*\d{1,3}-\d{3,6}\s+(?<name>\S.*?\S)\s+(?<state>\p{Lu}[\p{Ll}]+(?:\s+\p{Lu}[\p{Ll}]+)?)\s+\d{2}-\d{7}\s*$/u;

/**
 * The first registrant of a combined filing's table ("Commission File Number | Exact Name of
 * Registrant … | State or Other Jurisdiction of Incorporation | IRS Employer Identification Number"):
 * the parent is listed first. Its name and state of incorporation.
 */
function combinedRegistrant(page: ExtractionPage): { name: NamedFact; incorporation: NamedFact } | undefined {
  const head = COMBINED_HEADER.exec(page.text);
  if (!head) return undefined;
  let at = page.text.indexOf("\n", head.index);
  for (let n = 0; n < 14 && at >= 0; n++) {
    const start = at + 1;
    const next = page.text.indexOf("\n", start);
    const line = page.text.slice(start, next < 0 ? undefined : next);
    const m = COMBINED_ROW.exec(line);
    if (m) {
      const name = m.groups!.name!.replace(/\s+/g, " ");
      const nameAt = start + line.indexOf(m.groups!.name!);
      const stateAt = start + line.lastIndexOf(m.groups!.state!);
      return {
        name: { name, detail: name, page: page.pageNumber, start: nameAt, end: nameAt + m.groups!.name!.length },
        incorporation: { name, detail: m.groups!.state!, page: page.pageNumber, start: stateAt, end: stateAt + m.groups!.state!.length },
      };
    }
    at = next;
  }
  return undefined;
}

/** The address printed before "(Address of principal executive offices)": on its line or the last line with text above it. */
function readAddress(page: ExtractionPage, name: string, from: number): NamedFact | undefined {
  // (the label may wrap: "(Address of principal" / "executive offices)")
  // (…or name the zip code: "(Address and zip code of principal executive offices)")
  const addr = /\(address(?:,?\s+(?:and|including)\s+(?:zip|postal)\s+code)?\s+of\s+principal\s+executive\s+offices/i.exec(page.text);
  if (!addr) return undefined;
  const layout = pageLayout(page);
  const lineOf = page.text.lastIndexOf("\n", addr.index - 1) + 1;
  const sameLine = layout.slice(lineOf, addr.index);
  // the address is printed before its label, on the same line or on the last line with text above it
  let prevEnd = lineOf - 1;
  let prevStart = page.text.lastIndexOf("\n", prevEnd - 1) + 1;
  while (prevStart > 0 && !page.text.slice(prevStart, prevEnd).trim()) {
    prevEnd = prevStart - 1;
    prevStart = page.text.lastIndexOf("\n", prevEnd - 1) + 1;
  }
  let source = sameLine.replace(/\|/g, "").trim() ? { text: sameLine, at: lineOf } : { text: layout.slice(prevStart, prevEnd), at: prevStart };
  // a street line right above a "City, State ZIP" line is the same address ("800 Main Street, Suite 19" / "Boston, Massachusetts 02199")
  const upStart = page.text.lastIndexOf("\n", source.at - 2) + 1;
  const up = source.at > 0 ? layout.slice(upStart, source.at - 1) : "";
  if (source.at === prevStart && /(?:^|[\s,])\d+\s+\p{Lu}/u.test(up.replace(/\|/g, " ")) && !/[()]/.test(up) && up.length <= 90) source = { text: `${up}|${source.text}`, at: upStart };
  // a part printed with its own comma ("100 Quay Street," in one column, "Portsmouth," in the next) is joined once
  // (two registrants printing one address side by side: once)
  const cells = [...new Set(source.text.split(/\||\s{2,}/).map((c) => c.trim().replace(/\s*,$/, "")).filter((c) => c && !/^\(/.test(c)))];
  const address = cells.filter((c) => !/^\d{5}(?:-\d{4})?$/.test(c)).join(", ").replace(/\s+/g, " ").trim();
  return address && /\p{L}/u.test(address) ? { name, detail: address, page: page.pageNumber, start: from, end: addr.index + addr[0].length } : undefined;
}

/** The registrant's name, headquarters and fiscal year end from the cover page of a form. */
export function readCover(pages: ExtractionPage[]): Pick<FilingFacts, "registrant" | "headquarters" | "incorporation" | "fiscalYearEnd"> {
  const out: Pick<FilingFacts, "registrant" | "headquarters" | "incorporation" | "fiscalYearEnd"> = {};
  for (const page of pages.slice(0, 3)) {
    // "(Exact name of registrant …)", or of the registrants of a combined filing ("(Exact name of Registrants …)")
    const label = /\(exact names? of registrants? as specified in (?:its|their) charters?\)/i.exec(page.text);
    // a combined filing prints its registrants in a table, the parent first
    const combined = label ? undefined : combinedRegistrant(page);
    if (combined) {
      out.registrant = combined.name;
      out.incorporation = combined.incorporation;
      const hq = readAddress(page, combined.name.name, combined.name.start);
      if (hq) out.headquarters = hq;
      break;
    }
    if (!label) continue;
    const before = page.text.slice(0, label.index).replace(/\s+$/, "");
    let lineStart = before.lastIndexOf("\n") + 1;
    // a combined filing prints its registrants' names one a line: the first is the parent
    if (/registrants/i.test(label[0])) {
      for (let up = before.lastIndexOf("\n", lineStart - 2) + 1; lineStart > 0 && before.slice(up, lineStart - 1).trim() && !/[()]/.test(before.slice(up, lineStart - 1)); up = before.lastIndexOf("\n", up - 2) + 1) {
        lineStart = up;
        if (up === 0) break;
      }
    }
    // the name as printed (a stray blank before a stop, "Inc .", is dropped only when the printed form has none)
    const printed = before.slice(lineStart, before.indexOf("\n", lineStart) >= 0 ? before.indexOf("\n", lineStart) : undefined).replace(/\s+/g, " ").trim();
    const name = printed.replace(/ ([.,])/g, "$1");
    if (!name || name.length > 80 || !/\p{Lu}/u.test(name)) continue;
    out.registrant = { name, detail: printed, page: page.pageNumber, start: lineStart, end: label.index + label[0].length };
    const hq = readAddress(page, name, lineStart);
    if (hq) out.headquarters = hq;
    const incorporation = readIncorporation(page, name, lineStart);
    if (incorporation) out.incorporation = incorporation;
    const fy = /for the fiscal year ended\s*:?\s*(?<date>(?:[A-Z][a-z]+\s+\d{1,2},?\s*\d{4})|(?:\d{1,2}\s+[A-Z][a-z]+\s+\d{4}))/i.exec(page.text);
    if (fy) {
      const month = /[A-Za-z]+\s+\d{1,2}|\d{1,2}\s+[A-Za-z]+/.exec(fy.groups!.date!)![0];
      out.fiscalYearEnd = { name, detail: month.replace(/\s+/g, " "), page: page.pageNumber, start: Math.min(fy.index, lineStart), end: Math.max(fy.index + fy[0].length, label.index + label[0].length) };
    }
    break;
  }
  return out;
}

const COUNT = String.raw`(?<n>\d{1,3}(?:,\d{3})+|\d{2,3}|\d+(?:\.\d+)?\s+(?:thousand|million))`;
/**
 * "we had approximately 765 employees", "the Company employed about 12,400 full-time equivalent
 * employees", "PG&E Corporation and the Utility had approximately 23,000 regular employees" (the
 * subject a few words of the sentence; a qualifier of a word or two, hyphenated or broken at its
 * hyphen: "full-\ntime").
 */
const EMPLOYEES = new RegExp(String.raw`(?:\bwe|\bthe\s+company|\bthe\s+group|(?<![\p{L}&.'’-])\p{Lu}[\p{L}&.'’-]*(?:\s+(?:and|the|of|&|\p{Lu}[\p{L}&.'’-]*)){0,5})\s+(?:had|employed|has|employs)\s+(?:a\s+total\s+of\s+)?(?:approximately|about|around|over|more\s+than|nearly)?\s*${COUNT}\s+(?:[a-z]+(?:-\s?[a-z]*)?\s+){0,2}?(?:employees|people|persons|team\s+members)\b`, "iu");
/** "our global workforce of 110,600 people". */
const WORKFORCE = new RegExp(String.raw`\bworkforce\s+of\s+(?:approximately|about|around|over|more\s+than|nearly)?\s*${COUNT}\s+(?:employees|people)\b`, "i");
/** The word for staff that both patterns end with, tested first: a page without it is not scanned from every capitalised word. */
const STAFF_CUE = /employees|people|persons|team\s+members/iu;

/** The headcount the document states ("As of June 30, 2023, we had approximately 12,400 employees"). */
export function readEmployees(pages: ExtractionPage[], company: string | undefined): NamedFact | undefined {
  for (const page of pages) {
    const m = STAFF_CUE.test(page.text) ? (EMPLOYEES.exec(page.text) ?? WORKFORCE.exec(page.text)) : null;
    if (!m) continue;
    const asOf = /\b(?:[Aa]s of|[Aa]t)\s+((?:[A-Z][a-z]+\s+\d{1,2},\s*\d{4})|(?:\d{1,2}\s+[A-Z][a-z]+\s+\d{4}))/.exec(page.text.slice(Math.max(0, m.index - 60), m.index + m[0].length));
    const n = m.groups!.n!.replace(/\s+/g, " ");
    return { name: company ?? "", detail: `${/approximately|about|around/i.test(m[0]) ? "approximately " : /more\s+than|over/i.test(m[0]) ? "more than " : /nearly/i.test(m[0]) ? "nearly " : ""}${n}${asOf ? ` (as of ${asOf[1]})` : ""}`, page: page.pageNumber, start: m.index, end: m.index + m[0].length };
  }
  return undefined;
}

const CUSTOMER = /\b(?:[Ss]ales|[Rr]evenues?|[Nn]et sales) (?:to|from) (?<name>\p{Lu}[\p{L}&'’.-]*(?: (?:&|\p{Lu}[\p{L}&'’.-]*)){0,4}),?(?: and its (?:affiliates|subsidiaries),?)? (?:which )?(?:accounted|represented|comprised|were) (?:for )?(?:approximately |about )?(?<pct>\d{1,2}(?:\.\d)?)\s?%/gu;
const CUSTOMER_SUBJECT = /(?:^|[.;]\s+)(?<name>\p{Lu}[\p{L}&'’.-]*(?: (?:&|\p{Lu}[\p{L}&'’.-]*)){0,4}),?(?: and its (?:affiliates|subsidiaries),?)? (?:our largest customer, )?accounted for (?:approximately |about )?(?<pct>\d{1,2}(?:\.\d)?)\s?% of (?:our |the company['’]s |total |consolidated )*(?:net )?(?:sales|revenues?)/gmu;
const NOT_CUSTOMER = /^(?:The|Our|No|None|One|Each|Sales|Revenue|Revenues|Net|Total|International|Domestic|United States|U\.S\.|North America|Europe|Asia|China|Americas|Products?|Services?|Segment|Fiscal|During|In|For|This|These|Its|Their|Other|Online|Retail|Wholesale)\b/;

/** Customers named with their share of sales. */
export function readCustomers(pages: ExtractionPage[]): NamedFact[] {
  const out: NamedFact[] = [];
  for (const page of pages) {
    if (!page.text.includes("%")) continue; // both patterns state a share of sales
    const text = page.text.replace(/\n/g, " ");
    for (const re of [CUSTOMER, CUSTOMER_SUBJECT]) {
      re.lastIndex = 0;
      for (const m of text.matchAll(re)) {
        const name = m.groups!.name!.replace(/[.,]$/, "");
        if (NOT_CUSTOMER.test(name) || name.split(" ").length > 5 || out.some((o) => o.name === name)) continue;
        const start = m.index! + m[0].indexOf(m.groups!.name!);
        out.push({ name, detail: `principal customer (${m.groups!.pct}% of sales)`, page: page.pageNumber, start, end: m.index! + m[0].length });
      }
    }
  }
  return out.slice(0, 8);
}

export function readFilingFacts(pages: ExtractionPage[]): FilingFacts {
  const cover = readCover(pages);
  return {
    officers: readOfficers(pages),
    signers: readSignedOfficers(pages),
    auditor: readAuditor(pages),
    registrant: cover.registrant,
    headquarters: cover.headquarters,
    incorporation: cover.incorporation,
    fiscalYearEnd: cover.fiscalYearEnd,
    employees: readEmployees(pages, cover.registrant?.name),
    customers: readCustomers(pages),
  };
}
