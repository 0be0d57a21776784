/**
 * Decides a document's format from its CONTENT (magic bytes, zip directory,
 * text heuristics); the filename only breaks ties between text and CSV and
 * words error messages. The text-encoding and delimiter helpers shared by the
 * text and CSV parsers live in sniff-encoding.ts and sniff-delimiter.ts and are
 * re-exported here; binary signatures in sniff-signatures.ts.
 */
import { open, stat } from "node:fs/promises";
import { MandaError } from "@/lib/errors";
import { clearlyDelimited } from "./sniff-delimiter";
import { bomOf, detectTextEncoding, makeTextDecoder } from "./sniff-encoding";
import { classifyOle, describeBinary, isPdf, startsWith } from "./sniff-signatures";
import type { DocumentFormat } from "./types";
import { guardZip } from "./zip-guard";

export {
  bomOf, decodeTextBuffer, decodeWindows1252, detectFileEncoding, detectTextEncoding, isValidUtf8, looksLikeSingleByteText,
  makeTextDecoder, streamDecodedText, type TextEncoding,
} from "./sniff-encoding";
export { detectDelimiter, type Delimiter, type DelimiterGuess } from "./sniff-delimiter";

const HEAD_BYTES = 64 * 1024;

export const SUPPORTED_FORMATS_SENTENCE = "Manda reads PDF, Word (.docx), Excel (.xlsx), CSV and plain-text/Markdown files.";

function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

function expectedFromExtension(filename: string): string {
  switch (extensionOf(filename)) {
    case "pdf":
      return "a PDF";
    case "xlsx":
    case "xlsm":
    case "xls":
      return "an Excel workbook";
    case "docx":
    case "docm":
    case "doc":
      return "a Word document";
    case "csv":
    case "tsv":
      return "a CSV file";
    case "txt":
    case "md":
    case "markdown":
      return "a text file";
    default:
      return "a supported document";
  }
}

function unsupported(filename: string, looksLike: string, hint = ""): MandaError {
  return new MandaError(
    "unsupported:format",
    `This looks like ${looksLike}, not ${expectedFromExtension(filename)}. ${hint ? hint + " " : ""}${SUPPORTED_FORMATS_SENTENCE}`,
  );
}

async function readHead(path: string, n: number): Promise<Buffer> {
  const fh = await open(path, "r");
  try {
    const buf: Buffer = Buffer.alloc(n);
    let done = 0;
    while (done < n) {
      const { bytesRead } = await fh.read(buf, done, n - done, done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return buf.subarray(0, done);
  } finally {
    await fh.close();
  }
}

/**
 * Sniffs a stored file's format by content. Throws `bad_request:empty_file`,
 * `bad_request:encrypted`, `bad_request:corrupt_file` / `bad_request:zip_bomb`
 * (Office zips are guarded here already), or `unsupported:format` with a
 * message that says what the file looks like.
 */
export async function sniffFormat(path: string, filename: string): Promise<DocumentFormat> {
  const size = (await stat(path)).size;
  if (size === 0) throw new MandaError("bad_request:empty_file", "This file is empty (0 bytes).");
  const head = await readHead(path, Math.min(size, HEAD_BYTES));
  const truncated = head.length < size;

  if (isPdf(head)) return "pdf";

  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    const dir = await guardZip(path);
    const names = new Set(dir.entries.map((e) => e.name.toLowerCase()));
    if (names.has("xl/workbook.xml")) return "xlsx";
    if (names.has("word/document.xml")) return "docx";
    if (names.has("ppt/presentation.xml")) {
      throw unsupported(filename, "a PowerPoint presentation", "Export it as PDF and upload that instead.");
    }
    if (names.has("mimetype") && names.has("content.xml")) {
      throw unsupported(filename, "an OpenDocument file (LibreOffice/OpenOffice)", "Save it as .docx, .xlsx or PDF and upload that instead.");
    }
    if (names.has("xl/workbook.bin")) {
      throw unsupported(filename, "an Excel binary workbook (.xlsb)", "Save it as .xlsx and upload that instead.");
    }
    throw unsupported(filename, "a ZIP archive", "Unpack it and upload the documents inside.");
  }

  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const what = await classifyOle(path);
    if (what === "encrypted") {
      throw new MandaError(
        "bad_request:encrypted",
        "This is a password-protected Office file. Remove the password (or save an unprotected copy) and upload it again.",
      );
    }
    throw unsupported(filename, what, "Save it in the current format (.docx/.xlsx) or as PDF and upload that instead.");
  }

  const binary = describeBinary(head);
  if (binary) throw unsupported(filename, binary);

  const encoding = detectTextEncoding(head, truncated);
  if (!encoding) {
    throw unsupported(filename, "binary data in no recognised document format");
  }
  const sample =
    encoding === "utf-8" || encoding === "windows-1252"
      ? makeTextDecoder(encoding).decode(head.subarray(bomOf(head)?.length ?? 0))
      : makeTextDecoder(encoding).decode(head.subarray(2));
  if (sample.startsWith("#!")) throw unsupported(filename, "an executable script");
  if (sample.startsWith("{\\rtf")) {
    throw unsupported(filename, "an RTF document", "Save it as .docx or PDF and upload that instead.");
  }

  const ext = extensionOf(filename);
  if (ext === "csv" || ext === "tsv") return "csv";
  return clearlyDelimited(sample, truncated, ext) ? "csv" : "text";
}
