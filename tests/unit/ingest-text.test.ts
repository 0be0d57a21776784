import { afterAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parseText, parseTextFile, markdownHeadings, formFeedBlocks } from "@/lib/ingest/parsers/text";
import { splitBySize } from "@/lib/ingest/parsers/paginate";
import { collectPages, makeTempDir, writeFile } from "./ingest-fixtures";

const tmp = makeTempDir();
afterAll(() => tmp.cleanup());

/**
 * A long report as pdftotext writes it: a cover, two front pages, a run of blank pages (4–224)
 * and body pages, one form feed between pages.
 */
function formFeedReport(): string {
  const blocks: string[] = [];
  for (let n = 1; n <= 240; n++) {
    if (n === 1) blocks.push("Privacy by design\nA report to the ministry");
    else if (n <= 3 || n > 224) blocks.push(`${n}\n${`Body text of page ${n}, with a sentence that runs on. `.repeat(30)}`);
    else blocks.push("");
  }
  return blocks.join("\f");
}
const REPORT = writeFile(tmp.file("report-ff.txt"), formFeedReport());

describe("parseText: form feeds", () => {
  it("block N is page N, empty blocks kept", async () => {
    const path = writeFile(tmp.file("ff.txt"), "Cover\f\f\fPage four\nline 2\fPage five");
    const result = await parseText({ path, bytes: 0, filename: "ff.txt" });
    expect(result.labelling).toBe("form-feed");
    expect(result.pageCount).toBe(5);
    const pages = await collectPages(result);
    expect(pages.map((p) => [p.pageNumber, p.text])).toEqual([
      [1, "Cover"],
      [2, ""],
      [3, ""],
      [4, "Page four\nline 2"],
      [5, "Page five"],
    ]);
  });

  it("a trailing form feed (pdftotext style) adds no page", () => {
    expect(formFeedBlocks("a\fb\f")).toEqual(["a", "b"]);
    expect(formFeedBlocks("a\f\fb")).toEqual(["a", "", "b"]);
  });

  it("keeps a long report's page numbering through a run of blank pages", async () => {
    const result = await parseText({ path: REPORT, bytes: 0, filename: "report.txt" });
    const pages = await collectPages(result);
    const raw = readFileSync(REPORT, "utf8").split("\f");
    expect(result.labelling).toBe("form-feed");
    expect(pages).toHaveLength(raw.length);
    expect(pages[0]!.text.startsWith("Privacy by design")).toBe(true);
    for (let n = 4; n <= 224; n++) expect(pages[n - 1]!.text, `page ${n}`).toBe("");
    expect(pages[224]!.text.startsWith("225\nBody text of page 225")).toBe(true);
  });
});

