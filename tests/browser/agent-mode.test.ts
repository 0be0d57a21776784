/**
 * Agent Mode in a browser: toggle it on the chat page, run the example request, watch the trace
 * arrive (plan, searches, opened citations, validation), and follow a citation link of the
 * answer into the viewer at the cited page. One chat renders both modes: a chat answer and an
 * Agent Mode run one after the other in the same conversation, at a phone's and a desktop's width,
 * and again after a reload.
 */
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
