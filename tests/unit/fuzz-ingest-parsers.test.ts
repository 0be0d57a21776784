/**
 * Property-based fuzz of the ingest parsers (fast-check, seeded): random and mutated CSV, XLSX,
 * DOCX and PDF files, and random bytes, each parsed through the product's entry point
 * (parseDocument: format sniffed from the bytes) in a worker thread. For every input:
 *  - no crash: the parse resolves, or rejects with a typed MandaError that is not `internal:*`
 *    (a TypeError, RangeError or an untyped Error from a parser is a finding);
 *  - no hang: it answers within HANG_MS (the worker is terminated otherwise, even mid-loop);
 *  - bounded memory: the worker's heap is capped at HEAP_MB (resourceLimits), so an input
 *    that makes a parser allocate without bound kills the worker and fails the property.
 * Mutations work at two levels: bytes of the whole file (flip, truncate, insert, delete, copy a
 * slice), and, for OOXML, the XML of one part inside a well-formed zip (so the XML readers see
 * damage the zip layer would otherwise reject first). Seed: MANDA_FUZZ_SEED (default fixed), so a
 * failure prints a seed and path that reproduce it. ~1 min in total.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readZipDirectory, readZipEntry } from "@/lib/ingest/zip-guard";
import { makePdf } from "../helpers/fixtures";
import { buildZip, minimalDocx, para } from "./ingest-fixtures";
import type { ParseReply, ParseRequest } from "./fuzz/parse-worker";

const SEED = Number(process.env.MANDA_FUZZ_SEED ?? 20261124);
const HANG_MS = 15_000;
const HEAP_MB = 256;
/** Per test: the unit project's default (5 s) is too short for hundreds of parses on a busy CI box. */
const TEST_MS = 240_000;

const dir = mkdtempSync(join(tmpdir(), "manda-fuzz-"));
let keepDir = false; // a failing input stays on disk for reproduction
afterAll(() => {
  if (!keepDir) rmSync(dir, { recursive: true, force: true });
});

/** One long-lived worker; replaced when it dies or is terminated for a hang. */
class ParseHost {
  private worker: Worker | null = null;
  private nextId = 1;
  private spawn(): Worker {
    return new Worker(new URL("./fuzz/parse-worker-boot.mjs", import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
  }
  async parse(path: string, filename: string): Promise<ParseReply | { hang: true } | { died: string }> {
    const w = (this.worker ??= this.spawn());
    const id = this.nextId++;
    const outcome = await new Promise<ParseReply | { hang: true } | { died: string }>((resolve) => {
      const timer = setTimeout(() => resolve({ hang: true }), HANG_MS);
      const done = (v: ParseReply | { died: string }) => {
        clearTimeout(timer);
        w.off("message", onMessage);
        w.off("error", onError);
        w.off("exit", onExit);
        resolve(v);
      };
      const onMessage = (m: ParseReply) => m.id === id && done(m);
      const onError = (e: Error) => done({ died: `${(e as { code?: string }).code ?? e.name}: ${e.message}` });
      const onExit = (code: number) => done({ died: `exit ${code}` });
      w.on("message", onMessage);
      w.on("error", onError);
      w.on("exit", onExit);
      w.postMessage({ id, path, filename } satisfies ParseRequest);
    });
    if ("hang" in outcome || "died" in outcome) {
      this.worker = null;
      await w.terminate();
    }
    return outcome;
  }
  async close(): Promise<void> {
    await this.worker?.terminate();
  }
}

const host = new ParseHost();
afterAll(() => host.close());

let fileNo = 0;
/** Outcome counts (format parsed, or error code), printed at the end and checked for coverage. */
const outcomes = new Map<string, number>();
/** Parses bytes in the worker and states what went wrong, or null when the outcome is acceptable. */
async function problem(bytes: Uint8Array, filename: string): Promise<string | null> {
  const path = join(dir, `${fileNo++}-${filename}`);
  writeFileSync(path, bytes);
  const r = await host.parse(path, filename);
  const key = "hang" in r ? "hang" : "died" in r ? "died" : r.ok ? `ok:${r.format}` : `err:${r.code}`;
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  let why: string | null = null;
  if ("hang" in r) why = `no answer within ${HANG_MS} ms`;
  else if ("died" in r) why = `worker died (heap cap ${HEAP_MB} MB): ${r.died}`;
  else if (!r.ok && (r.name !== "MandaError" || !r.code || r.code.startsWith("internal:"))) why = `${r.name} ${r.code ?? ""}: ${r.message}`;
  if (why === null) rmSync(path, { force: true });
  else keepDir = true;
  return why === null ? null : `${why} (input kept at ${path})`;
}

// ---- mutations -------------------------------------------------------------------------

type Mutation =
  | { kind: "flip"; at: number; byte: number }
  | { kind: "truncate"; at: number }
  | { kind: "insert"; at: number; bytes: Uint8Array }
  | { kind: "delete"; at: number; len: number }
  | { kind: "copy"; from: number; len: number; to: number };

const pos = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: pos, byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant("truncate" as const), at: pos }),
  fc.record({ kind: fc.constant("insert" as const), at: pos, bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) }),
  fc.record({ kind: fc.constant("delete" as const), at: pos, len: fc.integer({ min: 1, max: 512 }) }),
  fc.record({ kind: fc.constant("copy" as const), from: pos, len: fc.integer({ min: 1, max: 4096 }), to: pos }),
);

