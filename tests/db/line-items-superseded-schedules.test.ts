/**
 * get_line_items on a schedule of future payments: a column for a year after its own filing's (the
 * 2019 10-K's "2023" debt payments) is left out when a newer filing in the room still precedes that
 * year (the 2022 10-K's schedule supersedes it); the newer filing's column stays. Made-up 10-Ks
 * through the real ingest and extraction.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { statements } from "../helpers/filings";
import { tempDir } from "../helpers/fixtures";
import { textFilingsDeal, type TextFilingsDeal } from "../helpers/text-filings-deal";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

/** The next five years' debt payments: 2019's filing 11…15, 2022's 41…45 (in millions). */
const body = (year: number) => {
  const values = year === 2019 ? [11, 12, 13, 14, 15] : [41, 42, 43, 44, 45];
  const schedule = [
    "Item 7. Management's Discussion and Analysis", "Contractual Obligations",
    "Scheduled principal payments for debt for the next five years are as follows (in millions):",
    ` ${values.map((_, i) => year + 1 + i).join(" ")}`,
    `Debt $${values.join(" $")}`,
  ].join("\n");
  return [schedule, ...statements("Turbina Works, Inc.", 1)].join("\f");
};

type Row = { document: string; columns: Array<{ period: string; value: number }> };

describe("get_line_items on schedules of future payments", () => {
  let deal: TextFilingsDeal;
  beforeAll(async () => {
    deal = await textFilingsDeal("schedules", [2019, 2022], body, { extract: true });
  }, 180_000);
  afterAll(() => deal.cleanup());

  it("leaves out an older filing's column for a year a newer filing's schedule covers, and keeps the older one's own years", async () => {
    const later = await deal.call("get_line_items", { items: ["debt"], periods: ["FY2023"] });
    const cells = (later.rows as Row[]).flatMap((r) => r.columns.filter((c) => c.period === "FY2023").map((c) => ({ document: r.document, value: c.value })));
    expect(cells).toContainEqual({ document: "TURBINA_2022_10K.txt", value: 41e6 });
    expect(cells.some((c) => c.document === "TURBINA_2019_10K.txt")).toBe(false);
    expect(later.notes.join(" ")).toMatch(/newer filing's schedule supersedes/);
    // (a year no newer filing precedes: the older schedule is all there is)
    const early = await deal.call("get_line_items", { items: ["debt"], periods: ["FY2020"] });
    expect((early.rows as Row[]).some((r) => r.document === "TURBINA_2019_10K.txt" && r.columns.some((c) => c.period === "FY2020" && c.value === 11e6))).toBe(true);
  });
});
