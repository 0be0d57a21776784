import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { sweepStaleUploadTemp, STALE_UPLOAD_TEMP_MS } from "@/lib/ingest/upload-temp";

describe("sweeping upload temp directories a killed server left", () => {
  it("removes a dead process's and stale ones, keeps a live process's and fresh unnamed ones", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "manda-sweep-"));
    const deadPid = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    const mk = (name: string, ageMs = 0) => {
      const p = path.join(dir, name);
      fs.mkdirSync(p);
      fs.writeFileSync(path.join(p, "part-0"), "bytes");
      const t = (Date.now() - ageMs) / 1000;
      fs.utimesSync(p, t, t);
    };
    mk(`manda-upload-${deadPid}-aaaa`);
    mk(`manda-upload-${process.pid}-bbbb`);
    mk("manda-upload-cccc");
    mk("manda-upload-dddd", STALE_UPLOAD_TEMP_MS + 60_000);
    mk("other-dir", STALE_UPLOAD_TEMP_MS + 60_000);
    expect(sweepStaleUploadTemp({ dir })).toBe(2);
    expect(fs.readdirSync(dir).sort()).toEqual([`manda-upload-${process.pid}-bbbb`, "manda-upload-cccc", "other-dir"]);
  });
});
