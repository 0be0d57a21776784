/**
 * Generation-time self-checks: every planted fact's text must sit where facts.ts says,
 * before anything is rendered. The tests repeat the PDF check on the rendered bytes.
 */
import { DEMO_DOCUMENTS, PLANTED_FACTS } from "./facts";
import type { DemoFileName } from "./facts-types";
import type { DocxBlock } from "./docx";
import { blockText, type Block } from "./pdf";

/** Whitespace collapsed to single spaces, trimmed: how excerpts are compared. */
export const collapse = (s: string): string => s.replace(/\s+/g, " ").trim();

const factsOf = (file: DemoFileName) => PLANTED_FACTS.filter((f) => f.file === file);

export function assertPdfFacts(file: DemoFileName, pages: readonly (readonly Block[])[]): void {
  const expected = DEMO_DOCUMENTS.find((d) => d.file === file)?.pageCount;
  if (expected !== pages.length) throw new Error(`${file}: ${pages.length} pages laid out, facts.ts says ${expected}`);
  for (const f of factsOf(file)) {
    if (f.location.kind !== "page") throw new Error(`${file}: fact ${f.id} must have a page location`);
    const page = pages[f.location.page - 1];
    const text = collapse((page ?? []).map(blockText).join(" "));
    if (!text.includes(collapse(f.text))) throw new Error(`${file}: fact ${f.id} is not on page ${f.location.page}: "${f.text}"`);
  }
}

export function assertDocxFacts(file: DemoFileName, blocks: readonly DocxBlock[]): void {
  for (const f of factsOf(file)) {
    if (f.location.kind !== "section") throw new Error(`${file}: fact ${f.id} must have a section location`);
    const heading = f.location.heading;
    const start = blocks.findIndex((b) => b.kind === "heading" && b.text === heading);
    const next = blocks.findIndex((b, i) => i > start && b.kind === "heading");
    const section = blocks.slice(start + 1, next === -1 ? undefined : next);
    if (start === -1 || !section.some((b) => b.kind !== "heading" && collapse(b.text).includes(collapse(f.text)))) {
      throw new Error(`${file}: fact ${f.id} is not under heading "${heading}"`);
    }
  }
}

export function assertCsvFacts(file: DemoFileName, lines: readonly string[]): void {
  for (const f of factsOf(file)) {
    if (f.location.kind !== "line") throw new Error(`${file}: fact ${f.id} must have a line location`);
    if (lines[f.location.line - 1] !== f.text) throw new Error(`${file}: line ${f.location.line} is not "${f.text}"`);
  }
}