function mutate(src: Uint8Array, ms: Mutation[]): Uint8Array {
  let b = Buffer.from(src);
  for (const m of ms) {
    const at = (p: number) => Math.floor(p * (b.length + 1));
    if (m.kind === "flip" && b.length > 0) b[Math.min(at(m.at), b.length - 1)] = m.byte;
    else if (m.kind === "truncate") b = b.subarray(0, at(m.at));
    else if (m.kind === "insert") b = Buffer.concat([b.subarray(0, at(m.at)), m.bytes, b.subarray(at(m.at))]);
    else if (m.kind === "delete") b = Buffer.concat([b.subarray(0, at(m.at)), b.subarray(at(m.at) + m.len)]);
    else if (m.kind === "copy") {
      const from = at(m.from);
      b = Buffer.concat([b.subarray(0, at(m.to)), b.subarray(from, from + m.len), b.subarray(at(m.to))]);
    }
  }
  return b;
}

/** Pieces that stress XML and OOXML readers when spliced into a part. */
const XML_PIECES = [
  "<", ">", "&", "&amp", "&#0;", "&#x110000;", "&#99999999999;", "&lt;&gt;", '"', "'", "<![CDATA[", "]]>", "<!--", "-->",
  "<?xml", "<!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\">]>", "&a;", "</w:t>", "<w:t>", "<w:p>", "</w:p>", "<w:tbl><w:tr><w:tc>",
  '<w:gridSpan w:val="999999999"/>', '<w:br w:type="page"/>', "<c r=\"XFD1048576\"><v>1</v></c>", '<c r="A0" t="s"><v>99999</v></c>',
  '<row r="1048576">', '<row r="-1">', "<v>1e308</v>", "<v>NaN</v>", '<mergeCell ref="A1:XFD1048576"/>', '<c t="inlineStr"><is><t>x</t></is></c>',
  "\u0000", "\uFFFF", "\uD800", "é", "\r\n",
];

const xmlEdit = fc.oneof(
  fc.record({ at: pos, insert: fc.constantFrom(...XML_PIECES), del: fc.constant(0) }),
  fc.record({ at: pos, insert: fc.constant(""), del: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ at: pos, insert: fc.string({ maxLength: 20 }), del: fc.integer({ min: 0, max: 5 }) }),
);

interface Part {
  name: string;
  data: Buffer;
}

/** The parts of a zip, read with the product's own zip reader (the seeds are well-formed). */
async function partsOf(bytes: Uint8Array, name: string): Promise<Part[]> {
  const path = join(dir, `seed-${name}`);
  writeFileSync(path, bytes);
  const zip = await readZipDirectory(path);
  const parts: Part[] = [];
  for (const e of zip.entries) parts.push({ name: e.name, data: await readZipEntry(path, e) });
  return parts;
}

function editXml(parts: Part[], which: number, edits: { at: number; insert: string; del: number }[], stored: boolean): Buffer {
  const xmlParts = parts.filter((p) => /\.(xml|rels)$/.test(p.name));
  const target = xmlParts[which % xmlParts.length]!;
  let s = target.data.toString("utf8");
  for (const e of edits) {
    const at = Math.floor(e.at * (s.length + 1));
    s = s.slice(0, at) + e.insert + s.slice(at + e.del);
  }
  return buildZip(parts.map((p) => ({ name: p.name, data: p === target ? s : p.data, method: stored ? 0 : 8 })));
}

// ---- seeds ---------------------------------------------------------------------------------

let xlsxSeed: Uint8Array;
let docxSeed: Uint8Array;
let pdfSeed: Uint8Array;
let xlsxParts: Part[];
let docxParts: Part[];

