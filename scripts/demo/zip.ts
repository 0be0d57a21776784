/**
 * Makes ZIP containers (XLSX, DOCX) reproducible: exceljs (JSZip) and docx (fflate) stamp
 * every entry with the current time. This rewrites the DOS date/time fields of every local
 * and central directory header (and any extended-timestamp extra field) to a fixed time,
 * in place; entry data, CRCs and sizes are untouched. `readZipEntry` reads one entry back
 * (used by the tests to look inside DOCX files without a Word library).
 */
import { inflateRawSync } from "node:zlib";

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const EXTENDED_TIMESTAMP = 0x5455;

/** DOS time and date words for a date, read in UTC so the result does not depend on the host time zone. */
export function dosDateTime(date: Date): { time: number; date: number } {
  const year = date.getUTCFullYear();
  if (year < 1980 || year > 2107) throw new Error(`Date ${date.toISOString()} cannot be stored in a ZIP header`);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

function findEndOfCentralDirectory(view: DataView): number {
  // The EOCD record is 22 bytes plus an optional comment of up to 65535 bytes.
  const min = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let i = view.byteLength - 22; i >= min; i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL_DIRECTORY) return i;
  }
  throw new Error("Not a ZIP file: end of central directory not found");
}

function patchExtra(view: DataView, start: number, length: number, unixSeconds: number): void {
  let p = start;
  while (p + 4 <= start + length) {
    const id = view.getUint16(p, true);
    const size = view.getUint16(p + 2, true);
    if (id === EXTENDED_TIMESTAMP && size >= 1) {
      const flags = view.getUint8(p + 4);
      let q = p + 5;
      for (let bit = 0; bit < 3 && q + 4 <= p + 4 + size; bit++) {
        if (flags & (1 << bit)) {
          view.setUint32(q, unixSeconds, true);
          q += 4;
        }
      }
    }
    p += 4 + size;
  }
}

/** Returns a copy of `zip` with every entry's timestamp set to `date`. */
export function normalizeZipTimestamps(zip: Uint8Array, date: Date): Uint8Array {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const dos = dosDateTime(date);
  const unixSeconds = Math.floor(date.getTime() / 1000);
  const eocd = findEndOfCentralDirectory(view);
  const entries = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  for (let i = 0; i < entries; i++) {
    if (view.getUint32(p, true) !== CENTRAL_HEADER) throw new Error(`Bad central directory entry ${i}`);
    view.setUint16(p + 12, dos.time, true);
    view.setUint16(p + 14, dos.date, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    patchExtra(view, p + 46 + nameLength, extraLength, unixSeconds);

    const local = view.getUint32(p + 42, true);
    if (view.getUint32(local, true) !== LOCAL_HEADER) throw new Error(`Bad local header for entry ${i}`);
    view.setUint16(local + 10, dos.time, true);
    view.setUint16(local + 12, dos.date, true);
    patchExtra(view, local + 30 + view.getUint16(local + 26, true), view.getUint16(local + 28, true), unixSeconds);

    p += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

/** The uncompressed bytes of one entry (stored or deflated), or undefined when absent. */
export function readZipEntry(zip: Uint8Array, name: string): Uint8Array | undefined {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  const entries = view.getUint16(eocd + 10, true);
  const decoder = new TextDecoder();
  let p = view.getUint32(eocd + 16, true);
  for (let i = 0; i < entries; i++) {
    const method = view.getUint16(p + 10, true);
    const compressedSize = view.getUint32(p + 20, true);
    const nameLength = view.getUint16(p + 28, true);
    const entryName = decoder.decode(zip.subarray(p + 46, p + 46 + nameLength));
    if (entryName === name) {
      const local = view.getUint32(p + 42, true);
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const data = zip.subarray(start, start + compressedSize);
      if (method === 0) return data;
      if (method === 8) return new Uint8Array(inflateRawSync(data));
      throw new Error(`Unsupported ZIP compression method ${method} for ${name}`);
    }
    p += 46 + nameLength + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return undefined;
}
