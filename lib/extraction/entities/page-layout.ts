/**
 * The layout reading of a page (`layoutText`, see layout.ts), computed once per page object. Several rules read
 * the same page through it in one extraction: the entity rules, the filing facts (cover and officers) and the
 * timeline rules. Reading the text positions is the costly step, so each of them asks here, and the page object
 * (the one the document was loaded into) keys the result; a page whose text or positions were replaced is read anew.
 */
import type { TextSpan } from "@/lib/ingest/types";
import { layoutText } from "./layout";

interface LayoutPage { text: string; spans?: TextSpan[] | null }

const READ = new WeakMap<LayoutPage, { text: string; spans: LayoutPage["spans"]; layout: string }>();

/** The page's layout text (same length and offsets as its text), read once per page object. */
export function pageLayout(page: LayoutPage): string {
  const known = READ.get(page);
  if (known && known.text === page.text && known.spans === page.spans) return known.layout;
  const layout = layoutText(page);
  READ.set(page, { text: page.text, spans: page.spans, layout });
  return layout;
}
