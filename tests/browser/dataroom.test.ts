/**
 * Data room and viewer in a real browser (Debian's Chromium via playwright-core) against
 * `next start` with a fresh data dir (see global-setup.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launch, shot, trackErrors } from "./helpers";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("data room", () => {
  it("creates a deal, uploads two demo files and a broken one: progress, indexed, reason shown", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = trackErrors(page);
    const slug = `upload-${Date.now().toString(36)}`;
    await page.goto(`${baseURL}/`);
    await page.getByLabel("Name", { exact: true }).fill("Upload test");
    await page.getByLabel("Short name (URL)").fill(slug);
    await page.getByRole("button", { name: "Create deal" }).click();
    await page.waitForURL(`**/deals/${slug}`, { timeout: 60_000 });

    const room = path.join(dataDir, "demo-room");
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "manda-up-"));
    const broken = path.join(tmp, "broken_report.pdf");
    fs.writeFileSync(broken, "%PDF-1.7\nthis is not really a pdf\n%%EOF\n");
    await page.getByTestId("file-input").setInputFiles([path.join(room, "Q1_2024_Report.pdf"), path.join(room, "Cap_Table.xlsx"), broken]);

    // A progress bar per file, right away.
    await expect.poll(async () => page.getByRole("progressbar").count(), { timeout: 10_000 }).toBe(3);
    const item = (name: string) => page.locator(`[data-testid="upload-item"][data-filename="${name}"]`);
    await expect.poll(async () => item("Q1_2024_Report.pdf").getAttribute("data-phase"), { timeout: 120_000, interval: 500 }).toBe("indexed");
    await expect.poll(async () => item("Cap_Table.xlsx").getAttribute("data-phase"), { timeout: 120_000, interval: 500 }).toBe("indexed");
    await expect.poll(async () => item("broken_report.pdf").getAttribute("data-phase"), { timeout: 120_000, interval: 500 }).toBe("failed");
    const reason = await item("broken_report.pdf").getByTestId("upload-error").innerText();
    expect(reason.length).toBeGreaterThan(10);
    expect(reason).not.toMatch(/stack|Error:|at \w+ \(/);

    // The table updated without a reload; the failure stays visible until dismissed.
    await expect.poll(async () => page.locator('[data-testid="document-row"][data-status="indexed"]').count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => page.locator('[data-testid="document-row"][data-status="failed"]').count()).toBe(1);
    await shot(page, "dataroom-upload");
    await page.reload();
    expect(await page.locator('[data-testid="document-row"][data-status="failed"]').count()).toBe(1);
    await page.getByRole("button", { name: "Dismiss broken_report.pdf" }).first().click();
    await expect.poll(async () => page.locator('[data-testid="document-row"][data-status="failed"]').count(), { timeout: 10_000 }).toBe(0);
    expect(errors).toEqual([]);
    fs.rmSync(tmp, { recursive: true, force: true });
    await page.close();
  });

  it("opens the viewer from a search result with the excerpt highlighted on the right page", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = trackErrors(page);
    await page.goto(`${baseURL}/deals/demo?q=${encodeURIComponent("Q3 2024 revenue")}`);
    const result = page.locator('[data-testid="search-result"]', { hasText: "Q3_2024_Report.pdf" }).first();
    await result.waitFor({ timeout: 60_000 });
    const label = await result.innerText();
    const pageNo = Number(/Q3_2024_Report\.pdf, p\.(\d+)/.exec(label)?.[1]);
    await result.click();
    await page.waitForURL(/\/documents\/[0-9a-f-]{36}\?page=\d+&highlight=/, { timeout: 60_000 });
    expect(new URL(page.url()).searchParams.get("page")).toBe(String(pageNo));
    await page.locator('[data-testid="pdf-canvas"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    const boxes = page.locator('[data-testid="highlight"]');
    expect(await boxes.count()).toBeGreaterThan(0);
    const box = await boxes.first().boundingBox();
    expect(box && box.width > 5 && box.height > 3).toBe(true);
    await shot(page, "viewer-highlight");

    // The link survives a reload (shareable).
    const url = page.url();
    await page.goto(url);
    await page.locator('[data-testid="pdf-canvas"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="highlight"]').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("highlights a sheet cell and a text passage", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const docs = (await (await fetch(`${baseURL}/api/deals/demo/documents`)).json()) as { documents: { id: string; filename: string }[] };
    const cap = docs.documents.find((d) => d.filename === "Cap_Table.xlsx")!;
    await page.goto(`${baseURL}/deals/demo/documents/${cap.id}?page=1&cell=${encodeURIComponent("B5")}`);
    const cell = page.locator('td[data-testid="highlight"]');
    await cell.waitFor({ timeout: 60_000 });
    expect(await cell.getAttribute("data-cell")).toMatch(/B5$/);
    const bios = docs.documents.find((d) => d.filename === "Management_Bios.docx")!;
    const pageData = (await (await fetch(`${baseURL}/api/deals/demo/documents/${bios.id}/pages/1`)).json()) as { text: string };
    const words = pageData.text.replace(/\s+/g, " ").trim().split(" ").slice(3, 11).join(" ");
    await page.goto(`${baseURL}/deals/demo/documents/${bios.id}?page=1&highlight=${encodeURIComponent(words)}`);
    await page.locator('mark[data-testid="highlight"]').first().waitFor({ timeout: 60_000 });
    await shot(page, "viewer-docx");

    // an excerpt cut mid-word is marked to the end of that word, not to the cut
    const all = pageData.text.replace(/\s+/g, " ").trim().split(" ");
    const at = all.findIndex((w, i) => i >= 4 && /^[A-Za-z]{7,}$/.test(w));
    expect(at).toBeGreaterThan(0);
    const cut = [...all.slice(at - 4, at), all[at]!.slice(0, 4)].join(" ");
    await page.goto(`${baseURL}/deals/demo/documents/${bios.id}?page=1&highlight=${encodeURIComponent(cut)}`);
    const marks = page.locator('mark[data-testid="highlight"]');
    await marks.first().waitFor({ timeout: 60_000 });
    const marked = (await marks.allInnerTexts()).join(" ").replace(/\s+/g, " ").trim();
    expect(marked.endsWith(all[at]!), `${cut} → ${marked}`).toBe(true);
    await page.close();
  });
});
