/**
 * The layout reading of a page (cells from the text positions) and its canonical form are computed once per page
 * in an extraction, however many rules read the page through them (entities, filing facts, timeline). Every call of
 * `layoutText` and `canonicalize` is counted through spies on their modules; the pages are made-up (positions laid
 * out as pdfjs gives them).
 */
import { describe, expect, it, vi } from "vitest";

vi.mock("@/lib/extraction/entities/layout", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/extraction/entities/layout")>();
  return { ...real, layoutText: vi.fn(real.layoutText) };
});

vi.mock("@/lib/extraction/citation", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/extraction/citation")>();
  return { ...real, canonicalize: vi.fn(real.canonicalize) };
});

import { canonicalize } from "@/lib/extraction/citation";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { readFilingFacts } from "@/lib/extraction/entities/filing-facts";
import { layoutText } from "@/lib/extraction/entities/layout";
import { canonicalPageLayout, pageLayout } from "@/lib/extraction/entities/page-layout";
import { extractTimelineFromPages } from "@/lib/extraction/timeline";
import type { EntityPayload, ExtractionPage, TimelineEventPayload } from "@/lib/extraction/types";
import { positionedText } from "@/tests/helpers/positioned";

const spy = vi.mocked(layoutText);
const canonicalSpy = vi.mocked(canonicalize);

const positioned = (pageNumber: number, lines: Array<Array<[string, number]>>): ExtractionPage => ({ pageNumber, ...positionedText(lines) });

function fixture(): ExtractionPage[] {
  const cover = positioned(1, [
    [["FORM 10-K", 200]],
    [["ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934", 40]],
    [["For the fiscal year ended December 31, 2023", 120]],
    [["Harbour Lumen Corporation", 150]],
    [["(Exact name of registrant as specified in its charter)", 110]],
    [["100 Quay Street", 60], ["Portsmouth, Rhode Island", 250], ["02871", 420]],
    [["(Address of principal executive offices)", 60], ["(Zip Code)", 420]],
  ]);
  const officers = positioned(2, [
    [["Information about our Executive Officers", 40]],
    [["Name", 40], ["Age", 220], ["Position", 300]],
    [["Dana R. Lee", 40], ["58", 220], ["Chief Executive Officer", 300]],
    [["Marcus J. Hale", 40], ["51", 220], ["Chief Financial Officer", 300]],
    [["Item 1A. Risk Factors", 40]],
  ]);
  const body = positioned(3, [
    [["On March 3, 2021, the Company signed a credit agreement with Westbrook Capital LLC and Quayside Bank N.A.", 40]],
    [["Subsidiary", 40], ["Jurisdiction", 300]],
    [["Lumen Harbour Holdings LLC", 40], ["Delaware", 300]],
    [["Quay Street Trading Limited", 40], ["Ireland", 300]],
  ]);
  return [cover, officers, body];
}

describe("page layout: read once per page", () => {
  it("computes the layout of each page once although entities, filing facts and timeline all read it", () => {
    const pages = fixture();
    spy.mockClear();
    canonicalSpy.mockClear();
    const ctx = { filename: "annual-report.pdf" };
    const entities = extractEntitiesFromPages(pages, ctx).candidates.map((c) => (c.payload as EntityPayload).name);
    const facts = readFilingFacts(pages);
    const events = extractTimelineFromPages(pages, ctx).candidates.map((c) => (c.payload as TimelineEventPayload).eventDate);
    // the rules did read the pages through the layout (cells kept apart, the cover and the officers table read)
    expect(entities).toEqual(expect.arrayContaining(["Lumen Harbour Holdings LLC", "Quay Street Trading Limited"]));
    expect(facts.headquarters?.detail).toBe("100 Quay Street, Portsmouth, Rhode Island");
    expect(facts.officers.map((o) => [o.name, o.title])).toEqual([["Dana R. Lee", "Chief Executive Officer"], ["Marcus J. Hale", "Chief Financial Officer"]]);
    expect(events).toContain("2021-03-03");
    const perPage = new Map<unknown, number>();
    for (const [page] of spy.mock.calls) perPage.set(page, (perPage.get(page) ?? 0) + 1);
    expect([...perPage.keys()]).toEqual(expect.arrayContaining(pages));
    expect(pages.map((p) => perPage.get(p))).toEqual([1, 1, 1]);
    // the canonical form of each page's layout (read by both the entity and the timeline rules) is made once too;
    // other canonicalize calls (excerpts, sentences) take shorter strings
    const layouts = pages.map((p) => layoutText(p));
    expect(layouts.every((l, i) => l !== pages[i]!.text)).toBe(true);
    expect(layouts.map((l) => canonicalSpy.mock.calls.filter(([s]) => s === l).length)).toEqual([1, 1, 1]);
  });

  it("gives the layout text itself, and reads a page anew when its text or positions were replaced", () => {
    const [, , body] = fixture();
    spy.mockClear();
    const first = pageLayout(body!);
    expect(first).toBe(layoutText(body!));
    expect(first).toContain("Lumen Harbour Holdings LLC|");
    expect(pageLayout(body!)).toBe(first);
    expect(spy).toHaveBeenCalledTimes(2); // the memo's read and the direct one above
    body!.spans = null;
    expect(pageLayout(body!)).toBe(body!.text);
    body!.text = body!.text.toUpperCase();
    expect(pageLayout(body!)).toBe(body!.text);
    expect(spy).toHaveBeenCalledTimes(4);
    const canonical = canonicalPageLayout(body!);
    expect(canonical).toEqual(canonicalize(body!.text));
    expect(canonicalPageLayout(body!)).toBe(canonical);
  });
});
