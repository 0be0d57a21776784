/**
 * Agent Mode in a browser: toggle it on the chat page, run the example request, watch the trace
 * arrive (plan, searches, opened citations, validation), and follow a citation link of the
 * answer into the viewer at the cited page.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch, shot, trackErrors } from "./helpers";

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
    expect(types.filter((t) => t === "tool_call:search_docs").length).toBeGreaterThanOrEqual(3);
    expect(types.filter((t) => t === "tool_call:open_citation").length).toBeGreaterThanOrEqual(2);
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
