/**
 * Small docx helper: a title, a date line, Heading 1 sections and plain paragraphs (no
 * page breaks, so a parser splits by headings), a running header and a page-numbered
 * footer. Reproducible: docx stamps docProps/core.xml with the current time, so that part
 * is replaced by a fixed one, and the ZIP entry times are normalised afterwards.
 */
import { AlignmentType, Document, Footer, Header, HeadingLevel, Packer, PageNumber, Paragraph, TextRun } from "docx";
import { normalizeZipTimestamps } from "./zip";

export type DocxBlock =
  | { kind: "title"; text: string }
  | { kind: "meta"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  /** A paragraph that starts with a bold label ("Present: ..."). */
  | { kind: "labelled"; label: string; text: string };

export interface DocxSpec {
  title: string;
  subject: string;
  creator: string;
  description: string;
  date: Date;
  header: string;
  blocks: readonly DocxBlock[];
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** docProps/core.xml with fixed dates (docx itself always writes `new Date()`). */
export function corePropertiesXml(spec: Pick<DocxSpec, "title" | "subject" | "creator" | "description" | "date">): string {
  const when = spec.date.toISOString().replace(/\.\d{3}Z$/, "Z");
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    `<dc:title>${escapeXml(spec.title)}</dc:title>`,
    `<dc:subject>${escapeXml(spec.subject)}</dc:subject>`,
    `<dc:creator>${escapeXml(spec.creator)}</dc:creator>`,
    `<dc:description>${escapeXml(spec.description)}</dc:description>`,
    `<cp:lastModifiedBy>${escapeXml(spec.creator)}</cp:lastModifiedBy>`,
    "<cp:revision>1</cp:revision>",
    `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created>`,
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified>`,
    "</cp:coreProperties>",
  ].join("");
}

function paragraph(block: DocxBlock): Paragraph {
  switch (block.kind) {
    case "title":
      return new Paragraph({ text: block.text, heading: HeadingLevel.TITLE });
    case "meta":
      return new Paragraph({ children: [new TextRun({ text: block.text, italics: true, color: "555555" })], spacing: { after: 240 } });
    case "heading":
      return new Paragraph({ text: block.text, heading: HeadingLevel.HEADING_1, spacing: { before: 240, after: 120 } });
    case "paragraph":
      return new Paragraph({ text: block.text, spacing: { after: 160 } });
    case "labelled":
      return new Paragraph({ children: [new TextRun({ text: `${block.label} `, bold: true }), new TextRun(block.text)], spacing: { after: 160 } });
  }
}

export async function renderDocx(spec: DocxSpec): Promise<Uint8Array> {
  const doc = new Document({
    title: spec.title,
    subject: spec.subject,
    creator: spec.creator,
    description: spec.description,
    lastModifiedBy: spec.creator,
    revision: 1,
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun({ text: spec.header, size: 16, color: "777777" })] })] }) },
        footers: {
          default: new Footer({
            children: [new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun({ children: ["Page ", PageNumber.CURRENT, " of ", PageNumber.TOTAL_PAGES], size: 16, color: "777777" })] })],
          }),
        },
        children: spec.blocks.map(paragraph),
      },
    ],
  });
  const buffer = await Packer.toBuffer(doc, undefined, [{ path: "docProps/core.xml", data: corePropertiesXml(spec) }]);
  return normalizeZipTimestamps(new Uint8Array(buffer), spec.date);
}
