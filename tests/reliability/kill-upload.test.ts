import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../helpers/fixtures";
import { checkRecovered, DEAL, documentStates, freshDataDir, inputFiles, killPoints, manda, prng, report, searchSnapshot, sha256, withDb } from "./harness";
import { buildApp, killApp, startApp, stopApp, upload, waitSettled, type Server } from "./server";

/**
 * Issue 11 item 2 against the real app (`next build`, `manda prepare-app` + `next start`): five
 * uploads in flight, the server SIGKILLed at a seeded random point (MANDA_RELIABILITY_SEED,
 * MANDA_RELIABILITY_KILLS), then started again. Every upload answered 202 must end indexed (or
 * failed with a reason) without anyone re-sending it, once, with its stored bytes matching its
 * sha256; the killed server's upload temp files are gone; and once the unanswered uploads are
 * sent again, search finds the same pages as a clean run. (The same pages, not the same scores:
 * parallel uploads are indexed in whatever order they arrive, and the vector index (HNSW) is
 * approximate in an insertion-order-dependent way, so two clean runs differ in scores too.)
 */
const pagesFound = (snapshot: string[][]) => snapshot.map((q) => q.map((h) => h.split("@")[0]).sort());
const KILLS = Number(process.env.MANDA_RELIABILITY_KILLS ?? 3);
const rand = prng(Number(process.env.MANDA_RELIABILITY_SEED ?? 11) + 1);

describe("kill -9 of the web server during uploads", () => {
  let files: string[] = [];
  let emptyDeal = "";
  let cleanMs = 0;
  let acceptMs = 0; // a clean run's time until every upload was answered
  let cleanSearch: string[][] = [];
  let expectedPages = new Map<string, number>();
  const servers: Server[] = [];

  beforeAll(async () => {
    const built = buildApp();
    report(`upload kill: next build ${built.skipped ? "reused" : `took ${built.ms} ms`}`);
    const inputs = freshDataDir("upload-inputs");
    files = await inputFiles(3, inputs);
    for (const [i, n] of [[1, 3], [2, 5]]) {
      const f = path.join(inputs, `board-pack-${i}.pdf`);
      fs.writeFileSync(f, await makePdf(Array.from({ length: n }, (_, p) => `Board pack ${i}, page ${p + 1}\n${i === 1 ? "The supplier audit" : "The treasury policy"} item ${p + 1} covers ${["revenue growth", "risk factors", "cash flows", "headcount", "capital expenditure"][p]}.`)));
      files.push(f);
    }
    emptyDeal = freshDataDir("upload-empty");
    manda(emptyDeal, ["deal", "create", DEAL]);

    // The clean run: all five uploaded, none killed.
    const dir = freshDataDir("upload-clean");
    fs.cpSync(emptyDeal, dir, { recursive: true });
    const s = await startApp(dir, freshDataDir("upload-clean-tmp"));
    servers.push(s);
    const t0 = Date.now();
    const answers = await Promise.all(files.map((f) => upload(s.url, f)));
    acceptMs = Date.now() - t0;
    expect(answers.map((a) => a?.status)).toEqual(files.map(() => 202));
    await waitSettled(s.url, files.length);
    cleanMs = Date.now() - t0;
    await stopApp(s);
    await withDb(dir, async (db) => {
      expectedPages = new Map((await documentStates(db)).map((d) => [d.sha256, d.pages]));
      cleanSearch = pagesFound(await searchSnapshot(db));
    });
    expect([...expectedPages.values()].every((n) => n > 0)).toBe(true);
  });

  afterAll(async () => {
    for (const s of servers) await killApp(s).catch(() => {});
  });

  it("finishes every upload answered 202 after the restart, loses none, leaves no temp files, and searches like a clean run", async () => {
    let survived = 0;
    let lost = 0;
    let accepted = 0;
    const outcomes: string[] = [];
    const failures: Array<{ delay: number; problems: string[]; leftovers: string[]; search: string[][] }> = [];
    // One kill while the uploads are being received, the others while they are ingested.
    const points = [...killPoints(rand, 1, 0, acceptMs), ...killPoints(rand, Math.max(0, KILLS - 1), acceptMs, cleanMs)];
    for (const delay of points) {
      const dir = freshDataDir("upload");
      const tmp = freshDataDir("upload-tmp");
      fs.cpSync(emptyDeal, dir, { recursive: true });
      const s = await startApp(dir, tmp);
      servers.push(s);
      const answers = files.map((f) => upload(s.url, f));
      await new Promise((r) => setTimeout(r, delay)); // the seeded kill point
      await killApp(s);
      const got = await Promise.all(answers);
      const ok = files.filter((_, i) => got[i]?.status === 202);
      accepted += ok.length;

      const again = await startApp(dir, tmp);
      servers.push(again);
      // Accepted uploads finish on their own (nobody re-sends them)…
      const settled = await waitSettled(again.url, ok.length).catch(() => [] as Awaited<ReturnType<typeof waitSettled>>);
      const finished = (f: string) => settled.some((d) => d.sha256 === sha256(f) && (d.status === "indexed" || (d.status === "failed" && !!d.error)));
      const lostHere = ok.filter((f) => !finished(f)).length;
      lost += lostHere;
      // …then the user re-sends the ones never answered.
      for (const f of files.filter((_, i) => got[i]?.status !== 202)) expect((await upload(again.url, f))?.status).toBe(202);
      await waitSettled(again.url, files.length);
      await stopApp(again);
      const leftovers = fs.readdirSync(tmp).filter((n) => n.startsWith("manda-upload-"));

      const expected = files.map((f) => ({ filename: path.basename(f), sha256: sha256(f) })).map((e) => ({ ...e, pages: expectedPages.get(e.sha256) }));
      const { check, search } = await withDb(dir, async (db) => ({ check: await checkRecovered(db, expected), search: pagesFound(await searchSnapshot(db)) }));
      const sameSearch = JSON.stringify(search) === JSON.stringify(cleanSearch);
      if (lostHere === 0 && check.problems.length === 0 && leftovers.length === 0 && sameSearch) survived++;
      else failures.push({ delay, problems: check.problems, leftovers, search });
      outcomes.push(`kill at ${delay} ms: ${ok.length}/${files.length} answered 202 before the kill; ${leftovers.length} upload temp dirs left; ` +
        `${check.problems.join("; ") || "all indexed once, bytes match"}; search ${sameSearch ? "same pages as the clean run" : "DIFFERENT"}`);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    report(`uploads to next start: ${survived}/${KILLS} kill scenarios survived, ${accepted} uploads answered 202 before a kill, ${lost} documents lost (clean run: ${files.length} uploads answered in ${acceptMs} ms, indexed in ${cleanMs} ms)`);
    for (const o of outcomes) report(`  ${o}`);
    expect(lost).toBe(0);
    for (const f of failures) {
      expect(f.problems).toEqual([]);
      expect(f.search).toEqual(cleanSearch);
      expect(f.leftovers).toEqual([]);
    }
  });
});
