/**
 * Timeline extractor (rules): every dated event in the WHOLE document — directive issued,
 * appointments, hand-over/signature, publication, decisions, deadlines, entry into force,
 * closing, fiscal year end — English and Swedish, partial dates kept with their precision.
 */
import { EXCERPT_MAX, EXCERPT_MIN, locateExcerpt, pickExcerpt } from "../citation";
import type { Candidate, ExtractionContext, ExtractionPage, Extractor, ExtractorOutput, TimelineEventPayload } from "../types";
import { personNamesIn } from "../entities";
import { CELL_BREAK } from "../entities/layout";
import { canonicalPageLayout, pageLayout } from "../entities/page-layout";
import { findDates, type ParsedDate } from "./dates";
import { pageKindOf, type PageKind } from "./page-kind";
import { describeFromSentence, DESCRIPTION_MAX, excerptFromSentence, gluedHeadEnd, rowBefore, sentenceAt, type ParagraphCache, type Row, type Sentence } from "./sentence";

export const TIMELINE_EXTRACTOR_VERSION = "1.2.0";

/** How far from a date (characters, within its sentence and never past another date) a cue word may stand. */
const CUE_BEFORE = 110;
const CUE_AFTER = 70;

const TYPES: Array<{ type: string; re: RegExp; formal?: boolean }> = [
  { type: "directive_issued", re: /beslut vid regeringssammanträde|kommittédirektiv|tilläggsdirektiv|\(dir\.|\bdir\. \d{4}:\d+|bemyndigade .{0,80}tillkalla|beslutade .{0,40}(?:att tillkalla|direktiv)|ändrades .{0,30}direktiv/i, formal: true },
  { type: "appointed", re: /förordnades|tillkallades|utsågs|anställdes|ersattes|appointed|(?:was|were) named(?! in\b)(?! (?:as )?(?:a |an |the )?(?:co-?)?(?:defendants?|party|parties|respondents?|plaintiffs?))|joined .{0,60} as\b/i },
  { type: "report_handed_over", re: /överlämna[rsd]*\b|handed over|submitted (?:its|the) (?:report|final report)/i },
  { type: "report_due", re: /ska redovisas senast|skall redovisas senast|redovisas senast|is due (?:on|by)|deadline/i },
  { type: "entry_into_force", re: /träd(?:er|a) i kraft|enters? into force|takes effect|effective (?:as of|from)/i },
  { type: "published", re: /\bpublished\b|publicera[ds]|offentliggj/i },
  // "the CPUC decision dated July 14, 2022": a decision issued that day, not a signing
  // ("the ruling of the court overseeing the Utility’s probation dated April 3, 2019", "the re solution of the Board … dated …")
  { type: "decision", re: /\b(?:decision|ruling|re ?solution|order)\s+(?:No\.\s*[\w.-]+\s+)?(?:of\s+[^.;,]{1,80}?\s+)?dated\b/i },
  // ("up dated": "updated" split by the PDF's text layer)
  { type: "signed", re: /\bsigned\b|undertecknade?s?\b|(?<!\bup )\bdated\b/i },
  { type: "closing", re: /\bclosing of (?:the|its|our)\b|\b(?:acquisition|transaction|merger|sale|divestiture) (?:closed|was completed)|\bclosed on\b|\bcompletion of the (?:acquisition|transaction|merger|sale)|tillträde/i },
  { type: "fiscal_year_end", re: /fiscal year end(?:ed|s)?|financial year end(?:ed|s)?|räkenskapsår(?:et)? (?:som )?(?:slutar|avslutades)/i },
  { type: "meeting", re: /board meeting|\bmeeting\b|sammanträde/i },
  { type: "decision", re: /beslutade|beslöt|beslut\b|resolved|approved|decided/i },
];

const SIGNATURE = /^(Stockholm|Göteborg|Uppsala|Malmö|Lund|Helsingfors|Oslo|Köpenhamn|London|Stockholm,?)\s+(?:i|den)?\s*(.{0,30}?\d{4})\.?$/;

type Cue = (typeof TYPES)[number];

/** Where a date stands: its offsets in the page text, its sentence (from the layout) and that sentence as read. */
interface DateAt {
  d: ParsedDate;
  ty: Cue;
  os: number;
  oe: number;
  sent: Sentence | null;
  around: string;
  sentence: string;
  isInquiry: boolean;
}

/** How an event is cited: the excerpt, whether it is a formal line, the date's line and its table row. */
interface Citation {
  excerpt: string;
  formalLine: boolean;
  lineOf: string;
  row: string | null;
  cells: Row | null;
}

/** A dated event as read, before it is merged with the same event elsewhere in the document. */
interface EventHit {
  type: string;
  date: string;
  precision: TimelineEventPayload["datePrecision"];
  description: string;
  actors: string[];
  excerpt: string;
  confidence: number;
  evidenceType: "formal" | "prose";
  reason: string;
}

export function extractTimelineFromPages(pages: ExtractionPage[], ctx: Pick<ExtractionContext, "filename" | "documentKind">): ExtractorOutput {
  const out = new Map<string, Candidate<TimelineEventPayload>>();
  const uncertainties: string[] = [];
  const skipped: ExtractorOutput["skipped"] = [];
  let empty = 0;
  const notMined = new Map<string, number>();
  /** one event per type and date, and one per date and sentence, in the whole document */
  const seenSentences = new Set<string>();
  const isInquiry = /sou|dir|betänkande|kommitté/i.test(`${ctx.filename} ${ctx.documentKind ?? ""}`);
  for (const page of pages) {
    if (!page.text.trim()) { empty++; continue; }
    if (page.cells?.length) continue; // sheets: dates in cells are values, not events
    // exhibit indexes, contents, signatures, certifications and consents list or sign: no events there;
    // a form's cover page states the fiscal year end and otherwise boilerplate
    const kind = pageKindOf(page);
    if (kind !== "body" && kind !== "cover") { notMined.set(kind, (notMined.get(kind) ?? 0) + 1); continue; }
    const hits = [...(kind === "cover" ? [] : signatureLineEvents(page, pages)), ...datedEvents(page, kind, isInquiry, seenSentences)];
    for (const hit of hits) addEvent(out, page, hit);
  }
  if (empty) skipped.push({ what: `${empty} empty page(s)`, why: "no text on the page (absent from the source or not OCR'd)" });
  for (const [kind, n] of notMined) skipped.push({ what: `${n} ${kind.replace("_", " ")} page(s)`, why: "lists, indexes or signs documents: its dates are not events" });
  if (!out.size) uncertainties.push("no dated events found");
  return { candidates: [...out.values()], skipped, uncertainties, model: "rules" };
}

/** Adds an event; the same kind of event on the same date is one event, cited where the document first states it. */
function addEvent(out: Map<string, Candidate<TimelineEventPayload>>, page: ExtractionPage, { type, date, precision, description, actors, excerpt, confidence, evidenceType, reason }: EventHit) {
  const key = `${type}|${date}`;
  const prev = out.get(key);
  if (prev) {
    for (const a of actors) if (!prev.payload.actors.includes(a)) prev.payload.actors.push(a);
    return;
  }
  out.set(key, {
    candidateType: "timeline_event",
    candidateKey: key,
    payload: { eventType: type, eventDate: date, datePrecision: precision, description, actors },
    confidenceScore: confidence,
    confidenceReason: `${reason}; date precision ${precision}`,
    evidence: { text: excerpt, page: page.pageNumber },
    evidenceType,
  });
}

/** Events of the signature / place-and-date lines: "Stockholm i juni 1972." / "Stockholm den 12 maj 2017" / "Stockholm 2014". */
function signatureLineEvents(page: ExtractionPage, pages: ExtractionPage[]): EventHit[] {
  const hits: EventHit[] = [];
  let pos = 0;
  for (const line of page.text.split("\n")) {
    const t = line.trim();
    const m = SIGNATURE.exec(t);
    if (m) {
      const d = findDates(t)[0];
      const y = /\b(1[89]\d\d|20\d\d)\b/.exec(t);
      const date = d ? { date: d.date, precision: d.precision } : y ? { date: `${y[1]}-01-01`, precision: "year" as const } : null;
      if (date) {
        const handOver = /överlämna|härmed|får härmed/i.test(page.text);
        const type = handOver ? "signed" : page.pageNumber <= 5 ? "published" : "signed";
        const startIdx = pos + line.indexOf(t);
        const excerpt = pickExcerpt(page.text, startIdx, startIdx + t.length, "line");
        // a page that hands nothing over signs a letter of its own (a questionnaire's cover letter in an appendix), not the report
        const place = t.replace(/\.$/, "");
        const what = type !== "signed" ? `Published: ${t}` : handOver ? `Report signed (${place})` : letterSigned(place, page, pages);
        if (excerpt) hits.push({ type, date: date.date, precision: date.precision, description: what, actors: [], excerpt, confidence: 0.9, evidenceType: "formal", reason: `place-and-date line "${t}"` });
      }
    }
    pos += line.length + 1;
  }
  return hits;
}

/** Events at the dates of a page's text: a cue word near the date, not a date that only qualifies a figure or names a document. */
function datedEvents(page: ExtractionPage, kind: PageKind, isInquiry: boolean, seenSentences: Set<string>): EventHit[] {
  const hits: EventHit[] = [];
  const layout = pageLayout(page);
  const canon = canonicalPageLayout(page);
  const paragraphs: ParagraphCache = new Map();
  const dates = findDates(canon.text);
  for (const d of dates) {
    const os = canon.map[d.start]!;
    const oe = canon.map[d.end - 1]! + 1;
    // the date's sentence within its paragraph and cell (each paragraph split once)
    const sent = sentenceAt(layout, os, oe, paragraphs);
    const around = sent?.text ?? "";
    const sentence = isInquiry || !sent ? around : around.slice(gluedHeadEnd(around, sent.dateAt));
    const ty = isInquiry ? TYPES.find((x) => x.re.test(inquiryWindow(around, d))) : cueOf(canon.text, d, dates);
    if (!ty) continue;
    if (notAnEvent(canon.text, d, { type: ty.type, kind, pageNumber: page.pageNumber, sentence, isInquiry })) continue;
    const at: DateAt = { d, ty, os, oe, sent, around, sentence, isInquiry };
    const cited = citeEvent(page, at);
    if (!cited) continue;
    const { excerpt, formalLine } = cited;
    const desc = eventDescription(page, canon.text, at, cited);
    const sentenceKey = `${d.date}|${sentence.replace(/\s+/g, " ").trim()}`;
    if (seenSentences.has(sentenceKey)) continue;
    seenSentences.add(sentenceKey);
    const actors = personNamesIn(sentence).slice(0, 12);
    const conf = ty.formal && formalLine ? 0.95 : d.precision === "day" ? 0.85 : 0.8;
    hits.push({ type: ty.type, date: d.date, precision: d.precision, description: desc, actors, excerpt, confidence: conf, evidenceType: formalLine ? "formal" : "prose", reason: `${ty.type} cue near the date "${d.text}"` });
  }
  return hits;
}

/**
 * Whether a cue near a date still names no event of that day: the end of a period, a proposal, a deadline put off, a
 * document cited by its date, the date a figure is stated at, a condition's limit, a thing named by its date, an
 * action only expected. C is the page's canonical text.
 */
function notAnEvent(C: string, d: ParsedDate, { type, kind, pageNumber, sentence, isInquiry }: { type: string; kind: PageKind; pageNumber: number; sentence: string; isInquiry: boolean }): boolean {
  // an inquiry's dates: the end of a period ("anställdes … fr.o.m. den 1 januari 2030 t.o.m. den 30 juni 2030",
  // "skall … gälla … till utgången av juni 2032") is no event of that day; a proposal ("Lagstiftningen föreslås träda
  // i kraft den …", the draft statute's "Denna lag träder i kraft den …") has not been decided; a deadline put off
  // ("ska redovisas senast den 8 december 2031 förlängs och ska i stället …") no longer falls due; a document cited by
  // its number and date ("dok 1234/29 av den 28 januari 2030") is no event unless the sentence says it was adopted
  if (isInquiry && inquiryNonEvent(C, d, sentence, type)) return true;
  // a fiscal year end is stated on the cover or first pages; later it names the period of a figure or another filing
  if (!isInquiry && type === "fiscal_year_end" && kind !== "cover" && pageNumber > 3) return true;
  if (kind === "cover" && type !== "fiscal_year_end") return true;
  // the date of a document referred to ("our Form 8-K dated …", "an incident update dated …") is no event
  if (!isInquiry && DOCUMENT_DATED.test(C.slice(Math.max(0, d.start - 120), d.start))) return true;
  if (!isInquiry && ACTIONS.has(type) && TARGET_DATE.test(C.slice(Math.max(0, d.start - 12), d.start))) return true;
  // the date a provision applies from ("signed into law containing provisions effective January 1, 2023") is not when
  // the act was signed or decided; an appointment "effective December 2007" does happen then
  if (!isInquiry && ACTIONS.has(type) && type !== "appointed" && /\beffective(?: on)?\s+$/i.test(C.slice(Math.max(0, d.start - 14), d.start))) return true;
  // skip dates that only qualify an amount or a balance ("as of December 31, 2018")
  if (!isInquiry && /\b(as of|at|ended|ending)\s*(?:(?:early|mid|late)[- ]?)?$/i.test(C.slice(Math.max(0, d.start - 18), d.start)) && type !== "fiscal_year_end") return true;
  // a condition's limit ("does not occur prior to August 29, 2020") is no event
  if (!isInquiry && type !== "fiscal_year_end" && /\bprior to\s*$/i.test(C.slice(Math.max(0, d.start - 12), d.start))) return true;
  // a date naming a thing ("approved the October 15, 2020 settlement"): the action is of another date
  if (!isInquiry && ACTIONS.has(type) && namesAThing(C, d)) return true;
  // a period's start ("received 100,000 claims since January 29, 2019") is no event of that day (a tenure's start may be one)
  if (!isInquiry && type !== "appointed" && /\bsince\s*$/i.test(C.slice(Math.max(0, d.start - 8), d.start))) return true;
  // one of alternatives ("vest on the earlier of (i) May 22, 2021 or (ii) the date of the annual meeting") is a condition
  if (!isInquiry && /\b(?:earlier|later|earliest|latest|sooner)\s+of\b[^.;]{0,40}$/i.test(C.slice(Math.max(0, d.start - 60), d.start))) return true;
  // a deadline moved away from the date ("extended the deadline from February 8, 2018 to August 9, 2018"), or only asked for
  // ("filed a motion requesting … extending the deadline to September 15, 2023"), is not when anything falls due
  if (!isInquiry && type === "report_due" && (/\bfrom\s+$/i.test(C.slice(Math.max(0, d.start - 6), d.start)) || requestedOnly(clauseBefore(C, d.start)))) return true;
  // a court paper's signature block ("Dated: November 1, 2019 San Francisco, California Respectfully submitted, …") dates the filing
  if (!isInquiry && type === "signed" && /\brespectfully submitted\b/i.test(C.slice(d.end, d.end + 80))) return true;
  // a court paper cited by its docket number ("Plan of Reorganization Dated June 19, 2020 Docket No. 8048",
  // "… dated March 13, 2019 [Docket No. 881]") was filed or entered that day, not signed
  if (!isInquiry && type === "signed" && /^\s*\[?\s*Docket\s+No\b/i.test(C.slice(d.end, d.end + 16))) return true;
  // an action only expected, planned or scheduled ("expected to be published in June 2023") has not happened
  if (!isInquiry && ACTIONS.has(type) && type !== "meeting" && FUTURE.test(C.slice(Math.max(0, d.start - 60), d.start))) return true;
  return false;
}

/** The excerpt an event is cited by: its own table row, its sentence from the start, its formal line, or the sentence around the date. */
function citeEvent(page: ExtractionPage, { os, oe, sent, isInquiry, ty }: DateAt): Citation | null {
  const lineOf = page.text.slice(page.text.lastIndexOf("\n", os - 1) + 1, (page.text.indexOf("\n", oe) + 1 || page.text.length + 1) - 1);
  const formalLine = lineOf.length < 100 && ty.formal && ty.re.test(lineOf);
  // a date broken over two lines ("den 27 maj\n1971 ändrades …") has no single line: cite the sentence
  // cited from the start of its sentence, as described (an excerpt around the date may start inside it)
  // (a table cell's date from its own row, when the row makes an excerpt of 50–200 characters)
  const cells = isInquiry ? null : rowBefore(page, os, oe);
  const row = cells?.text ?? null;
  const ownRow = row && row.length >= EXCERPT_MIN && row.length <= EXCERPT_MAX && locateExcerpt(page.text, row) ? row : null;
  const fromStart = !isInquiry && !formalLine && sent && !row ? excerptFromSentence(page.text, sent) : null;
  const excerpt = ownRow ?? fromStart ?? (formalLine ? pickExcerpt(page.text, os, oe, "line") : null) ?? pickExcerpt(page.text, os, oe, "sentence");
  return excerpt ? { excerpt, formalLine: !!formalLine, lineOf, row, cells } : null;
}

/** How an event is described: by its inquiry clause, its table row (under its group heading), its sentence, or its excerpt. */
function eventDescription(page: ExtractionPage, C: string, { d, ty, sent, around, sentence, isInquiry }: DateAt, { excerpt, lineOf, row, cells }: Citation): string {
  const dirRef = isInquiry ? directiveRef(around, d, lineOf, page.text) : undefined;
  // described by the sentence it is cited from (the canonical sentence may run on from a heading without a stop)
  // a date in a table's cell is described by its row; one in prose by its sentence (from its start),
  // unless the sentence is the date alone or nearly (a cell, a place-and-date line): then the excerpt
  const fromSentence = sent && !isInquiry && sent.text.split(/\s+/).length - d.text.split(/\s+/).length >= 4 ? describeFromSentence(sent) : null;
  // a row under a group heading (a product beside its "Primary" and "Booster" rows) is described with it
  let desc = describe(ty.type, isInquiry ? dateClause(sentence, d.text) : row ? (cells?.group ? `${cells.group}: ${row}` : row) : fromSentence ?? excerpt, dirRef);
  // "…62, was appointed President …": the officer is named just before, in the heading of the biography
  if (ty.type === "appointed" && /^…\d{1,3},\s/.test(desc)) {
    const named = personNamesIn(C.slice(Math.max(0, d.start - 300), d.start).replace(/\|/g, " ")).filter((n) => !/^(?:Mr|Ms|Mrs|Dr)\b/.test(n)).pop();
    if (named) desc = `${named}, ${desc.slice(1)}`;
  }
  return desc;
}

/** Inquiry reports chain dates in one sentence ("förordnades den 27 juni 1969 med verkan fr. o. m. den 1 augusti 1969"): the wide window. */
function inquiryWindow(sentence: string, d: ParsedDate): string {
  const rel = sentence.indexOf(d.text);
  return sentence.slice(Math.max(0, rel - 160), rel + d.text.length + 120);
}

/** Letter-spaced print read back as words ("o r g a n i s a t i o n e r" → "organisationer"). */
const unspace = (s: string) => s.replace(/(?<![\p{L}])\p{L}(?: \p{L}){2,}(?![\p{L}])/gu, (w) => w.replace(/ /g, ""));

/**
 * A letter's place-and-date line described by whom the letter is addressed to: its "Till …" line (and the lines
 * wrapping it) on the page or the page before ("Letter to myndigheter och förvaltningar signed
 * (Lund i februari 2031)"); without one, a letter signed there and then.
 */
function letterSigned(place: string, page: ExtractionPage, pages: ExtractionPage[]): string {
  const prev = pages.find((p) => p.pageNumber === page.pageNumber - 1);
  for (const text of [page.text, prev?.text ?? ""]) {
    const m = /^[ \t]*(Till[ \t]+\S[^\n]*(?:\n[ \t]*\p{Ll}[^\n]*){0,2})/mu.exec(text);
    if (m) return `Letter ${unspace(m[1]!.replace(/\s+/g, " ").replace(/^Till\s+/, "to ")).replace(/\s+([,.])/g, "$1").replace(/[,.\s]+$/, "")} signed (${place})`;
  }
  return `Letter signed (${place})`;
}

/** The end of a period in an inquiry's Swedish (or English) prose: "t.o.m. den", "till och med", "till utgången av", "until". */
const PERIOD_END = /(?:\bt\.\s?o\.\s?m\.|\btill och med|\btill utgången av|\bintill|\bfram till|\buntil|\bthrough)\s*(?:den\s+)?$/i;
/** A proposal or a recommendation (the report's own or another's): "föreslås", "den föreslagna lagstiftningen", "förslaget", "bör". */
const PROPOSAL = /\b(?:föresl(?:å|ås|år|agna|agen|aget)|förslag(?:et|en)?|bör|proposes?|proposed)\b/gi;
/** A draft statute's commencement ("Denna lag träder i kraft den …"): in an inquiry, the statute text is its proposal. */
const DRAFT_COMMENCEMENT = /\b(?:denna|dessa)\s+(?:lag|förordning|kungörelse|föreskrifter|bestämmelser)\s+träd(?:er|a)\s+i\s+kraft\b/i;

/** An inquiry's date that is no event (see the call): the end of a period, a proposal, a deadline put off, a document's date. */
function inquiryNonEvent(canon: string, d: ParsedDate, sentence: string, type: string): boolean {
  const before = canon.slice(Math.max(0, d.start - 24), d.start);
  if (type !== "report_due" && PERIOD_END.test(before)) return true;
  const at = sentence.indexOf(d.text);
  const head = at >= 0 ? sentence.slice(0, at) : "";
  // a proposal before the date, no decision between ("föreslås träda i kraft den …", "att föreslå att … inrättas den …");
  // a deadline is set by the directive, whatever it asks to be proposed
  const proposal = type === "report_due" ? undefined : [...head.matchAll(PROPOSAL)].pop();
  if (proposal && !/\bbesl(?:ut|utade|öt|utades)\b/i.test(head.slice(proposal.index!))) return true;
  if (type === "entry_into_force" && DRAFT_COMMENCEMENT.test(sentence)) return true;
  // (the old deadline of a sentence that puts it off, not the new one: "… förlängs och ska i stället redovisas senast den …")
  if (type === "report_due" && /\b(?:förläng(?:s|des)|senareläggs|skjuts upp|flyttas)\b/i.test(sentence) && !/\b(?:i stället|till)\s+(?:\S+\s+){0,3}$/i.test(canon.slice(Math.max(0, d.start - 40), d.start))) return true;
  if (/(?:\b\d+\/\d+|\b\d{4}:\d+)\)?\s+av\s+(?:den\s+)?$/i.test(canon.slice(Math.max(0, d.start - 30), d.start)) && !/\b(?:beslutades|antogs|antagits|utfärdades)\b/i.test(sentence)) return true;
  return false;
}

/**
 * The directive a date's event is about: a "dir. 2030:65" near the date, or the first after it in its sentence;
 * the directive's own number ("Dir." and "2031:29" at its head) only for its decision line ("Beslut vid
 * regeringssammanträde den …"), never another number at the top of the page (the committee's "Fi 2030:04").
 */
function directiveRef(sentence: string, d: ParsedDate, line: string, pageText: string): string | undefined {
  const near = /\bdir\.\s*(\d{4}:\d+)/i.exec(inquiryWindow(sentence, d))?.[1];
  if (near) return near;
  if (/beslut vid regeringssammanträde/i.test(line)) return /^\s*Dir\.?\s*(\d{4}:\d+)/im.exec(pageText.slice(0, 400))?.[1];
  const at = sentence.indexOf(d.text);
  return at >= 0 ? /\bdir\.\s*(\d{4}:\d+)/i.exec(sentence.slice(at))?.[1] : undefined;
}

/**
 * An inquiry's sentence too long to show, cut to its date's clause: the sentence's head (its act, up to its first
 * date) and the clause the date stands in, to the next "…, den <date>" or "samt den <date>" ("Att som experter …
 * tillkallades … den 6 mars 2031 med verkan från den 1 i samma månad aktuarien Karl-Erik Dahl"), so who was
 * appointed that day is not cut off. A sentence that fits, or has no such clauses, is left to `describe`.
 */
export function dateClause(sentence: string, dateText: string): string {
  const s = sentence.replace(/\s+/g, " ").trim();
  const at = s.indexOf(dateText);
  if (s.length <= DESCRIPTION_MAX || at < 0) return s;
  const SEP = /(?:,\s+|\s+samt\s+|\s+och\s+|;\s+)(?=den\s+\d)/g;
  const seps = [...s.matchAll(SEP)];
  const startSep = seps.filter((m) => m.index! + m[0].length <= at).pop();
  const endSep = seps.find((m) => m.index! > at);
  const end = endSep ? endSep.index! : s.length;
  if (!startSep && !endSep) return s;
  const clause = s.slice(startSep ? startSep.index! + startSep[0].length : 0, end);
  const firstDate = /\bden\s+\d/.exec(s)?.index ?? at;
  const head = startSep ? s.slice(0, firstDate).trim() : "";
  const joined = head ? `${head} … ${clause}` : clause;
  const fit = joined.length > DESCRIPTION_MAX ? `${joined.slice(0, DESCRIPTION_MAX - 1).replace(/\s+\S*$/, "")}…` : joined;
  return end < s.length && !fit.endsWith("…") ? `${fit} …` : fit;
}

/** "… is expected to be published in", "scheduled to close on", "plans to sign by": an action still to come. */
const FUTURE = /\b(?:expected|anticipated|planned|intended|scheduled|projected)\s+to\s+(?:be\s+)?\w+(?:\s+\w+)?\s+(?:in|on|by|during|around|before)\s+(?:(?:early|mid|late)[- ]?)?$/i;
const DOCUMENT_DATED = /\b(?:Form\s*[\w-]+(?:\s*\/A)?|repor ?ts?|plans? of reorganization|updates?|overviews?|summar(?:y|ies)|statements?|filings?|dockets?|orders?|opinions?|prospectus(?:es)?|supplements?|releases?|offer to purchase|notices?|notifications?|circulars?|bulletins?|papers?|presentations?|memorand(?:um|a)|minutes|(?:shelf )?registrations?(?: statements?)?)\b(?:[^.;]|\bNo\.){0,110}?\]?,?\s+dated\s+(?:as of\s+)?$|[”"]\s*,?\s*dated\s+$|\b(?:responses?|requests?|data ?tapes?)\b[^.;]{0,12}?,?\s+dated\s+(?:as of\s+|on or about\s+)?$/i;
/** A date a thing runs to or is extended to ("extended … to May 31, 2025 via an amendment approved …") is not when the action happened. */
const TARGET_DATE = /\b(?:to|until|through|till|by|after|before|on or after|on or before)\s+$/i;
const INTERVENING = /\b(?:filed|furnished|mailed|submitted|lodged)\b/i;
/** An opening adverbial phrase still open (no comma yet) before a cue: "In connection with the …", "Pursuant to …". */
const OPENING_PHRASE = /^\s*(?:\(\d{1,2}\)\s*)?(?:in connection with|pursuant to|under|in accordance with|as part of|as required by|consistent with|in light of)\b[^,;]*$/i;
/** A date used as a noun's modifier ("the October 15, 2020 settlement"): it names the thing, not when an action happened. */
function namesAThing(canon: string, d: ParsedDate): boolean {
  return /\bthe\s+$/i.test(canon.slice(Math.max(0, d.start - 5), d.start)) && /^\s+\p{Ll}/u.test(canon.slice(d.end, d.end + 3));
}

/** The clause before a date, from its last sentence end (at most 200 characters; eager like cueOf's window). */
function clauseBefore(canon: string, at: number): string {
  const before = canon.slice(Math.max(0, at - 200), at);
  const end = [...before.matchAll(/[.!?]\s+(?=\p{Lu})|\|/gu)].pop();
  return end ? before.slice(end.index! + end[0].length) : before;
}

/** A date only asked for ("requesting … extending the deadline to …") unless the request was granted in the same clause. */
function requestedOnly(clause: string): boolean {
  return /\b(?:request(?:s|ed|ing)?|propos(?:es|ed|ing)|seek(?:s|ing)?|sought|ask(?:s|ed|ing)?)\b/i.test(clause) && !/\b(?:granted|approved|entered (?:an|the) order|ordered)\b/i.test(clause);
}

const ACTIONS = new Set(["decision", "signed", "appointed", "published", "closing", "meeting"]);

/** Each cue compiled once: global for scanning a window (matchAll copies it), sticky for reading on past the window. */
const CUE_SCANNERS = new Map(TYPES.map((ty) => [ty, { every: new RegExp(ty.re.source, "gi"), whole: new RegExp(ty.re.source, "iy") }]));

/**
 * The event type of a date: a cue word in its clause (up to CUE_BEFORE characters before it and
 * CUE_AFTER after, never past a sentence end or a cell) that stands nearer to it than to any other
 * date ("On February 11, 2021, the CPUC approved a resolution extending these protections to June 30,
 * 2021": the approval is of February 11).
 */
function cueOf(canon: string, d: ParsedDate, dates: ParsedDate[]): (typeof TYPES)[number] | undefined {
  const base = Math.max(0, d.start - CUE_BEFORE);
  let lo = base;
  // a sentence starts at a capital or at a footnote marker ("… similar to the previous one. (2) In September …");
  // deliberately more eager than splitSentences: this only bounds how far back a cue may stand, and a stop
  // after an abbreviation ("… Inc. The Board approved") ending the reach costs nothing, while a cue read
  // from the sentence before types the date wrong
  for (const m of canon.slice(base, d.start).matchAll(/[.!?]\s+(?=\p{Lu}|\(\d{1,2}\)\s)|\|/gu)) lo = base + m.index! + m[0].length;
  let hi = Math.min(canon.length, d.end + CUE_AFTER);
  const after = /[.!?](?:\s+\p{Lu}|\s*$)|[|;•]/u.exec(canon.slice(d.end, hi));
  if (after) hi = d.end + after.index;
  const win = canon.slice(lo, hi);
  // a cue before a date belongs to it only within one clause ("… appointed lead plaintiffs, and in January 2021 …")
  const distance = (x: ParsedDate, a: number, b: number) =>
    b <= x.start ? x.start - b + (/,\s*(?:and|but|while|whereas)\b/.test(canon.slice(b, x.start)) ? 1000 : 0) : a >= x.end ? a - x.end : 0;
  for (const ty of TYPES) {
    const { every, whole } = CUE_SCANNERS.get(ty)!;
    for (const m of win.matchAll(every)) {
      const a = lo + m.index!;
      const b = a + m[0].length;
      // the cue's own exclusions read on past the window ("were named" + " in a class action", cut at the window's end)
      whole.lastIndex = a;
      if (!whole.test(canon)) continue;
      // a cue inside a hyphenated adjective ("court-appointed", "previously-approved") describes, it does not happen
      if (/[-‐]$/.test(canon.slice(Math.max(0, a - 1), a))) continue;
      // "the Official Committee of Tort Claimants appointed in the Chapter 11 Cases … filed": a participle naming who, not an appointment
      if (ty.type === "appointed" && /^appointed$/i.test(m[0]) && /^\s+(?:in the|under|pursuant to)\b/i.test(canon.slice(b, b + 16)) && !/\b(?:was|were|been|be|is|are|being|has|have|had|he|she|they|we|who|it)\s+(?:\w+\s+)?$/i.test(canon.slice(Math.max(0, a - 30), a))) continue;
      const mine = distance(d, a, b);
      // an action denied ("no new agreements were signed", "had not been approved") did not happen
      if (ACTIONS.has(ty.type) && /\b(?:no|not|never)\s+(?:[\p{L}-]+\s+){0,6}$/iu.test(canon.slice(Math.max(lo, a - 60), a))) continue;
      // a cue read as an adjective ("an approved Wildfire Mitigation Plan as of the effective date, June 5, 2019") happens on no date
      if (ACTIONS.has(ty.type) && /\b(?:an?|any|its|their)\s+$/i.test(canon.slice(Math.max(lo, a - 8), a))) continue;
      // an action only on a condition ("a stipulation that, if approved, would extend …", "if such later outside date is approved") has not happened
      if (ACTIONS.has(ty.type) && /\b(?:if|unless|until)\s+(?:[\p{L}-]+\s+){0,5}$/iu.test(canon.slice(Math.max(lo, a - 50), a))) continue;
      // a cue inside an opening phrase qualifies its noun, not the date after the comma
      // ("In connection with the Commission approved settlement, on April 12, 2004, the Utility deposited …")
      if (b <= d.start && canon.slice(b, d.start).includes(",") && OPENING_PHRASE.test(canon.slice(lo, a))) continue;
      // a deadline names its date right after the cue ("is due by March 4, 2021")
      if (ty.type === "report_due" && mine > 25) continue;
      // "where no case deadlines were set": a deadline denied is none
      if (ty.type === "report_due" && /\bno\s+(?:\w+\s+)?$/i.test(canon.slice(Math.max(0, a - 14), a))) continue;
      // another action stands between a cue and its date ("… Annual Meeting … filed with the SEC on April 21, 2022"): the date is that action's
      if (b <= d.start && INTERVENING.test(canon.slice(b, d.start)) && !ty.re.test("filed")) continue;
      // (a date naming a thing — "approved the October 15, 2020 settlement" — competes for no cue)
      if (dates.every((x) => x === d || namesAThing(canon, x) || distance(x, a, b) > mine)) return ty;
    }
  }
  return undefined;
}

function describe(type: string, sentence: string, dirRef?: string): string {
  const s = sentence.replace(new RegExp(`\\s*\\${CELL_BREAK}\\s*`, "g"), " ").replace(/\s+/g, " ").trim();
  const fye = type === "fiscal_year_end" ? /fiscal year ended\s*:?\s*((?:\p{Lu}\p{Ll}+\s+\d{1,2},?\s*\d{4})|(?:\d{1,2}\s+\p{Lu}\p{Ll}+\s+\d{4}))/iu.exec(s) : null;
  if (fye) return `Fiscal year ended ${fye[1]!.replace(/\s*,\s*/, ", ")}`;
  // a cited sentence that starts mid-way (after a page or column break: "by the Board of Directors and …",
  // "62, was appointed …") reads as the tail of one; form check boxes ("þþ", "☒") are no words
  // (a footnote's marker and a markdown fence, "(^12)", "```", are no words either)
  const body = s.replace(/^(?:[þ¨☒☐■□✓✔xX]{1,3}\s+)+/u, "").replace(/^(?:\(\^\d+\)|`{3})\s*/, "");
  const tail = /^(?:\p{Ll}|\d{1,3},\s|\p{Lu}\p{Ll}+\s+[—–]\s)/u.test(body) ? `…${body.replace(/^\p{Lu}\p{Ll}+\s+[—–]\s+/u, "")}` : body;
  const short = tail.length > DESCRIPTION_MAX + 2 ? `${tail.slice(0, DESCRIPTION_MAX - 1)}…` : tail;
  if (type === "directive_issued" && /ändrades .{0,30}direktiv|direktiv(?:en)? ändrades|amended (?:the|its) (?:terms of reference|directive)/i.test(s)) return `Directive amended${dirRef ? ` (dir. ${dirRef})` : ""}: ${short}`;
  if (type === "directive_issued") return dirRef ? `Directive (dir. ${dirRef}) decided` + (/tilläggsdirektiv/i.test(s) ? " — additional directive" : "") : `Directive decided: ${short}`;
  return short;
}

export const timelineRulesExtractor: Extractor = {
  name: "timeline",
  version: TIMELINE_EXTRACTOR_VERSION,
  candidateType: "timeline_event",
  async extract(ctx) {
    const pages: ExtractionPage[] = [];
    for await (const p of ctx.pages()) pages.push(p);
    return extractTimelineFromPages(pages, ctx);
  },
  async refine(ctx, candidate, request) {
    const { refineWithPage } = await import("../findings");
    return refineWithPage(ctx, candidate, request);
  },
};
