/**
 * Issue 20 in a real browser: a real data room's file sizes through the data room's upload (a
 * generated PDF over 20 MB: the proxy in front of the routes had buffered and cut bodies at 10 MB,
 * and anything over ~3.5 MB was refused), one over the limit refused before it is sent, an honest
 * progress bar, no Retry for a file that can never be read, a failed ingest shown as failed on the
 * Pipeline page, and the deal header following indexing without a reload.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { makeLargePdf, seededBytes } from "../helpers/fixtures";
import { ask, launch, overflow, shot, trackErrors } from "./helpers";

const baseURL = inject("baseURL");
let browser: Browser;
let tmp: string;

beforeAll(async () => {
  browser = await launch();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "manda-upload-edges-"));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function newDeal(page: Page, name: string): Promise<string> {
  const slug = `${name}-${Date.now().toString(36)}`;
  const res = await fetch(`${baseURL}/api/deals`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slug, name }) });
  expect(res.status).toBe(201);
  await page.goto(`${baseURL}/deals/${slug}`);
  await page.getByTestId("file-input").waitFor({ state: "attached", timeout: 60_000 });
  // a file chosen before React has hydrated the page is dropped (no change handler yet)
  await page.waitForLoadState("networkidle");
  return slug;
}

interface Listed {
  id: string;
  filename: string;
  status: string;
  sha256: string;
  pageCount: number | null;
  bytes: number;
}
const documents = async (slug: string) => ((await (await fetch(`${baseURL}/api/deals/${slug}/documents`)).json()) as { documents: Listed[] }).documents;
const item = (page: Page, name: string) => page.locator(`[data-testid="upload-item"][data-filename="${name}"]`);

describe("uploads of a real data room's sizes, in the browser", () => {
  it("uploads a generated 22 MB PDF: stored bytes match by sha256, every page indexed, the bar says what its text says", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = trackErrors(page);
    const slug = await newDeal(page, "large-upload");
    const pdf = await makeLargePdf(["Appendix A: plant survey, with scanned drawings.", "Appendix B: equipment register.", "Appendix C: permits and inspections.", "Appendix D: photographs."], 22 * 1024 * 1024);
    const file = path.join(tmp, "site-survey-appendices.pdf");
    fs.writeFileSync(file, pdf);
    const sha = createHash("sha256").update(pdf).digest("hex");
    await page.getByTestId("file-input").setInputFiles(file);

    // Watch the item until it is indexed: while uploading, the bar is the share its text says was
    // sent; while the server ingests, the bar shows no figure (nothing measures it).
    const seen: string[] = [];
    const row = item(page, "site-survey-appendices.pdf");
    const deadline = Date.now() + 240_000;
    for (;;) {
      // one read of the rendered row: three separate reads saw the bar and the text of two renders
      const { phase, bar, text } = await row
        .evaluate((el) => ({ phase: el.getAttribute("data-phase"), bar: el.querySelector('[role="progressbar"]')?.getAttribute("data-progress") ?? null, text: (el as HTMLElement).innerText }), undefined, { timeout: 5_000 })
        .catch(() => ({ phase: null, bar: null, text: "" }));
      const sent = /(\d+)% sent/.exec(text)?.[1];
      if (phase === "uploading" && sent !== undefined && bar !== null && Math.abs(Number(bar) - Number(sent)) > 1) seen.push(`uploading: text ${sent}% sent, bar ${bar}`);
      if ((phase === "queued" || phase === "parsing" || phase === "uploaded") && bar !== "indeterminate") seen.push(`${phase}: bar ${bar}`);
      if (phase === "indexed" || phase === "failed" || Date.now() > deadline) break;
      await page.waitForTimeout(100);
    }
    expect(await row.getAttribute("data-phase")).toBe("indexed");
    expect(await row.getByRole("progressbar").getAttribute("data-progress")).toBe("100");
    expect(seen).toEqual([]);

    const doc = (await documents(slug)).find((d) => d.sha256 === sha);
    expect(doc).toMatchObject({ status: "indexed", pageCount: 4, bytes: pdf.length });
    const stored = Buffer.from(await (await fetch(`${baseURL}/api/deals/${slug}/documents/${doc!.id}/file`)).arrayBuffer());
    expect(createHash("sha256").update(stored).digest("hex")).toBe(sha);
    await shot(page, "upload-22mb-1440");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("refuses a file over MANDA_MAX_UPLOAD_BYTES before sending it, saying the limit, and stores nothing", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const slug = await newDeal(page, "over-limit");
    const file = path.join(tmp, "scanned-archive.pdf");
    fs.writeFileSync(file, "%PDF-1.7\n");
    fs.truncateSync(file, 210 * 1024 * 1024); // sparse: over the 200 MB default
    let sent = 0;
    page.on("request", (r) => r.method() === "POST" && r.url().includes("/documents") && sent++);
    await page.getByTestId("file-input").setInputFiles(file);
    const row = item(page, "scanned-archive.pdf");
    await expect.poll(async () => row.getAttribute("data-phase"), { timeout: 10_000 }).toBe("failed");
    expect(await row.getByTestId("upload-error").innerText()).toMatch(/limit is 200(\.0)? MB/);
    expect(await row.getByRole("button", { name: "Retry" }).count()).toBe(0);
    expect(sent).toBe(0);
    expect(await documents(slug)).toEqual([]);
    await shot(page, "upload-over-limit-390");
    await page.close();
  });

  it("offers no Retry for bytes that can never be read, and the Pipeline page lists that ingest as failed", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const slug = await newDeal(page, "noise");
    const file = path.join(tmp, "export.dat");
    fs.writeFileSync(file, seededBytes(60_000, 9));
    await page.getByTestId("file-input").setInputFiles(file);
    const row = item(page, "export.dat");
    await expect.poll(async () => row.getAttribute("data-phase"), { timeout: 120_000, interval: 500 }).toBe("failed");
    expect(await row.getByTestId("upload-error").innerText()).toMatch(/format|supported/i);
    expect(await row.getByRole("button", { name: "Retry" }).count()).toBe(0);
    expect(await row.getByRole("button", { name: /Dismiss/ }).count()).toBe(1);

    await page.goto(`${baseURL}/deals/${slug}/pipeline`);
    const ingest = page.locator('[data-testid="task-row"]', { hasText: "export.dat" }).filter({ hasText: /ingest/i }).first();
    await ingest.waitFor({ timeout: 60_000 });
    const text = await ingest.innerText();
    expect(text).toMatch(/failed/i);
    expect(text).not.toMatch(/completed/i);
    expect(await ingest.getByRole("button", { name: "Retry this document" }).count()).toBe(0);
    await page.close();
  });

  it("updates the deal header once indexing and extraction finish, without a reload", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const slug = await newDeal(page, "live-header");
    const before = await page.getByTestId("deal-stage").innerText();
    const file = path.join(tmp, "board-minutes.pdf");
    fs.writeFileSync(file, await makeLargePdf(["Board minutes, 12 March 2024. Revenue for 2023 was EUR 41.2 million.", "The board approved the budget."], 1024));
    await page.getByTestId("file-input").setInputFiles(file);
    await expect.poll(async () => item(page, "board-minutes.pdf").getAttribute("data-phase"), { timeout: 120_000, interval: 500 }).toBe("indexed");
    // the server's own header once everything settled, read in another tab
    const other = await browser.newPage();
    let serverSays = before;
    for (let t = Date.now(); Date.now() - t < 90_000 && serverSays === before; ) {
      await other.goto(`${baseURL}/deals/${slug}`);
      serverSays = await other.getByTestId("deal-stage").innerText();
      if (serverSays === before) await other.waitForTimeout(2000);
    }
    expect(serverSays).not.toBe(before);
    await other.close();
    await expect.poll(async () => page.getByTestId("deal-stage").innerText(), { timeout: 30_000, interval: 500 }).toBe(serverSays);

    // the chat's starter questions come from this data room, not the demo deal's
    await page.goto(`${baseURL}/deals/${slug}/chat`);
    await page.getByTestId("starter-questions").waitFor({ timeout: 30_000 });
    await shot(page, "chat-starters-1440");
    const starters = await page.getByTestId("starter-questions").getByRole("button").allInnerTexts();
    expect(starters.some((q) => q.includes("board-minutes.pdf")), starters.join(" | ")).toBe(true);
    expect(starters.join(" | ")).not.toMatch(/Q3 revenue/);

    // "Add to Q&A" under the answer (it was offered only under refusals), carrying the answer and its sources
    const answer = await ask(page, "What was revenue in 2023?");
    const cited = (await answer.getByTestId("source-chip").count()) > 0;
    await answer.getByTestId("add-to-qa").click();
    await answer.getByTestId("added-to-qa").waitFor({ timeout: 15_000 });
    const items = ((await (await fetch(`${baseURL}/api/deals/${slug}/qa`)).json()) as { items: Array<{ question: string; answer: string | null; origin: string }> }).items;
    const added = items.find((q) => q.question.includes("revenue in 2023"));
    expect(added?.origin).toBe("chat");
    if (cited) expect(added?.answer ?? "").toMatch(/Sources: .*board-minutes\.pdf/);
    else expect(added?.answer ?? null).toBeNull();
    await page.close();
  });

  it("shows a phone a fit-to-width, selectable text view of a PDF page with the passage marked", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const docs = (await (await fetch(`${baseURL}/api/deals/demo/documents`)).json()) as { documents: { id: string; filename: string; format: string; status: string }[] };
    const pdf = docs.documents.find((d) => d.format === "pdf" && d.status === "indexed")!;
    const data = (await (await fetch(`${baseURL}/api/deals/demo/documents/${pdf.id}/pages/1`)).json()) as { text: string };
    const words = data.text.replace(/\s+/g, " ").trim().split(" ").slice(2, 9).join(" ");
    await page.goto(`${baseURL}/deals/demo/documents/${pdf.id}?page=1&highlight=${encodeURIComponent(words)}`);
    const view = page.getByTestId("page-text-view");
    await view.waitFor({ timeout: 60_000 });
    await view.locator('mark[data-testid="highlight"]').first().waitFor({ timeout: 30_000 });
    const fontPx = await view.locator("div").first().evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
    expect(fontPx).toBeGreaterThanOrEqual(15);
    const box = await view.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(391);
    const o = await overflow(page);
    expect(o.outside).toEqual([]);
    // the text is text: it can be selected
    expect(await view.evaluate((e) => getComputedStyle(e).userSelect)).not.toBe("none");
    await shot(page, "viewer-text-390");
    // the page image is one tap away
    await page.getByRole("button", { name: "Page image" }).click();
    await page.locator('[data-testid="pdf-canvas"]').waitFor({ timeout: 60_000 });
    await page.close();
  });

  it("'From contradictions' on the Q&A page says what it added, and adds what it says", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const fromContradictions = async () => ((await (await fetch(`${baseURL}/api/deals/demo/qa`)).json()) as { items: Array<{ origin: string }> }).items.filter((q) => q.origin === "contradiction").length;
    const before = await fromContradictions();
    await page.goto(`${baseURL}/deals/demo/qa`, { waitUntil: "networkidle" });
    const status = page.getByRole("status").filter({ hasText: /contradictions|question/ });
    await page.getByRole("button", { name: "From contradictions" }).click();
    await status.first().waitFor({ timeout: 30_000 });
    const said = await status.first().innerText();
    const added = Number(/^(\d+) questions? for contradictions added/.exec(said)?.[1] ?? (/^No /.test(said) ? 0 : NaN));
    expect(added, said).not.toBeNaN();
    expect(await fromContradictions()).toBe(before + added);
    // again: nothing new, and it says so
    await page.getByRole("button", { name: "From contradictions" }).click();
    await expect.poll(async () => status.first().innerText(), { timeout: 30_000 }).toMatch(/^No (new question added; \d+ already in the list|contradictions to ask about)/);
    expect(await fromContradictions()).toBe(before + added);
    await page.close();
  });
});
