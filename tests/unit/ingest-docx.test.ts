import { afterAll, describe, expect, it } from "vitest";
import { Document, HeadingLevel, Packer, PageBreak, Paragraph, TextRun, Table, TableRow, TableCell } from "docx";
import { parseDocx } from "@/lib/ingest/parsers/docx";
import { collectPages, makeTempDir, minimalDocx, para, writeFile } from "./ingest-fixtures";

const tmp = makeTempDir();
afterAll(() => tmp.cleanup());

async function parseBuffer(buf: Buffer, name = "doc.docx") {
  const path = writeFile(tmp.file(name), buf);
  const result = await parseDocx({ path, bytes: buf.length, filename: name });
  return { result, pages: await collectPages(result) };
}

const filler = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(" ");

describe("parseDocx", () => {
  it("splits at headings when there are no page breaks (docx package)", async () => {
    const doc = new Document({
      title: "Legal DD memo",
      sections: [
        {
          children: [
            new Paragraph({ text: "Summary of findings", heading: HeadingLevel.HEADING_1 }),
            new Paragraph("The target has no pending litigation."),
            new Paragraph({ text: "Background", heading: HeadingLevel.HEADING_2 }),
            new Paragraph("Founded in 2009."),
            new Paragraph({ text: "Employees", heading: HeadingLevel.HEADING_3 }),
            new Paragraph("42 employees."),
            new Paragraph({ text: "Material contracts", heading: HeadingLevel.HEADING_1 }),
            new Paragraph({ children: [new TextRun("Supply agreement with "), new TextRun({ text: "Acme AB", bold: true }), new TextRun(".")] }),
            new Table({
              rows: [
                new TableRow({ children: [new TableCell({ children: [new Paragraph("Party")] }), new TableCell({ children: [new Paragraph("Term")] })] }),
                new TableRow({ children: [new TableCell({ children: [new Paragraph("Acme AB")] }), new TableCell({ children: [new Paragraph("5 years")] })] }),
              ],
            }),
          ],
        },
      ],
    });
    const { result, pages } = await parseBuffer(await Packer.toBuffer(doc));
    expect(result.format).toBe("docx");
    expect(result.labelling).toBe("headings");
    expect(result.title).toBe("Legal DD memo");
    expect(pages.map((p) => p.label)).toEqual(["Summary of findings", "Background", "Material contracts"]);
    expect(pages[1]!.text).toBe("Background\nFounded in 2009.\nEmployees\n42 employees.");
    expect(pages[2]!.text).toBe("Material contracts\nSupply agreement with Acme AB.\nParty | Term\nAcme AB | 5 years");
  });

  it("splits at explicit page breaks (docx package)", async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: "Cover page", heading: HeadingLevel.HEADING_1 }),
            new Paragraph({ children: [new TextRun("Confidential"), new PageBreak()] }),
            new Paragraph("Second page text."),
            new Paragraph({ children: [new PageBreak()] }),
            new Paragraph("Third page text."),
          ],
        },
      ],
    });
    const { result, pages } = await parseBuffer(await Packer.toBuffer(doc));
    expect(result.labelling).toBe("form-feed");
    expect(pages.map((p) => p.text)).toEqual(["Cover page\nConfidential", "Second page text.", "Third page text."]);
    expect(pages.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
  });

  it("uses Word's rendered page breaks, counts a break once, and skips deleted text, field codes and fallbacks", async () => {
    const body = [
      para(["Avtal om överlåtelse"], "Rubrik1"),
      para(["First page ends mid-", "<w:r><w:lastRenderedPageBreak/><w:t>sentence on page two.</w:t></w:r>"]),
      // explicit break, then Word's marker at the start of the next page: one boundary
      para(["End of page two.", '<w:r><w:br w:type="page"/></w:r>']),
      para(["<w:r><w:lastRenderedPageBreak/><w:t>Page three</w:t></w:r>", '<w:del w:id="1"><w:r><w:delText>REMOVED</w:delText></w:r></w:del>', '<w:ins w:id="2"><w:r><w:t> (inserted)</w:t></w:r></w:ins>']),
      para([
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>3</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>',
        "<w:r><w:t>\tof 4</w:t><w:tab/><w:t>end</w:t></w:r>",
      ]),
      para([
        '<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><w:txbxContent><w:p><w:r><w:t>Box text</w:t></w:r></w:p></w:txbxContent></w:drawing></mc:Choice><mc:Fallback><w:pict><w:txbxContent><w:p><w:r><w:t>Box text</w:t></w:r></w:p></w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent></w:r>',
        "After box.",
      ]),
      '<w:p><w:pPr><w:sectPr><w:type w:val="nextPage"/></w:sectPr></w:pPr><w:r><w:t>Last line of section.</w:t></w:r></w:p>',
      para(["New section, page four."]),
    ].join("");
    const { result, pages } = await parseBuffer(minimalDocx(body));
    expect(result.labelling).toBe("form-feed");
    expect(pages.map((p) => p.text)).toEqual([
      "Avtal om överlåtelse\nFirst page ends mid-",
      "sentence on page two.\nEnd of page two.",
      "Page three (inserted)\n3\tof 4\tend\nBox text\nAfter box.\nLast line of section.",
      "New section, page four.",
    ]);
  });

  it("counts a page break inside a table row once, at the row", async () => {
    const cell = (t: string, marker = false) =>
      `<w:tc><w:p><w:r>${marker ? "<w:lastRenderedPageBreak/>" : ""}<w:t>${t}</w:t></w:r></w:p></w:tc>`;
    const body = [
      para(["Intro page."]),
      `<w:tbl><w:tr>${cell("Party")}${cell("Role")}</w:tr><w:tr>${cell("Acme", true)}${cell("Seller", true)}</w:tr><w:tr>${cell("Beta")}${cell("Buyer")}</w:tr></w:tbl>`,
      para(["After the table."]),
    ].join("");
    const { result, pages } = await parseBuffer(minimalDocx(body));
    expect(result.labelling).toBe("form-feed");
    expect(pages.map((p) => p.text)).toEqual(["Intro page.\nParty | Role", "Acme | Seller\nBeta | Buyer\nAfter the table."]);
  });

  it("finds headings through localized style ids, basedOn and outline levels", async () => {
    const body = [
      para(["Preamble text."]),
      para(["Bakgrund"], "Rubrik1"),
      para(["Text om bakgrunden."]),
      para(["Egen kapitelstil"], "Min"),
      para(["Kapiteltext."]),
      '<w:p><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:r><w:t>Outline heading</w:t></w:r></w:p>',
      para(["Sista."]),
    ].join("");
    const { result, pages } = await parseBuffer(minimalDocx(body));
    expect(result.labelling).toBe("headings");
    expect(pages.map((p) => [p.label, p.text])).toEqual([
      [undefined, "Preamble text."],
      ["Bakgrund", "Bakgrund\nText om bakgrunden."],
      ["Egen kapitelstil", "Egen kapitelstil\nKapiteltext."],
      ["Outline heading", "Outline heading\nSista."],
    ]);
  });

  it("falls back to size pages of ~3,000 characters at paragraph boundaries", async () => {
    const body = Array.from({ length: 40 }, (_, i) => para([`Clause ${i}. ${filler(40)}`])).join("");
    const { result, pages } = await parseBuffer(minimalDocx(body));
    expect(result.labelling).toBe("size");
    expect(pages.length).toBeGreaterThan(3);
    for (const p of pages) {
      expect(p.text.length).toBeLessThanOrEqual(4500);
      expect(p.text).toMatch(/^Clause \d+\. word0/);
    }
  });

  it("does not trust a lone page break that leaves a huge 'page': uses headings instead", async () => {
    const body = [
      para(["Cover", '<w:r><w:br w:type="page"/></w:r>']),
      ...Array.from({ length: 6 }, (_, i) => para([`Chapter ${i + 1}`], "Rubrik1") + Array.from({ length: 8 }, () => para([filler(60)])).join("")),
    ].join("");
    const { result, pages } = await parseBuffer(minimalDocx(body));
    expect(result.labelling).toBe("headings");
    expect(pages.map((p) => p.label)).toEqual([undefined, "Chapter 1", "Chapter 2", "Chapter 3", "Chapter 4", "Chapter 5", "Chapter 6"]);
  });

  it("rejects a file that is not a Word document", async () => {
    const path = writeFile(tmp.file("fake.docx"), "plain text pretending");
    await expect(parseDocx({ path, bytes: 0, filename: "fake.docx" })).rejects.toMatchObject({ code: "unsupported:format" });
  });
});
