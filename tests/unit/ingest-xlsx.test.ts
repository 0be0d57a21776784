import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { parseXlsx, classifyNumFormat, excelSerialToIso } from "@/lib/ingest/parsers/xlsx";
import { quoteSheetName } from "@/lib/ingest/parsers/sheet-text";
import type { ParsedPage, ParseResult } from "@/lib/ingest/types";
import { buildZip, collectPages, makeTempDir, writeFile } from "./ingest-fixtures";

const tmp = makeTempDir();
afterAll(() => tmp.cleanup());

function cell(page: ParsedPage, ref: string) {
  const c = page.cells?.find((x) => x.ref === ref);
  if (!c) throw new Error(`no cell ${ref} in ${JSON.stringify(page.cells?.map((x) => x.ref))}`);
  return c;
}

describe("parseXlsx", () => {
  let result: ParseResult;
  let pages: ParsedPage[];

  beforeAll(async () => {
    const wb = new ExcelJS.Workbook();
    const s = wb.addWorksheet("Summary");
    s.getCell("A1").value = "Revenue bridge FY2023";
    s.mergeCells("A1:D1");
    s.getRow(2).values = ["Segment", "FY2022", "FY2023", "Growth"];
    s.getRow(3).values = ["Nordics", 1200, 1350.5];
    s.getCell("D3").value = { formula: "C3/B3-1", result: 0.12541666666666668 };
    s.getCell("D3").numFmt = "0.0%";
    s.getRow(4).values = ["Baltics", 300, 450];
    s.getCell("B5").value = { formula: "SUM(B3:B4)", result: 1500 };
    s.getCell("C5").value = { formula: "SUM(C3:C4)" }; // no cached result
    s.getCell("A6").value = "Closing date";
    s.getCell("B6").value = new Date(Date.UTC(2023, 11, 31));
    s.getCell("B6").numFmt = "yyyy-mm-dd";
    s.getCell("A7").value = { richText: [{ text: "Rich " }, { font: { bold: true }, text: "text" }] };
    s.getCell("B7").value = { text: "Data room", hyperlink: "https://example.com/dr" };
    s.getCell("C7").value = true;
    s.getCell("D7").value = { formula: 'IF(C7,"yes","no")', result: "yes" };
    s.getCell("A8").value = "Line one\nline two";

    const h = wb.addWorksheet("Bob's Q1 data", { state: "hidden" });
    h.getCell("B15").value = "Cash";
    h.getCell("C15").value = 42;

    wb.addWorksheet("Empty");
    const path = tmp.file("model.xlsx");
    await wb.xlsx.writeFile(path);
    result = await parseXlsx({ path, bytes: 0, filename: "model.xlsx" });
    pages = await collectPages(result);
  });

  it("gives one page per sheet in tab order, hidden and empty sheets included", () => {
    expect(result.format).toBe("xlsx");
    expect(result.labelling).toBe("sheet");
    expect(result.pageCount).toBe(3);
    expect(pages.map((p) => [p.pageNumber, p.label])).toEqual([
      [1, "Summary"],
      [2, "Bob's Q1 data (hidden)"],
      [3, "Empty"],
    ]);
    expect(pages[2]!.text).toBe("");
    expect(pages[2]!.cells).toEqual([]);
  });

  it("writes rows as `REF: value` lines with the header words searchable", () => {
    const lines = pages[0]!.text.split("\n");
    expect(lines[0]).toBe("A1:D1 (merged): Revenue bridge FY2023");
    expect(lines[1]).toBe("A2: Segment | B2: FY2022 | C2: FY2023 | D2: Growth");
    expect(lines[2]).toBe("A3: Nordics | B3: 1200 | C3: 1350.5 | D3: 12.5%");
  });

  it("uses cached formula results, never formulas", () => {
    const p = pages[0]!;
    expect(cell(p, "Summary!B5")).toMatchObject({ value: "1500", num: 1500 });
    expect(cell(p, "Summary!D3")).toMatchObject({ value: "12.5%", num: 0.12541666666666668 });
    expect(cell(p, "Summary!D7").value).toBe("yes");
    expect(p.cells!.some((c) => c.ref === "Summary!C5")).toBe(false); // formula without a cached value
    expect(p.text).not.toMatch(/SUM|IF\(/);
  });

  it("flattens dates, rich text, hyperlinks, booleans and in-cell line breaks", () => {
    const p = pages[0]!;
    expect(cell(p, "Summary!B6").value).toBe("2023-12-31");
    expect(cell(p, "Summary!B6").num).toBeUndefined();
    expect(cell(p, "Summary!A7").value).toBe("Rich text");
    expect(cell(p, "Summary!B7").value).toBe("Data room");
    expect(cell(p, "Summary!C7").value).toBe("TRUE");
    expect(cell(p, "Summary!A8").value).toBe("Line one line two");
  });

  it("keeps merged values in the master cell only", () => {
    const p = pages[0]!;
    expect(cell(p, "Summary!A1").value).toBe("Revenue bridge FY2023");
    expect(p.cells!.filter((c) => /Summary!(B1|C1|D1)$/.test(c.ref))).toEqual([]);
    expect(p.text.match(/Revenue bridge/g)).toHaveLength(1);
  });

  it("points every cell's start at its value in the page text", () => {
    for (const p of pages) {
      for (const c of p.cells ?? []) {
        expect(p.text.slice(c.start, c.start + c.value.length)).toBe(c.value);
        // and the address is right before it
        const addr = c.ref.slice(c.ref.lastIndexOf("!") + 1);
        expect(p.text.slice(0, c.start)).toMatch(new RegExp(`${addr}(:[A-Z]+\\d+ \\(merged\\))?: $`));
      }
    }
  });

  it("quotes sheet names like Excel", () => {
    const c = cell(pages[1]!, "'Bob''s Q1 data'!B15");
    expect(c.value).toBe("Cash");
    expect(cell(pages[1]!, "'Bob''s Q1 data'!C15").num).toBe(42);
    expect(pages[1]!.text).toBe("B15: Cash | C15: 42");
    expect(quoteSheetName("Sheet1")).toBe("Sheet1");
    expect(quoteSheetName("Försäljning")).toBe("Försäljning");
    expect(quoteSheetName("My Sheet")).toBe("'My Sheet'");
    expect(quoteSheetName("2023")).toBe("'2023'");
    expect(quoteSheetName("A1")).toBe("'A1'");
  });

  it("reads every cell of a 20,000-row sheet, in row order", async () => {
    const wb = new ExcelJS.Workbook();
    const s = wb.addWorksheet("Ledger");
    s.addRow(["Date", "Account", "Amount", "Text", "Id"]);
    for (let i = 0; i < 20_000; i++) s.addRow([`2023-01-${(i % 28) + 1}`, 3000 + (i % 50), i * 1.5, `Invoice ${i}`, i]);
    const path = tmp.file("ledger.xlsx");
    await wb.xlsx.writeFile(path);
    // its speed is measured by bench:ingest, not asserted here: a timing check fails on a loaded machine
    const [page] = await collectPages(await parseXlsx({ path, bytes: 0, filename: "ledger.xlsx" }));
    expect(page!.cells).toHaveLength(100_005);
    expect(page!.text.split("\n")[20_000]).toBe("A20001: 2023-01-8 | B20001: 3049 | C20001: 29998.5 | D20001: Invoice 19999 | E20001: 19999");
  }, 60_000); // a hang guard, not a timing check: writing and reading 100,000 cells takes seconds on a loaded machine
});

describe("number formats", () => {
  it("classifies date, time, percent and plain formats", () => {
    expect(classifyNumFormat("m/d/yyyy").kind).toBe("date");
    expect(classifyNumFormat("[$-41D]d mmmm yyyy;@").kind).toBe("date");
    expect(classifyNumFormat("h:mm AM/PM").kind).toBe("time");
    expect(classifyNumFormat("yyyy-mm-dd hh:mm").kind).toBe("datetime");
    expect(classifyNumFormat("0.00%")).toEqual({ kind: "percent", decimals: 2 });
    expect(classifyNumFormat('#,##0 "kr";[Red]-#,##0 "kr"').kind).toBe("number");
    expect(classifyNumFormat("[h]:mm:ss").kind).toBe("number");
    expect(classifyNumFormat("0.00E+00").kind).toBe("number");
  });
  it("converts serials", () => {
    expect(excelSerialToIso(45291, "date", false)).toBe("2023-12-31");
    expect(excelSerialToIso(45291.5, "datetime", false, false)).toBe("2023-12-31 12:00");
    expect(excelSerialToIso(0.75, "time", false, false)).toBe("18:00");
    expect(excelSerialToIso(1, "date", false)).toBe("1900-01-01");
    expect(excelSerialToIso(0, "date", true)).toBe("1904-01-01");
  });
});

describe("parseXlsx on hand-written SpreadsheetML", () => {
  it("handles prefixed namespaces, missing r attributes, inline rich text, phonetic runs, errors, booleans, chart sheets and 1904 dates", async () => {
    const ns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
    const rel = (id: string, type: string, target: string) =>
      `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
    const path = writeFile(
      tmp.file("hand.xlsx"),
      buildZip([
        { name: "[Content_Types].xml", data: "<Types/>" },
        { name: "_rels/.rels", data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel("rId1", "officeDocument", "xl/workbook.xml")}</Relationships>` },
        {
          name: "xl/workbook.xml",
          data: `<x:workbook ${ns}><x:workbookPr date1904="1"/><x:sheets><x:sheet name="Chart1" sheetId="2" r:id="rId2"/><x:sheet name="Data &amp; More" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
        },
        {
          name: "xl/_rels/workbook.xml.rels",
          data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel("rId1", "worksheet", "/xl/worksheets/data.xml")}${rel("rId2", "chartsheet", "chartsheets/sheet1.xml")}${rel("rId3", "sharedStrings", "sharedStrings.xml")}${rel("rId4", "styles", "styles.xml")}</Relationships>`,
        },
        {
          name: "xl/sharedStrings.xml",
          data: `<x:sst ${ns}><x:si><x:t>Kanji</x:t><x:rPh sb="0" eb="1"><x:t>かんじ</x:t></x:rPh></x:si><x:si><x:r><x:t>Split</x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve"> runs</x:t></x:r></x:si></x:sst>`,
        },
        {
          name: "xl/styles.xml",
          data: `<x:styleSheet ${ns}><x:numFmts count="1"><x:numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></x:numFmts><x:cellStyleXfs count="1"><x:xf numFmtId="14"/></x:cellStyleXfs><x:cellXfs count="2"><x:xf numFmtId="0"/><x:xf numFmtId="164" applyNumberFormat="1"/></x:cellXfs></x:styleSheet>`,
        },
        { name: "xl/chartsheets/sheet1.xml", data: `<x:chartsheet ${ns}/>` },
        {
          name: "xl/worksheets/data.xml",
          data:
            `<x:worksheet ${ns}><x:sheetData>` +
            `<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c><x:c t="inlineStr"><x:is><x:r><x:t>In</x:t></x:r><x:r><x:t>line</x:t></x:r></x:is></x:c></x:row>` +
            `<x:row><x:c t="e"><x:f>1/0</x:f><x:v>#DIV/0!</x:v></x:c><x:c t="b"><x:f>TRUE()</x:f><x:v>1</x:v></x:c><x:c s="1"><x:v>0</x:v></x:c><x:c r="F2"><x:v>0.30000000000000004</x:v></x:c></x:row>` +
            `</x:sheetData><x:mergeCells count="1"><x:mergeCell ref="C1:E1"/></x:mergeCells></x:worksheet>`,
        },
      ]),
    );
    const result = await parseXlsx({ path, bytes: 0, filename: "hand.xlsx" });
    const pages = await collectPages(result);
    expect(pages.map((p) => [p.pageNumber, p.label, p.text])).toEqual([
      [1, "Chart1 (chart)", ""],
      [
        2,
        "Data & More",
        "A1: Kanji | B1: Split runs | C1:E1 (merged): Inline\nA2: #DIV/0! | B2: TRUE | C2: 1904-01-01 | F2: 0.3",
      ],
    ]);
    expect(pages[1]!.cells!.map((c) => c.ref)).toEqual([
      "'Data & More'!A1",
      "'Data & More'!B1",
      "'Data & More'!C1",
      "'Data & More'!A2",
      "'Data & More'!B2",
      "'Data & More'!C2",
      "'Data & More'!F2",
    ]);
    expect(pages[1]!.cells!.at(-1)!.num).toBeCloseTo(0.3);
  });
});
