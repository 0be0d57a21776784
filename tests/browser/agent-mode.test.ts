/**
 * Agent Mode in a browser: toggle it on the chat page, run the example request, watch the trace
 * arrive (plan, searches, opened citations, validation), and follow a citation link of the
 * answer into the viewer at the cited page. One chat renders both modes: a chat answer and an
 * Agent Mode run one after the other in the same conversation, at a phone's and a desktop's width,
 * and again after a reload. A real 10-K uploaded through the data room answers a multi-part request
 * item by item, with its pages and a badge of what was checked.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ask, expectAnswered, launch, overflow, shot, trackErrors } from "./helpers";

const baseURL = inject("baseURL");
const EXAMPLE = 'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("agent mode", () => {
  it("toggle → example request → live trace → answer with citation links that open the viewer", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = trackErrors(page);
    await page.goto(`${baseURL}/deals/demo/chat`);
    const toggle = page.getByRole("switch", { name: "Agent Mode" });
    await toggle.click();
    await expect.poll(async () => toggle.getAttribute("aria-checked")).toBe("true");
    expect(page.url()).toContain("mode=agent");

    await page.getByLabel("Agent Mode request").fill(EXAMPLE);
    await page.getByRole("button", { name: "Run agent" }).click();

    const steps = page.getByTestId("trace-step");
    await page.locator('[data-testid="trace-step"][data-type="plan"]').waitFor({ timeout: 60_000 });
    await page.getByTestId("agent-result").waitFor({ timeout: 180_000 });
    const types = await steps.evaluateAll((els) => els.map((e) => `${e.getAttribute("data-type")}${e.getAttribute("data-tool") ? `:${e.getAttribute("data-tool")}` : ""}`));
    // the plan's items, each looked up with the chat's evidence tools
    expect(types.filter((t) => t.startsWith("tool_call:")).length).toBeGreaterThanOrEqual(3);
    expect(await page.locator('[data-testid="trace-step"][data-type="plan"] li').count()).toBeGreaterThanOrEqual(3);
    expect(types).toContain("validation");
    expect(types.at(-1)).toBe("final");

    const answer = page.getByTestId("agent-answer");
    const text = await answer.innerText();
    expect(text).toMatch(/Insufficient documentation/);
    expect(text).toMatch(/"[^"]*\d[^"]*"/);
    expect(await page.getByTestId("agent-insufficiencies").innerText()).toMatch(/litigation/i);
    await shot(page, "agent-mode");

    const link = answer.getByTestId("citation-link").first();
    const href = await link.getAttribute("href");
    expect(href).toMatch(/\/deals\/demo\/documents\/[0-9a-f-]{36}\?page=\d+&highlight=/);
    const wantPage = /page=(\d+)/.exec(href!)![1];
    await link.click();
    await page.waitForURL(new RegExp(`/documents/[0-9a-f-]{36}\\?page=${wantPage}`), { timeout: 60_000 });
    await page.locator('[data-testid="highlight"]').first().waitFor({ timeout: 60_000 });
    await shot(page, "agent-mode-viewer");
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** The kinds of the assistant messages in the list, in order ("chat" answers, "agent" runs). */
const replyModes = (page: Page) => page.getByTestId("message-assistant").evaluateAll((els) => els.map((e) => e.getAttribute("data-mode")));

