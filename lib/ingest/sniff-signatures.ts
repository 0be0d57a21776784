/**
 * Binary signatures the sniffer can name (PDF, images, archives, executables …) and old-style
 * Office (OLE compound) files told apart by the streams they contain.
 */
import { createReadStream } from "node:fs";

export function startsWith(buf: Buffer, bytes: number[], at = 0): boolean {
  if (buf.length < at + bytes.length) return false;
  for (let i = 0; i < bytes.length; i++) if (buf[at + i] !== bytes[i]) return false;
  return true;
}

function ascii(buf: Buffer, at: number, len: number): string {
  return buf.subarray(at, at + len).toString("latin1");
}

/** Binary signatures we can name. Checked before any text heuristics. */
export function describeBinary(head: Buffer): string | null {
  const h = head;
  if (startsWith(h, [0x7f, 0x45, 0x4c, 0x46])) return "a Linux/Unix executable (ELF)";
  if (startsWith(h, [0x4d, 0x5a]) && (h.length < 64 || h.includes(Buffer.from("This program")) || h.indexOf(0) >= 0)) {
    return "a Windows executable";
  }
  if (
    startsWith(h, [0xfe, 0xed, 0xfa, 0xce]) ||
    startsWith(h, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(h, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(h, [0xcf, 0xfa, 0xed, 0xfe])
  ) {
    return "a macOS executable (Mach-O)";
  }
  if (startsWith(h, [0xca, 0xfe, 0xba, 0xbe])) return "a macOS executable or Java class file";
  if (startsWith(h, [0x00, 0x61, 0x73, 0x6d])) return "a WebAssembly binary";
  if (startsWith(h, [0x89, 0x50, 0x4e, 0x47])) return "a PNG image";
  if (startsWith(h, [0xff, 0xd8, 0xff])) return "a JPEG image";
  if (ascii(h, 0, 4) === "GIF8") return "a GIF image";
  if (startsWith(h, [0x49, 0x49, 0x2a, 0x00]) || startsWith(h, [0x4d, 0x4d, 0x00, 0x2a])) return "a TIFF image";
  if (ascii(h, 0, 4) === "RIFF" && ascii(h, 8, 4) === "WEBP") return "a WebP image";
  if (ascii(h, 0, 4) === "RIFF" && ascii(h, 8, 4) === "WAVE") return "a WAV audio file";
  if (ascii(h, 0, 4) === "RIFF" && ascii(h, 8, 4) === "AVI ") return "an AVI video";
  if (ascii(h, 4, 4) === "ftyp") {
    const brand = ascii(h, 8, 4);
    return /hei|mif1|avif/.test(brand) ? "a HEIC/AVIF image" : "an MP4/QuickTime video";
  }
  if (startsWith(h, [0x1f, 0x8b])) return "a gzip-compressed archive";
  if (startsWith(h, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return "a 7-Zip archive";
  if (ascii(h, 0, 4) === "Rar!") return "a RAR archive";
  if (startsWith(h, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return "an XZ-compressed archive";
  if (startsWith(h, [0x28, 0xb5, 0x2f, 0xfd])) return "a Zstandard-compressed archive";
  if (ascii(h, 0, 16) === "SQLite format 3\0") return "an SQLite database";
  if (ascii(h, 0, 4) === "OggS") return "an Ogg audio/video file";
  if (ascii(h, 0, 4) === "fLaC") return "a FLAC audio file";
  if (ascii(h, 0, 3) === "ID3") return "an MP3 audio file";
  if (startsWith(h, [0x1a, 0x45, 0xdf, 0xa3])) return "a Matroska/WebM video";
  if (ascii(h, 257, 5) === "ustar") return "a tar archive";
  return null;
}

/** Finds `%PDF-<digit>` within the first 1 KB (real PDFs may have leading junk). */
export function isPdf(head: Buffer): boolean {
  const at = head.subarray(0, 1024 + 8).indexOf("%PDF-");
  return at >= 0 && at <= 1024 && head.length > at + 5 && head[at + 5]! >= 0x30 && head[at + 5]! <= 0x39;
}

const utf16 = (s: string) => Buffer.from(s, "utf16le");

const OLE_MARKERS: Array<[Buffer, string]> = [
  [utf16("EncryptedPackage"), "encrypted"],
  [utf16("WordDocument"), "a legacy Word 97-2003 document (.doc)"],
  [utf16("Workbook"), "a legacy Excel 97-2003 workbook (.xls)"],
  [utf16("PowerPoint Document"), "a legacy PowerPoint presentation (.ppt)"],
  [utf16("__substg1.0_"), "an Outlook message (.msg)"],
];

export async function classifyOle(path: string): Promise<string> {
  const found = new Set<string>();
  let carry: Buffer = Buffer.alloc(0);
  for await (const raw of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const buf = carry.length ? Buffer.concat([carry, raw as Buffer]) : (raw as Buffer);
    for (const [marker, what] of OLE_MARKERS) if (!found.has(what) && buf.indexOf(marker) >= 0) found.add(what);
    if (found.has("encrypted")) return "encrypted";
    carry = buf.subarray(Math.max(0, buf.length - 64));
  }
  for (const [, what] of OLE_MARKERS) if (found.has(what)) return what;
  return "an old-style Office (OLE) file";
}
