import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { ingestFile } from "@/lib/ingest/ingest";
import { canRetry } from "@/lib/ui/documents";
import { listDocumentViews } from "@/lib/ui/server/documents";
import { listPipelineTasks } from "@/lib/ui/server/pipeline";
import { openTestDb } from "../helpers/db";
import { makePdf, seededBytes, tempDir, writeFixture } from "../helpers/fixtures";

/** Issue 20: a file that failed to ingest is shown as failed, and offered no retry that cannot help. */
describe("the pipeline monitor and the data room on a failed ingest", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  const dir = tempDir();

  beforeAll(async () => {
    setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", MANDA_LOAD_DEMO: "false" });
    ({ db, cleanup } = await openTestDb());
    dealId = (await createDeal({ db, slug: "monitor" })).id;
  });
  afterAll(async () => cleanup());

  it("lists the ingest task of random bytes as failed with the file's reason, and the file as not retryable", async () => {
    const bad = await ingestFile({ db, dealId, filePath: writeFixture(dir, "noise.bin", seededBytes(40_000, 3)) });
    const good = await ingestFile({ db, dealId, filePath: writeFixture(dir, "minutes.pdf", await makePdf(["Minutes of the board meeting."])) });
    expect(bad.status).toBe("failed");
    const tasks = await listPipelineTasks({ db, dealId });
    const ingestOf = (id: string) => tasks.find((t) => t.taskType === "ingest" && t.documentId === id);
    expect(ingestOf(bad.documentId!)).toMatchObject({ status: "failed", error: expect.stringMatching(/not a supported document|no recognised document format/) });
    expect(ingestOf(good.documentId!)?.status).toBe("completed");
    const view = (await listDocumentViews({ db, dealId })).find((d) => d.id === bad.documentId)!;
    expect(view.errorCode).toBe("unsupported:format");
    expect(canRetry(view.errorCode)).toBe(false);
    expect(canRetry("internal:ingest_interrupted")).toBe(true);
    expect(canRetry("unavailable:storage")).toBe(true);
    expect(canRetry(null)).toBe(true);
    expect(canRetry("bad_request:upload")).toBe(true); // cut off on the way: sending it again may work
    for (const code of ["too_large:file", "bad_request:encrypted", "bad_request:corrupt_file", "bad_request:empty_file"]) expect(canRetry(code), code).toBe(false);
  });
});
