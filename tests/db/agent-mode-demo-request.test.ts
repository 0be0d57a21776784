/**
 * The walkthrough's Agent Mode request on the demo deal, through the same entry point as the API
 * (runAgentModeForDeal) with the offline model: every topic is answered on its own line for the
 * quarter asked, from an opened page, or disclosed as a gap with what was searched. Expected
 * values come from the demo's planted facts (scripts/demo/facts.ts), not from lib/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOfflineModel } from "@/lib/agent/offline";
import { runAgentModeForDeal } from "@/lib/agent/mode";
import { getRequestUser } from "@/lib/auth/request";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { ensureDemoDeal, DEMO_DEAL_SLUG } from "@/scripts/demo/deal";
import { PLANTED_CASES } from "@/scripts/demo/facts";
import { openTestDb } from "../helpers/db";
import { tempDir } from "../helpers/fixtures";

const REQUEST = "Q3 2024 revenue and EBITDA with margins, revenue against the management forecast, the top risks";
const { actual, forecast, period } = PLANTED_CASES.forecastVsActual;
const { audited, management } = PLANTED_CASES.contradiction;
const millions = (v: number) => (v / 1e6).toFixed(1);
const thousands = (v: number) => (v / 1e3).toLocaleString("en-US");

describe("Agent Mode on the walkthrough request (demo deal)", () => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const dataDir = tempDir("manda-data-");
    setConfigForProcess({ MANDA_DATA_DIR: dataDir, MANDA_LOG_LEVEL: "silent" });
    ({ db, cleanup } = await openTestDb());
    await ensureDemoDeal({ db, dataDir });
  });
  afterAll(() => cleanup());

  it("answers each topic for the quarter from an opened page, compares revenue with the forecast and discloses what it cannot find", async () => {
    const r = await runAgentModeForDeal({ db, dealRef: DEMO_DEAL_SLUG, user: await getRequestUser(), question: REQUEST, model: createOfflineModel(), returnTrace: true });
    expect(r.status).toBe("validated");
    const lines = r.answer.split("\n").filter((l) => l.startsWith("- "));
    const line = (re: RegExp) => lines.find((l) => re.test(l)) ?? "";
    // revenue for the quarter asked, with the actual figure
    expect(line(/^- \*\*Revenue, /)).toContain(period);
    expect([millions(actual.value), thousands(actual.value)].some((v) => line(/^- \*\*Revenue, /).includes(v))).toBe(true);
    // the comparison names both figures
    const cmp = line(/forecast/i);
    expect(cmp).toContain(millions(forecast.value));
    expect([millions(actual.value), thousands(actual.value)].some((v) => cmp.includes(v))).toBe(true);
    // EBITDA and a margin, each its own line with a figure
    expect(line(/^- \*\*EBITDA, /)).toMatch(/\d[\d,.]*/);
    expect(line(/^- \*\*Margins, /)).toMatch(/\d+(?:\.\d)?%/);
    // no page header or table header passes for an answer
    expect(r.answer).not.toMatch(/Management presentation \|/);
    expect(r.answer).not.toMatch(/"EUR thousands Q3 2024/);
    // risks: answered from a page, or disclosed with the search made for them
    const risks = line(/risks/i);
    expect(risks).toMatch(/Insufficient documentation|\[\d+\]/);
    if (/Insufficient documentation/.test(risks)) expect(r.insufficiencies.map((i) => i.topic)).toContain("top risks");
    // every citation is a page the run opened
    const opened = r.trace!.filter((e) => e.type === "tool_call" && e.tool === "open_citation" && e.ok).length;
    expect(r.citations.length).toBeGreaterThan(0);
    expect(r.citations.every((c) => c.opened)).toBe(true);
    expect(opened).toBeGreaterThanOrEqual(r.citations.length);
  });

  it("a full-year figure comes from the audited statement, its note reference apart from the value", async () => {
    const r = await runAgentModeForDeal({ db, dealRef: DEMO_DEAL_SLUG, user: await getRequestUser(), question: `What was ${PLANTED_CASES.contradiction.period} revenue?`, model: createOfflineModel() });
    expect(r.status).toBe("validated");
    const line = r.answer.split("\n").find((l) => l.startsWith("- **Revenue")) ?? "";
    expect(line).toContain(thousands(audited.value));
    expect(line).toMatch(/\(EUR thousands; note \d+\)/); // the note number is named as a note, not read into the value
    expect(line).not.toContain(millions(management.value));
    expect(audited.files).toContain(r.citations[0]!.document);
  });
});
