import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig, setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { listDocumentsByDeal } from "@/lib/db/queries/documents";
import { MandaError } from "@/lib/errors";
import { clearAuthCache, setDealMember } from "@/lib/auth";
import { ingestFile } from "@/lib/ingest/ingest";
import { LocalFileStore, SupabaseFileStore, fileStoreFor, getFileStore, localFileFor } from "@/lib/storage";
import * as fileRoute from "@/app/api/deals/[deal]/documents/[documentId]/file/route";
import { openTestDb } from "@/tests/helpers/db";
import { seededBytes, tempDir, writeFixture } from "@/tests/helpers/fixtures";
import { startSupabaseStub, type SupabaseStub } from "@/tests/helpers/supabase-stub";

/** Supabase Storage against a local stub of /storage/v1/object/…: no network. */
const g = globalThis as unknown as { __mandaDb?: Promise<Db> };
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const DEAL = "d0d0d0d0-0000-4000-8000-000000000001";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe("Supabase Storage file store", () => {
  let stub: SupabaseStub;
  let store: SupabaseFileStore;
  const files = tempDir("manda-storage-src-");

  beforeAll(async () => {
    stub = await startSupabaseStub();
    setConfigForProcess({ SUPABASE_URL: stub.url, SUPABASE_ANON_KEY: stub.anonKey, SUPABASE_SERVICE_ROLE_KEY: stub.serviceRoleKey, SUPABASE_STORAGE_BUCKET: "documents", MANDA_DATA_DIR: tempDir("manda-storage-"), MANDA_LOG_LEVEL: "silent" });
    store = getFileStore() as SupabaseFileStore;
  });
  afterAll(async () => {
    await stub.close();
    setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined, SUPABASE_SERVICE_ROLE_KEY: undefined });
  });

  it("is chosen when SUPABASE_URL and the service-role key are set", () => {
    expect(store.kind).toBe("supabase");
  });

  it("uploads to <bucket>/<dealId>/<sha256> with the service-role key, then round-trips the bytes", async () => {
    const bytes = seededBytes(300_000);
    const src = writeFixture(files, "deck.pdf", bytes);
    const storagePath = await store.put(DEAL, sha(bytes), src);
    expect(storagePath).toBe(`supabase://documents/${DEAL}/${sha(bytes)}`);
    expect(stub.objects.get(`documents/${DEAL}/${sha(bytes)}`)?.equals(Buffer.from(bytes))).toBe(true);
    const upload = stub.requests.find((r) => r.method === "POST" && r.path.startsWith("/storage/v1/object/documents/"));
    expect(upload?.auth).toBe(`Bearer ${stub.serviceRoleKey}`);

    // Without the local copy, the bytes come back from Storage (and are checked against their sha256).
    fs.rmSync(store.cachePath(storagePath));
    const local = await localFileFor(storagePath);
    expect(local.startsWith(path.join(getConfig().dataDir, "cache"))).toBe(true);
    expect(fs.readFileSync(local).equals(Buffer.from(bytes))).toBe(true);
    expect(stub.requests.some((r) => r.method === "GET" && r.path === `/storage/v1/object/documents/${DEAL}/${sha(bytes)}`)).toBe(true);
    fs.rmSync(local);
    const { stream, size } = await fileStoreFor(storagePath).get(storagePath);
    expect(size).toBe(bytes.length);
    expect((await readAll(stream)).equals(Buffer.from(bytes))).toBe(true);

    await store.remove(storagePath);
    expect(stub.objects.has(`documents/${DEAL}/${sha(bytes)}`)).toBe(false);
    expect(fs.existsSync(store.cachePath(storagePath))).toBe(false);
    const gone = await store.localPath(storagePath).catch((e: unknown) => e);
    expect((gone as MandaError).code).toBe("not_found:document_file");
  });

  it("refuses bytes that do not match their sha256", async () => {
    const bytes = Buffer.from("original bytes");
    const p = await store.put(DEAL, sha(bytes), writeFixture(files, "a.txt", bytes));
    stub.objects.set(`documents/${DEAL}/${sha(bytes)}`, Buffer.from("tampered bytes"));
    fs.rmSync(store.cachePath(p));
    expect(((await store.localPath(p).catch((e: unknown) => e)) as MandaError).code).toBe("internal:storage_integrity");
    expect(fs.existsSync(store.cachePath(p))).toBe(false);
  });

  it("creates a missing bucket (private) on first upload", async () => {
    const other = new SupabaseFileStore({ url: stub.url, serviceRoleKey: stub.serviceRoleKey, bucket: "fresh-bucket", dataDir: getConfig().dataDir });
    const bytes = Buffer.from("hello bucket");
    const p = await other.put(DEAL, sha(bytes), writeFixture(files, "b.txt", bytes));
    expect(stub.buckets.has("fresh-bucket")).toBe(true);
    expect(stub.objects.get(`fresh-bucket/${DEAL}/${sha(bytes)}`)?.toString()).toBe("hello bucket");
    expect(p).toBe(`supabase://fresh-bucket/${DEAL}/${sha(bytes)}`);
  });

  it("still reads documents stored locally before the switch", async () => {
    const bytes = Buffer.from("stored before Supabase");
    const local = await new LocalFileStore(getConfig().dataDir).put(DEAL, sha(bytes), writeFixture(files, "old.txt", bytes));
    expect(fileStoreFor(local).kind).toBe("local");
    expect(await localFileFor(local)).toBe(local);
    expect((await readAll((await fileStoreFor(local).get(local)).stream)).toString()).toBe("stored before Supabase");
  });
});

