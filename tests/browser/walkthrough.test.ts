/**
 * The walkthrough's defects, each checked in a real browser at a phone's width (390 px) and a
 * desktop's (1440 px): layout that fits, counts that follow an action without a reload, words
 * instead of internal names, failures shown once and explained, the Q&A offer, the favicon and
 * the deal form's client-side validation.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { answerText, ask, launch, overflow, shot, trackErrors } from "./helpers";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [390, 1440] as const;
const DEAL_PAGES = ["", "/chat", "/irl", "/qa", "/review", "/pipeline", "/knowledge"];

async function open(width: number): Promise<Page> {
  return browser.newPage({ viewport: { width, height: 900 } });
}

/** Same-origin responses of 400 and up while the page loads (a missing favicon is one). */
function trackMissing(page: Page): string[] {
  const missing: string[] = [];
  page.on("response", (r) => {
    if (r.url().startsWith(baseURL) && r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
  });
  return missing;
}

describe.each(WIDTHS)("at %i px", (width) => {
  it("every deal page fits: no horizontal scroll, every tab visible, the stage in words, no 404 (favicon)", async () => {
    const page = await open(width);
    const errors = trackErrors(page);
    const missing = trackMissing(page);
    for (const p of ["/", ...DEAL_PAGES.map((x) => `/deals/demo${x}`)]) {
      await page.goto(`${baseURL}${p}`, { waitUntil: "networkidle", timeout: 120_000 });
      const o = await overflow(page);
      expect(o.scroll, `${p}: page wider than the screen`).toBeLessThanOrEqual(o.width);
      expect(o.outside, `${p}: cut off at the right edge`).toEqual([]);
      if (p === "/") continue;
      const tabs = page.getByTestId("deal-nav").getByRole("link");
      expect(await tabs.count()).toBe(7);
      for (const box of await Promise.all((await tabs.all()).map((t) => t.boundingBox()))) {
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${p}: a tab past the edge`).toBeLessThanOrEqual(width);
      }
      const stage = await page.getByTestId("stage-badge").innerText();
      expect(stage).not.toMatch(/_|^(?:empty|in_review|gaps_open)$/);
    }
    const icon = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? null);
    expect(icon).not.toBeNull();
    expect((await fetch(icon!)).status).toBe(200);
    expect(missing).toEqual([]);
    expect(errors).toEqual([]);
    await shot(page, `walkthrough-${width}-knowledge`);
    await page.close();
  });

  it("the deal form validates the slug in the browser (its pattern compiles under the v flag)", async () => {
    const page = await open(width);
    const console: string[] = [];
    page.on("console", (m) => console.push(m.text()));
    await page.goto(`${baseURL}/`, { waitUntil: "networkidle" });
    const slug = page.getByLabel("Short name (URL)");
    await slug.fill("Not A Slug!");
    expect(await slug.evaluate((e: HTMLInputElement) => e.validity.patternMismatch)).toBe(true);
    await slug.fill("good-slug-2");
    expect(await slug.evaluate((e: HTMLInputElement) => e.validity.valid)).toBe(true);
    expect(console.filter((c) => /pattern/i.test(c))).toEqual([]);
    await page.close();
  });

  it("the chat fits the screen; the sidebar collapses on a phone; a new conversation is listed after its first answer", async () => {
    const page = await open(width);
    const errors = trackErrors(page);
    await page.goto(`${baseURL}/deals/demo/chat`, { waitUntil: "networkidle" });
    const toggle = page.getByTestId("conversations-toggle");
    const list = page.locator("#conversations-panel");
    if (width < 768) {
      expect(await toggle.isVisible()).toBe(true);
      expect(await list.isVisible()).toBe(false);
    } else {
      expect(await toggle.isVisible()).toBe(false);
      expect(await list.isVisible()).toBe(true);
    }
    const question = `Tell me about the company (${width}, ${Date.now().toString(36)})`;
    const answer = await ask(page, question);
    const text = await answerText(answer);
    expect(text).toContain("What the company does:");
    const box = (await answer.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    const o = await overflow(page);
    expect(o.scroll).toBeLessThanOrEqual(o.width);
    expect(o.outside).toEqual([]);
    for (const b of await page.getByRole("button", { name: /Send|Regenerate/ }).all()) {
      const bb = (await b.boundingBox())!;
      expect(bb.x + bb.width).toBeLessThanOrEqual(width);
    }
    if (width < 768) await toggle.click();
    await expect.poll(async () => page.getByTestId("conversation-link").filter({ hasText: question }).count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId("conversation-link").filter({ hasText: question }).getAttribute("aria-current")).toBe("page");
    await shot(page, `walkthrough-${width}-chat`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a figure's source link highlights exactly its line (the Q3 revenue row, not the Cost of revenue row below it)", async () => {
    const page = await open(width);
    const errors = trackErrors(page);
    await page.goto(`${baseURL}/deals/demo/chat`, { waitUntil: "networkidle" });
    const answer = await ask(page, "What's the Q3 revenue?");
    const link = answer.getByTestId("citation-link").first();
    expect(await link.innerText()).toBe("source: Q3_2024_Report.pdf, p.3");
    const highlight = new URL((await link.getAttribute("href"))!, baseURL).searchParams.get("highlight")!;
    expect(highlight).toMatch(/^Revenue [\d,]+/);
    expect(highlight).not.toMatch(/Cost of revenue/);
    await link.click();
    await page.waitForURL(/\/documents\/[0-9a-f-]{36}\?page=3/, { timeout: 60_000 });
    if (width < 640) {
      // a phone opens on the page's text: the passage marked is the revenue row alone
      const marks = page.getByTestId("page-text-view").locator('mark[data-testid="highlight"]');
      await marks.first().waitFor({ timeout: 60_000 });
      const marked = (await marks.allInnerTexts()).join(" ");
      expect(marked).toMatch(/^Revenue [\d,]+/);
      expect(marked).not.toMatch(/Cost of revenue/);
      await page.getByRole("button", { name: "Page image" }).click();
    }
    await page.locator('[data-testid="pdf-canvas"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    const boxes = page.locator('[data-testid="highlight"]');
    await boxes.first().waitFor({ timeout: 60_000 });
    const tops = new Set((await Promise.all((await boxes.all()).map((b) => b.boundingBox()))).map((b) => Math.round(b!.y / 4)));
    expect(tops.size, "highlight boxes on more than one line").toBe(1);
    const o = await overflow(page);
    expect(o.scroll).toBeLessThanOrEqual(o.width);
    await shot(page, `walkthrough-${width}-highlight`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("review cards show evidence and the reason in words; approving (or rejecting) updates the tab count and the header without a reload", async () => {
    const page = await open(width);
    const errors = trackErrors(page);
    await page.goto(`${baseURL}/deals/demo/review`, { waitUntil: "networkidle" });
    const items = page.getByTestId("review-item");
    await items.first().waitFor({ timeout: 60_000 });
    for (const it of (await items.all()).slice(0, 10)) {
      expect(await it.innerText()).not.toMatch(/value ?num|metric ?key|period ?end|confidence \(\d|\(0\.\d+\)|priority normal\)/i);
      expect(await it.getByTestId("review-reason").innerText()).toMatch(/^Why it needs review: [A-Z]/);
      expect(await it.locator("blockquote").count()).toBe(1);
      // a value names its currency once ("EUR EUR 99 million" was shown), and a sign or code, not both
      expect(await it.innerText()).not.toMatch(/\b([A-Z]{3}) \1\b|\b(?:USD|EUR|GBP) [$€£]/);
    }
    // One the pipeline was unsure of (not one missing a field, which needs an edit; not the Q4 2023
    // gross margin review.test.ts approves).
    const unsure = items.filter({ hasText: "not certain enough" }).filter({ hasNotText: "Q4 2023" }).first();
    const badge = page.getByTestId("deal-nav").getByRole("link", { name: /Review/ });
    const countOf = async () => Number((await badge.innerText()).replace(/\D+/g, "") || 0);
    const awaiting = async () => Number(/(\d+) items? awaits? review/.exec(await page.getByTestId("deal-stage").innerText())?.[1] ?? -1);
    const [before, headerBefore] = [await countOf(), await awaiting()];
    expect(before).toBeGreaterThan(0);
    expect(headerBefore).toBe(before);
    // Approve one the pipeline was unsure of; when an earlier run used them up, reject one (the same refresh).
    let approved = false;
    if ((await unsure.count()) > 0) {
      await unsure.getByTestId("approve").click();
      // approved, refused, or (a field the page lacks) the edit form opened instead
      await page.getByRole("status").or(unsure.getByRole("button", { name: "Save & approve" })).first().waitFor({ timeout: 30_000 });
      approved = (await page.getByRole("status").count()) > 0 && (await page.getByRole("status").first().innerText()) === "Approved.";
      if (await unsure.getByRole("button", { name: "Cancel" }).count()) await unsure.getByRole("button", { name: "Cancel" }).click();
    }
    if (!approved) {
      await items.filter({ hasNotText: "Q4 2023" }).first().getByRole("button", { name: "Reject" }).click();
      await page.getByRole("status").filter({ hasText: "Rejected." }).waitFor({ timeout: 30_000 });
    }
    await expect.poll(countOf, { timeout: 20_000 }).toBe(before - 1);
    await expect.poll(awaiting, { timeout: 20_000 }).toBe(before - 1);
    const o = await overflow(page);
    expect(o.outside).toEqual([]);
    await shot(page, `walkthrough-${width}-review`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/**
 * A deal of its own whose income statement names no currency anywhere (CSV, figures in plain
 * numbers): its rows wait for review with the currency missing. Created through the API; the
 * pipeline is started like the Pipeline page's button does.
 */
async function dealWithCurrencylessStatement(): Promise<string> {
  const slug = `no-currency-${Date.now().toString(36)}`;
  const created = await fetch(`${baseURL}/api/deals`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slug, name: "No currency" }) });
  expect(created.status).toBe(201);
  const csv = 'Consolidated income statement,FY2024,FY2023\nRevenue,"4,210","3,980"\nGross profit,"2,110","1,980"\nOperating profit,480,420\n';
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "Income_statement.csv");
  expect((await fetch(`${baseURL}/api/deals/${slug}/documents`, { method: "POST", body: form })).status).toBe(202);
  await expect
    .poll(async () => ((await (await fetch(`${baseURL}/api/deals/${slug}/documents`)).json()) as { documents: { status: string }[] }).documents.map((d) => d.status).join(), { timeout: 60_000 })
    .toBe("indexed");
  // The app's worker may already be extracting; a run started meanwhile answers 409.
  expect([202, 409]).toContain((await fetch(`${baseURL}/api/deals/${slug}/pipeline`, { method: "POST" })).status);
  await expect
    .poll(async () => ((await (await fetch(`${baseURL}/api/deals/${slug}/review`)).json()) as { items: { missingFields: string[] }[] }).items.filter((i) => i.missingFields.includes("currency")).length, { timeout: 120_000 })
    .toBeGreaterThan(0);
  return slug;
}

describe("review items missing a field", () => {
  it("'Approve' on an item whose page does not state its currency asks for it, then approves", async () => {
    const slug = await dealWithCurrencylessStatement();
    const page = await open(1440);
    const errors = trackErrors(page);
    await page.goto(`${baseURL}/deals/${slug}/review`, { waitUntil: "networkidle" });
    const item = page.getByTestId("review-item").filter({ hasText: "Revenue" }).first();
    await item.waitFor({ timeout: 60_000 });
    const title = await item.locator("p").first().innerText();
    await item.getByTestId("approve").click();
    await item.getByLabel(/^Currency/).fill("EUR");
    await item.getByRole("button", { name: "Save & approve" }).click();
    await page.getByRole("status").filter({ hasText: "Edited and approved." }).waitFor({ timeout: 30_000 });
    expect(await page.getByText("Missing required fields").count()).toBe(0);
    expect(title.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("chat offers", () => {
  it("'Add to Q&A' after an unanswered question stores that question, self-contained, not 'them?'", async () => {
    const page = await open(1440);
    await page.goto(`${baseURL}/deals/demo/chat`, { waitUntil: "networkidle" });
    const answer = await ask(page, "is there any litigation?");
    expect(await answerText(answer)).toMatch(/^I couldn't find/);
    await page.getByTestId("offer-button").filter({ hasText: "Add to Q&A" }).click();
    // the write waits for the analyst's Approve (AI SDK tool approval), then the answer goes on
    const approve = page.getByTestId("approval-approve");
    await approve.first().waitFor({ timeout: 120_000 });
    await approve.first().click();
    await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 120_000 });
    await expect.poll(async () => page.getByTestId("message-assistant").count(), { timeout: 60_000 }).toBe(2);
    const qa = (await (await fetch(`${baseURL}/api/deals/demo/qa`)).json()) as { items: { question: string }[] };
    const questions = qa.items.map((q) => q.question);
    expect(questions).toContain("Is there any litigation involving Nordhavn Analytics AB?");
    expect(questions.filter((q) => /^(?:them|it|this)\?$/i.test(q))).toEqual([]);
    await page.close();
  });

  it("'Flag as a gap' adds the unanswered question to the IRL", async () => {
    const page = await open(390);
    await page.goto(`${baseURL}/deals/demo/chat`, { waitUntil: "networkidle" });
    const q = `Who audits the pension scheme ${Date.now().toString(36)}?`;
    const answer = await ask(page, q);
    expect(await answerText(answer)).toMatch(/^I couldn't find/);
    await page.getByTestId("offer-button").filter({ hasText: "Flag as a gap" }).click();
    await page.getByTestId("flag-status").filter({ hasText: "Added to the IRL" }).waitFor({ timeout: 20_000 });
    const irl = (await (await fetch(`${baseURL}/api/deals/demo/irl?cached=1`)).json()) as { domains: { items: { item: string }[] }[] };
    expect(irl.domains.flatMap((d) => d.items.map((i) => i.item))).toContain(q);
    await page.close();
  });
});

describe("failures", () => {
  it("an unreadable upload: its reason shown once, no Retry that cannot help, the Pipeline page lists it", async () => {
    for (const width of WIDTHS) {
      const page = await open(width);
      const errors = trackErrors(page);
      const slug = `fail-${width}-${Date.now().toString(36)}`;
      await page.goto(`${baseURL}/`);
      await page.getByLabel("Name", { exact: true }).fill(`Failure test ${width}`);
      await page.getByLabel("Short name (URL)").fill(slug);
      await page.getByRole("button", { name: "Create deal" }).click();
      await page.waitForURL(`**/deals/${slug}`, { timeout: 60_000 });
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "manda-fail-"));
      const broken = path.join(tmp, "scanned_contract.pdf");
      fs.writeFileSync(broken, "%PDF-1.7\nnot a pdf at all\n%%EOF\n");
      await page.getByTestId("file-input").setInputFiles([broken]);
      const item = page.locator('[data-testid="upload-item"][data-filename="scanned_contract.pdf"]');
      await expect.poll(async () => item.getAttribute("data-phase"), { timeout: 120_000, interval: 500 }).toBe("failed");
      const reason = (await item.getByTestId("upload-error").innerText()).trim();
      expect(reason.length).toBeGreaterThan(10);
      const occurrences = async (text: string) => (await page.locator("main").innerText()).split(text).length - 1;
      expect(await occurrences(reason)).toBe(1);

      // the file itself cannot be read: no Retry is offered (retrying cannot help), only Dismiss
      expect(await item.getByRole("button", { name: "Retry" }).count()).toBe(0);
      expect(await item.getByRole("button", { name: /Dismiss/ }).count()).toBe(1);
      expect(await occurrences(reason)).toBe(1);
      const o = await overflow(page);
      expect(o.outside).toEqual([]);
      await shot(page, `walkthrough-${width}-failure`);

      await page.goto(`${baseURL}/deals/${slug}/pipeline`, { waitUntil: "networkidle" });
      await page.getByTestId("failed-ingest").filter({ hasText: "scanned_contract.pdf" }).waitFor({ timeout: 30_000 });
      expect(errors).toEqual([]);
      fs.rmSync(tmp, { recursive: true, force: true });
      await page.close();
    }
  });
});

describe("IRL counts", () => {
  it("the deals list, the deal header and the IRL page count the same gaps", async () => {
    const page = await open(1440);
    const irl = (await (await fetch(`${baseURL}/api/deals/demo/irl?cached=1`)).json()) as { totals: { gap: number; total: number } };
    expect(irl.totals.total).toBeGreaterThan(0);
    await page.goto(`${baseURL}/`, { waitUntil: "networkidle" });
    const card = page.getByTestId("deal-card").filter({ hasText: "Project Aurora" });
    const stat = card.getByRole("link", { name: /IRL gaps/ });
    expect(Number((await stat.innerText()).replace(/\D+/g, ""))).toBe(irl.totals.gap);
    // The IRL page recomputes coverage; its header follows without a reload.
    await page.goto(`${baseURL}/deals/demo/irl`, { waitUntil: "networkidle" });
    const fresh = (await (await fetch(`${baseURL}/api/deals/demo/irl?cached=1`)).json()) as { totals: { gap: number } };
    await expect.poll(async () => page.getByTestId("deal-stage").innerText(), { timeout: 20_000 }).toContain(`${fresh.totals.gap} IRL gap`);
    await page.close();
  });
});
