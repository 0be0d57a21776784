/**
 * Plain text and Markdown.
 *
 * - Text containing form feeds is split on `\f`: block N (1-based) is page N,
 *   empty blocks stay as empty pages so numbering matches the source PDF (SOU
 *   convention). One trailing empty block after a final `\f` is dropped
 *   (pdftotext ends every page with `\f`).
 * - Otherwise Markdown is split at its two highest heading levels present
 *   (usually `#`/`##`; ATX or setext) and plain
 *   text by size (~3,000 characters at paragraph boundaries).
 * - UTF-8 (BOM stripped), UTF-16 with BOM, else windows-1252.
 * - Files above `TEXT_WHOLE_FILE_LIMIT` are streamed: one pass to learn the
 *   encoding and whether form feeds occur, a second to paginate window by window.
 */
import { readFile, stat } from "node:fs/promises";
import { MandaError } from "@/lib/errors";
import type { ParsedPage, ParseInput, ParseResult, Parser, PageLabelling } from "../types";
import { decodeTextBuffer, detectFileEncoding, sniffFormat, streamDecodedText } from "../sniff";
import { type Heading, paragraphStarts, sliceText, splitByHeadings, splitBySize, type PageSlice } from "./paginate";

export const TEXT_WHOLE_FILE_LIMIT = 50 * 1024 * 1024;
/** Streaming window for big files without form feeds (characters). */
const WINDOW_CHARS = 4 * 1024 * 1024;

const MD_EXTENSIONS = /\.(md|markdown|mdown|mkd|mdx)$/i;

/**
 * Markdown headings (all levels), skipping fenced code blocks. ATX (`# Title`)
 * and setext (`Title` over `===` / `---`).
 */
export function markdownHeadings(text: string): Heading[] {
  const out: Heading[] = [];
  let fence: string | null = null;
  let pos = 0;
  let prev: { start: number; end: number; line: string; para: boolean } | null = null;
  while (pos <= text.length) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    const lineEnd = nl;
    const line = text.slice(pos, lineEnd).replace(/\r$/, "");
    const next = nl + 1;
    const fm = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fm && fm[1]![0] === fence[0] && fm[1]!.length >= fence.length && line.trim() === fm[1]) fence = null;
      prev = null;
    } else if (fm) {
      fence = fm[1]!;
      prev = null;
    } else {
      const atx = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
      if (atx) {
        out.push({ offset: pos, bodyStart: Math.min(next, text.length), level: atx[1]!.length, title: (atx[2] ?? "").trim() });
        prev = null;
      } else if (prev && prev.para && /^ {0,3}(=+|-+)[ \t]*$/.test(line)) {
        out.push({
          offset: prev.start,
          bodyStart: Math.min(next, text.length),
          level: line.trim()[0] === "=" ? 1 : 2,
          title: prev.line.trim(),
        });
        prev = null;
      } else {
        const blank = line.trim() === "";
        // A setext underline only counts under a plain paragraph line (not a list item, quote, table or indented code).
        const para = !blank && !/^( {4}|\t| {0,3}([-*+>|]|\d+[.)])\s)/.test(line);
        prev = { start: pos, end: lineEnd, line, para };
      }
    }
    if (nl >= text.length) break;
    pos = next;
  }
  return out;
}

/** Markdown when the name says so, or when at least two ATX headings each follow a blank line. */
export function looksLikeMarkdown(filename: string, text: string): boolean {
  if (MD_EXTENSIONS.test(filename)) return true;
  const re = /(?:^|\n[ \t]*\r?\n)#{1,6}[ \t]+\S/g;
  let n = 0;
  while (re.exec(text)) if (++n >= 2) return true;
  return false;
}

function pagesFromSlices(text: string, slices: PageSlice[]): Array<{ text: string; label?: string }> {
  const pages: Array<{ text: string; label?: string }> = [];
  for (const s of slices) {
    const t = sliceText(text, s.start, s.end);
    if (t.trim() === "") continue;
    pages.push(s.label === undefined ? { text: t } : { text: t, label: s.label });
  }
  return pages;
}

/** The deepest heading level that starts a page: the two highest levels present (# and ## usually). */
export function splitLevelOf(headings: Heading[]): number | undefined {
  if (headings.length === 0) return undefined;
  return Math.min(...headings.map((h) => h.level)) + 1;
}

/**
 * Paginates a string without form feeds: headings for Markdown (when it has
 * any), else size. `splitLevel` fixes the heading depth (streaming decides it
 * once from the head of the file so every window splits alike).
 */
export function paginateFlowText(
  text: string,
  markdown: boolean,
  splitLevel?: number,
): { labelling: PageLabelling; slices: PageSlice[] } {
  if (markdown) {
    const all = markdownHeadings(text);
    const level = splitLevel ?? splitLevelOf(all);
    if (level !== undefined) {
      const hs = all.filter((h) => h.level <= level);
      return { labelling: "headings", slices: splitByHeadings(text, hs, paragraphStarts(text)) };
    }
  }
  const parts = splitBySize(text, 0, text.length, paragraphStarts(text));
  return { labelling: "size", slices: parts.map(([start, end]) => ({ start, end })) };
}

/** Splits on form feeds; a single trailing empty block (file ends with `\f`) is dropped. */
export function formFeedBlocks(text: string): string[] {
  const blocks = text.split("\f");
  if (blocks.length > 1 && blocks[blocks.length - 1]!.trim() === "") blocks.pop();
  return blocks;
}

function firstH1(text: string): string | undefined {
  const h = markdownHeadings(text.slice(0, 200_000)).find((x) => x.level === 1 && x.title);
  return h?.title;
}

