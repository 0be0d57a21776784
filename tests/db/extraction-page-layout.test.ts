/**
 * `runAllExtractions` loads the document once, so the timeline and the entity rules read each page's layout
 * (cells from the text positions) once between them; every `layoutText` call is counted through a spy on its
 * module. A made-up page with positions is stored in PGlite as ingestion stores it (text + spans).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/extraction/entities/layout", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/extraction/entities/layout")>();
  return { ...real, layoutText: vi.fn(real.layoutText) };
});

import type { Db } from "@/lib/db";
import { setConfigForProcess } from "@/lib/config";
import { layoutText } from "@/lib/extraction/entities/layout";
import { runAllExtractions } from "@/lib/extraction/run";
import { openTestDb } from "../helpers/db";
import { positionedText } from "../helpers/positioned";

const positioned = positionedText;

const PAGE = positioned([
  [["On March 3, 2021, the Company signed a credit agreement with Westbrook Capital LLC and Quayside Bank N.A.", 40]],
  [["Subsidiary", 40], ["Jurisdiction", 300]],
  [["Lumen Harbour Holdings LLC", 40], ["Delaware", 300]],
  [["Quay Street Trading Limited", 40], ["Ireland", 300]],
]);

let db: Db;
let cleanup: () => Promise<void>;
const dealId = crypto.randomUUID();
const documentId = crypto.randomUUID();

beforeAll(async () => {
  setConfigForProcess({ OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });
  ({ db, cleanup } = await openTestDb());
  await db.query("insert into deals (id, slug, name) values ($1, 'x', 'X')", [dealId]);
  await db.query(
    `insert into documents (id, deal_id, filename, sha256, bytes, storage_path, status, fiscal_year, fiscal_period, kind)
     values ($1, $2, 'annual-report.pdf', 'abc', 1, '', 'indexed', 2023, 'FY', 'annual report')`,
    [documentId, dealId],
  );
  await db.query("insert into document_pages (document_id, deal_id, page_number, text, spans) values ($1, $2, 3, $3, $4)", [documentId, dealId, PAGE.text, JSON.stringify(PAGE.spans)]);
});
afterAll(async () => cleanup?.());

describe("runAllExtractions: the page layout is read once", () => {
  it("reads the stored page's layout once for the timeline and the entity rules together", async () => {
    vi.mocked(layoutText).mockClear();
    const out = await runAllExtractions(db, { dealId, documentId, mode: "rules" });
    const reads = vi.mocked(layoutText).mock.calls.filter(([p]) => p.text === PAGE.text);
    expect(reads).toHaveLength(1);
    expect(reads[0]![0].spans).toHaveLength(PAGE.spans.length);
    // both rules did read the page (an event and the cell-separated subsidiaries were promoted)
    expect(out.timeline.summary.promoted).toBeGreaterThan(0);
    const names = (await db.query<{ name: string }>("select name from entities where deal_id = $1", [dealId])).rows.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["Lumen Harbour Holdings LLC", "Quay Street Trading Limited"]));
  });
});
