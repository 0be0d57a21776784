/**
 * One contradiction count everywhere, in a real browser on deals built through the
 * real pipeline from small PDFs: the deal header, the chat (its tool line and the answer's list)
 * and "From contradictions" on the Q&A page (what it says it added, what the list then holds, and
 * nothing more on a second click) show the same number.
 * Three reports of one company state three different figures for the same metric, scope, period
 * and unit: the graph links each pair CONTRADICTS (three). The header and the Q&A page counted
 * relations (3) while the chat grouped them into one conflict (1); with two documents all said 1.
 * A deal whose one report contradicts nothing says 0 everywhere.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { makePdf } from "../helpers/fixtures";
import { answerText, ask, launch, shot, trackErrors } from "./helpers";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const COMPANY = "Acme Widgets AB";
const report = (title: string, figure: string) => makePdf([`${COMPANY}\n${title}\nRevenue for the third quarter of 2024 was EUR ${figure} million.`]);

/** A deal holding these PDFs, uploaded through the API; resolves once the pipeline has settled. */
async function dealWith(name: string, files: Array<[string, Uint8Array]>): Promise<string> {
  const slug = `${name}-${Date.now().toString(36)}`;
  const res = await fetch(`${baseURL}/api/deals`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slug, name, targetCompany: COMPANY }) });
  expect(res.status).toBe(201);
  for (const [filename, bytes] of files) {
    const form = new FormData();
    form.append("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), filename);
    const up = await fetch(`${baseURL}/api/deals/${slug}/documents`, { method: "POST", body: form });
    expect(up.status, await up.clone().text()).toBeLessThan(300);
  }
  await expect
    .poll(
      async () => {
        const deals = ((await (await fetch(`${baseURL}/api/deals`)).json()) as { deals: Array<{ slug: string; stage: string | null }> }).deals;
        return deals.find((d) => d.slug === slug)?.stage;
      },
      { timeout: 240_000, interval: 1000 },
    )
    .toMatch(/^(in_review|gaps_open|ready)$/);
  return slug;
}

/** The count each place shows. */
async function countsShown(page: Page, slug: string, label: string) {
  await page.goto(`${baseURL}/deals/${slug}`);
  const stage = await page.getByTestId("deal-stage").innerText();
  const header = Number(/(\d+) contradictions?\b/.exec(stage)?.[1] ?? NaN);

  await page.goto(`${baseURL}/deals/${slug}/chat`);
  await page.waitForLoadState("networkidle");
  const answer = await ask(page, "Any red flags?");
  const tool = Number(await answer.getByTestId("contradiction-count").getAttribute("data-count"));
  // the answer's list under "Contradictions:" (or "none found"), read from the rendered answer
  const listed = await answer.getByTestId("answer-text").first().evaluate((root) => {
    const head = [...root.querySelectorAll("p")].find((p) => /^\s*Contradictions:/.test(p.textContent ?? ""));
    if (!head) return /didn't find contradictions/.test(root.textContent ?? "") ? 0 : -1;
    if (/none found/i.test(head.textContent ?? "")) return 0;
    const list = head.nextElementSibling;
    return list && /^(UL|OL)$/.test(list.tagName) ? list.querySelectorAll(":scope > li").length : -1;
  });
  const text = await answerText(answer);
  await shot(page, `contradictions-chat-${label}`);

  await page.goto(`${baseURL}/deals/${slug}/qa`, { waitUntil: "networkidle" });
  const status = page.getByRole("status").filter({ hasText: /contradictions|question/ });
  await page.getByRole("button", { name: "From contradictions" }).click();
  await status.first().waitFor({ timeout: 30_000 });
  const said = await status.first().innerText();
  const added = Number(/^(\d+) questions? for contradictions added/.exec(said)?.[1] ?? (/^No contradictions to ask about/.test(said) ? 0 : NaN));
  const items = async () => ((await (await fetch(`${baseURL}/api/deals/${slug}/qa`)).json()) as { items: Array<{ origin: string }> }).items.filter((q) => q.origin === "contradiction").length;
  const inList = await items();
  await shot(page, `contradictions-qa-${label}`);
  await page.getByRole("button", { name: "From contradictions" }).click();
  await expect.poll(async () => status.first().innerText(), { timeout: 30_000 }).toMatch(added ? new RegExp(`^No new question added; ${added} already in the list`) : /^No contradictions to ask about/);
  return { header, tool, listed, added, inList, again: await items(), said, stage, text };
}

describe("one contradiction count everywhere", () => {
  it("three reports stating three Q3 revenues: the header, the chat and 'From contradictions' show one number (1440 px)", async () => {
    const slug = await dealWith("three-revenues", [
      ["Q3_2024_Interim_Report.pdf", await report("Interim report, third quarter 2024", "5.2")],
      ["Management_Presentation_Nov_2024.pdf", await report("Management presentation, November 2024", "4.9")],
      ["Investor_Update_Dec_2024.pdf", await report("Investor update, December 2024", "5.0")],
    ]);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = trackErrors(page);
    const c = await countsShown(page, slug, "1440");
    expect(c.header, c.stage).toBeGreaterThan(0);
    expect({ tool: c.tool, listed: c.listed, added: c.added, inList: c.inList, again: c.again }, c.said).toEqual({ tool: c.header, listed: c.header, added: c.header, inList: c.header, again: c.header });
    expect(c.text).toMatch(/5\.2/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a deal with no contradiction says 0 in every place (390 px)", async () => {
    const slug = await dealWith("one-revenue", [["Q3_2024_Interim_Report.pdf", await report("Interim report, third quarter 2024", "5.2")]]);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const c = await countsShown(page, slug, "390");
    expect({ header: c.header, tool: c.tool, listed: c.listed, added: c.added, inList: c.inList, again: c.again }, `${c.stage} | ${c.said}`).toEqual({ header: 0, tool: 0, listed: 0, added: 0, inList: 0, again: 0 });
    await page.close();
  });
});
