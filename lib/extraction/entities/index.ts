/**
 * Entity extractor (rules): people with roles (Swedish inquiry roles and English titles),
 * ministries (never people), committees and organisations, each mention with page and excerpt.
 */
import { monthWords } from "@/lib/periods/months";
import { detectLanguage } from "@/lib/search/language";
import { cleanExcerpt, pickExcerpt } from "../citation";
import type { Candidate, EntityPayload, EntityType, ExtractionContext, ExtractionPage, Extractor, ExtractorOutput } from "../types";
import { readFilingFacts, type FilingFacts } from "./filing-facts";
import { CELL_BREAK } from "./layout";
import type { Canonical } from "../citation";
import { canonicalPageLayout } from "./page-layout";
import { excerptSupportsEntity, isMinistryName, isPlaceholder, looksLikePersonName, normalizeName } from "./names";
import { sentencesWithOffsets } from "../sentences";
import { pageKindOf } from "../timeline/page-kind";

export const ENTITY_EXTRACTOR_VERSION = "1.6.3";

const NAME_WORD = "\\p{Lu}[\\p{Ll}'’]+(?:-\\p{Lu}[\\p{Ll}'’]+)?";
/** 2–4 capitalised words, with middle initials ("Alex G. Morgan"). */
const NAME_RE = new RegExp(`(?<![\\p{L}])${NAME_WORD}(?:[ \\t]+(?:\\p{Lu}\\.[ \\t]+)?${NAME_WORD}){1,3}(?![\\p{L}])`, "gu");
/**
 * Words that label or introduce a name and are never part of it ("Contact Alex Morgan",
 * "Signed by …", "Dear …"), Swedish and English; and title words that follow it ("Morgan Chairman").
 */
const NOT_NAME_WORDS = /^(Som|Till|Att|Med|Genom|De|Den|Det|Regeringen|Utredningen|Inspektionen|Kungl|Statens|Sveriges|Riksdagen|Kontakt|Kontaktperson|The|Our|In|On|For|And|Of|Board|Chief|Head|Vice|Present|Also|Minutes|Verified|Before|He|She|Contact|Contacts|Dear|Attn|Attention|Signed|Sign|Prepared|Approved|Reviewed|Checked|Written|Presented|By|Name|Title|Date|From|To|Cc|Mr|Mrs|Ms|Dr|Prof|Sir|Dame|Investor|Investors|Media|Press|Relations|Enquiries|Inquiries|Author|Authors|Speaker|Speakers|Host|Moderator|Director|Directors|Partner|Founder|Chairman|Chairwoman|Chair|President|Secretary|Auditor|Accountant|Analyst|Manager|Associate|Counsel)$/;
const NOT_NAME_TAIL = /^(Retired|Former|Interim|Acting|Chairman|Chairwoman|Chair|Chairs|President|Presidents|Director|Directors|Officer|Officers|Executive|Executives|Chief|Chiefs|Vice|Secretary|Secretaries|Treasurer|Controller|Controllers|Partner|Partners|Founder|Founders|Manager|Managers|Counsel|Senior|Auditor|Auditors|Accountant|Accountants|Head|Heads|Leaders|Member|Members|Board|Group|Company|Corporation|Limited)$/;

/** Person names in a piece of text (2–4 capitalised words, not placeholders, not ministries). */
export function personNamesIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(NAME_RE)) {
    let parts = m[0].split(/\s+/);
    while (parts.length && NOT_NAME_WORDS.test(parts[0]!)) parts = parts.slice(1);
    while (parts.length && NOT_NAME_TAIL.test(parts[parts.length - 1]!)) parts = parts.slice(0, -1);
    if (parts.length && /^\p{Lu}\.$/u.test(parts[0]!)) continue; // "G. Parker": the first name was cut off
    const name = parts.join(" ");
    if (parts.length >= 2 && looksLikePersonName(name) && !/\b(?:AB|Inc|Ltd|Fund|Partners|Capital|Group)\b/.test(name) && !out.includes(name)) {
      // organisation-like tails ("Inspektionen för …", "Stockholms universitet") are not part of names
      if (/(myndigheten|kassan|verket|inspektionen|universitet|departementet|förmedlingen|kommittén|utredningen)$/i.test(name)) continue;
      out.push(name);
    }
  }
  return out;
}

const SV_ROLES: Array<{ role: string; re: RegExp }> = [
  { role: "särskild utredare", re: /\b(?:särskild utredare|särskilde utredaren?|särskild utredare)\b/gi },
  { role: "biträdande sekreterare", re: /\bbiträdande sekreterare\b/gi },
  { role: "sekreterare", re: /(?<!biträdande )\bsekreterare(?:n)?\b/gi },
  { role: "ordförande", re: /\bordförande(?:n)?\b/gi },
  { role: "sakkunnig", re: /(?<!biträda de )\bsakkunniga?\b/gi },
  { role: "expert", re: /\bexperter(?:na)?\b|\bexpert\b/gi },
  { role: "ledamot", re: /\bledamöter(?:na)?\b|\bledamot\b/gi },
];

/** A role word's body when it is another named one ("ledamot i Exempelrådet"), not the inquiry itself. */
const OTHER_BODY = /^\s+(?:i|vid)\s+(?!(?:Utredningen|Kommittén|Kommissionen|Beredningen|Delegationen|Utredning|Kommitté)\b)\p{Lu}/u;
/** What stands between names listed together: a comma or "och"/"samt", and a lower-case title ("… Erik Adamsson, riksdagsledamoten Kurt Hugosson"). */
const LISTED_WITH = /^[\s,]*(?:(?:och|samt|and)\s+)?(?:\p{Ll}[\p{L}.-]*\s+){0,3}$/u;

const EN_TITLE = "(?:Authori[sz]ed Public Accountant|Certified Public Accountant|[Aa]uktoriserad revisor|Chief Executive Officer|Chief Financial Officer|Chief Operating Officer|Chief Technology Officer|CEO|CFO|COO|CTO|Chair(?:man|woman|person)?(?: of the Board)?(?: Emeritus| Emerita)?|President|Vice President[\\w ]{0,30}|Director|Board member|board member|Secretary|General Counsel|Head of [A-Z][a-z]+(?: [A-Z][a-z]+)?|Partner|Managing Director|Co-founder)";
/** Two titles held together ("Chair and CEO", "General Counsel and Secretary", "President and CFO"). */
const EN_TITLES = `${EN_TITLE}(?: and ${EN_TITLE})?`;
const PERSON = `${NAME_WORD}(?:[ \\t]+(?:\\p{Lu}\\.[ \\t]+)?${NAME_WORD}){1,2}`;
/** The dash that attributes a quote to its speaker, with an honorific: "—Prof. ", "– Dr. ". */
const ATTRIBUTION = /[—–]\s*(?:(?:Prof|Dr|Mr|Mrs|Ms|Sir)\.?\s+)?$/u;

/**
 * Each pattern with a cue: text every match contains, tested first so that a page without it (most
 * pages of a filing) is not scanned from every capitalised word.
 */
