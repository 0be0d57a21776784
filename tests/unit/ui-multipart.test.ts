import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isMandaError } from "@/lib/errors";
import { readMultipart } from "@/lib/ui/server/multipart";

const B = "----manda-test-boundary";
const CT = `multipart/form-data; boundary=${B}`;

function part(headers: string, body: string | Buffer): Buffer {
  return Buffer.concat([Buffer.from(`--${B}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from("\r\n")]);
}
const close = Buffer.from(`--${B}--\r\n`);

function streamOf(...chunks: Buffer[]): ReadableStream<Uint8Array> {
  const all = Buffer.concat(chunks);
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= all.length) return c.close();
      c.enqueue(new Uint8Array(all.subarray(at, at + 1000)));
      at += 1000;
    },
  });
}

/** The whole body in chunks of `size` bytes (Next's proxy hands a body over in chunks of many MB). */
function chunked(size: number, ...parts: Buffer[]): ReadableStream<Uint8Array> {
  const all = Buffer.concat(parts);
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= all.length) return c.close();
      c.enqueue(new Uint8Array(all.subarray(at, at + size)));
      at += size;
    },
  });
}

/** An endless body: `head`, then `filler` forever; counts what the reader pulled. */
function endless(head: Buffer, filler: Buffer): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      const chunk = first ? head : filler;
      first = false;
      pulled += chunk.length;
      c.enqueue(new Uint8Array(chunk));
    },
  });
  return { stream, pulled: () => pulled };
}

async function rejection(p: Promise<unknown>): Promise<{ code: string; status: number }> {
  try {
    await p;
  } catch (e) {
    if (!isMandaError(e)) throw e;
    return { code: e.code, status: e.status };
  }
  throw new Error("expected a rejection");
}

const sha = (s: string | Buffer) => createHash("sha256").update(s).digest("hex");

describe("multipart uploads (busboy)", () => {
  it("streams files to temp files with their sha256 and keeps text fields", async () => {
    const big = Buffer.alloc(300_000, 7);
    const r = await readMultipart(streamOf(
      part(`Content-Disposition: form-data; name="folder"`, "Finance"),
      part(`Content-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf`, "%PDF-1.4 small"),
      part(`Content-Disposition: form-data; name="file"; filename="dir/b.bin"`, big),
      close,
    ), CT, { maxFileBytes: 1_000_000 });
    expect(r.fields).toEqual({ folder: "Finance" });
    expect(r.files.map((f) => [f.filename, f.bytes, f.sha256, f.mime])).toEqual([
      ["a.pdf", 14, sha("%PDF-1.4 small"), "application/pdf"],
      ["b.bin", 300_000, sha(big), "text/plain"],
    ]);
    expect(fs.readFileSync(r.files[1]!.path).equals(big)).toBe(true);
    // named with this process's id, so a restart's sweep removes it once this process is dead
    expect(path.basename(path.dirname(r.files[0]!.path))).toMatch(new RegExp(`^manda-upload-${process.pid}-`));
    r.cleanup();
    expect(fs.existsSync(r.files[0]!.path)).toBe(false);
  });

  it("accepts a large file handed over in one or a few big chunks (a 4.2 MB 10-K was refused as a too-large field)", async () => {
    const big = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    for (const size of [big.length + 1024, 4 * 1024 * 1024]) {
      const r = await readMultipart(chunked(size, part(`Content-Disposition: form-data; name="file"; filename="report.pdf"`, big), close), CT, { maxFileBytes: 200 * 1024 * 1024 });
      expect(r.files.map((f) => [f.bytes, f.sha256])).toEqual([[big.length, sha(big)]]);
      r.cleanup();
    }
  });

  it("accepts a file of exactly the limit and answers 413 for one byte more, removing its temp files", async () => {
    const ok = await readMultipart(streamOf(part(`Content-Disposition: form-data; name="file"; filename="x"`, Buffer.alloc(5000)), close), CT, { maxFileBytes: 5000 });
    expect(ok.files[0]!.bytes).toBe(5000);
    ok.cleanup();
    const before = fs.readdirSync(process.env.TMPDIR ?? "/tmp").filter((n) => n.startsWith("manda-upload-")).length;
    const err = await rejection(readMultipart(streamOf(part(`Content-Disposition: form-data; name="file"; filename="x"`, Buffer.alloc(5001)), close), CT, { maxFileBytes: 5000 }));
    expect(err).toEqual({ code: "too_large:file", status: 413 });
    const after = fs.readdirSync(process.env.TMPDIR ?? "/tmp").filter((n) => n.startsWith("manda-upload-")).length;
    expect(after).toBeLessThanOrEqual(before);
  });

  it("decodes an RFC 5987 filename* and answers a malformed one without a server error", async () => {
    const r = await readMultipart(streamOf(part(`Content-Disposition: form-data; name="file"; filename*=UTF-8''r%C3%A9sum%C3%A9%20Q3.pdf`, "x"), close), CT, { maxFileBytes: 100 });
    expect(r.files[0]!.filename).toBe("résumé Q3.pdf");
    r.cleanup();
    for (const bad of ["UTF-8''%E0%A4%A", "UTF-8''%ZZ%", "''", "bogus-charset''abc", "UTF-8''%00%2F..%2Fetc"]) {
      const res = await readMultipart(streamOf(part(`Content-Disposition: form-data; name="file"; filename*=${bad}`, "x"), close), CT, { maxFileBytes: 100 })
        .then((m) => m, (e: unknown) => e);
      if (isMandaError(res)) expect(res.status).toBeLessThan(500);
      else {
        expect(res).toHaveProperty("files");
        const m = res as Awaited<ReturnType<typeof readMultipart>>;
        for (const f of m.files) expect(f.filename).not.toMatch(/[\u0000-\u001f/\\]/);
        m.cleanup();
      }
    }
  });

  it("answers 413 for too many text fields (a 960 MB upload of small fields was kept in memory)", async () => {
    const many = Array.from({ length: 1000 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, "x".repeat(1000)));
    expect(await rejection(readMultipart(streamOf(...many, close), CT, { maxFileBytes: 100 }))).toEqual({ code: "too_large:fields", status: 413 });
  });

  it("stops reading an endless text field early with 413", async () => {
    const body = endless(Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`), Buffer.alloc(64 * 1024, 97));
    expect(await rejection(readMultipart(body.stream, CT, { maxFileBytes: 100 }))).toEqual({ code: "too_large:field", status: 413 });
    expect(body.pulled()).toBeLessThan(8_000_000);
  });

  it("stops reading an endless file early with 413", async () => {
    const body = endless(Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\n\r\n`), Buffer.alloc(64 * 1024, 1));
    expect(await rejection(readMultipart(body.stream, CT, { maxFileBytes: 1_000_000 }))).toEqual({ code: "too_large:file", status: 413 });
    expect(body.pulled()).toBeLessThan(4_000_000);
  });

  it("refuses an upload that trickles in below the minimum rate, and one that stalls, with 400 bad_request:timeout", async () => {
    const head = Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\n\r\n`);
    let sent = 0;
    const trickle = new ReadableStream<Uint8Array>({
      async pull(c) {
        await new Promise((r) => setTimeout(r, 20));
        c.enqueue(new Uint8Array(sent++ === 0 ? head : Buffer.alloc(10, 1)));
      },
    });
    expect(await rejection(readMultipart(trickle, CT, { maxFileBytes: 1_000_000, minBytesPerSecond: 10_000, graceMs: 300 }))).toEqual({ code: "bad_request:timeout", status: 400 });
    const stalled = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array(head));
      },
    });
    expect(await rejection(readMultipart(stalled, CT, { maxFileBytes: 1_000_000, minBytesPerSecond: 10_000, graceMs: 300 }))).toEqual({ code: "bad_request:timeout", status: 400 });
  });

  it("answers 413 for more files than allowed, 400 for a cut-off or non-multipart upload", async () => {
    const three = [1, 2, 3].map((i) => part(`Content-Disposition: form-data; name="file"; filename="${i}.txt"`, "x"));
    expect(await rejection(readMultipart(streamOf(...three, close), CT, { maxFileBytes: 100, maxFiles: 2 }))).toEqual({ code: "too_large:upload", status: 413 });
    const cut = await rejection(readMultipart(streamOf(part(`Content-Disposition: form-data; name="file"; filename="a"`, "abc")), CT, { maxFileBytes: 100 }));
    expect(cut.status).toBe(400);
    expect((await rejection(readMultipart(streamOf(Buffer.from("{}")), "application/json", { maxFileBytes: 100 }))).status).toBe(400);
    expect((await rejection(readMultipart(streamOf(Buffer.from("x")), "multipart/form-data; boundary=", { maxFileBytes: 100 }))).status).toBe(400);
  });
});
