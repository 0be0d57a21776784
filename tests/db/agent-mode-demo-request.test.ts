/**
 * The walkthrough's Agent Mode request on the demo deal, through the same entry point as the API
 * (runAgentModeForDeal) with the offline model: the request is read into items, each answered on its
 * own line for the quarter asked from the chat's tools, disclosed as not in the data room with what
 * was searched, or reported as not answered — never validated unchecked. Expected
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

  it("reads the request into items, answers each for the quarter from the chat's tools or says why not, and certifies nothing it did not check", async () => {
    const r = await runAgentModeForDeal({ db, dealRef: DEMO_DEAL_SLUG, user: await getRequestUser(), question: REQUEST, model: createOfflineModel(), returnTrace: true });
    // the plan is the request's items, each for the quarter asked
    expect(r.plan).toEqual(expect.arrayContaining([`Revenue, ${period}`, `EBITDA, ${period}`, `EBITDA margin, ${period}`]));
    expect(r.plan.some((p) => /forecast/i.test(p))).toBe(true);
    expect(r.plan.some((p) => /risks/i.test(p))).toBe(true);
    const lines = r.answer.split("\n").filter((l) => l.startsWith("- "));
    const line = (re: RegExp) => lines.find((l) => re.test(l)) ?? "";
    // revenue for the quarter asked, with the actual figure
    expect([millions(actual.value), thousands(actual.value)].some((v) => line(/^- \*\*Revenue, /).includes(v))).toBe(true);
    // the comparison with the forecast names both figures
    const cmp = r.answer.slice(r.answer.search(/forecast/i));
    expect(cmp).toContain(millions(forecast.value));
    expect([millions(actual.value), thousands(actual.value)].some((v) => cmp.includes(v))).toBe(true);
    expect(line(/^- \*\*EBITDA, /)).toMatch(/\d[\d,.]*/);
    // a margin of another period (the forecast sheet's FY2025F) never answers the quarter's
    expect(line(/^- \*\*EBITDA margin, /)).not.toMatch(/FY2025/);
    // risks: quoted from a page, or disclosed with the search made for them
    const risks = line(/risks/i);
    expect(risks).toMatch(/Insufficient documentation|\[\d+\]|not answered/);
    // the badge and the status say what the gate checked
    expect(r.badge).toMatch(new RegExp(`^${r.items.filter((i) => i.status === "answered").length} of ${r.items.length} items answered from sources`));
    expect(r.status).toBe(r.items.some((i) => i.status === "failed") ? "forced" : "validated");
    expect(r.citations.length).toBeGreaterThan(0);
    expect(r.citations.every((c) => c.opened)).toBe(true);
  });

  it("a full-year figure comes from the audited statement, its note reference apart from the value", async () => {
    const r = await runAgentModeForDeal({ db, dealRef: DEMO_DEAL_SLUG, user: await getRequestUser(), question: `What was ${PLANTED_CASES.contradiction.period} revenue?`, model: createOfflineModel() });
    expect(r.status).toBe("validated");
    const line = r.answer.split("\n").find((l) => l.startsWith("- **Revenue")) ?? "";
    expect([millions(audited.value), thousands(audited.value)].some((v) => line.includes(v))).toBe(true);
    expect(line).not.toContain(millions(management.value));
    expect(audited.files).toContain(r.citations[0]!.document);
  });
});
