import { afterAll, describe, expect, it } from "vitest";
import { parseCsv, readCsvRecords, parseLooseNumber } from "@/lib/ingest/parsers/csv";
import { collectPages, makeTempDir, writeFile } from "./ingest-fixtures";

const tmp = makeTempDir();
afterAll(() => tmp.cleanup());

async function readAll(text: string, delim: string, chunk = text.length, quoting = true): Promise<string[][]> {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += chunk) chunks.push(text.slice(i, i + chunk));
  const out: string[][] = [];
  for await (const rec of readCsvRecords(chunks, delim, quoting)) out.push(rec);
  return out;
}

describe("readCsvRecords (RFC 4180, csv-parse)", () => {
  const src = 'name,note,amount\r\n"Alfa, AB","said ""hi""\nthen left",12\r\nBeta,,"7"\n';
  it("handles quotes, escaped quotes, embedded newlines and CRLF, in any chunking", async () => {
    for (const chunk of [1, 2, 5, 1000]) {
      expect(await readAll(src, ",", chunk)).toEqual([
        ["name", "note", "amount"],
        ["Alfa, AB", 'said "hi"\nthen left', "12"],
        ["Beta", "", "7"],
      ]);
    }
  });
  it("is lenient with stray quotes (kept literally) and rows of different lengths", async () => {
    expect(await readAll('a,b"c,"d"e\nf\n\ng,h,i\r', ",")).toEqual([["a", 'b"c', '"d"e'], ["f"], [""], ["g", "h", "i"]]);
  });
});

describe("parseCsv", () => {
  it("detects a semicolon delimiter and decimal commas, with Excel-style refs", async () => {
    const path = writeFile(
      tmp.file("sales 2023.csv"),
      '\ufeffBolag;Intäkter;Kommentar\nAlfa AB;1 200,50;"rad ett\nrad två"\nBeta AB;900;"säger ""hej"""\n\nGamma AB;-50,25;\n',
    );
    const result = await parseCsv({ path, bytes: 0, filename: "sales 2023.csv" });
    expect(result).toMatchObject({ format: "csv", labelling: "sheet", pageCount: 1 });
    const [page] = await collectPages(result);
    expect(page!.label).toBe("sales 2023.csv");
    expect(page!.text).toBe(
      [
        "A1: Bolag | B1: Intäkter | C1: Kommentar",
        "A2: Alfa AB | B2: 1 200,50 | C2: rad ett rad två",
        'A3: Beta AB | B3: 900 | C3: säger "hej"',
        "A5: Gamma AB | B5: -50,25",
      ].join("\n"),
    );
    const b2 = page!.cells!.find((c) => c.ref === "'sales 2023'!B2")!;
    expect(b2).toMatchObject({ value: "1 200,50", num: 1200.5 });
    expect(page!.cells!.find((c) => c.ref === "'sales 2023'!B5")!.num).toBe(-50.25);
    for (const c of page!.cells!) expect(page!.text.slice(c.start, c.start + c.value.length)).toBe(c.value);
  });

  it("reads tab-separated and windows-1252 files", async () => {
    const bytes = Buffer.from("Namn\tBelopp\nÖst\t1234.5\n", "latin1");
    const path = writeFile(tmp.file("ledger.tsv"), bytes);
    const [page] = await collectPages(await parseCsv({ path, bytes: bytes.length, filename: "ledger.tsv" }));
    expect(page!.text).toBe("A1: Namn | B1: Belopp\nA2: Öst | B2: 1234.5");
    expect(page!.cells!.map((c) => c.ref)).toEqual(["ledger!A1", "ledger!B1", "ledger!A2", "ledger!B2"]);
    expect(page!.cells![3]!.num).toBe(1234.5);
  });

  it("keeps the rows after a quote that never closes, and skips an Excel sep= line", async () => {
    const path = writeFile(tmp.file("broken.csv"), 'sep=,\nItem,Amount\n"Open quote,5\nLater,7\n');
    const [page] = await collectPages(await parseCsv({ path, bytes: 0, filename: "broken.csv" }));
    expect(page!.text).toBe('A1: Item | B1: Amount\nA2: "Open quote | B2: 5\nA3: Later | B3: 7');
    expect(page!.cells!.find((c) => c.ref === "broken!B3")!.num).toBe(7);
  });

  it("parses loose numbers conservatively", () => {
    expect(parseLooseNumber("1,234.50", false)).toBe(1234.5);
    expect(parseLooseNumber("12%", false)).toBeCloseTo(0.12);
    expect(parseLooseNumber("1.234,5", true)).toBe(1234.5);
    expect(parseLooseNumber("00123", false)).toBeUndefined();
    expect(parseLooseNumber("12 apples", false)).toBeUndefined();
  });
});