async function* yieldPages(pages: Array<{ text: string; label?: string }>): AsyncGenerator<ParsedPage> {
  let n = 0;
  for (const p of pages) {
    n++;
    yield p.label === undefined ? { pageNumber: n, text: p.text } : { pageNumber: n, text: p.text, label: p.label };
  }
}

async function assertText(input: ParseInput): Promise<void> {
  const format = await sniffFormat(input.path, input.filename);
  if (format !== "text" && format !== "csv") {
    throw new MandaError("unsupported:format", `This file is ${format === "pdf" ? "a PDF" : `a ${format.toUpperCase()} file`}, not plain text.`);
  }
}

export interface TextParseOptions {
  /** Files up to this size are read whole; bigger ones are streamed. */
  wholeFileLimit?: number;
  /** Streaming window in characters. */
  windowChars?: number;
  /** Read size when streaming, in bytes. */
  readChunkBytes?: number;
}

export const parseText: Parser = (input: ParseInput) => parseTextFile(input);

/** `parseText` with tunable limits (tests use small ones to exercise streaming). */
export async function parseTextFile(input: ParseInput, opts: TextParseOptions = {}): Promise<ParseResult> {
  await assertText(input);
  const size = (await stat(input.path)).size;
  if (size <= (opts.wholeFileLimit ?? TEXT_WHOLE_FILE_LIMIT)) {
    const { text } = decodeTextBuffer(await readFile(input.path));
    if (text.includes("\f")) {
      const blocks = formFeedBlocks(text);
      return {
        format: "text",
        labelling: "form-feed",
        pageCount: blocks.length,
        pages: yieldPages(blocks.map((b) => ({ text: b }))),
      };
    }
    const markdown = looksLikeMarkdown(input.filename, text);
    const { labelling, slices } = paginateFlowText(text, markdown);
    let pages = pagesFromSlices(text, slices);
    if (pages.length === 0) pages = [{ text: sliceText(text, 0, text.length) }];
    const title = markdown ? firstH1(text) : undefined;
    return { format: "text", labelling, pageCount: pages.length, pages: yieldPages(pages), ...(title ? { title } : {}) };
  }
  return parseLargeText(input, opts.windowChars ?? WINDOW_CHARS, opts.readChunkBytes ?? 1024 * 1024);
}

async function parseLargeText(input: ParseInput, windowChars: number, chunkBytes: number): Promise<ParseResult> {
  const { encoding, hasFormFeed } = await detectFileEncoding(input.path);
  if (hasFormFeed) {
    return { format: "text", labelling: "form-feed", pages: streamFormFeedPages(input.path, encoding, chunkBytes) };
  }
  // Decide Markdown vs plain from the first window.
  let head = "";
  for await (const s of streamDecodedText(input.path, encoding)) {
    head += s;
    if (head.length >= 1024 * 1024) break;
  }
  const markdown = looksLikeMarkdown(input.filename, head);
  const splitLevel = markdown ? splitLevelOf(markdownHeadings(head)) : undefined;
  return {
    format: "text",
    labelling: splitLevel !== undefined ? "headings" : "size",
    pages: streamFlowPages(input.path, encoding, splitLevel, windowChars, chunkBytes),
    ...(markdown && firstH1(head) ? { title: firstH1(head) } : {}),
  };
}

async function* streamFormFeedPages(
  path: string,
  encoding: Parameters<typeof streamDecodedText>[1],
  chunkBytes: number,
): AsyncGenerator<ParsedPage> {
  let buf = "";
  let n = 0;
  for await (const s of streamDecodedText(path, encoding, chunkBytes)) {
    buf += s;
    let ff = buf.indexOf("\f");
    while (ff >= 0) {
      yield { pageNumber: ++n, text: buf.slice(0, ff) };
      buf = buf.slice(ff + 1);
      ff = buf.indexOf("\f");
    }
  }
  // The last block: dropped only when empty after a final \f (same rule as formFeedBlocks).
  if (n === 0 || buf.trim() !== "") yield { pageNumber: ++n, text: buf };
}

async function* streamFlowPages(
  path: string,
  encoding: Parameters<typeof streamDecodedText>[1],
  splitLevel: number | undefined,
  windowChars: number,
  chunkBytes: number,
): AsyncGenerator<ParsedPage> {
  let buf = "";
  let n = 0;
  let carry: string | undefined; // label of the section the buffer starts inside
  const flush = function* (final: boolean): Generator<ParsedPage> {
    const { slices } = paginateFlowText(buf, splitLevel !== undefined, splitLevel ?? 0);
    const labels = slices.map((s, i) =>
      s.label === undefined && i === 0 && carry !== undefined ? `${carry.replace(/ \(cont\.\)$/, "")} (cont.)` : s.label,
    );
    const keep = final ? slices.length : slices.length - 1;
    for (let i = 0; i < keep; i++) {
      const s = slices[i]!;
      const text = sliceText(buf, s.start, s.end);
      const label = labels[i];
      if (text.trim() === "") continue;
      yield label === undefined ? { pageNumber: ++n, text } : { pageNumber: ++n, text, label };
    }
    if (!final && slices.length > 0) {
      const last = slices[slices.length - 1]!;
      carry = labels[labels.length - 1];
      buf = buf.slice(last.start);
    }
  };
  for await (const s of streamDecodedText(path, encoding, chunkBytes)) {
    buf += s;
    if (buf.length >= windowChars) yield* flush(false);
  }
  yield* flush(true);
  if (n === 0) yield { pageNumber: 1, text: "" };
}
