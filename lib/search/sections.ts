/**
 * Which part of a report a page belongs to: the 10-K / 10-Q Items (Business, Risk Factors,
 * Legal Proceedings, MD&A, Financial Statements …), the unnumbered "Executive Officers of the
 * Registrant", the financial-statement notes on litigation, segments and acquisitions, and
 * the chapters of Swedish reports (Sammanfattning, Författningsförslag, Bakgrund,
 * Konsekvenser, Uppdraget; Förvaltningsberättelse of an annual report …).
 *
 * Headings are short lines whose wording is how every filing names its parts ("Item 3. Legal
 * Proceedings", "Note 21 – Legal Proceedings", "3 Bakgrund"); PDF text often splits words
 * ("Busines s."), so titles are compared with everything but letters removed. A page inherits
 * the section of the last heading before it; a table of contents (headings followed by page
 * numbers or dot leaders, or many headings on one page) changes nothing. Bare running
 * headers ("PART II Item 7") use the number → title map the document's own titled headings
 * gave.
 */
export type SectionKind =
  | "business"
  | "risk_factors"
  | "unresolved_staff_comments"
  | "properties"
  | "legal_proceedings"
  | "market_for_equity"
  | "selected_financial_data"
  | "mdna"
  | "market_risk"
  | "financial_statements"
  | "controls"
  | "other_information"
  | "governance"
  | "executive_compensation"
  | "security_ownership"
  | "exhibits"
  | "executive_officers"
  | "segments"
  | "acquisitions"
  | "summary"
  | "legislative_proposals"
  | "background"
  | "consequences"
  | "assignment"
  | "considerations"
  | "commentary";

