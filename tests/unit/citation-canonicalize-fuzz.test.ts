/**
 * canonicalize is hand-written (it reads every character of every page, so it classifies ASCII by
 * character code and copies unchanged runs at once): on any text, the canonical text maps back
 * character for character, collapses each whitespace run to one space and keeps every other
 * character, in order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalize } from "@/lib/extraction/citation";

const pageText = fc.string({ unit: fc.constantFrom("a", "B", "é", "ß", "1", " ", "  ", "\n", "\t", "-", "\u00ad", "\u2010", ".", "’", "—", "Ω", "\r\n", "\u00a0"), maxLength: 200 });

describe("canonicalize on any text", () => {
  it("maps each canonical character back to the original, in order, ending at the original's length", () => {
    fc.assert(
      fc.property(pageText, (s) => {
        const c = canonicalize(s);
        expect(c.map).toHaveLength(c.text.length + 1);
        expect(c.map[c.text.length]).toBe(s.length);
        for (let i = 1; i < c.map.length; i++) expect(c.map[i]!).toBeGreaterThan(c.map[i - 1]!);
        for (let i = 0; i < c.text.length; i++) {
          if (c.text[i] === " ") expect(/\s/u.test(s[c.map[i]!]!)).toBe(true);
          else expect(c.text[i]).toBe(s[c.map[i]!]);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("never leaves two spaces in a row, and drops no character but whitespace and a line-end hyphen", () => {
    fc.assert(
      fc.property(pageText, (s) => {
        const c = canonicalize(s);
        expect(c.text).not.toMatch(/ {2}/);
        const kept = c.text.replace(/\s/gu, "");
        const original = s.replace(/\s/gu, "");
        // every non-space character kept is the original's, in order; only hyphens may be missing
        let j = 0;
        for (const ch of kept) {
          while (j < original.length && original[j] !== ch) {
            expect(["-", "\u00ad", "\u2010"]).toContain(original[j]);
            j++;
          }
          j++;
        }
      }),
      { numRuns: 2000 },
    );
  });
});
