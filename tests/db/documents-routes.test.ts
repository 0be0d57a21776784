import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { getDocumentById } from "@/lib/db/queries/documents";
import { ingestFile } from "@/lib/ingest/ingest";
import { sha256File } from "@/lib/ingest/storage";
import { getIngestTask } from "@/lib/ingest/tasks";
import { startBackgroundIngest, stopBackgroundIngest } from "@/lib/pipeline/background";
import * as documentsRoute from "@/app/api/deals/[deal]/documents/route";
import * as documentRoute from "@/app/api/deals/[deal]/documents/[documentId]/route";
import * as retryRoute from "@/app/api/deals/[deal]/documents/[documentId]/retry/route";
import * as fileRoute from "@/app/api/deals/[deal]/documents/[documentId]/file/route";
import * as pageRoute from "@/app/api/deals/[deal]/documents/[documentId]/pages/[page]/route";
import * as searchRoute from "@/app/api/deals/[deal]/documents/[documentId]/search/route";
import * as pipelineRoute from "@/app/api/deals/[deal]/pipeline/route";
import * as irlImportRoute from "@/app/api/deals/[deal]/irl/import/route";
import { openTestDb } from "../helpers/db";
import { makePdf, tempDir, writeFixture } from "../helpers/fixtures";

// The routes start the app's background worker; a test may hold it back to observe a task still queued.
vi.mock("@/lib/pipeline/background", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/pipeline/background")>();
  return { ...real, startBackgroundIngest: vi.fn(real.startBackgroundIngest) };
});

/** Issue 11 items 1–2 through the web routes: durable uploads, and a way out for stuck documents. */
const g = globalThis as unknown as { __mandaDb?: Promise<Db> };

