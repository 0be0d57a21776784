/**
 * get_line_items on a schedule of future payments: a column for a year after its own filing's (the
 * 2019 10-K's "2023" debt payments) is left out when a newer filing in the room still precedes that
 * year (the 2022 10-K's schedule supersedes it); the newer filing's column stays. Made-up 10-Ks
 * through the real ingest and extraction.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { createAgentContext, type AgentContext } from "@/lib/agent/context";
import { createAgentTools } from "@/lib/agent/tools";
import { runExtraction } from "@/lib/extraction/run";
import { ingestFile } from "@/lib/ingest/ingest";
import { openTestDb } from "../helpers/db";
import { statements } from "../helpers/filings";
import { tempDir, writeFixture } from "../helpers/fixtures";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const cover = (year: number) =>
  ["UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K", `For the fiscal year ended December 31, ${year}`, "Commission File Number 1-40021", "", "ORRERY INSTRUMENTS, INC.", "(Exact name of registrant as specified in its charter)"].join("\n");
const schedule = (from: number, values: number[]) =>
  [
    "Item 7. Management's Discussion and Analysis", "Contractual Obligations",
    "Scheduled principal payments for debt for the next five years are as follows (in millions):",
    ` ${values.map((_, i) => from + i).join(" ")}`,
    `Debt $${values.join(" $")}`,
  ].join("\n");

describe("get_line_items on schedules of future payments", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let ctx: AgentContext;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the output is asserted field by field
  const lineItems = async (input: unknown): Promise<Record<string, any>> => {
    const tools = createAgentTools(ctx) as unknown as Record<string, { inputSchema: { parse: (x: unknown) => unknown }; execute: (i: unknown, o: unknown) => Promise<unknown> }>;
    return (await tools.get_line_items!.execute(tools.get_line_items!.inputSchema.parse(input), { toolCallId: "t", messages: [] })) as never;
  };

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const deal = await createDeal({ db, slug: "schedules", name: "Schedules" });
    ctx = createAgentContext({ db, deal: { id: deal.id, slug: deal.slug, name: deal.name } });
    const dir = tempDir("manda-schedules-");
    for (const [file, year, values] of [["ORRERY_2019_10K.txt", 2019, [11, 12, 13, 14, 15]], ["ORRERY_2022_10K.txt", 2022, [41, 42, 43, 44, 45]]] as const) {
      const pages = [cover(year), schedule(year + 1, [...values]), ...statements("Orrery Instruments, Inc.", 1)];
      const r = await ingestFile({ db, dealId: deal.id, filePath: writeFixture(dir, file, new TextEncoder().encode(pages.join("\f"))) });
      if (r.status !== "indexed" || !r.documentId) throw new Error(`${file} was not indexed`);
      await runExtraction(db, { dealId: deal.id, documentId: r.documentId, kind: "findings", mode: "rules" });
    }
  }, 180_000);
  afterAll(() => cleanup());

  it("leaves out an older filing's column for a year a newer filing's schedule covers, and keeps the older one's own years", async () => {
    const later = await lineItems({ items: ["debt"], periods: ["FY2023"] });
    const cells = later.rows.flatMap((r: { document: string; columns: Array<{ period: string; value: number }> }) => r.columns.filter((c) => c.period === "FY2023").map((c) => ({ document: r.document, value: c.value })));
    expect(cells).toContainEqual({ document: "ORRERY_2022_10K.txt", value: 41e6 });
    expect(cells.some((c: { document: string }) => c.document === "ORRERY_2019_10K.txt")).toBe(false);
    expect(later.notes.join(" ")).toMatch(/newer filing's schedule supersedes/);
    // (a year no newer filing precedes: the older schedule is all there is)
    const early = await lineItems({ items: ["debt"], periods: ["FY2020"] });
    expect(early.rows.some((r: { document: string; columns: Array<{ period: string; value: number }> }) => r.document === "ORRERY_2019_10K.txt" && r.columns.some((c) => c.period === "FY2020" && c.value === 11e6))).toBe(true);
  });
});
