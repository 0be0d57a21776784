import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";

export const CHROMIUM = process.env.MANDA_CHROMIUM ?? "/usr/bin/chromium";
export const RESULTS = path.resolve(import.meta.dirname, "../../test-results");

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

export async function shot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Collects page errors so a test can assert none happened. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * Asks in the chat and waits until the answer has finished streaming; returns the answer's
 * article. Fails when the answer ended in an error (under the answer or the chat's banner).
 */
export async function ask(page: Page, question: string): Promise<Locator> {
  const before = await page.getByTestId("message-assistant").count();
  await page.getByLabel("Ask a question").fill(question);
  await page.getByLabel("Ask a question").press("Enter");
  await expect.poll(async () => page.getByTestId("message-assistant").count(), { timeout: 60_000 }).toBe(before + 1);
  // Streaming is over when the Send button is back.
  await page.getByRole("button", { name: "Send" }).waitFor({ timeout: 180_000 });
  const answer = page.getByTestId("message-assistant").nth(before);
  expect(await answer.getByTestId("answer-error").allInnerTexts(), "error under the answer").toEqual([]);
  expect(await page.getByTestId("chat-error").allInnerTexts(), "chat error banner").toEqual([]);
  return answer;
}

/** Fails the test when the answer's text reports a failure instead of answering. */
export async function expectAnswered(answer: Locator): Promise<void> {
  expect(await answer.innerText()).not.toMatch(/could not answer|unavailable:model|went wrong|internal:/i);
}

/** The answer's own text (its markdown), without tool activity or source chips. */
export async function answerText(answer: Locator): Promise<string> {
  return (await answer.getByTestId("answer-text").allInnerTexts()).join("\n").trim();
}

/**
 * Elements reaching past the right edge of the viewport, outside any box that scrolls
 * horizontally or clips them within the viewport (a truncated line's text runs on inside its box
 * but is not shown past it).
 */
export async function overflow(page: Page): Promise<{ scroll: number; width: number; outside: string[] }> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const scrolls = (e: Element | null): boolean => {
      for (let p = e?.parentElement; p; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === "auto" || x === "scroll") return true;
        // clipped by a box that itself fits: nothing of it shows past the edge
        if ((x === "hidden" || x === "clip") && p.getBoundingClientRect().right <= vw + 1) return true;
      }
      return false;
    };
    const outside = [...document.querySelectorAll("main *, header *")]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > vw + 1 && !scrolls(e) && getComputedStyle(e).visibility !== "hidden";
      })
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? "").trim().slice(0, 40)}"`);
    return { scroll: document.documentElement.scrollWidth, width: vw, outside };
  });
}