describe("parseText: Markdown and plain text", () => {
  it("splits Markdown at # and ## headings, ignoring code fences", async () => {
    const md = [
      "Intro before any heading.",
      "",
      "# Deal overview",
      "",
      "## Parties",
      "",
      "Buyer and seller.",
      "",
      "```sh",
      "# not a heading",
      "```",
      "",
      "### Detail",
      "",
      "Still parties.",
      "",
      "## Price",
      "",
      "SEK 100m.",
      "",
      "Setext heading",
      "==============",
      "",
      "Body.",
    ].join("\n");
    const path = writeFile(tmp.file("deal.md"), md);
    const result = await parseText({ path, bytes: 0, filename: "deal.md" });
    expect(result.labelling).toBe("headings");
    expect(result.title).toBe("Deal overview");
    const pages = await collectPages(result);
    expect(pages.map((p) => p.label)).toEqual([undefined, "Deal overview", "Price", "Setext heading"]);
    expect(pages[1]!.text).toBe("# Deal overview\n\n## Parties\n\nBuyer and seller.\n\n```sh\n# not a heading\n```\n\n### Detail\n\nStill parties.");
    expect(pages[3]!.text).toBe("Setext heading\n==============\n\nBody.");
    // pages are verbatim slices of the source
    for (const p of pages) expect(md.includes(p.text)).toBe(true);
    expect(markdownHeadings(md).map((h) => h.level)).toEqual([1, 2, 3, 2, 1]);
  });

  it("splits plain text by size at paragraph boundaries, hyphenation and lines untouched", async () => {
    const para = (i: number) => `Paragraph ${i}: the seller warrants that the accounts are com-\nplete and accurate in all material respects as of the closing date.`;
    const text = Array.from({ length: 60 }, (_, i) => para(i)).join("\n\n");
    const path = writeFile(tmp.file("plain.txt"), text);
    const result = await parseText({ path, bytes: 0, filename: "plain.txt" });
    expect(result.labelling).toBe("size");
    const pages = await collectPages(result);
    expect(pages.length).toBeGreaterThan(2);
    for (const p of pages) {
      expect(p.text.length).toBeLessThanOrEqual(4500);
      expect(p.text.startsWith("Paragraph ")).toBe(true);
      expect(text.includes(p.text)).toBe(true);
    }
    expect(pages.map((p) => p.text).join("\n\n")).toBe(text);
  });

  it("decodes windows-1252 when UTF-8 is invalid and strips a UTF-8 BOM", async () => {
    const p1 = writeFile(tmp.file("w.txt"), Buffer.concat([Buffer.from("Bolag: Östra ", "latin1"), Buffer.from([0x96]), Buffer.from(" år 2023", "latin1")]));
    expect((await collectPages(await parseText({ path: p1, bytes: 0, filename: "w.txt" })))[0]!.text).toBe("Bolag: Östra – år 2023");
    const p2 = writeFile(tmp.file("b.txt"), "\ufeffHej");
    expect((await collectPages(await parseText({ path: p2, bytes: 0, filename: "b.txt" })))[0]!.text).toBe("Hej");
  });

  it("never cuts inside a surrogate pair when it has to cut mid-word", () => {
    const s = "😀".repeat(5000);
    for (const [a, b] of splitBySize(s, 0, s.length, [])) {
      expect(s.charCodeAt(a)).not.toBe(s.charCodeAt(1)); // starts on a high surrogate
      expect(b - a).toBeGreaterThan(0);
    }
  });
});

describe("parseText: streaming big files", () => {
  const small = { wholeFileLimit: 1000, windowChars: 20_000, readChunkBytes: 4096 };

  it("streams form-feed pages identically to the whole-file path", async () => {
    const whole = await collectPages(await parseText({ path: REPORT, bytes: 0, filename: "report.txt" }));
    const streamed = await parseTextFile({ path: REPORT, bytes: 0, filename: "report.txt" }, small);
    expect(streamed.labelling).toBe("form-feed");
    expect(whole).toHaveLength(240);
    expect(await collectPages(streamed)).toEqual(whole);
  });

  it("streams Markdown by heading windows, pages verbatim and in order", async () => {
    const sections = Array.from({ length: 30 }, (_, i) => {
      const body = Array.from({ length: 4 + (i % 5) * 12 }, (_, k) => `Section ${i} paragraph ${k}: ` + "lorem ipsum dolor sit amet ".repeat(8)).join("\n\n");
      return `## Part ${i}\n\n${body}`;
    });
    const md = `# Report\n\n${sections.join("\n\n")}\n`;
    const path = writeFile(tmp.file("big.md"), md);
    const whole = await collectPages(await parseText({ path, bytes: 0, filename: "big.md" }));
    const result = await parseTextFile({ path, bytes: 0, filename: "big.md" }, small);
    expect(result.labelling).toBe("headings");
    const pages = await collectPages(result);
    let pos = 0;
    for (const p of pages) {
      const at = md.indexOf(p.text, pos);
      expect(at).toBeGreaterThanOrEqual(pos);
      expect(md.slice(pos, at).trim()).toBe(""); // nothing skipped between pages
      pos = at + p.text.length;
      expect(p.label).toMatch(/^(Report|Part \d+)( \(cont\.\))?$/);
    }
    expect(md.slice(pos).trim()).toBe("");
    expect(pages.map((p) => p.pageNumber)).toEqual(pages.map((_, i) => i + 1));
    // windowing does not change the pagination at all
    expect(pages).toEqual(whole);
    expect(pages.length).toBeGreaterThan(30);
  });
});