/** Item titles (letters only, lowercase) → section; first match wins. */
const ITEM_TITLES: Array<[RegExp, SectionKind]> = [
  [/^business/, "business"],
  [/^riskfactors/, "risk_factors"],
  [/^unresolvedstaffcomments/, "unresolved_staff_comments"],
  [/^properties/, "properties"],
  [/^legalproceedings/, "legal_proceedings"],
  [/^minesafety|^reserved|^otherinformation|^changesinanddisagreements|^cybersecurity|^disclosureregardingforeign|^defaultsupon|^unregisteredsales|^formksummary/, "other_information"],
  [/^marketfor(the)?registrant/, "market_for_equity"],
  [/^selected(consolidated)?financialdata/, "selected_financial_data"],
  [/^management'?sdiscussionandanalysis|^managementsdiscussion/, "mdna"],
  [/^quantitativeandqualitativedisclosure/, "market_risk"],
  [/^(consolidated|condensed)*financialstatements/, "financial_statements"],
  [/^controlsandprocedures/, "controls"],
  [/^directors(and)?executiveofficers/, "governance"],
  [/^(information(about|regarding|concerning|on))?(our|the)?executiveofficers/, "executive_officers"],
  [/^executivecompensation/, "executive_compensation"],
  [/^securityownership/, "security_ownership"],
  [/^certainrelationships|^principalaccount/, "governance"],
  [/^exhibits/, "exhibits"],
];

/** Note titles that name a topic questions ask about; any other note is plain financial statements. */
const NOTE_TITLES: Array<[RegExp, SectionKind]> = [
  [/legalproceedings|litigation|contingenc/, "legal_proceedings"],
  [/segment/, "segments"],
  [/acquisition|businesscombination|divestiture/, "acquisitions"],
];

/** Unnumbered headings: executive officers; the chapters of Swedish reports. */
const PLAIN_TITLES: Array<[RegExp, SectionKind]> = [
  [/^(information(about|regarding|concerning|on))?(our|the)?executiveofficers(ofthe(registrants?|company|corporation))?$/, "executive_officers"],
  [/^[a-z]{2,40}(corporation|company|inc|corp|group|plc)executiveofficers$/, "executive_officers"],
  [/^(koncernledning(en)?|ledandebefattningshavare)$/, "executive_officers"],
  // parts a filing that numbers no Items titles in words alone; each ends the part before it
  [/^managementsdiscussionandanalysis(offinancialconditionandresultsofoperations)?$/, "mdna"],
  [/^riskfactors$/, "risk_factors"],
  [/^quantitativeandqualitativedisclosures?aboutmarketrisks?$/, "market_risk"],
  [/^(reports?ofindependentregisteredpublicaccountingfirms?|(independent)?auditorsreports?)$/, "financial_statements"],
  [/^sammanfattning$|^sammanfattningav|^sammanfattande|^summary(analysis|ofproposals|andproposals)?$/, "summary"],
  [/^författningsförslag(en)?$/, "legislative_proposals"],
  [/^bakgrund(en)?$/, "background"],
  [/^(konsekvenser(na)?|konsekvensanalys|konsekvensbeskrivning|förslagenskonsekvenser)$/, "consequences"],
  [/^((utredningens|kommitténs|kommissionens|utredarens)?uppdrag(et)?|uppdraget?)(och(dess)?(arbete|genomförande|arbetet))?$/, "assignment"],
  [/^(överväganden(och(förslag|bedömningar))?|övervägandenochförslag)$/, "considerations"],
  [/^författningskommentar(er)?$/, "commentary"],
  [/^förvaltningsberättelse$/, "mdna"],
  [/^(väsentligarisker(ochosäkerhetsfaktorer)?|risker(ochriskhantering)?|riskfaktorer)$/, "risk_factors"],
  [/^(tvister|rättsligaprocesser|rättsligaförfaranden)$/, "legal_proceedings"],
];

export interface Heading {
  /** null: a chapter with a title none of the above (it ends the previous part). */
  kind: SectionKind | null;
  /** Offset of the heading line in the page text. */
  offset: number;
  /** "item" and plain headings start a new part; "note" headings a topic within the statements. */
  level: "item" | "note";
  itemNumber?: string;
  /** A bare "Item 7" / "PART II Item 8" line: a running page header, not the start of the part. */
  running?: boolean;
  /** A note heading's number ("1", "13c"). */
  noteNumber?: string;
}

const MAX_HEADING = 140;
const squash = (s: string) => s.toLowerCase().replace(/[’‘`]/g, "'").replace(/[^a-zåäöéü']/g, "").replace(/'/g, "");
const ITEM = /^\s*(?:part\s+[ivx]+[\s,.:–—-]*)?item\s+(\d{1,2}[a-c]?)\b\.?\s*[:.\-–—]?\s*(.*)$/i;
const NOTE = /^\s*note\s+(\d{1,2}(?:[a-z](?![a-z]))?)\s*[:.\-–—]?\s*(.*)$/i;
const TOC_TAIL = /(?:\.{4,}|…{2,}|\s\d{1,3})\s*$/;
const SUBSECTION = /^\s*\d+\.\d/;
const NUMBERED_CHAPTER = /^\s*(?:\d{1,2}|[ivx]{1,4})\.?\s+(\S.*)$/i;

function matchTitle(title: string, table: Array<[RegExp, SectionKind]>): SectionKind | undefined {
  const t = squash(title.replace(TOC_TAIL, ""));
  if (!t) return undefined;
  return table.find(([re]) => re.test(t))?.[1];
}

interface LineHeading extends Heading {
  tocLike: boolean;
}

const MARKDOWN_HEADING = /^\s*#{1,3}\s+(.*)$/;

function headingOfLine(raw: string, offset: number, numbers: Map<string, SectionKind | null>): LineHeading | undefined {
  if (raw.length > MAX_HEADING) return undefined;
  const markdown = raw.match(MARKDOWN_HEADING);
  const line = markdown ? markdown[1] : raw;
  const tocLike = TOC_TAIL.test(line.trimEnd());
  const item = line.match(ITEM);
  if (item) {
    const num = item[1].toLowerCase();
    const title = item[2].trim();
    if (title) {
      const kind = matchTitle(title, ITEM_TITLES);
      if (!kind) return undefined; // "Item 15 of this Annual Report …": a cross-reference
      return { kind, offset, level: "item", itemNumber: num, tocLike };
    }
    const known = numbers.get(num);
    return known ? { kind: known, offset, level: "item", itemNumber: num, running: true, tocLike } : undefined;
  }
  const note = line.match(NOTE);
  if (note) {
    const title = note[2].trim();
    // a note's title is capitalised; "Note 6 of our Notes …", "Note 13C for additional information …" are cross-references
    if (!/^\p{Lu}/u.test(title)) return undefined;
    return { kind: matchTitle(title, NOTE_TITLES) ?? "financial_statements", offset, level: "note", noteNumber: note[1].toLowerCase(), tocLike };
  }
  if (SUBSECTION.test(line)) return undefined; // "5.1 Bakgrund" heads a subsection, not a chapter
  const chapter = (line.match(NUMBERED_CHAPTER)?.[1] ?? line).trim();
  // a title starts with a capital and is not a sentence ("myndighetsuppdrag." is a wrapped line)
  const plain = markdown || (/^\p{Lu}/u.test(chapter) && !/[.,;:)]$/.test(chapter)) ? matchTitle(chapter, PLAIN_TITLES) : undefined;
  if (plain) return { kind: plain, offset, level: "item", tocLike };
  // A marked-up chapter heading (text and Markdown documents) ends the previous part even
  // when its title names none of the parts above.
  return markdown ? { kind: null, offset, level: "item", tocLike } : undefined;
}

/** The headings on one page, in order, and whether the page is a table of contents. */
export function findHeadings(text: string, numbers: Map<string, SectionKind | null> = new Map()): { headings: Heading[]; tableOfContents: boolean } {
  const found: LineHeading[] = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    const h = headingOfLine(line, offset, numbers);
    if (h) found.push(h);
    offset += line.length + 1;
  }
  const toc = found.filter((h) => h.tocLike).length >= 2 || found.filter((h) => h.level === "item").length >= 6;
  // On a contents page, a heading above the first contents line still opens its part
  // ("Item 8. Financial Statements" over the index of statements and notes).
  const firstEntry = found.findIndex((h) => h.tocLike);
  // Only a numbered Item opens its part there: a title in words alone on a contents page is an entry or a group of
  // entries ("Management's Discussion and Analysis" over its pages' list). Anywhere, a title in words alone followed by
  // a page number ("Information About Our Executive Officers 68") is a contents entry, never the start of its part.
  const kept = toc
    ? found.slice(0, Math.max(0, firstEntry)).filter((h) => found.length - firstEntry >= 2 && h.level === "item" && !h.running && !!h.itemNumber)
    : found.filter((h) => !(h.tocLike && !h.itemNumber && h.level === "item"));
  return { headings: kept.map(({ tocLike: _, ...h }) => h), tableOfContents: toc };
}

/** Where a page stands: its main section, every section in effect on it, and where the next page starts. */
export interface PageSection {
  /** The section covering most of the page's text (null before the first heading). */
  section: SectionKind | null;
  /** Every section in effect somewhere on the page (item-level and note topics). */
  sections: SectionKind[];
}

export interface SectionState {
  item: SectionKind | null;
  note: SectionKind | null;
  /** Item number → section, learned from the document's titled headings (null: ambiguous). */
  numbers: Map<string, SectionKind | null>;
}

export const initialSectionState = (): SectionState => ({ item: null, note: null, numbers: new Map() });

function learnNumbers(text: string, numbers: Map<string, SectionKind | null>) {
  for (const line of text.split("\n")) {
    const m = line.length <= MAX_HEADING ? line.match(ITEM) : null;
    if (!m || !m[2].trim()) continue;
    const kind = matchTitle(m[2], ITEM_TITLES);
    if (!kind) continue;
    const num = m[1].toLowerCase();
    // A 10-Q reuses numbers across Parts (Part I Item 2 = MD&A, Part II Item 2 = equity sales).
    if (numbers.has(num) && numbers.get(num) !== kind) numbers.set(num, null);
    else numbers.set(num, kind);
  }
}

/**
 * Sections of consecutive pages of one document. `state` carries the section in effect across
 * calls (the indexer sees a document in batches of pages); pages must come in page order.
 */
export function sectionsOfPages(pages: string[], state: SectionState = initialSectionState()): PageSection[] {
  for (const text of pages) learnNumbers(text, state.numbers);
  return pages.map((text) => {
    const { headings } = findHeadings(text, state.numbers);
    const spans: Array<{ kinds: SectionKind[]; from: number }> = [{ kinds: current(state), from: 0 }];
    for (const h of headings) {
      if (h.running && h.kind === state.item) continue;
      // inside another part (a 10-Q's MD&A after its statements), a note heading is a cross-reference: the notes open at Note 1
      if (h.level === "note" && state.item !== null && state.item !== "financial_statements" && h.noteNumber !== "1") continue;
      if (h.level === "item") {
        state.item = h.kind;
        state.note = null;
      } else {
        state.item = "financial_statements";
        state.note = h.kind === "financial_statements" ? null : h.kind;
      }
      spans.push({ kinds: current(state), from: h.offset });
    }
    return summarise(spans, text.length);
  });
}

function current(state: SectionState): SectionKind[] {
  return [state.item, state.note].filter((k): k is SectionKind => k !== null);
}

function summarise(spans: Array<{ kinds: SectionKind[]; from: number }>, length: number): PageSection {
  const sized = spans.map((s, i) => ({ kinds: s.kinds, size: (i + 1 < spans.length ? spans[i + 1].from : length) - s.from }));
  const present = sized.filter((s) => s.size > 0);
  const used = present.length > 0 ? present : sized.slice(-1);
  // a note topic is the more specific name for its span; a span outside any part counts as "none"
  const cover = new Map<SectionKind | null, number>();
  for (const s of used) {
    const main = s.kinds[s.kinds.length - 1] ?? null;
    cover.set(main, (cover.get(main) ?? 0) + s.size);
  }
  const section = [...cover].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  return { section, sections: [...new Set(used.flatMap((s) => s.kinds))] };
}
