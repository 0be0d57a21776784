/**
 * Human review → chat, in a browser: approve a pending item in the review queue, then ask about
 * it — the answer must state the approved value and cite the approved finding's page.
 *
 * After the demo pipeline, Q3_2024_Report.pdf p.4 (the five-quarter overview table) sends the
 * gross margins of Q4 2023, Q1 2024 and Q2 2024 to review at confidence 0.70. Q4 2023 is the one
 * no other document states, so before the approval the knowledge base has no finding for it; the
 * test approves exactly that item (picked by its content, not its position).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { answerText, ask, launch, shot, trackErrors } from "./helpers";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface ReviewItem {
  id: string;
  payload: { metric?: string; period?: string; value_text?: string; valueText?: string };
  evidence: { text: string; page: number };
  document: { id: string; filename: string };
}

describe("review queue → chat", () => {
  it("approve the Q4 2023 gross margin in the review UI → ask about it → the answer cites the approved finding", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = trackErrors(page);

    // The pipeline's queue, as the API sees it: exactly one pending Q4 2023 gross margin.
    const queue = (await (await fetch(`${baseURL}/api/deals/demo/review`)).json()) as { items: ReviewItem[] };
    const isTarget = (it: ReviewItem) => /^gross margin$/i.test(it.payload.metric ?? "") && it.payload.period === "Q4 2023";
    const targets = queue.items.filter(isTarget);
    expect(targets, `review queue: ${JSON.stringify(queue.items.map((i) => [i.payload.metric, i.payload.period]))}`).toHaveLength(1);
    const target = targets[0]!;
    expect(target.document.filename).toBe("Q3_2024_Report.pdf");
    expect(target.evidence.page).toBe(4);
    const value = target.payload.value_text ?? target.payload.valueText ?? "";
    expect(value).toMatch(/^45(\.0)?%$/);

    // Review page: the item shows its evidence with a viewer link; approve it.
    await page.goto(`${baseURL}/deals/demo/review`);
    const items = page.getByTestId("review-item");
    await items.first().waitFor({ timeout: 60_000 });
    const item = items.filter({ hasText: /Gross margin/ }).filter({ hasText: "Q4 2023" });
    expect(await item.count()).toBe(1);
    const evidence = item.locator("blockquote a");
    expect(await evidence.innerText()).toBe("Q3_2024_Report.pdf, p.4");
    expect(await evidence.getAttribute("href")).toMatch(new RegExp(`/deals/demo/documents/${target.document.id}\\?page=4`));
    const pendingBefore = await items.count();
    await item.scrollIntoViewIfNeeded();
    await shot(page, "review-queue");
    await item.getByTestId("approve").click();
    await page.getByRole("status").filter({ hasText: "Approved." }).waitFor({ timeout: 30_000 });
    await expect.poll(async () => items.count(), { timeout: 10_000 }).toBe(pendingBefore - 1);
    expect(await items.filter({ hasText: /Gross margin/ }).filter({ hasText: "Q4 2023" }).count()).toBe(0);
    await shot(page, "review-approved");

    // It stays approved (server side): no longer pending after a reload.
    await page.reload();
    await items.first().waitFor({ timeout: 60_000 });
    expect(await items.filter({ hasText: /Gross margin/ }).filter({ hasText: "Q4 2023" }).count()).toBe(0);

    // Ask about that metric and period in a new conversation.
    await page.goto(`${baseURL}/deals/demo/chat`);
    const answer = await ask(page, "What was the gross margin in Q4 2023?");
    const text = await answerText(answer);
    // A finding's fact sentence with the approved value — not a table read ("no extracted finding
    // covers this yet") or another period's figure.
    expect(text).toMatch(/^Q4 2023 gross margin was 45(\.0)?%/i);
    expect(text).not.toMatch(/no extracted finding/i);
    const link = answer.getByTestId("citation-link").first();
    expect(await link.innerText()).toBe("source: Q3_2024_Report.pdf, p.4");
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(new RegExp(`^/deals/demo/documents/${target.document.id}\\?page=4&highlight=`));
    // The highlight is the approved finding's excerpt.
    expect(new URL(href, baseURL).searchParams.get("highlight")).toContain("Gross margin 45.0%");
    await shot(page, "review-approved-chat");

    // The citation opens the viewer at the approved finding's page with the excerpt highlighted.
    await link.click();
    await page.waitForURL(new RegExp(`/documents/${target.document.id}\\?page=4`), { timeout: 60_000 });
    await page.locator('[data-testid="pdf-canvas"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="highlight"]').first().waitFor({ timeout: 60_000 });
    await shot(page, "review-approved-viewer");
    expect(errors).toEqual([]);
    await page.close();
  });
});