describe("document routes: uploads and stuck documents", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dealId: string;
  const dir = tempDir();
  const uploadTmp = tempDir("manda-tmpdir-");
  const savedTmp = process.env.TMPDIR;
  const deal = { params: Promise.resolve({ deal: "routes" }) };
  const doc = (documentId: string) => ({ params: Promise.resolve({ deal: "routes", documentId }) });

  beforeAll(async () => {
    setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined, SUPABASE_SERVICE_ROLE_KEY: undefined, MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", MANDA_LOAD_DEMO: "false" });
    ({ db, cleanup } = await openTestDb());
    g.__mandaDb = Promise.resolve(db);
    dealId = (await createDeal({ db, slug: "routes" })).id;
    process.env.TMPDIR = uploadTmp; // the multipart reader's temp files land here
  });
  afterAll(async () => {
    await stopBackgroundIngest();
    process.env.TMPDIR = savedTmp;
    g.__mandaDb = undefined;
    await cleanup();
  });

  async function stuck(name: string, text: string) {
    const r = await ingestFile({ db, dealId, filePath: writeFixture(dir, name, await makePdf([text, `${text} (page two)`])) });
    await db.query("update documents set status = 'parsing' where id = $1", [r.documentId]);
    await db.query("delete from document_pages where document_id = $1 and page_number > 1", [r.documentId]);
    await db.query("delete from agent_tasks where document_id = $1", [r.documentId]);
    return r.documentId!;
  }

  it("answers 202 only with the bytes stored and the row and ingest task committed, removes its temp files, and ingests in the background", async () => {
    const bytes = await makePdf(["Supplier contract", "The supplier contract renews every March."]);
    const form = new FormData();
    form.append("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), "Supplier contract.pdf");
    const res = await documentsRoute.POST(new Request("http://app/api/deals/routes/documents", { method: "POST", body: form }), deal);
    expect(res.status).toBe(202);
    const { files } = (await res.json()) as { files: Array<{ state: string; documentId: string; sha256: string }> };
    expect(files).toHaveLength(1);
    expect(files[0].state).toBe("queued");
    const row = (await getDocumentById({ db, dealId, documentId: files[0].documentId }))!;
    expect(row).toBeTruthy();
    expect(await sha256File(row.storage_path)).toBe(files[0].sha256);
    expect(await getIngestTask({ db, documentId: row.id })).toBeTruthy();
    expect(fs.readdirSync(uploadTmp).filter((n) => n.startsWith("manda-upload-"))).toEqual([]);
    // The app's background worker (started by the route) indexes it from the task table.
    const deadline = Date.now() + 60_000;
    let status = row.status;
    while (status !== "indexed" && status !== "failed" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await getDocumentById({ db, dealId, documentId: row.id }))!.status;
    }
    expect(status).toBe("indexed");
    const list = (await (await documentsRoute.GET(new Request("http://app/api/deals/routes/documents"), deal)).json()) as { jobs: unknown[] };
    expect(list.jobs).toEqual([]);
  });

  it("re-uploading the bytes of a stuck document queues it again instead of calling it a duplicate", async () => {
    const id = await stuck("stuck-a.pdf", "Lease of the Gothenburg warehouse");
    const bytes = fs.readFileSync(path.join(dir, "stuck-a.pdf"));
    const form = new FormData();
    form.append("file", new Blob([bytes]), "stuck-a.pdf");
    await stopBackgroundIngest(); // keep the task pending to observe it
    const res = await documentsRoute.POST(new Request("http://app/api/deals/routes/documents", { method: "POST", body: form }), deal);
    await stopBackgroundIngest();
    expect(res.status).toBe(202);
    const { files } = (await res.json()) as { files: Array<{ state: string; documentId: string }> };
    expect(files[0]).toMatchObject({ state: "queued", documentId: id });
    expect((await getIngestTask({ db, documentId: id }))?.status).toMatch(/pending|running|completed/);
  });

  it("answers 404 for another deal's document id on every document route and the pipeline run, and starts nothing", async () => {
    const otherId = (await createDeal({ db, slug: "routes-other" })).id;
    const foreign = (await ingestFile({ db, dealId: otherId, filePath: writeFixture(dir, "other-deal.pdf", await makePdf(["Another deal's lease agreement"])) })).documentId!;
    const d = { params: Promise.resolve({ deal: "routes", documentId: foreign }) };
    const url = `http://app/api/deals/routes/documents/${foreign}`;
    const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const answers = [
      await documentRoute.GET(new Request(url), d),
      await fileRoute.GET(new Request(`${url}/file`), d),
      await pageRoute.GET(new Request(`${url}/pages/1`), { params: Promise.resolve({ deal: "routes", documentId: foreign, page: "1" }) }),
      await searchRoute.GET(new Request(`${url}/search?q=lease`), d),
      await retryRoute.POST(new Request(`${url}/retry`, { method: "POST" }), d),
      await documentRoute.DELETE(new Request(url, { method: "DELETE" }), d),
      await pipelineRoute.POST(new Request("http://app/api/deals/routes/pipeline", json({ documentId: foreign })), deal),
      await irlImportRoute.POST(new Request("http://app/api/deals/routes/irl/import", json({ documentId: foreign })), deal),
    ];
    const seen = await Promise.all(answers.map(async (r) => [r.status, ((await r.json()) as { error?: { code: string } }).error?.code]));
    expect(seen).toEqual(answers.map(() => [404, "not_found:document"]));
    // no run was started for the deal (a 202 then failed in the background)
    const state = (await (await pipelineRoute.GET(new Request("http://app/api/deals/routes/pipeline"), deal)).json()) as { run: unknown };
    expect(state.run ?? null).toBeNull();
    expect((await getDocumentById({ db, dealId: otherId, documentId: foreign }))?.status).toBe("indexed");
  });

  it("retries a stuck document (202, partial pages dropped, task queued) and dismisses another (204)", async () => {
    await stopBackgroundIngest();
    const a = await stuck("stuck-b.pdf", "Environmental permit for the Borås plant");
    // the worker the route starts would claim the task at once (racing the checks below): held back here
    vi.mocked(startBackgroundIngest).mockImplementationOnce(() => {});
    const retry = await retryRoute.POST(new Request(`http://app/api/deals/routes/documents/${a}/retry`, { method: "POST" }), doc(a));
    expect(retry.status).toBe(202);
    expect(vi.mocked(startBackgroundIngest)).toHaveBeenCalled(); // the route does start the worker
    expect((await getDocumentById({ db, dealId, documentId: a }))?.status).toBe("uploaded");
    expect((await db.query("select 1 from document_pages where document_id = $1", [a])).rows).toHaveLength(0);
    expect((await getIngestTask({ db, documentId: a }))?.status).toBe("pending");

    const b = await stuck("stuck-c.pdf", "Minutes of the annual general meeting");
    const del = await documentRoute.DELETE(new Request(`http://app/api/deals/routes/documents/${b}`, { method: "DELETE" }), doc(b));
    expect(del.status).toBe(204);
    expect(await getDocumentById({ db, dealId, documentId: b })).toBeUndefined();

    // An indexed document is still neither retried nor dismissed.
    const ok = await ingestFile({ db, dealId, filePath: writeFixture(dir, "fine.pdf", await makePdf(["A fine document"])) });
    expect((await retryRoute.POST(new Request("http://app/x", { method: "POST" }), doc(ok.documentId!))).status).toBe(409);
    expect((await documentRoute.DELETE(new Request("http://app/x", { method: "DELETE" }), doc(ok.documentId!))).status).toBe(409);
  });
});