beforeAll(async () => {
  const wb = new ExcelJS.Workbook();
  const s = wb.addWorksheet("Summary");
  s.getRow(1).values = ["Segment", "FY2022", "FY2023", "Note"];
  s.getRow(2).values = ["North", 1200, 1350.5, "text with \"quotes\" & <tags>"];
  s.getCell("D3").value = { formula: "C2/B2-1", result: 0.125 };
  s.getCell("D3").numFmt = "0.0%";
  s.getCell("B4").value = new Date(Date.UTC(2023, 11, 31));
  s.getCell("B4").numFmt = "yyyy-mm-dd";
  s.mergeCells("A5:C5");
  s.getCell("A5").value = { richText: [{ text: "Rich " }, { font: { bold: true }, text: "text" }] };
  wb.addWorksheet("Hidden", { state: "hidden" }).getCell("C9").value = 42;
  xlsxSeed = new Uint8Array(await wb.xlsx.writeBuffer());
  docxSeed = minimalDocx(
    [
      para(["Annual report 2023"], "Rubrik1"),
      para(["Revenue grew to EUR 12.4 million & margin to 8 %."]),
      `<w:tbl><w:tr><w:tc>${para(["Cell A"])}</w:tc><w:tc>${para(["Cell B"])}</w:tc></w:tr></w:tbl>`,
      para(["<w:r><w:br w:type=\"page\"/></w:r>", "Second page"]),
      para(["Appendix"], "Min"),
    ].join(""),
  );
  pdfSeed = await makePdf(["First page: revenue 1,200", "Second page: (350) net loss", "Third page"], "Fuzz seed");
  xlsxParts = await partsOf(xlsxSeed, "seed.xlsx");
  docxParts = await partsOf(docxSeed, "seed.docx");
  // The seeds themselves parse (else every mutation below would test nothing but the error path).
  for (const [bytes, name] of [[xlsxSeed, "seed.xlsx"], [docxSeed, "seed.docx"], [pdfSeed, "seed.pdf"]] as const) {
    expect(await problem(bytes, name)).toBeNull();
  }
}, TEST_MS);

const run = (numRuns: number, offset: number) => ({ seed: SEED + offset, numRuns, endOnFailure: true });

/** A property that holds when problem() finds nothing; the message names the input. */
async function holds(bytes: Uint8Array, filename: string): Promise<void> {
  const p = await problem(bytes, filename);
  if (p) throw new Error(p);
}

describe("parser fuzz (seeded)", () => {
  it("CSV: random text over a CSV-heavy alphabet, in any encoding-looking bytes", async () => {
    const csvChar = fc.constantFrom(",", ";", "\t", "|", '"', '"', "\n", "\r", "\r\n", " ", "a", "Z", "1", "0", ".", "-", "%", "é", "€", "sep=;\n");
    const text = fc.array(csvChar, { maxLength: 2000, size: "max" }).map((cs) => cs.join(""));
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom("data.csv", "data.tsv", "data.txt"), async (t, name) => holds(Buffer.from(t, "utf8"), name)),
      run(400, 1),
    );
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 4000, size: "max" }), async (b) => holds(b, "bytes.csv")), run(150, 2));
  }, TEST_MS);

  it("XLSX: byte mutations of a real workbook, and XML edits inside a well-formed zip", async () => {
    await fc.assert(fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (ms) => holds(mutate(xlsxSeed, ms), "book.xlsx")), run(200, 3));
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.array(xmlEdit, { minLength: 1, maxLength: 6, size: "max" }), fc.boolean(), async (which, edits, stored) =>
        holds(editXml(xlsxParts, which, edits, stored), "book.xlsx"),
      ),
      run(400, 4),
    );
  }, TEST_MS);

  it("DOCX: byte mutations of a document, and XML edits inside a well-formed zip", async () => {
    await fc.assert(fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (ms) => holds(mutate(docxSeed, ms), "memo.docx")), run(200, 5));
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.array(xmlEdit, { minLength: 1, maxLength: 6, size: "max" }), fc.boolean(), async (which, edits, stored) =>
        holds(editXml(docxParts, which, edits, stored), "memo.docx"),
      ),
      run(400, 6),
    );
  }, TEST_MS);

  it("PDF: byte mutations of a real PDF", async () => {
    await fc.assert(fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (ms) => holds(mutate(pdfSeed, ms), "report.pdf")), run(150, 7));
  }, TEST_MS);

  it("random bytes under any name (sniffing picks the parser, never the extension)", async () => {
    const head = fc.constantFrom(new Uint8Array(), Buffer.from("%PDF-1.7\n"), Buffer.from("PK\x03\x04"), Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from([0xff, 0xfe]));
    await fc.assert(
      fc.asyncProperty(head, fc.uint8Array({ maxLength: 4000, size: "max" }), fc.constantFrom("a.pdf", "a.xlsx", "a.docx", "a.csv", "a.txt"), async (h, b, name) =>
        holds(Buffer.concat([h, b]), name),
      ),
      run(200, 8),
    );
  }, TEST_MS);
});

afterAll(() => {
  console.log("fuzz outcomes", Object.fromEntries([...outcomes].sort(([a], [b]) => a.localeCompare(b))));
});

it("reached every parser's success path (the mutations are not all rejected at the door)", () => {
  for (const f of ["csv", "xlsx", "docx", "pdf"]) expect(outcomes.get(`ok:${f}`) ?? 0, f).toBeGreaterThan(0);
});
