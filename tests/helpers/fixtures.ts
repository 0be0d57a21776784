import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";

export function tempDir(prefix = "manda-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A real PDF with one text page per entry (lines split on \n), made with pdf-lib. */
export async function makePdf(pages: string[], title?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  if (title) doc.setTitle(title);
  doc.setCreationDate(new Date("2024-01-01T00:00:00Z"));
  doc.setModificationDate(new Date("2024-01-01T00:00:00Z"));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([595, 842]);
    let y = 800;
    for (const line of text.split("\n")) {
      page.drawText(line, { x: 50, y, size: 11, font });
      y -= 16;
    }
  }
  return doc.save({ useObjectStreams: false });
}

/** A real PDF whose lines are printed in columns: each page a list of lines, each line its cells as [text, x]. */
export async function makeColumnsPdf(pages: Array<Array<Array<[string, number]>>>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date("2024-01-01T00:00:00Z"));
  doc.setModificationDate(new Date("2024-01-01T00:00:00Z"));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    let y = 740;
    for (const cells of lines) {
      for (const [text, x] of cells) page.drawText(text, { x, y, size: 10, font });
      y -= 16;
    }
  }
  return doc.save({ useObjectStreams: false });
}

/**
 * A real PDF of `pages` text pages and about `bytes` bytes in all: the bulk is an embedded appendix
 * of seeded, incompressible bytes (as a scanned annex or an image-heavy annual report weighs).
 */
export async function makeLargePdf(pages: string[], bytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makePdf(pages));
  await doc.attach(seededBytes(bytes, 7), "appendix.bin", { mimeType: "application/octet-stream", creationDate: new Date("2024-01-01T00:00:00Z"), modificationDate: new Date("2024-01-01T00:00:00Z") });
  return doc.save({ useObjectStreams: false });
}

/**
 * A PDF whose trailer names a Standard security handler with a user password: readers must
 * ask for the password (the O/U entries match no empty password).
 */
export function makeEncryptedPdf(): Uint8Array {
  const hex = (n: number) => "ab".repeat(n);
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(32)}> /U <${hex(32)}> /P -44 >>`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${hex(16)}> <${hex(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** Deterministic pseudo-random bytes (mulberry32), so "random" fixtures are reproducible. */
export function seededBytes(n: number, seed = 42): Uint8Array {
  const out = new Uint8Array(n);
  let a = seed >>> 0;
  for (let i = 0; i < n; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return out;
}

/** The first bytes of a Linux ELF executable, padded: what a renamed binary looks like. */
export function elfBytes(): Uint8Array {
  const b = seededBytes(4096, 7);
  b.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], 0);
  return b;
}

export function writeFixture(dir: string, name: string, bytes: Uint8Array | string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, bytes);
  return p;
}
