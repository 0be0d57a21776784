/**
 * What a page of a filing or report is, for the entity and timeline rules: the parts that list,
 * index or sign rather than tell — an exhibit index (each line a document incorporated by
 * reference, dated by the filing it came from), a table of contents, a signatures page, an
 * officer's certification, an auditor's consent, a form's cover page — are never mined for events.
 */

export type PageKind = "exhibit_index" | "contents" | "signatures" | "certification" | "consent" | "cover" | "body";

const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;

/** Lines that open with an exhibit number ("10.6 Form of …", "31.1* Certification …", "101.INS XBRL …"). */
const EXHIBIT_LINE = /^[ \t]*\(?(?:\d{1,3}\.\d{1,3}(?:\.\d{1,2})?[a-zA-Z]?|\d{1,3}\.[A-Z]{3})\)?[ \t]*[*+†#]{0,3}(?:[ \t]+(?:[-–—][ \t]+)?\(?(?:\p{Lu}|\d{4}\s+\p{Lu})|[ \t]*$)/gmu;
/** An exhibit index's "where filed" columns: a form and its filing date ("8-K 12/20/10", "10-Q 6/28/13"). */
const FILED_WITH = /\b(?:8-K|10-K|10-Q|S-[1348]|S-8 POS|DEF 14A|20-F|6-K)(?:\/A)?\s+\d{1,2}\/\d{1,2}\/\d{2,4}\b/g;
/** Contents lines: "ITEM 7." / "Part II" / "Note 12" opening a line, or a title followed by a page number. */
const CONTENTS_LINE = /^[ \t]*(?:item|part|note)\s+(?:\d{1,2}[a-c]?\b|[ivx]{1,4}\b)/gim;
const TRAILING_PAGE = /[\p{L})][ \t]*(?:\.{2,}[ \t.]*|[ \t]+)\d{1,3}[ \t]*$/gmu;

/** Page numbers closing the lines of a page, in order ("Business ..... 12"). */
function trailingPageNumbers(text: string): number[] {
  return [...text.matchAll(TRAILING_PAGE)].map((m) => Number(/(\d{1,3})[ \t]*$/.exec(m[0])![1]));
}

export function pageKind(text: string, pageNumber: number): PageKind {
  const head = text.slice(0, 600);
  // "certify" first: the signer's clause is read only on a page that has the word
  if ((/certify/iu.test(text) && /\bI,\s+[\p{Lu}][\p{L}.' -]{2,60},\s+certify\s+that\b/iu.test(text)) || (/\bcertif(?:y|ication)\b/i.test(head) && /\b(?:Section 906|Section 302|18 U\.S\.C\.\s*Section 1350|Rule 13a-14)\b/i.test(text))) return "certification";
  if (/\bconsent of independent (?:registered public accounting firm|auditors?|accountants)\b/i.test(head) && /\bwe (?:hereby )?consent\b/i.test(text)) return "consent";
  const exhibitLines = count(text, EXHIBIT_LINE);
  const byReference = count(text, /incorporated (?:herein )?by reference/gi);
  if (exhibitLines >= 4 && (byReference >= 2 || /\bexhibit\b/i.test(text))) return "exhibit_index";
  if (exhibitLines >= 2 && byReference >= 3) return "exhibit_index";
  if (count(text, FILED_WITH) >= 3 && (exhibitLines >= 2 || byReference >= 1)) return "exhibit_index";
  if (/^\s*exhibit index\b/im.test(head) && exhibitLines >= 2) return "exhibit_index";
  if (/^\s*signatures?\s*$/im.test(head) && (/\/s\//i.test(text) || /pursuant to the requirements of/i.test(text))) return "signatures";
  if (count(text, /\/s\//gi) >= 3) return "signatures";
  // contents: titles followed by page numbers that run upwards ("ITEM 1. Business 1 … ITEM 7. … 18"); a table's last column does not.
  // The page numbers are read only on a page that lists items or says it is contents.
  if (count(text, CONTENTS_LINE) >= 3 || /\b(?:contents|index)\b/i.test(head)) {
    const lines = text.split("\n").filter((l) => l.trim()).length || 1;
    const pagesListed = trailingPageNumbers(text);
    const rising = pagesListed.filter((n, i) => i > 0 && n >= pagesListed[i - 1]!).length;
    if (pagesListed.length >= 5 && rising >= 0.8 * (pagesListed.length - 1) && pagesListed.length >= lines * 0.25) return "contents";
  }
  if (pageNumber <= 3 && /\(exact name of registrant as specified in its charter\)|commission file number|indicate by check mark whether the registrant|documents incorporated by reference/i.test(text)) return "cover";
  return "body";
}

interface KindPage { text: string; pageNumber: number }
const KINDS = new WeakMap<KindPage, { text: string; pageNumber: number; kind: PageKind }>();

/**
 * pageKind of a page object, worked out once: the entity rules, the filing facts and the timeline
 * rules each ask for the pages of one loaded document. A page whose text or number changed is read anew.
 */
export function pageKindOf(page: KindPage): PageKind {
  const known = KINDS.get(page);
  if (known && known.text === page.text && known.pageNumber === page.pageNumber) return known.kind;
  const kind = pageKind(page.text, page.pageNumber);
  KINDS.set(page, { text: page.text, pageNumber: page.pageNumber, kind });
  return kind;
}
