import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { XmlScanner } from "@/lib/ingest/ooxml";
import { guardZip, listZipEntryNames, openZipEntry, readZipDirectory } from "@/lib/ingest/zip-guard";
import { sniffFormat } from "@/lib/ingest/sniff";
import { parseXlsx } from "@/lib/ingest/parsers/xlsx";
import { buildZip, deflatedZeros, errorCode, makeTempDir, writeFile } from "./ingest-fixtures";

const tmp = makeTempDir();
afterAll(() => tmp.cleanup());

const workbookParts = [
  { name: "[Content_Types].xml", data: "<Types/>" },
  { name: "xl/workbook.xml", data: '<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>' },
];

describe("zip guard", () => {
  let bomb: { compressed: Buffer; size: number; crc: number };
  beforeAll(async () => {
    bomb = await deflatedZeros(200); // 200 MB of zeros, streamed through deflate
  });

  it("rejects a 200 MB-of-zeros entry named .xlsx as a zip bomb (sniff and parser)", async () => {
    expect(bomb.compressed.length).toBeLessThan(400_000);
    const path = writeFile(
      tmp.file("bomb.xlsx"),
      buildZip([...workbookParts, { name: "xl/worksheets/sheet1.xml", raw: bomb }]),
    );
    const fromGuard = await errorCode(() => guardZip(path));
    expect(fromGuard.code).toBe("bad_request:zip_bomb");
    expect(fromGuard.message).toMatch(/xl\/worksheets\/sheet1\.xml" unpacks \d+:1/);
    expect((await errorCode(() => sniffFormat(path, "bomb.xlsx"))).code).toBe("bad_request:zip_bomb");
    expect((await errorCode(() => parseXlsx({ path, bytes: 0, filename: "bomb.xlsx" }))).code).toBe("bad_request:zip_bomb");
  });

  it("enforces the total-size and entry-count limits", async () => {
    const path = writeFile(tmp.file("many.zip"), buildZip(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}.txt`, data: "x".repeat(1000) }))));
    expect((await guardZip(path)).entries).toHaveLength(30);
    expect((await errorCode(() => guardZip(path, { maxTotalUncompressed: 10_000 }))).code).toBe("bad_request:zip_bomb");
    expect((await errorCode(() => guardZip(path, { maxEntries: 10 }))).code).toBe("bad_request:zip_bomb");
  });

  it("rejects a truncated zip as corrupt", async () => {
    const full = buildZip([...workbookParts, { name: "xl/worksheets/sheet1.xml", data: "<worksheet/>".repeat(100) }]);
    const path = writeFile(tmp.file("trunc.xlsx"), full.subarray(0, Math.floor(full.length * 0.6)));
    expect((await errorCode(() => guardZip(path))).code).toBe("bad_request:corrupt_file");
    expect((await errorCode(() => sniffFormat(path, "trunc.xlsx"))).code).toBe("bad_request:corrupt_file");
    // a directory that points past itself
    const bad = Buffer.from(full);
    bad.writeUInt32LE(0xfffff, bad.length - 6); // EOCD: central directory offset
    expect((await errorCode(() => guardZip(writeFile(tmp.file("badoff.xlsx"), bad)))).code).toBe("bad_request:corrupt_file");
  });

  it("stops inflating when an entry yields more than its directory declared", async () => {
    const path = writeFile(tmp.file("liar.zip"), buildZip([{ name: "a.xml", data: "A".repeat(1_000_000), declaredSize: 1000 }]));
    await guardZip(path); // the directory alone looks harmless
    const dir = await readZipDirectory(path);
    const e = await errorCode(async () => {
      for await (const _ of openZipEntry(path, dir.entries[0]!)) void _;
    });
    expect(e.code).toBe("bad_request:zip_bomb");
  });

  it("reads ZIP64 directories", async () => {
    const path = writeFile(
      tmp.file("z64.zip"),
      buildZip([{ name: "a.txt", data: "alpha" }, { name: "b.txt", data: "beta ".repeat(100), method: 0 }], { zip64: true }),
    );
    const dir = await guardZip(path);
    expect(dir.zip64).toBe(true);
    expect(dir.entries.map((e) => [e.name, e.uncompressedSize])).toEqual([["a.txt", 5], ["b.txt", 500]]);
    const parts: Buffer[] = [];
    for await (const c of openZipEntry(path, dir.entries[1]!)) parts.push(c);
    expect(Buffer.concat(parts).toString()).toBe("beta ".repeat(100));
  });

  it("lists entry names and reads stored and deflated entries", async () => {
    const path = writeFile(
      tmp.file("ok.zip"),
      buildZip([
        { name: "stored.txt", data: "plain", method: 0 },
        { name: "dir/deflated.txt", data: "hello ".repeat(1000), method: 8 },
      ]),
    );
    expect(await listZipEntryNames(path)).toEqual(["stored.txt", "dir/deflated.txt"]);
    const dir = await readZipDirectory(path);
    const read = async (i: number) => {
      const parts: Buffer[] = [];
      for await (const c of openZipEntry(path, dir.entries[i]!)) parts.push(c);
      return Buffer.concat(parts).toString();
    };
    expect(await read(0)).toBe("plain");
    expect(await read(1)).toBe("hello ".repeat(1000));
    expect(readFileSync(path).length).toBe(dir.fileSize);
  });
});

describe("XmlScanner", () => {
  it("tokenizes across arbitrary chunk boundaries", () => {
    const xml = `<?xml version="1.0"?><!-- c --><a:root xmlns:a="x" a:x="1 &amp; 2"><a:t>Fish &amp; chips &#x2013; &lt;b&gt;</a:t><e/><![CDATA[<raw>]]><t q='>'>x</t></a:root>`;
    for (const size of [1, 2, 3, 7, 1000]) {
      const events: string[] = [];
      const s = new XmlScanner({
        open: (n, a, sc) => events.push(`<${n}${Object.entries(a).map(([k, v]) => ` ${k}=${v}`).join("")}${sc ? "/" : ""}>`),
        close: (n) => events.push(`</${n}>`),
        text: (t) => events.push(t),
      });
      for (let i = 0; i < xml.length; i += size) s.write(xml.slice(i, i + size));
      s.end();
      const merged = events.join("");
      expect(merged).toBe("<root x=1 & 2><t>Fish & chips – <b></t><e/></e><raw><t q=>>x</t></root>");
    }
  });
});
