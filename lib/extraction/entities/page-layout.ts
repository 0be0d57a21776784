/**
 * The layout reading of a page (`layoutText`, see layout.ts) and its canonical form (`canonicalize`: whitespace
 * runs and end-of-line hyphens folded, with a map back to page offsets), computed once per page object. Several
 * rules read the same page through them in one extraction: the entity rules, the filing facts (cover and officers)
 * and the timeline rules. So each of them asks here, and the page object (the one the document was loaded into)
 * keys the result; a page whose text or positions were replaced is read anew. Callers only read what they get.
 */
import type { TextSpan } from "@/lib/ingest/types";
import { canonicalize, type Canonical } from "../citation";
import { layoutText } from "./layout";

interface LayoutPage { text: string; spans?: TextSpan[] | null }
interface Read { text: string; spans: LayoutPage["spans"]; layout: string; canonical?: Canonical }

const READ = new WeakMap<LayoutPage, Read>();

function readOf(page: LayoutPage): Read {
  const known = READ.get(page);
  if (known && known.text === page.text && known.spans === page.spans) return known;
  const read: Read = { text: page.text, spans: page.spans, layout: layoutText(page) };
  READ.set(page, read);
  return read;
}

/** The page's layout text (same length and offsets as its text), read once per page object. */
export function pageLayout(page: LayoutPage): string {
  return readOf(page).layout;
}

/** The canonical form of the page's layout text, with its map to page offsets, made once per page object. */
export function canonicalPageLayout(page: LayoutPage): Canonical {
  const read = readOf(page);
  return (read.canonical ??= canonicalize(read.layout));
}