describe("ingestion and the file route with Supabase Storage", () => {
  let stub: SupabaseStub;
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    stub = await startSupabaseStub();
    stub.tokens.set("tok-viewer", { id: "e5e5e5e5-0000-4000-8000-000000000005", email: "viewer@example.com" });
    stub.tokens.set("tok-outsider", { id: "f6f6f6f6-0000-4000-8000-000000000006", email: "outsider@example.com" });
    setConfigForProcess({ SUPABASE_URL: stub.url, SUPABASE_ANON_KEY: stub.anonKey, SUPABASE_SERVICE_ROLE_KEY: stub.serviceRoleKey, MANDA_DATA_DIR: tempDir("manda-storage-ingest-"), MANDA_LOG_LEVEL: "silent" });
    ({ db, cleanup } = await openTestDb());
    g.__mandaDb = Promise.resolve(db);
  });
  afterAll(async () => {
    g.__mandaDb = undefined;
    clearAuthCache();
    await cleanup();
    await stub.close();
    setConfigForProcess({ SUPABASE_URL: undefined, SUPABASE_ANON_KEY: undefined, SUPABASE_SERVICE_ROLE_KEY: undefined });
  });

  it("stores an ingested file in Storage, parses it from the local copy, and serves it to a member", async () => {
    const deal = await createDeal({ db, slug: "aurora" });
    const text = "Management notes\fPage two mentions customer churn of 4 percent.";
    const src = writeFixture(tempDir(), "notes.txt", text);
    const r = await ingestFile({ db, dealId: deal.id, filePath: src });
    expect(r).toMatchObject({ status: "indexed", pageCount: 2 });
    const [doc] = await listDocumentsByDeal({ db, dealId: deal.id });
    const digest = sha(Buffer.from(text));
    expect(doc!.storage_path).toBe(`supabase://documents/${deal.id}/${digest}`);
    expect(stub.objects.get(`documents/${deal.id}/${digest}`)?.toString()).toBe(text);

    // A fresh server (no local copy) serves the bytes from Storage, to members only.
    fs.rmSync((getFileStore() as SupabaseFileStore).cachePath(doc!.storage_path));
    const get = (token: string) =>
      fileRoute.GET(new Request(`http://app/api/deals/aurora/documents/${doc!.id}/file`, { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve({ deal: "aurora", documentId: doc!.id }) });
    expect((await get("tok-outsider")).status).toBe(404); // a non-member: as if there were no such deal
    expect((await get("tok-viewer")).status).toBe(404); // signs in (users row), not yet a member
    await setDealMember({ db, dealId: deal.id, userId: "e5e5e5e5-0000-4000-8000-000000000005", role: "viewer" });
    const res = await get("tok-viewer");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(await res.text()).toBe(text);
  });
});