describe.each([390, 1440] as const)("one conversation, both modes, at %i px", (width) => {
  it("a chat answer, then an Agent Mode run, in the same list and conversation; both again after a reload", async () => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const errors = trackErrors(page);
    await page.goto(`${baseURL}/deals/demo/chat`);
    await expectAnswered(await ask(page, "What's the Q3 revenue?"));
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    const conversationId = /\/chat\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

    const toggle = page.getByRole("switch", { name: "Agent Mode" });
    await toggle.click();
    await page.getByLabel("Agent Mode request").fill("What was revenue for the third quarter of 2024? Open the source and quote the exact figure.");
    await page.getByRole("button", { name: "Run agent" }).click();
    await page.getByTestId("agent-result").waitFor({ timeout: 180_000 });
    await page.getByRole("button", { name: "Run agent" }).waitFor({ timeout: 60_000 }); // the stream is over
    expect(await replyModes(page)).toEqual(["chat", "agent"]);
    expect(await page.getByTestId("message-user").count()).toBe(2);
    expect(page.url()).toContain(`/chat/${conversationId}?mode=agent`);
    const run = page.getByTestId("message-assistant").nth(1);
    expect(await run.getByTestId("citation-link").count()).toBeGreaterThan(0);
    expect(await run.getByTestId("agent-result").innerText()).toMatch(/Revenue, Q3 2024:?\*?\*?\s*(?:EUR\s)?(?:5,200|5\.2)/);
    expect(await run.locator('[data-testid="trace-step"][data-type="final"]').count()).toBe(1);

    // both fit the screen
    for (const reply of await page.getByTestId("message-assistant").all()) {
      const box = (await reply.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    const o = await overflow(page);
    expect(o.scroll).toBeLessThanOrEqual(o.width);
    expect(o.outside).toEqual([]);
    await shot(page, `one-list-${width}`);

    // reloaded from the saved conversation: the same two, in order; it reopens in Agent Mode
    await page.goto(`${baseURL}/deals/demo/chat/${conversationId}`);
    await page.getByTestId("agent-result").waitFor({ timeout: 30_000 });
    expect(await replyModes(page)).toEqual(["chat", "agent"]);
    expect(await page.getByTestId("message-assistant").first().innerText()).toMatch(/5[,.]?2\d{2}|5\.2/);
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** A real filing from the shared corpus, read in place. */
const TEN_K = path.resolve(import.meta.dirname, "../../../shared/corpus/financebench-dev/pdfs/3M_2022_10K.pdf");

async function pipelineSettled(slug: string): Promise<boolean> {
  const body = (await (await fetch(`${baseURL}/api/deals/${slug}/pipeline`)).json()) as { tasks: Array<{ status: string }> };
  return body.tasks.length > 0 && body.tasks.every((t) => t.status === "completed" || t.status === "failed");
}

describe("agent mode on a real 10-K", () => {
  it("uploads the filing, reads a multi-part request into items and answers each from its pages, with a badge of what was checked", async () => {
    expect(fs.existsSync(TEN_K)).toBe(true);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = trackErrors(page);
    const slug = `ten-k-${Date.now().toString(36)}`;
    expect((await fetch(`${baseURL}/api/deals`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slug, name: "Industrial target" }) })).status).toBe(201);
    await page.goto(`${baseURL}/deals/${slug}`);
    await page.getByTestId("file-input").waitFor({ state: "attached", timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    await page.getByTestId("file-input").setInputFiles(TEN_K);
    await expect.poll(async () => ((await (await fetch(`${baseURL}/api/deals/${slug}/documents`)).json()) as { documents: Array<{ status: string }> }).documents[0]?.status, { timeout: 240_000, interval: 2000 }).toBe("indexed");
    await expect.poll(() => pipelineSettled(slug), { timeout: 360_000, interval: 3000 }).toBe(true);

    await page.goto(`${baseURL}/deals/${slug}/chat?mode=agent`);
    await page.getByLabel("Agent Mode request").fill("Pull net sales and operating income for 2022 and 2021, the 2022 operating margin versus 2021, and the top three risk factors, with sources.");
    await page.getByRole("button", { name: "Run agent" }).click();
    await page.getByTestId("agent-result").waitFor({ timeout: 180_000 });
    // the plan is the request's items
    expect(await page.locator('[data-testid="trace-step"][data-type="plan"] li').allInnerTexts()).toEqual(expect.arrayContaining(["Net sales, FY2022", "Net sales, FY2021", "Operating income, FY2022", "Operating margin, FY2022 vs FY2021", "Top three risk factors"]));
    const text = await page.getByTestId("agent-answer").innerText();
    // figures of the consolidated statement of income, each with a citation link
    expect(text).toMatch(/Net sales, FY2022:?\s*USD 34,229 million/);
    expect(text).toMatch(/Operating income, FY2021:?\s*USD 7,369 million/);
    expect(text).toMatch(/Operating margin, FY2022 vs FY2021:?\s*FY2022 19\.1%/);
    expect(text).toMatch(/Top three risk factors \(Risk Factors\)/);
    expect(await page.getByTestId("agent-result").innerText()).toMatch(/\d+ of \d+ items answered from sources/);
    expect(await page.getByTestId("agent-answer").getByTestId("citation-link").count()).toBeGreaterThan(2);
    await shot(page, "agent-mode-real-10k-1280");
    expect(errors).toEqual([]);
  }, 900_000);
});
