import { afterAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { sniffFormat, detectDelimiter, detectTextEncoding } from "@/lib/ingest/sniff";
import { buildZip, errorCode, makeTempDir, minimalDocx, para, seededBytes, writeFile } from "./ingest-fixtures";

const tmp = makeTempDir();
afterAll(() => tmp.cleanup());

describe("sniffFormat", () => {
  it("recognises a PDF header, also after leading junk", async () => {
    expect(await sniffFormat(writeFile(tmp.file("a.pdf"), "%PDF-1.7\n%âãÏÓ\n1 0 obj\n"), "a.pdf")).toBe("pdf");
    const junk = Buffer.concat([Buffer.alloc(600, 0x20), Buffer.from("%PDF-1.4\n")]);
    expect(await sniffFormat(writeFile(tmp.file("junk.bin"), junk), "scan.pdf")).toBe("pdf");
    // …but not when the header is beyond the first kilobyte
    const late = Buffer.concat([seededBytes(7, 2000), Buffer.from("%PDF-1.4\n")]);
    const e = await errorCode(() => sniffFormat(writeFile(tmp.file("late.pdf"), late), "late.pdf"));
    expect(e.code).toBe("unsupported:format");
  });

  it("tells XLSX and DOCX zips apart by their parts, not their names", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("S").getCell("A1").value = 1;
    const x = tmp.file("book.bin");
    await wb.xlsx.writeFile(x);
    expect(await sniffFormat(x, "report.docx")).toBe("xlsx");

    const d = writeFile(tmp.file("doc.bin"), minimalDocx(para(["Hello"])));
    expect(await sniffFormat(d, "data.xlsx")).toBe("docx");

    const other = writeFile(tmp.file("other.zip"), buildZip([{ name: "readme.txt", data: "hi" }]));
    const e = await errorCode(() => sniffFormat(other, "deal.xlsx"));
    expect(e.code).toBe("unsupported:format");
    expect(e.message).toContain("ZIP archive");
  });

  it("rejects an ELF binary renamed .pdf, naming what it is", async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), seededBytes(1, 500)]);
    const e = await errorCode(() => sniffFormat(writeFile(tmp.file("elf.pdf"), elf), "contract.pdf"));
    expect(e.code).toBe("unsupported:format");
    expect(e.message).toMatch(/executable \(ELF\), not a PDF/);
  });

  it("rejects a Windows executable renamed .pdf", async () => {
    const mz = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(56), Buffer.from("This program cannot be run in DOS mode")]);
    const e = await errorCode(() => sniffFormat(writeFile(tmp.file("mz.pdf"), mz), "contract.pdf"));
    expect(e.message).toBe(
      "This looks like a Windows executable, not a PDF. Manda reads PDF, Word (.docx), Excel (.xlsx), CSV and plain-text/Markdown files.",
    );
  });

  it("rejects random bytes renamed .pdf instead of reading them as text", async () => {
    const e = await errorCode(() => sniffFormat(writeFile(tmp.file("rand.pdf"), seededBytes(42, 8192)), "rand.pdf"));
    expect(e.code).toBe("unsupported:format");
    expect(e.message).toContain("no recognised document format");
  });

  it("rejects zero bytes as empty", async () => {
    const e = await errorCode(() => sniffFormat(writeFile(tmp.file("empty.pdf"), ""), "empty.pdf"));
    expect(e.code).toBe("bad_request:empty_file");
  });

  it("reports an OLE/CFB file with an EncryptedPackage stream as password-protected", async () => {
    const cfb = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb, 0);
    Buffer.from("EncryptedPackage", "utf16le").copy(cfb, 1024);
    const e = await errorCode(() => sniffFormat(writeFile(tmp.file("enc.xlsx"), cfb), "model.xlsx"));
    expect(e.code).toBe("bad_request:encrypted");
    expect(e.message).toContain("password-protected");

    const xls = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(xls, 0);
    Buffer.from("Workbook", "utf16le").copy(xls, 1024);
    const e2 = await errorCode(() => sniffFormat(writeFile(tmp.file("old.xls"), xls), "old.xls"));
    expect(e2.code).toBe("unsupported:format");
    expect(e2.message).toContain("legacy Excel 97-2003");
  });

  it("reads UTF-8, BOM and Windows-1252 text as text", async () => {
    expect(await sniffFormat(writeFile(tmp.file("a.txt"), "Hello world.\nSecond line, with a comma.\n"), "a.txt")).toBe("text");
    expect(await sniffFormat(writeFile(tmp.file("b.md"), "\ufeff# Rubrik\n\nÅtgärder för året.\n"), "b.md")).toBe("text");
    // windows-1252: "ö", "å", "Ö" and an en dash (0x96), which is not valid UTF-8
    const latin1 = Buffer.concat([Buffer.from("Kostnader för året: 1 200 kr. Övrigt ", "latin1"), Buffer.from([0x96]), Buffer.from(" se bilaga.\n")]);
    expect(await sniffFormat(writeFile(tmp.file("c.txt"), latin1), "c.txt")).toBe("text");
    // no extension, no delimiters → text
    expect(await sniffFormat(writeFile(tmp.file("notes"), "just some notes\nmore notes\n"), "notes")).toBe("text");
  });

  it("detects CSV by name, or by consistent delimiters in the content", async () => {
    expect(await sniffFormat(writeFile(tmp.file("x.csv"), "just one column\nvalue\n"), "x.csv")).toBe("csv");
    const semi = "Bolag;Intäkter;Resultat\nAlfa AB;1200;300\nBeta AB;900;-50\nGamma AB;400;20\n";
    expect(await sniffFormat(writeFile(tmp.file("export"), semi), "export")).toBe("csv");
    // a .txt of prose with the odd comma stays text
    const prose = "Dear reader, welcome.\nThis is text.\nIt has, sometimes, commas.\nNot a table at all.\nThe end.\n";
    expect(await sniffFormat(writeFile(tmp.file("p.txt"), prose), "p.txt")).toBe("text");
    // Markdown with a pipe table stays text
    const md = "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n";
    expect(await sniffFormat(writeFile(tmp.file("t.md"), md), "t.md")).toBe("text");
  });
});

describe("encoding and delimiter helpers", () => {
  it("detectTextEncoding", () => {
    expect(detectTextEncoding(Buffer.from("héllo", "utf8"))).toBe("utf-8");
    expect(detectTextEncoding(Buffer.from("héllo", "latin1"))).toBe("windows-1252");
    expect(detectTextEncoding(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toBe("utf-16le");
    expect(detectTextEncoding(seededBytes(3, 4096))).toBeNull();
  });

  it("detectDelimiter", () => {
    expect(detectDelimiter('a,b,c\n1,"2,5",3\n4,5,6\n')?.delimiter).toBe(",");
    expect(detectDelimiter("a;b;c\n1,5;2;3\n")?.delimiter).toBe(";");
    expect(detectDelimiter("a\tb\n1\t2\n")?.delimiter).toBe("\t");
    expect(detectDelimiter("sep=|\na|b\n")?.delimiter).toBe("|");
  });
});
