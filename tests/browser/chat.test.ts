/**
 * Chat flows from the evals, in a browser, on the offline model. Nothing skips: an answer that
 * says something went wrong, or a chat API that is not up, fails the test.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { answerText, ask, expectAnswered, launch, shot, trackErrors } from "./helpers";

const baseURL = inject("baseURL");
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("chat", () => {
  it("the chat API is live: an invalid body is refused with 400", async () => {
    const res = await fetch(`${baseURL}/api/chat`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(400);
  });

  it("EVAL-001: Q3 revenue answer with a source link → viewer at the right page with the highlight", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = trackErrors(page);
    const docs = (await (await fetch(`${baseURL}/api/deals/demo/documents`)).json()) as { documents: { id: string; filename: string }[] };
    const q3 = docs.documents.find((d) => d.filename === "Q3_2024_Report.pdf")!;
    await page.goto(`${baseURL}/deals/demo/chat`);
    const history = page.getByRole("complementary", { name: "Conversations" });
    // The page streams behind a loading skeleton and React reveals it after the load event: count
    // the history once it is shown, or a list of N reads as 0 entries.
    await history.waitFor({ timeout: 30_000 });
    const entriesBefore = await history.getByTestId("conversation-link").count();
    const answer = await ask(page, "What's the Q3 revenue?");
    await expectAnswered(answer);
    const text = await answer.innerText();
    expect(text).toMatch(/5[,.]?2\d{2}|5\.2/);
    const link = answer.locator('[data-testid="source-chip"], [data-testid="citation-link"]').first();
    await link.waitFor({ timeout: 10_000 });
    expect(page.url()).toMatch(/\/chat\/[0-9a-f-]{36}$/);
    const conversationId = /\/chat\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

    // The history lists the new conversation right after its first answer (no navigation), as
    // the current one, and the chat was not remounted by the refresh.
    const entry = history.locator(`a[href$="/chat/${conversationId}"]`);
    await entry.waitFor({ timeout: 15_000 });
    expect(await entry.getAttribute("aria-current")).toBe("page");
    expect(await entry.innerText()).toContain("What's the Q3 revenue?");
    expect(await history.getByTestId("conversation-link").count()).toBe(entriesBefore + 1);
    expect(await page.getByTestId("message-assistant").count()).toBe(1);
    expect(await page.getByTestId("message-user").count()).toBe(1);
    await shot(page, "chat-eval-001");
    await link.click();
    await page.waitForURL(/\/documents\/[0-9a-f-]{36}\?page=\d+/, { timeout: 60_000 });
    await page.locator('[data-testid="highlight"]').first().waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="pdf-canvas"][data-rendered="true"], td[data-testid="highlight"], mark[data-testid="highlight"]').first().waitFor({ timeout: 60_000 });
    await shot(page, "chat-eval-001-viewer");

    // Back from the viewer: the conversation is still there (messages and its history entry).
    await page.goBack();
    await page.waitForURL(new RegExp(`/chat/${conversationId}$`), { timeout: 60_000 });
    await page.getByTestId("message-user").filter({ hasText: "What's the Q3 revenue?" }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("message-assistant").count()).toBe(1);
    await history.locator(`a[href$="/chat/${conversationId}"][aria-current="page"]`).waitFor({ timeout: 15_000 });
    const follow = await ask(page, "And EBITDA?");
    // a follow-up states the context it assumed — the local model opens with "For Q3 2024, …"
    // (the period carried over from the previous question) and cites the page.
    await expectAnswered(follow);
    const followText = await answerText(follow);
    expect(followText).toMatch(/^For Q3 2024, EBITDA was EUR 1[.,]2 million \(source: Q3_2024_Report\.pdf, p\.3\)/);
    const cite = follow.getByTestId("citation-link").first();
    expect(await cite.innerText()).toBe("source: Q3_2024_Report.pdf, p.3");
    expect(await cite.getAttribute("href")).toMatch(new RegExp(`^/deals/demo/documents/${q3.id}\\?page=3(&|$)`));
    await shot(page, "chat-eval-001-followup");

    // Still one conversation in the history, now with both questions in it.
    expect(await history.locator(`a[href$="/chat/${conversationId}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("IRL gaps → add a suggested item to the Q&A list → the CSV export contains it", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseURL}/deals/demo/chat`);
    const answer = await ask(page, "What's missing for the IRL?");
    await expectAnswered(answer);
    const offer = page.getByTestId("offer-button").filter({ hasText: "Add to Q&A" });
    expect(await offer.count(), "the gaps answer offers to add them to the Q&A list").toBeGreaterThan(0);
    await offer.first().click();
    // the write waits for the analyst: nothing is added before Approve
    const approve = page.getByTestId("approval-approve");
    await approve.first().waitFor({ timeout: 180_000 });
    await shot(page, "chat-irl-gaps-approval");
    await approve.first().click();
    await page.locator('[data-testid="tool-activity"][data-tool="add_to_qa"][data-state="output-available"]').first().waitFor({ timeout: 180_000 });
    await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 180_000 });
    await shot(page, "chat-irl-gaps");
    const list = (await (await fetch(`${baseURL}/api/deals/demo/qa`)).json()) as { items: { question: string }[] };
    expect(list.items.length).toBeGreaterThan(0);
    const csv = await (await fetch(`${baseURL}/api/deals/demo/qa/export?format=csv`)).text();
    expect(csv).toContain(list.items[0]!.question.slice(0, 30).replace(/"/g, '""'));
    await page.close();
  });
});

describe("Q&A list", () => {
  it("adds a question in the UI and the CSV export contains it", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseURL}/deals/demo/qa`);
    const q = `Please provide the debt schedule with covenants (${Date.now().toString(36)})`;
    await page.getByLabel("New question").fill(q);
    await page.getByRole("button", { name: "Add question" }).click();
    await page.locator('[data-testid="qa-item"]', { hasText: q }).waitFor({ timeout: 30_000 });
    const csv = await (await fetch(`${baseURL}/api/deals/demo/qa/export?format=csv`)).text();
    expect(csv).toContain(q);
    await shot(page, "qa-list");
    await page.close();
  });
});