const EN_PATTERNS: Array<{ re: RegExp; cue: RegExp }> = [
  // "David Zinsner, Intel CFO, said": the company's name may stand before the title, as releases print it
  { re: new RegExp(`(?<name>${PERSON})[ \\t]*(?:,|\\(|–|-|\\n)[ \\t]*(?:our |the |\\p{Lu}[\\p{L}&'’.-]*[ \\t]+(?:\\p{Lu}[\\p{L}&'’.-]*[ \\t]+)?)?(?<title>${EN_TITLES})\\b`, "gu"), cue: new RegExp(EN_TITLE, "u") },
  { re: new RegExp(`(?<name>${PERSON}) (?:joined [\\w ]{0,40}? as|was appointed(?: as)?|serves as|has served as) (?:the |our )?(?<title>${EN_TITLES})\\b`, "gu"), cue: /joined |was appointed|serves as|has served as/ },
];

/** The legal form closing an organisation's name, after a blank (and followed by no letter). */
const ORG_TAIL = String.raw`\s+(?:Inc\.?|Incorporated|Corporation|Corp\.|Ltd\.?|Limited Partnership|Limited|AB|A\/S|AS|Oy|GmbH|BV|SCSp|plc|LLC|LLP|L\.L\.P\.|L\.P\.|LP|Partners|Fund(?: I{1,3}| IV)?)`;
const ORG_RE = new RegExp(String.raw`(?<![\p{L}\p{N}])((?!(?:AB|Inc|Ltd|AS|Oy)\b)(?:\p{N}*\p{Lu}|\p{Ll}\p{Lu})[\p{L}&.'-]*(?:\s+(?:(?!(?:AB|Inc|Ltd|AS|Oy|A\/S)\b)\p{Lu}[\p{L}&.'-]*|of|and|&|för|och)){0,6}${ORG_TAIL})(?![\p{L}])`, "gu");
/** What every ORG_RE match ends with, tested on the page first: most pages name no company by its legal form. */
const ORG_CUE = new RegExp(String.raw`${ORG_TAIL}(?![\p{L}])`, "u");
/** A fund's series ("V-A", "II", "V (ER)") and its own legal form after "Fund" or "Partners". */
const FUND_SERIES = /^\s+(?:[IVX]{1,4}|\p{Lu})(?:-[\p{Lu}\d]{1,3})?(?:\s*\(\p{Lu}{1,4}\))?,?\s+(?:L\.P\.|LP|LLC|SCSp|Ltd\.|Inc\.)/u;
/** A country or region word continuing a company's name past its legal form, then a closing mark, "and"/"or" or a lower-case word. */
const PLACE_AFTER = /^(\s+(?:Japan|China|India|Korea|Taiwan|Singapore|Australia|Canada|Mexico|Brazil|Germany|France|Italy|Spain|Europe|Asia|Americas|Africa|International))(?=\s*[),;:]|\s+(?:and|or)\b|\s+\p{Ll})/u;
/** "… Corporation of America": a place after "of" (a capitalised word or two, not a month: "… Corporation of May 2019"). */
const OF_PLACE = new RegExp(String.raw`^\s+of\s+(?!${monthWords({ title: true })}\b)\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?(?=\s*(?:[(,.;:]|$|\s\p{Ll}))`, "u");
/** "for" and two to five capitalised words (with "and", "of") ending the name: then a stop, a parenthesis, a lower-case word or the end; not a year's heading ("for Fiscal 2023"). */
const FOR_TAIL = /^(\s+for\s+\p{Lu}\p{Ll}+(?:\s+(?:and|of|\p{Lu}\p{Ll}+)){0,5}\s+\p{Lu}\p{Ll}+)(?=\s*(?:[(),.;:“"]|$)|\s+\p{Ll})/u;
const MINISTRY_WORD = /\b(\p{L}+departementet)\b/gu;
/** Words every match of SV_ROLES contains (case aside), tested on the page before the sentences are read. */
const SV_ROLE_CUE = /utredare|sekreterare|ordförande|sakkunnig|expert|ledam/i;
const COMMITTEE_RE = /antagit namnet\s+(.{5,120}?)(?:\s*\(([^)]{1,20})\))?(?=[,.]|\s+överlämnar)/g;

const LEGAL_FORM = /^(?:Inc\.?|Incorporated|Corporation|Corp\.|Co\.|Cos\.|Company|Ltd\.?|Limited|AB|A\/S|AS|Oy|GmbH|BV|B\.V\.|plc|LLC|LLP|L\.P\.|N\.A\.|S\.A\.|SA|S\.p\.A\.|N\.V\.|NV|AG|SE|DAC|KG)$/;
const NOT_ORG_START = /^(?:The|Our|In|For|And|Or|Total|Less|Neither|Either|Both|Each|Between|Among|With|By|From|To|Under|Upon|Including|Certain|Its|This|That|These|Those|Such|When|While|If|As|At|On|Of|Via|Per|Table|Contents|Exhibit|Form|Report|Consent|Note|Notes|Item|Part|See|Refer)\b/;
/** Head words that make "X of Y Corp." a thing of the organisation, not its name ("Board of Directors of …", "By-Laws of …"). */
const OF_HEAD = /^(?:.*\s)?(?:Board|Directors?|Committees?|Officers?|Officer|Certificate|By-?Laws|Articles|Report|Statements?|Notes|Subsidiaries|Shareholders|Stockholders|Nominees|Members|Plans?|Policy|Amendment|Agreement|Indenture|Certifications?|President|Employees|Division|Disclosures?|Affiliates|Parent|Chairman|Director|Counsel|Secretary|Controller|Treasurer|Partners?|Units|Unitholders|Holders|Sheets?|Information|Data|Results|Schedules?)\s+of\s+(?=\p{Lu})/u;
const SENTENCE_OPENER = /^(?:(?:Should|Would|Could|May|Might|Must|Will|Shall|Can|Consider|Considering|Although|Though|Because|Unless|Whether|After|Before|During|Since|Until|Where|Whereas|Following|Pursuant|However|Additionally|Accordingly|Also|Then|Thus|Once|Do|Does|Did|Has|Have|Had|Is|Are|Was|Were|Like|Unlike|Against|Without|Within|Through|Regarding|Concerning|Notwithstanding|If|When|While|Why|How|What|Which|Who)\s+)+/;
/** Up to three capitalised words and a number (not a year) right before a legal-form match. */
const NUMBERED_HEAD = /(?:^|[\s(|,;:])((?:\p{Lu}[\p{L}\p{N}&.'-]*\s+){1,3}(?!(?:19|20)\d\d\b)\p{N}{1,4})\s$/u;
/** Words that number a part of a document, not a name ("Note 12", "Item 7", "Exhibit 10"). */
const NUMBER_LABEL = /^(?:\S+\s+)*(?:Note|Notes|Item|Part|Table|Exhibit|Page|Schedule|Section|Rule|Article|Form|Appendix|Annex|Chapter|Step|Figure|No|Number|Tier|Class|Series|Phase|Unit|Units|Level|Floor|Suite|Amendment|Fiscal|Q[1-4]|FY)\s+\p{N}/u;
const TITLE_COMMA = /\b(?:President|Officer|Director|Counsel|Secretary|Treasurer|Controller|Head|Manager|Chair(?:man|woman)?),\s*$/;
const PORTFOLIO = /^(?:(?:Human|Resources|Finance|Financial|Operations|Legal|Marketing|Sales|Strategy|Technology|Communications|Corporate|Affairs|Global|Administration|Engineering|Supply|Chain|Investor|Relations|Compliance|Treasury|Tax|Accounting|Development|Research|Risk|Audit|Products?|Services|Business|Digital|Information|Systems|Public|Policy|Government|Regulatory|Safety|Security|People|Culture|Strategic|Planning|Enterprise|Customer|Experience|and|&|,)\s+)+/;
/** A name running on to the left of a match ("Harbor Gas and | Electric Company", "Hudson’s | Bay Co.", "Goldman, | Sachs & Co."). */
const HEAD_CONTINUES = /(?:\p{Lu}[\p{L}\p{N}&.'’-]*,?\s+(?:(?:and|&)\s+)?|['’]s\s+|&\s+)$/u;
/** …unless the word before is another organisation's legal form closing a list item ("The Example Chemical Company, | Example Glass Corporation"). */
function headContinues(before: string): boolean {
  const m = HEAD_CONTINUES.exec(before);
  if (!m) return false;
  const comma = /^(\S+),\s+$/.exec(m[0]);
  return !(comma && LEGAL_FORM.test(comma[1]!));
}
/**
 * A blank line the PDF put inside a sentence, before the rest of a name ("… as reported by the National" |
 * blank | "Quotation Bureau Incorporated, …"): the last line with text is a long line of prose (no heading,
 * no list entry) ending without a stop in capitalised words that an article or a preposition opens.
 */
function blankInsideSentence(original: string, nl: number, shortLine: number): boolean {
  const blank = /\n[ \t]*$/.exec(original.slice(Math.max(0, nl - 200), nl));
  if (!blank) return false;
  const end = nl - blank[0].length;
  const line = original.slice(original.lastIndexOf("\n", end - 1) + 1, end).trim();
  // prose, not a heading or a signature block in title case ("Notes to Consolidated Financial Statements", "President and Chief Financial Officer")
  const lowerWords = (line.match(/(?<![\p{L}])\p{Ll}{4,}/gu) ?? []).length;
  return line.length >= Math.max(shortLine, 40) && lowerWords >= 3 && /\b(?:the|a|an|of|by|to|for|with|from|at|and)\s+(?:\p{Lu}[\p{L}&.'’-]*\s+)*\p{Lu}[\p{L}&'’-]*$/u.test(line);
}

/** Owners whose possessive is no part of a name ("the Company’s X Inc.", "the Utility’s …"). */
const GENERIC_OWNER = /^(?:Company|Corporation|Registrant|Group|Partnership|Bank|Trust|Utility|Board|Issuer|Fund|Firm|Parent|Subsidiary|Nation|State|Government|Agency|Commission|Court|Debtors?|Borrower|Lender|Seller|Buyer|Plan|Employer|Committee|Operating Partnership)['’]s$/;

/**
 * A listed name opening with a capitalised word and a lower-case preposition ("Beacon on Demand US LLC",
 * "Banco de Example S.A."): the word starts its line, and the line before ends as a list entry does
 * (a capitalised word, a legal form, a closing parenthesis), not inside a sentence. The head ("Beacon on"), or null.
 */
function listedPrepositionHead(original: string, os: number): string | null {
  const lineStart = original.lastIndexOf("\n", os - 1) + 1;
  const m = /^[ \t]*(\p{Lu}[\p{L}&'’-]*[ \t]+(?:on|in|for|at|de|du|di|da|del|la|le|van|von|der))[ \t]+$/u.exec(original.slice(lineStart, os));
  if (!m || SENTENCE_OPENER.test(`${m[1]!.split(/\s/)[0]} `)) return null;
  const prev = original.slice(0, Math.max(0, lineStart - 1)).trimEnd();
  const prevLine = prev.slice(prev.lastIndexOf("\n") + 1);
  return !prevLine || /(?:\p{Lu}[\p{L}.]*|\))$/u.test(prevLine) ? m[1]!.replace(/\s+/g, " ") : null;
}
const NOT_SENTENCE_END = /\b(?:Corp|Bros|Intl|Assoc|Mfg|Natl|Dept|Holdings)$/;

/**
 * Where an organisation name really starts inside a legal-form match (offset into it): after a
 * sentence end ("… Public Accountant. Example Analytics AB"), after a short line (a heading, a list entry) it was
 * read across ("WILDFIRE-RELATED CONTINGENCIES\nHarbor Gas Corporation"), after another organisation
 * ("… Electric Company and Barclays Capital Inc.", "… Company Harbor Gas Corporation") and after the
 * head of "Board of Directors of X Corp.".
 */
function orgNameStart(match: string, original: string, map: number[], at: number, shortLine: number): { skip: number; head?: [number, number] } {
  let skip = 0;
  let head: [number, number] | undefined;
  const cutAt = (re: RegExp) => {
    const m = re.exec(match.slice(skip));
    if (m && match.slice(skip + m[0].length).trim().split(/\s+/).length >= 2) skip += m[0].length;
  };
  for (const m of match.matchAll(/([\p{L}\p{N}-]+)\.\s+(?=\p{Lu})/gu)) {
    if ((m[1]!.length >= 3 || /\d/.test(m[1]!)) && !NOT_SENTENCE_END.test(m[1]!) && !/^(?:Corp|Inc|Ltd|Co)$/i.test(m[1]!) && !LEGAL_FORM.test(`${m[1]}.`)) skip = Math.max(skip, m.index! + m[0].length);
  }
  // a line break inside the match after a short line (a heading or a cell): the name starts on the next line
  const os = map[at]!;
  const oe = map[at + match.length - 1]! + 1;
  const nl = original.lastIndexOf("\n", oe - 1);
  if (nl > os && !blankInsideSentence(original, nl, shortLine)) {
    const lineStart = original.lastIndexOf("\n", nl - 1) + 1;
    const prevLine = original.slice(lineStart, nl).trim();
    // (a numbered heading of a note or item is one at any length: "Note 3 – Acquisitions and Joint Ventures" | "KLX Inc.")
    if ((prevLine.length < shortLine || /^(?:note|item|part|section|schedule)\s+[\dIVX]{1,4}[a-z]?\b[^.!?]*$/i.test(prevLine)) && !/(?:\band|\bof|&|,)$/.test(prevLine)) {
      const ci = map.findIndex((o) => o > nl);
      if (ci > at && ci - at > skip && match.slice(ci - at).trim().split(/\s+/).length >= 2) skip = ci - at;
    }
  }
  // another organisation ends before this one
  const words = [...match.slice(skip).matchAll(/\S+/g)];
  for (let i = 0; i < words.length - 2; i++) {
    if (!LEGAL_FORM.test(words[i]![0].replace(/,$/, ""))) continue;
    const next = words[i + 1]![0] === "and" || words[i + 1]![0] === "&" ? i + 2 : i + 1;
    if (words.length - next >= 2 && /^\p{Lu}/u.test(words[next]![0]) && !LEGAL_FORM.test(words[next]![0])) {
      // the organisation before it is one too ("… Dow Lumen Corporation and HS Harbour Inc.")
      if (i >= 1 && skip === 0) head = [0, words[i]!.index! + words[i]![0].replace(/,$/, "").length];
      skip += words[next]!.index!;
      break;
    }
  }
  cutAt(OF_HEAD);
  // a signatory's title in front of the company signing ("Executive Director JUPITER … LLC")
  // ("General Atlantic LLC": "General" alone is no title, only with Counsel, Partner or Manager)
  cutAt(/^(?:(?:Executive|Managing|Director|Vice|President|Chief|Officer|Authori[sz]ed|Signatory|Name|Title|By|Senior|General (?=Counsel|Partner|Manager)|Counsel|Partner|Secretary|Treasurer)\s+)+(?:of\s+)?/);
  // a sentence's opening word read into the name ("Should Harbor Gas Corporation conclude …", "Consider Harbor Gas Corporation")
  cutAt(SENTENCE_OPENER);
  // a heading in capitals read into the name ("FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA Harbor Gas Corporation")
  // (a name in capitals keeps one word of them before a single mixed-case word: "… DATA Harbor Gas Corporation")
  cutAt(/^(?:[\p{Lu}&-]{2,}\s+){3,}(?=\p{Lu}[\p{L}&.]*\p{Ll}\S*\s+\S)/u);
  cutAt(/^(?:[\p{Lu}&-]{2,}\s+){3,}?(?=(?:[\p{Lu}&-]+\s+)?\p{Lu}[\p{L}&.]*\p{Ll})/u);
  // an agreement's title before its party ("Performance Share Award Agreement Harbor Gas Corporation")
  cutAt(/^(?:\S+\s+)*?Agreement\s+(?=\p{Lu})/u);
  // two names joined by "and" ("Bank of Canada and Sumitomo Mitsui Banking Corporation", "Employee Stock Plan and Quillford Inc."):
  // the name is the part after it when both sides have two words or more and one side three
  // ("Procter and Gamble", "Industrial and Commercial Bank …", "Mobify Research and Development Inc." stay whole)
  const and = / and (?=\S+\s+\S)/.exec(match.slice(skip));
  if (and) {
    const sides = [match.slice(skip, skip + and.index), match.slice(skip + and.index + 5)].map((x) => x.trim().split(/\s+/).length);
    if (Math.min(...sides) >= 2 && Math.max(...sides) >= 3) skip += and.index + 5;
  }
  // a signatory's portfolio after the title's comma ("Senior Vice President, Human Resources Harbor Gas Corporation")
  if (TITLE_COMMA.test(original.slice(Math.max(0, map[at]! - 40), map[at]!))) cutAt(PORTFOLIO);
  cutAt(/^(?:(?:Amended and )?Restated|Amended|Form of|Amendment to)\s+/);
  // "Form 10-K of X Inc.", "Description of X Corporation": one word that is no organisation's head ("Bank of …") before "of"
  cutAt(/^(?!(?:Bank|University|Institute|State|City|County|Commonwealth|Republic|Government|Council|College|Society|Association|District|Port|Trust|Federation|Federal|Museum|Church|Academy|Department|Ministry|Office|Union|Chamber|Court)\s)\S+\s+of\s+(?=\p{Lu})/u);
  // "John R. Simon and X Corporation", "You and X Corporation": a person or a pronoun is no part of the name
  cutAt(/^(?:(?:\p{Lu}[\p{Ll}'’-]+\s+)+\p{Lu}\.\s+\p{Lu}[\p{Ll}'’-]+(?:,? Jr\.)?|You|We|I|They)\s+and\s+/u);
  // a party's role in a contract before "and" ("… the Administrative Agent and X Corporation")
  cutAt(/^(?:\S+\s+)*?(?:Agent|Trustee|Borrowers?|Lenders?|Guarantors?|Arrangers?|Purchasers?|Underwriters?|Sellers?|Buyers?|Servicer|Depositary|Registrar|Escrow Agent)\s+and\s+(?=\p{Lu})/u);
  // "… Anthony F. Earley, Jr. and X Corporation": the tail of a person's name before "and"
  cutAt(/^(?:Jr|Sr)\.,?\s+and\s+/);
  return { skip, head };
}

/** Legal forms that may open a name or stand inside it (Nordic: "AB Nordkap", "Oy Example", "Radio AB KL Lindqvist"). */
const FRONT_FORM = /^(?:AB|Oy|Oyj)$/;
/** A word of a listed name: capitalised, a joining word or a number ("Mo och Berga AB", "Summa 412"). */
const LIST_WORD = /^(?:\p{Lu}[\p{L}\p{N}&.'’-]*|och|and|&|of|för|de|\p{N}+)$/u;

/**
 * Names in a list one per line (three or more short lines in a row, each of capitalised words, two or more with a
 * legal form) whose legal form opens the name ("AB Nordkap") or, in a list that has such names, stands inside it
 * ("Radio AB KL Lindqvist"): each such line is one organisation, whole. Offsets into the page text.
 */
export function listedFrontFormNames(text: string): Array<{ name: string; start: number; end: number }> {
  const lines: Array<{ t: string; start: number; words: string[] }> = [];
  let pos = 0;
  for (const raw of text.split("\n")) {
    const t = raw.trim();
    lines.push({ t, start: pos + raw.indexOf(t), words: t ? t.split(/\s+/) : [] });
    pos += raw.length + 1;
  }
  const isListLine = (l: { t: string; words: string[] }) => l.t.length >= 2 && l.t.length <= 50 && l.words.length <= 6 && /^\p{Lu}/u.test(l.t) && l.words.every((w) => LIST_WORD.test(w));
  const out: Array<{ name: string; start: number; end: number }> = [];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j < lines.length && isListLine(lines[j]!)) j++;
    const run = lines.slice(i, j);
    i = j > i ? j : i + 1;
    if (run.length < 3 || run.filter((l) => l.words.some((w) => LEGAL_FORM.test(w))).length < 2) continue;
    const front = run.filter((l) => l.words.length >= 2 && FRONT_FORM.test(l.words[0]!) && /^\p{Lu}/u.test(l.words[1]!));
    const inside = front.length ? run.filter((l) => l.words.length >= 3 && l.words.slice(1, -1).some((w) => FRONT_FORM.test(w)) && !LEGAL_FORM.test(l.words[l.words.length - 1]!)) : [];
    for (const l of [...front, ...inside]) out.push({ name: l.t.replace(/\s+/g, " "), start: l.start, end: l.start + l.t.length });
  }
  return out.sort((a, b) => a.start - b.start);
}

interface Found { type: EntityType; name: string; role?: string; start: number; end: number; conf: number; evidence: "formal" | "prose"; reason: string }

/** A legal-form match in a page's canonical text; `head` marks an organisation found before another inside a match. */
interface OrgMatch { text: string; index: number; head?: boolean }

export function extractEntitiesFromPages(pages: ExtractionPage[], ctx: Pick<ExtractionContext, "filename" | "documentKind">): ExtractorOutput {
  const out = new Map<string, Candidate<EntityPayload>>();
  const skipped: ExtractorOutput["skipped"] = [];
  const uncertainties: string[] = [];
  let rejectedPlaceholders = 0;
  let empty = 0;
  const notRead = new Map<string, number>();
  for (const page of pages) {
    if (!page.text.trim()) { empty++; continue; }
    if (page.cells?.length) continue;
    // indexes, contents and forms that sign or certify name people by signature only: no persons read there
    const kind = pageKindOf(page);
    if (kind === "contents") { notRead.set(kind, (notRead.get(kind) ?? 0) + 1); continue; }
    const readPeople = kind === "body" || kind === "cover";
    if (!readPeople) notRead.set(kind, (notRead.get(kind) ?? 0) + 1);
    const canon = canonicalPageLayout(page);
    const found = [...peopleOnPage(page, canon.text, readPeople), ...responsibleMinistries(page, canon.text), ...namedCommittees(canon.text), ...organisationsOnPage(page, canon)];
    rejectedPlaceholders += addPageEntities(found, page, canon, out);
  }
  addFilingFacts(readFilingFacts(pages), pages, out);
  dropLabelledNames(out);
  if (empty) skipped.push({ what: `${empty} empty page(s)`, why: "no text on the page" });
  for (const [kind, n] of notRead) skipped.push({ what: `${n} ${kind.replace("_", " ")} page(s)`, why: kind === "contents" ? "a table of contents names no entities" : "signs, certifies or indexes: no persons read there" });
  if (rejectedPlaceholders) skipped.push({ what: `${rejectedPlaceholders} placeholder/ministry/fragment name(s) as person`, why: "stoplist (Utredaren, Kommittén, the Company …), ministry ending, or the tail of a hyphenated name" });
  if (!out.size) uncertainties.push("no entities found");
  void ctx;
  return { candidates: [...out.values()], skipped, uncertainties, model: "rules" };
}

/** People named with a role, Swedish role words first, then English titles; none on a page that only signs, certifies or indexes. */
function peopleOnPage(page: ExtractionPage, C: string, readPeople: boolean): Found[] {
  return readPeople ? [...swedishRolePeople(page, C), ...titledPeople(C)] : [];
}

/** Swedish roles, sentence by sentence: names after the role word get it; when none follow, the names before it. */
function swedishRolePeople(page: ExtractionPage, C: string): Found[] {
  const found: Found[] = [];
  // Swedish role words ("expert", "ledamot") only on a page written in Swedish that has one
  if (!SV_ROLE_CUE.test(C) || detectLanguage(page.text) !== "sv") return found;
  for (const sent of sentencesWithOffsets(C)) {
    const s = sent.text;
    if (!s.trim()) continue;
    const base = sent.start;
    const roleHits: Array<{ role: string; at: number; end: number }> = [];
    for (const r of SV_ROLES) for (const m of s.matchAll(r.re)) {
      if (/tillika\s*$/.test(s.slice(Math.max(0, m.index! - 9), m.index!))) continue; // "X, tillika ordförande" qualifies X only
      // a seat in another named body ("utsågs till ledamot i Exempelrådet") is no role in the inquiry
      if (OTHER_BODY.test(s.slice(m.index! + m[0].length, m.index! + m[0].length + 40))) continue;
      roleHits.push({ role: r.role, at: m.index!, end: m.index! + m[0].length });
    }
    if (!roleHits.length) continue;
    roleHits.sort((a, b) => a.at - b.at);
    const names = [...s.matchAll(NAME_RE)].map((m) => ({ m, names: personNamesIn(m[0]) })).filter((x) => x.names.length);
    for (const { m, names: ns } of names) {
      const at = m.index!;
      const name = ns[0]!;
      const nameAt = at + m[0].indexOf(name);
      const before = roleHits.filter((r) => r.end <= nameAt);
      let role = before.length ? before[before.length - 1]!.role : roleHits[0]!.role;
      // "Rune Hermansson, tillika ordförande"
      const after = s.slice(nameAt + name.length, nameAt + name.length + 22);
      if (/^,?\s*tillika ordförande/.test(after)) found.push({ type: "person", name, role: "ordförande", start: base + nameAt, end: base + nameAt + name.length, conf: 0.9, evidence: "prose", reason: `named with "tillika ordförande"` });
      if (!before.length && !roleHits.some((r) => r.at > nameAt)) continue;
      if (!before.length) {
        // a role after the name is its own only across names listed with it ("A, B och C förordnades som experter"),
        // not across another person's clause ("… att A utsågs till … förordnades B att … vara ordförande")
        const next = roleHits.find((r) => r.at > nameAt)!;
        const other = names.map((x) => x.m.index! + x.m[0].indexOf(x.names[0]!)).find((at) => at > nameAt && at < next.at);
        if (other !== undefined && !LISTED_WITH.test(s.slice(nameAt + name.length, other))) continue;
        role = next.role;
      }
      found.push({ type: "person", name, role, start: base + nameAt, end: base + nameAt + name.length, conf: 0.85, evidence: "prose", reason: `named after the role "${role}" in the same sentence` });
    }
  }
  return found;
}

/** People named with an English title by one of EN_PATTERNS ("… was appointed Chief Financial Officer"). */
function titledPeople(C: string): Found[] {
  const found: Found[] = [];
  for (const { re, cue } of EN_PATTERNS) {
    if (!cue.test(C)) continue;
    for (const m of C.matchAll(re)) {
      const name = personNamesIn(m.groups!.name!)[0];
      if (!name) continue;
      // a title read into the next sentence's name ("Head of Sales Maria …") ends before it
      const after = C.slice(m.index! + m[0].length, m.index! + m[0].length + 30);
      let title = /^Head of \S+ \p{Lu}\p{Ll}+$/u.test(m.groups!.title!) && /^ \p{Lu}\p{Ll}+\b/u.test(after) ? m.groups!.title!.replace(/ \S+$/, "") : m.groups!.title!;
      // a president's or director's portfolio after "of" ("was appointed our President of Services"): part of the title
      const portfolio = /^(?:President|Director)$/.test(title) ? /^ of (\p{Lu}[\p{L}&'’-]*(?: (?:and|&) \p{Lu}[\p{L}&'’-]*| \p{Lu}[\p{L}&'’.-]*){0,3})(?=[\s,;:)]|\.(?:\s|$)|$)/u.exec(after) : null;
      if (portfolio) title = `${title} of ${portfolio[1]}`;
      const at = m.index! + m[0].indexOf(name);
      // a quote's attribution ("—Prof. Jane Roe, President and Chief Executive Officer, <partner>"): the speaker's title
      // is often another company's, its name cut off at the column's edge; officers are read from their lists and signatures
      if (ATTRIBUTION.test(C.slice(Math.max(0, at - 16), at))) continue;
      found.push({ type: "person", name, role: title, start: at, end: at + name.length, conf: 0.85, evidence: "prose", reason: `named with the title "${title}"` });
    }
  }
  return found;
}

function responsibleMinistries(page: ExtractionPage, C: string): Found[] {
  const found: Found[] = [];
  // ministries: responsible when addressed ("Till statsrådet och chefen för X"), standalone on a title page, or "(Xdepartementet)" closing a directive
  for (const m of C.includes("departementet") ? C.matchAll(MINISTRY_WORD) : []) {
    const raw = m[1]!;
    const name = raw[0]!.toUpperCase() + raw.slice(1);
    if (!isMinistryName(name)) continue;
    const pre = C.slice(Math.max(0, m.index! - 40), m.index!);
    const post = C.slice(m.index! + raw.length, m.index! + raw.length + 2);
    const responsible = /chefen för\s*$/i.test(pre) && page.pageNumber <= 8 || /\(\s*$/.test(pre) && /^\)/.test(post) || (page.pageNumber <= 5 && new RegExp(`(^|\\n)\\s*${raw}\\s*(\\n|$)`).test(page.text));
    if (!responsible) continue;
    found.push({ type: "ministry", name, role: "ansvarigt departement", start: m.index!, end: m.index! + raw.length, conf: 0.9, evidence: "formal", reason: "ministry addressed or named as responsible" });
  }
  return found;
}

/** A committee's name as it announces it ("har antagit namnet …"). */
function namedCommittees(C: string): Found[] {
  const found: Found[] = [];
  for (const m of C.matchAll(COMMITTEE_RE)) {
    let name = m[1]!.trim();
    name = name[0]!.toUpperCase() + name.slice(1);
    const at = m.index! + m[0].indexOf(m[1]!);
    found.push({ type: "committee", name: m[2] && m[2].length <= 6 && !/\d/.test(m[2]) ? `${name} (${m[2]})` : name, role: "utredning", start: at, end: at + m[1]!.length, conf: 0.9, evidence: "prose", reason: "committee named ('antagit namnet')" });
  }
  return found;
}

/** Organisations named with a legal form, and the names of a list whose legal form opens them. */
function organisationsOnPage(page: ExtractionPage, canon: Canonical): Found[] {
  const C = canon.text;
  const found: Found[] = [];
  // a line is short (a heading, a list entry, a cell) against the page's usual line
  const lens = page.text.split("\n").map((l) => l.trim().length).filter((n) => n > 0).sort((a, b) => a - b);
  const shortLine = Math.min(60, 0.6 * (lens[Math.floor(lens.length / 2)] ?? 0));
  // legal-form matches, and the organisations found ending inside one before another ("X Corporation and Y Inc.")
  // a list's names whose legal form opens them or stands inside ("AB Nordkap", "Radio AB KL Lindqvist"): each line whole
  const listed = listedFrontFormNames(page.text);
  for (const l of listed) {
    const start = canon.map.findIndex((o) => o >= l.start);
    if (start >= 0) found.push({ type: "organisation", name: l.name, role: "mentioned", start, end: start + l.name.length, conf: 0.8, evidence: "prose", reason: "a listed name with its legal form" });
  }
  const matches: OrgMatch[] = ORG_CUE.test(C) ? [...C.matchAll(ORG_RE)].map((m) => ({ text: m[1]!, index: m.index! })) : [];
  for (let k = 0; k < matches.length; k++) {
    const m = outsideListedNames(matches[k]!, listed, canon.map);
    if (!m) continue;
    const org = organisationAt(m, page, canon, shortLine, (head) => matches.push(head));
    if (org) found.push(org);
  }
  return found;
}

// a match reaching into such a line: its legal form there is that name's ("AB Nordkap" | "AB Fjällbo …" gave "Nordkap AB");
// one starting in such a line goes on from the next line ("Radio AB KL Lindqvist" | "Granlunds AB")
function outsideListedNames(m: OrgMatch, listed: Array<{ start: number; end: number }>, map: number[]): OrgMatch | undefined {
  if (!listed.length) return m;
  const os = map[m.index]!;
  const oe = map[m.index + m.text.length - 1]! + 1;
  if (listed.some((l) => oe > l.start && oe <= l.end && os < l.start) || listed.some((l) => os >= l.start && oe <= l.end)) return undefined;
  const from = listed.find((l) => os >= l.start && os < l.end);
  if (!from) return m;
  const ci = map.findIndex((o) => o > from.end);
  const rest = ci > m.index ? m.text.slice(ci - m.index).trimStart() : "";
  if (rest.split(/\s+/).length < 2) return undefined;
  return { ...m, text: rest, index: m.index + m.text.length - rest.length };
}

/** The words around a match say it names no organisation: a defined term, a contract's kind, a statute, a heading's verb, a possessive plural. */
function notAnOrganisationHere(C: string, m: OrgMatch): boolean {
  // a defined term ("“Approved Fund”") or a generic noun ("a Subsidiary Corporation") names no organisation
  if (/(?:[“"]\s?|\b(?:a|an|any|each|such|every|another)\s)$/.test(C.slice(Math.max(0, m.index - 8), m.index))) return true;
  // "Limited Liability Company Agreement" names a kind of contract, not a company
  if (/^\s+(?:Liability\b|Partnership Agreement\b)/.test(C.slice(m.index + m.text.length, m.index + m.text.length + 24))) return true;
  // "the Delaware General Corporation Law", "the Investment Company Act": a statute, not an organisation
  if (/^\s+(?:Law|Laws|Act|Code|Statute)\b/.test(C.slice(m.index + m.text.length, m.index + m.text.length + 12))) return true;
  // "… Incorporated by reference" is a heading's verb, not a legal form
  if (/Incorporated$/.test(m.text) && /^\s*(?:herein\s+)?by reference/i.test(C.slice(m.index + m.text.length, m.index + m.text.length + 20))) return true;
  // "Partners’ Capital": a possessive plural, not a legal form closing a name
  if (/s$/.test(m.text) && /^['’](?!s\b)/.test(C.slice(m.index + m.text.length, m.index + m.text.length + 2))) return true;
  return false;
}

/** The organisation a legal-form match names, its start cut and its name widened as the text around it shows, or undefined. */
function organisationAt(m: OrgMatch, page: ExtractionPage, canon: Canonical, shortLine: number, addHead: (head: OrgMatch) => void): Found | undefined {
  const C = canon.text;
  if (notAnOrganisationHere(C, m)) return undefined;
  const start = orgNameStart(m.text, page.text, canon.map, m.index, shortLine);
  if (start.head) addHead({ text: m.text.slice(...start.head), index: m.index + start.head[0], head: true });
  // such a first organisation is kept only when whole as it stands: nothing cut from it, no capitalised word before it
  if (m.head && (start.skip > 0 || headContinues(C.slice(Math.max(0, m.index - 30), m.index)))) return undefined;
  let skip = start.skip;
  const before = C.slice(Math.max(0, m.index - 16), m.index);
  // "an agreement between X and Y Corp.": the parties are two
  const and = m.text.slice(skip).lastIndexOf(" and ");
  if (and > 0 && /\b(?:between|among|amongst|with)\s+(?:the\s+)?$/i.test(before)) skip += and + 5;
  const raw = m.text.slice(skip);
  const at = m.index + skip;
  const widened = widenedName(m, page.text, canon, { skip, raw, at });
  const name = widened && organisationName(widened.raw, widened.possessive);
  if (!widened || !name) return undefined;
  return { type: "organisation", name, role: "mentioned", start: widened.at, end: widened.at + widened.raw.length, conf: 0.8, evidence: "prose", reason: "organisation name with a legal form" };
}

/**
 * The name around a match's cut start widened to what the text shows belongs to it: a leading number or
 * web brand, a preposition's head, a possessive, words before an inner number, a place, a fund's series, a
 * "for" tail; a chart's digits glued in front are cut. Undefined when a first organisation cannot stand whole.
 */
function widenedName(m: OrgMatch, pageText: string, canon: Canonical, cut: { skip: number; raw: string; at: number }): { raw: string; at: number; possessive: string | null } | undefined {
  const C = canon.text;
  const { skip } = cut;
  let { raw, at } = cut;
  // a name that opens a row or a cell with a number or a web brand ("635 Mass Ave LLC", "example.com Israel Ltd.")
  // or a registry number anywhere ("… 333-100200 2208817 Manitoba Limited": six digits or more, no separators, so no count, year or ZIP code)
  const lead = skip === 0 ? /(?:^|\|\s?)(\p{N}[\p{N}-]{0,6}|\p{Ll}[\p{L}]*\.(?:com|net|org|io))\s$/u.exec(C.slice(Math.max(0, at - 24), at)) ?? /(?:^|[\s(])(\p{N}{6,9})\s$/u.exec(C.slice(Math.max(0, at - 24), at)) : null;
  if (lead && m.head) return undefined;
  if (lead) { raw = `${lead[1]} ${raw}`; at -= lead[1]!.length + 1; }
  // a capitalised word and a preposition opening a listed name ("Beacon on Demand US LLC" on a line of its own)
  const prep = skip === 0 && !lead && !m.head ? listedPrepositionHead(pageText, canon.map[at]!) : null;
  if (prep) { raw = `${prep} ${raw}`; at -= prep.length + 1; }
  // a proper name's possessive opening the name ("Quill’s Pizza Inc."); not a generic owner's ("the Company’s X Inc.")
  const owner = skip === 0 && !lead && !prep ? /(?:^|[\s(|])(\p{Lu}[\p{L}&.-]*['’]s)\s$/u.exec(C.slice(Math.max(0, at - 30), at)) : null;
  const possessive = owner && !GENERIC_OWNER.test(owner[1]!) ? owner[1]! : null;
  if (possessive) { raw = `${possessive} ${raw}`; at -= possessive.length + 1; }
  // a name with a number inside ("IBEW Local 98 Pension Fund", "NBIM Walker 601 LEX NYC LLC"): the words before the number belong to it
  const inner = skip === 0 && !lead && !prep && !possessive ? NUMBERED_HEAD.exec(C.slice(Math.max(0, at - 48), at)) : null;
  if (inner && m.head) return undefined;
  if (inner && !NOT_ORG_START.test(inner[1]!) && !NUMBER_LABEL.test(inner[1]!)) { raw = `${inner[1]} ${raw}`; at -= inner[1]!.length + 1; }
  // "Sojitz Corporation of America": the place after "of" is part of the name
  const ofPlace = OF_PLACE.exec(C.slice(m.index + m.text.length, m.index + m.text.length + 40));
  if (ofPlace && /(?:Corporation|Company|Bank|Trust)$/.test(raw)) raw += ofPlace[0];
  // a fund's series and legal form after it ("Harbour Infrastructure Fund V-A, L.P.", "… Fund V (ER) SCSp")
  const end = at + raw.length;
  const series = /(?:Fund|Partners)$/.test(raw) ? FUND_SERIES.exec(C.slice(end, end + 40)) : null;
  if (series) raw = C.slice(at, end + series[0].length);
  // a country or region word that goes on with the name after its legal form ("… and Lumen Corporation Japan) and …");
  // not one in a list's jurisdiction column, which a new name or line follows
  const place = !series && /(?:Corporation|Company|Limited|Inc\.?|Ltd\.?)$/.test(raw) ? PLACE_AFTER.exec(C.slice(end, end + 30)) : null;
  if (place) raw = C.slice(at, end + place[1]!.length);
  // a name going on after its legal form with "for" and capitalised words ("Internet Corporation for Assigned Numbers and Names")
  const forTail = !series && !place && /(?:Corporation|Company|Association|Foundation|Institute)$/.test(raw) ? FOR_TAIL.exec(C.slice(at + raw.length, at + raw.length + 80)) : null;
  if (forTail) raw = C.slice(at, at + raw.length + forTail[1]!.length);
  // a chart's legend glued to the name ("S&P 500FedEx Corporation"): a run of digits stuck to a capitalised word is no part of it
  const glued = /^\p{N}{2,}(?=\p{Lu}\p{Ll})/u.exec(raw);
  if (glued) { raw = raw.slice(glued[0].length); at += glued[0].length; }
  return { raw, at, possessive };
}

/** The name as it reads (blanks folded, an ampersand's blanks closed), or undefined when it names no organisation. */
function organisationName(raw: string, possessive: string | null): string | undefined {
  // a blank the PDF put beside an ampersand of a short name ("AB& C Corporation", "A B&C Corporation") is no part of it
  const name = raw.replace(/\s+/g, " ").replace(/(?<![\p{L}])(\p{Lu}{1,3})(?:& | &)(\p{Lu}{1,3})(?![\p{L}])/u, "$1&$2").replace(/(?<![\p{L}])(\p{Lu}) (\p{Lu}{1,2}&\p{Lu}{1,3})(?![\p{L}])/u, "$1$2");
  // a fund is named as one ("Example Growth Fund II"); "No Sinking Fund", "the State General Fund" are accounts or terms
  // a role of a company in a contract ("any Parent Corporation, Subsidiary Corporation …") names none
  if (/^(?:Parent|Subsidiary|Affiliated?|Participating|Successor|Acquiring|Surviving|Operating|Holding|Merger|Acquisition|Target|Issuing|Designated|Related)\s+(?:Corporation|Company|Inc\.?|LLC|Limited|Ltd\.?)$/.test(name)) return undefined;
  if (/\bFund\b/.test(name) && !/\b(?:Capital|Partners|Ventures|Equity|Growth|Investment|Investments|Opportunity|Opportunities|Infrastructure|Holdings|Pension|Retirement)\b/.test(name)) return undefined;
  // a statement's column heads read up to a company's name ("Retained Earnings Accumulated Other Comprehensive Loss Total X Corporation")
  if (/\b(?:Total|Subtotal|Retained|Accumulated|Comprehensive|Earnings|Liabilities)\b/.test(name)) return undefined;
  if (isPlaceholder(name) || NOT_ORG_START.test(name) || !/\s/.test(name) || /\p{L}['’]s\b/u.test(possessive ? name.slice(possessive.length) : name)) return undefined;
  // a column heading or a clause that reads a legal form as a word ("Company Name Where Incorporated or Organized")
  if (SENTENCE_OPENER.test(name) && !/\s/.test(name.replace(SENTENCE_OPENER, ""))) return undefined;
  // a heading in capitals ending in "AS" ("BOOK VALUE OUTSTANDING AS OF …") is no Norwegian company
  if (/\sAS$/.test(name) && name === name.toUpperCase()) return undefined;
  return name;
}

/** Adds a page's entities to `out` as candidates, the first mention of each on the page with its excerpt; returns how many names it rejected. */
function addPageEntities(found: Found[], page: ExtractionPage, canon: Canonical, out: Map<string, Candidate<EntityPayload>>): number {
  let rejected = 0;
  for (const f of found) {
    if (f.name.includes(CELL_BREAK)) continue;
    if (isPlaceholder(f.name)) { rejected++; continue; }
    if (f.type === "person") {
      // a name continuing a hyphen is the tail of a longer name; letter-spaced OCR ("H a n s - Olof Hansson")
      // is put back together, anything else is a fragment and no person
      const pre = canon.text.slice(Math.max(0, f.start - 40), f.start);
      const spaced = /(?:^|\s)(\p{Lu}(?: \p{Ll}){1,15}|\p{Lu}\p{Ll}+) ?[-‐] ?$/u.exec(pre);
      if (spaced) {
        f.name = `${spaced[1]!.replace(/ /g, "")}-${f.name}`;
        f.start -= pre.length - spaced.index - (spaced[0].startsWith(" ") ? 1 : 0);
      } else if (/\p{L} ?[-‐] ?$/u.test(pre)) {
        rejected++;
        continue;
      }
    }
    if (f.type === "person" && isMinistryName(f.name)) { rejected++; continue; }
    // the first mention of a key on the page stands: a later one needs no excerpt
    const key = `${f.type}|${normalizeName(f.name)}|${f.role ?? ""}|p${page.pageNumber}`;
    if (out.has(key)) continue;
    const os = canon.map[f.start]!;
    const oe = canon.map[Math.max(f.start, f.end - 1)]! + 1;
    const excerpt = pickExcerpt(page.text, os, oe, "sentence");
    if (!excerpt) continue;
    out.set(key, {
      candidateType: "entity",
      candidateKey: key,
      payload: { entityType: f.type, name: f.name, role: f.role },
      confidenceScore: f.conf,
      confidenceReason: f.reason,
      evidence: { text: excerpt, page: page.pageNumber },
      evidenceType: f.evidence,
    });
  }
  return rejected;
}

function factCandidate(pages: ExtractionPage[], f: { page: number; start: number; end: number }, payload: EntityPayload, reason: string, mode: "line" | "sentence"): Candidate<EntityPayload> | null {
  const page = pages.find((p) => p.pageNumber === f.page);
  const excerpt = page ? pickExcerpt(page.text, f.start, f.end, mode) : null;
  if (!excerpt) return null;
  // the excerpt must support the mention as the validator checks it (names the entity, or states the company's own figure)
  if (!excerptSupportsEntity(payload, cleanExcerpt(excerpt))) return null;
  return {
    candidateType: "entity",
    candidateKey: `${payload.entityType}|${normalizeName(payload.name)}|${payload.role ?? ""}|p${f.page}`,
    payload,
    confidenceScore: 0.9,
    confidenceReason: reason,
    evidence: { text: excerpt, page: f.page },
    evidenceType: "formal",
  };
}

function lastWordShown(pages: ExtractionPage[], f: { page: number; start: number; end: number; name: string }): boolean {
  const text = pages.find((p) => p.pageNumber === f.page)?.text.slice(f.start, f.end) ?? "";
  return cleanExcerpt(text).toLowerCase().includes(f.name.split(/\s+/).pop()!.toLowerCase());
}

/** Executive officers, auditor, registrant (headquarters, fiscal year end, employees) and principal customers, as entities. */
function addFilingFacts(facts: FilingFacts, pages: ExtractionPage[], out: Map<string, Candidate<EntityPayload>>) {
  const add = (c: Candidate<EntityPayload> | null) => {
    if (!c) return;
    // a fact read from its section replaces what the prose rules read of the same person on that page
    if (c.payload.entityType === "person") for (const [k, v] of out) if (v.payload.entityType === "person" && v.evidence.page === c.evidence.page && normalizeName(v.payload.name) === normalizeName(c.payload.name)) out.delete(k);
    out.set(c.candidateKey, c);
  };
  for (const o of facts.officers) add(factCandidate(pages, o, { entityType: "person", name: o.name, role: `${o.title} (executive officer${o.age ? `, age ${o.age}` : ""})` }, "listed among the executive officers", "line"));
  for (const o of facts.signers) add(factCandidate(pages, o, { entityType: "person", name: o.name, role: `${o.title} (${o.signs === "report" ? "signed the annual report" : "signed a certification of the report"})` }, o.signs === "report" ? "signs the report in this capacity" : "certifies the report in this capacity", "line"));
  if (facts.auditor) add(factCandidate(pages, facts.auditor, { entityType: "organisation", name: facts.auditor.name, role: "auditor" }, "signs the independent auditor's report", "line"));
  // the registrant under its cover-page name; without its legal form when the page prints that apart ("Lantern Goods, Inc .")
  const reg = facts.registrant && { ...facts.registrant, name: lastWordShown(pages, facts.registrant) ? facts.registrant.name : facts.registrant.name.replace(/,?\s+(?:Inc|Corp|Co|Ltd|Plc|LLC|AB|AG|SA|NV)\.?$/i, "") };
  if (reg) {
    add(factCandidate(pages, reg, { entityType: "organisation", name: reg.name, role: "registrant" }, "named as the registrant on the cover page", "line"));
    if (facts.headquarters) add(factCandidate(pages, facts.headquarters, { entityType: "organisation", name: reg.name, role: `headquarters: ${facts.headquarters.detail}` }, "address of principal executive offices on the cover page", "line"));
    if (facts.incorporation) add(factCandidate(pages, facts.incorporation, { entityType: "organisation", name: reg.name, role: `incorporation: ${facts.incorporation.detail}` }, "state of incorporation on the cover page", "line"));
    if (facts.fiscalYearEnd) add(factCandidate(pages, facts.fiscalYearEnd, { entityType: "organisation", name: reg.name, role: `fiscal year end: ${facts.fiscalYearEnd.detail}` }, "fiscal year stated on the cover page", "line"));
    if (facts.employees) add(factCandidate(pages, facts.employees, { entityType: "organisation", name: reg.name, role: `employees: ${facts.employees.detail}` }, "headcount stated by the company", "sentence"));
  }
  for (const c of facts.customers) add(factCandidate(pages, c, { entityType: "organisation", name: c.name, role: c.detail! }, "named with its share of sales", "sentence"));
}

/** "Contact Alex Morgan" when "Alex Morgan" is also found: a word in front of a known name labels it. */
function dropLabelledNames(out: Map<string, Candidate<EntityPayload>>) {
  const people = [...out.entries()].filter(([, c]) => c.payload.entityType === "person");
  const names = new Set(people.map(([, c]) => normalizeName(c.payload.name)));
  for (const [k, c] of people) {
    const n = normalizeName(c.payload.name).split(" ");
    for (let i = 1; i < n.length - 1; i++) if (names.has(n.slice(i).join(" "))) { out.delete(k); break; }
  }
}

export const entitiesRulesExtractor: Extractor = {
  name: "entities",
  version: ENTITY_EXTRACTOR_VERSION,
  candidateType: "entity",
  async extract(ctx) {
    const pages: ExtractionPage[] = [];
    for await (const p of ctx.pages()) pages.push(p);
    return extractEntitiesFromPages(pages, ctx);
  },
  async refine(ctx, candidate, request) {
    const { refineWithPage } = await import("../findings");
    return refineWithPage(ctx, candidate, request);
  },
};
