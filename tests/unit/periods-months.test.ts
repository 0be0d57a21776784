import { describe, expect, it } from "vitest";
import { MONTH, monthName, monthNumber, monthWords } from "@/lib/periods";

const whole = (source: string, flags = "") => new RegExp(`^${source}$`, flags);

describe("month words: the one list every date pattern is built from", () => {
  it("English full names by default, no abbreviations and no Swedish", () => {
    const re = whole(monthWords(), "i");
    expect(["January", "may", "September"].every((w) => re.test(w))).toBe(true);
    expect(["jan", "sept", "januari", "maj"].some((w) => re.test(w))).toBe(false);
  });

  it("abbreviated adds the three-letter stems and 'sept'; swedish adds the Swedish names and 'okt'", () => {
    const en = whole(monthWords({ abbreviated: true }));
    expect(["jan", "sep", "sept", "september"].every((w) => en.test(w))).toBe(true);
    expect(en.test("okt") || en.test("mars")).toBe(false);
    const all = whole(MONTH);
    expect(["okt", "oktober", "mars", "maj", "augusti", "dec"].every((w) => all.test(w))).toBe(true);
  });

  it("stems match a month by its prefix, title case only as capitalised", () => {
    const stem = new RegExp(`^${monthWords({ stems: true, title: true })}[a-z]*$`);
    expect(stem.test("Sept") && stem.test("December")).toBe(true);
    expect(stem.test("sept") || stem.test("Septa1")).toBe(false);
  });

  it("the longest word is tried first, so an open-ended match takes the whole name", () => {
    expect(new RegExp(monthWords({ abbreviated: true })).exec("september 30")![0]).toBe("september");
  });

  it("every word the patterns match reads back to its month number", () => {
    for (const w of MONTH.slice(3, -1).split("|")) expect(monthNumber(w)).toBeGreaterThan(0);
    expect([monthName(9), monthName(13), monthNumber("constructor")]).toEqual(["September", "", 0]);
  });
});
