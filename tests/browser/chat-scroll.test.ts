/**
 * The newest message stays in view above the sticky composer: after a chat answer, after an Agent
 * Mode run and on reopening the saved conversation (by URL and from the history list), at a
 * phone's and a desktop's size. The app's own scroll position is checked (the test never
 * scrolls): the last assistant message's bottom edge is above the composer's top edge and the
 * message is in the viewport.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ask, expectAnswered, launch, shot, trackErrors } from "./helpers";

const baseURL = inject("baseURL");
const REQUEST = 'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
let browser: Browser;
let conversation = "";

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Where the last assistant message and the composer are, once two animation frames pass with no change. */
async function layout(page: Page) {
  return page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const read = () => {
      const last = [...document.querySelectorAll('[data-testid="message-assistant"]')].at(-1)!.getBoundingClientRect();
      const composer = document.querySelector("#chat-input, #agent-input")!.closest("form")!.getBoundingClientRect();
      return { lastTop: last.top, lastBottom: last.bottom, composerTop: composer.top, viewport: window.innerHeight, scrollY: window.scrollY, scrollable: document.documentElement.scrollHeight - window.innerHeight };
    };
    let prev = "";
    for (let i = 0; i < 50; i++) {
      await frame();
      const now = JSON.stringify(read());
      if (now === prev) break;
      prev = now;
    }
    return read();
  });
}

async function expectLastAnswerInView(page: Page, what: string) {
  const at = await layout(page);
  expect(at.scrollable, `${what}: the page is long enough to scroll`).toBeGreaterThan(0);
  expect(at.lastBottom, `${what}: last answer ends above the composer ${JSON.stringify(at)}`).toBeLessThanOrEqual(at.composerTop + 0.5);
  expect(at.lastBottom, `${what}: last answer in the viewport`).toBeGreaterThan(0);
  expect(at.lastTop, `${what}: last answer in the viewport`).toBeLessThan(at.viewport);
}

describe("chat scroll", () => {
  it("after an Agent Mode run at 1440×900 the run's end is above the composer", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = trackErrors(page);
    // after hydration: the server renders the chat mode, the page then reads ?mode=agent (a click
    // before that toggled it back off)
    await page.goto(`${baseURL}/deals/demo/chat?mode=agent`, { waitUntil: "networkidle" });
    const toggle = page.getByRole("switch", { name: "Agent Mode" });
    await expect.poll(async () => toggle.getAttribute("aria-checked"), { timeout: 10_000 }).toBe("true");
    if ((await toggle.getAttribute("aria-checked")) !== "true") await toggle.click();
    await page.getByLabel("Agent Mode request").fill(REQUEST);
    await page.getByRole("button", { name: "Run agent" }).click();
    await page.getByTestId("agent-result").waitFor({ timeout: 180_000 });
    await page.getByRole("button", { name: "Run agent" }).waitFor({ timeout: 60_000 });
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}/, { timeout: 15_000 });
    conversation = /\/chat\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await expectLastAnswerInView(page, "after the run");
    await shot(page, "chat-scroll-agent-desktop");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("at 390×844: reopened by URL, then after a chat answer", async () => {
    expect(conversation).not.toBe("");
    const page = await browser.newPage({ viewport: PHONE });
    const errors = trackErrors(page);
    await page.goto(`${baseURL}/deals/demo/chat/${conversation}`, { waitUntil: "networkidle" }); // hydrated: the chat scrolls itself
    await page.getByTestId("agent-run").waitFor({ timeout: 30_000 });
    await expectLastAnswerInView(page, "reopened on a phone");
    const toggle = page.getByRole("switch", { name: "Agent Mode" });
    if ((await toggle.getAttribute("aria-checked")) === "true") await toggle.click();
    const answer = await ask(page, "What's the Q3 revenue?");
    await expectAnswered(answer);
    await expectLastAnswerInView(page, "after a chat answer on a phone");
    await shot(page, "chat-scroll-phone");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("at 1440×900: reopened from the history list and by URL", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = trackErrors(page);
    await page.goto(`${baseURL}/deals/demo/chat`, { waitUntil: "networkidle" });
    await page.getByRole("complementary", { name: "Conversations" }).locator(`a[href$="/chat/${conversation}"]`).click();
    await page.waitForURL(new RegExp(`/chat/${conversation}$`), { timeout: 60_000 });
    await page.getByTestId("agent-run").waitFor({ timeout: 30_000 });
    await expect.poll(async () => page.getByTestId("message-assistant").count(), { timeout: 30_000 }).toBe(2);
    await expectLastAnswerInView(page, "opened from the history");
    await page.goto(`${baseURL}/deals/demo/chat/${conversation}`, { waitUntil: "networkidle" });
    await page.getByTestId("agent-run").waitFor({ timeout: 30_000 });
    await expectLastAnswerInView(page, "reopened by URL");
    await shot(page, "chat-scroll-desktop-reopened");
    expect(errors).toEqual([]);
    await page.close();
  });
});
