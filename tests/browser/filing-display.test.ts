/**
 * Issue 20, what a new user saw: review cards showed "USD 49,960" for a figure printed in millions
 * (units on review cards), and the headquarters read "… Drive,, Bethesda,, Maryland" (clean
 * addresses). A deal of its own gets a small made-up annual report (./filing-fixture.ts) through
 * the API, the app's worker ingests and extracts it, and the pages are read as the user sees them.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FILING, filingPdf } from "./filing-fixture";
import { answerText, ask, launch, shot, trackErrors } from "./helpers";

const baseURL = inject("baseURL");
const slug = `filing-${Date.now().toString(36)}`;
let browser: Browser;

interface ReviewItem {
  payload: { metric?: string; period?: string };
}

async function json<T>(path: string): Promise<T> {
  return (await (await fetch(`${baseURL}${path}`)).json()) as T;
}

/** Polls `ok` (bounded) until it holds. */
async function until(what: string, timeoutMs: number, ok: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  browser = await launch();
  const created = await fetch(`${baseURL}/api/deals`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slug, name: "Filing display" }) });
  expect(created.status).toBe(201);
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await filingPdf())], { type: "application/pdf" }), "annual-report-2023.pdf");
  expect((await fetch(`${baseURL}/api/deals/${slug}/documents`, { method: "POST", body: form })).status).toBe(202);
  await until("the report indexed", 120_000, async () => (await json<{ documents: { status: string }[] }>(`/api/deals/${slug}/documents`)).documents.map((d) => d.status).join() === "indexed");
  // The extraction the worker starts after an upload: done when no task of the deal is open.
  await until("its extraction done", 180_000, async () => {
    const { tasks } = await json<{ tasks: { status: string }[] }>(`/api/deals/${slug}/pipeline`);
    return tasks.length > 0 && tasks.every((t) => t.status !== "pending" && t.status !== "running");
  });
}, 400_000);

afterAll(async () => {
  await browser?.close();
});

async function open(width: number): Promise<Page> {
  return browser.newPage({ viewport: { width, height: 900 } });
}

describe("units on review cards", () => {
  it("a statement line printed in millions shows its scale on the card ('USD 49,960 million'), never the bare number", async () => {
    // The statement's gross profit does not add up, so its lines wait for review.
    const queue = await json<{ items: ReviewItem[] }>(`/api/deals/${slug}/review`);
    expect(queue.items.some((i) => i.payload.metric === "Revenue" && i.payload.period === "FY2023"), JSON.stringify(queue.items.map((i) => i.payload.metric))).toBe(true);
    for (const width of [1440, 390]) {
      const page = await open(width);
      const errors = trackErrors(page);
      await page.goto(`${baseURL}/deals/${slug}/review`, { waitUntil: "networkidle" });
      const card = page.getByTestId("review-item").filter({ has: page.locator("p", { hasText: /^Revenue$/ }) }).filter({ hasText: "FY2023" });
      await card.first().waitFor({ timeout: 60_000 });
      expect(await card.count()).toBe(1);
      const value = card.getByTestId("review-facts").locator("div", { has: page.locator("dt", { hasText: /^Value$/ }) }).locator("dd");
      expect(await value.innerText()).toBe(`USD ${FILING.revenue.printed} million`);
      // every statement line's card says its scale, and names its currency once
      const values = await page.getByTestId("review-facts").locator("div", { has: page.locator("dt", { hasText: /^Value$/ }) }).locator("dd").allInnerTexts();
      expect(values.length).toBeGreaterThan(1);
      for (const v of values) {
        expect(v).toMatch(/^USD [\d,.()]+ million$/);
        expect(v).not.toMatch(/\b([A-Z]{3}) \1\b/);
      }
      await card.scrollIntoViewIfNeeded();
      await shot(page, `review-units-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});

describe("clean addresses", () => {
  const doubled = /,\s*,/;

  it("the chat's answer gives the headquarters with each comma once", async () => {
    const page = await open(1440);
    const errors = trackErrors(page);
    await page.goto(`${baseURL}/deals/${slug}/chat`);
    const answer = await ask(page, "Where is the company headquartered?");
    const text = await answerText(answer);
    expect(text).toContain(FILING.address.tidy);
    expect(text).not.toMatch(doubled);
    await shot(page, "address-chat-1440");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the knowledge page lists the headquarters with each comma once", async () => {
    for (const width of [1440, 390]) {
      const page = await open(width);
      const errors = trackErrors(page);
      await page.goto(`${baseURL}/deals/${slug}/knowledge`, { waitUntil: "networkidle" });
      const main = await page.locator("main").innerText();
      expect(main).toContain(FILING.registrant);
      expect(main).toContain(`headquarters: ${FILING.address.tidy}`);
      expect(main).not.toMatch(doubled);
      await shot(page, `address-knowledge-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
