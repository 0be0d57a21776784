/** A PDF text layer whose fonts map no letters is told apart from pages of words and of figures (lib/ingest/text-layer.ts). */
import { describe, expect, it } from "vitest";
import { unreadableDocument, unreadablePage } from "@/lib/ingest/text-layer";

const unmapped = " \u0002\u0003\u0004\u0005\u0004\u0006\u0007\b\b \u0007\u0007\u000e\u000f\u000f \u0010\u000e\u0011\u0012 \u0007 \u0013 \u0011\u0014  \u0007\u000f  \u0007\u000e\u0015 \u000f\u0011\u0012\u000e \u0015\u0007\u0016 \u0015\u0012\u0011\u0016\u0012\u0017\u0018\u0019\u001a!\"#$!%&'()*+,-./0123";

describe("a page's text layer", () => {
  it("is unreadable when most of its characters are glyphs no font maps to a letter", () => {
    expect(unreadablePage(unmapped.repeat(4))).toBe(true);
    expect(unreadablePage("\ue001\ue002\ue003 \ue004\ue005".repeat(20))).toBe(true);
  });

  it("is readable for prose, for a table of figures, and for a short page", () => {
    expect(unreadablePage("Revenue for the quarter was $5,926.5 million, up 1% from the prior year, driven by strong comparable sales.")).toBe(false);
    expect(unreadablePage("Total revenues 8,603 7,720 16,850 15,131\nCost of revenues 2,113 2,047 4,185 4,077\n(1) 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17")).toBe(false);
    expect(unreadablePage("\u0002\u0003 12")).toBe(false);
  });

  it("makes a document unreadable from half of its pages, not from a stray one", () => {
    expect(unreadableDocument(12, 12)).toBe(true);
    expect(unreadableDocument(10, 5)).toBe(true);
    expect(unreadableDocument(100, 3)).toBe(false);
    expect(unreadableDocument(0, 0)).toBe(false);
  });
});
