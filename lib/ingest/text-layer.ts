/**
 * Whether a page's text layer can be read: a PDF whose fonts carry no Unicode map gives control
 * characters and private-use glyphs where its letters are ("\u0002\u0003\u0004…"), which no search or
 * extraction can use. Manda does not run OCR, so such a document is refused with its reason instead
 * of being indexed as if its pages said nothing.
 */

/** Characters a font without a Unicode map produces in place of letters. */
const UNMAPPED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ue000-\uf8ff\ufffd]/gu;

/** Share of a page's non-space characters that may be unmapped before it counts as unreadable. */
const MAX_UNMAPPED_SHARE = 0.1;

/** The page's text is mostly unmapped glyphs (and long enough to tell). */
export function unreadablePage(text: string): boolean {
  const ink = text.replace(/\s+/g, "").length;
  if (ink < 40) return false;
  return (text.match(UNMAPPED)?.length ?? 0) / ink > MAX_UNMAPPED_SHARE;
}

/** At least half of the document's pages are unreadable: nothing of it can be searched or cited. */
export function unreadableDocument(pages: number, unreadable: number): boolean {
  return pages > 0 && unreadable * 2 >= pages;
}
