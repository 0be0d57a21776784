/**
 * The one-edit check that respells a mistyped word as the documents' word, fuzzed against the full
 * optimal-string-alignment distance.
 */
import { describe, expect, it } from "vitest";
import { correctedWord, shortenedWord, withinOneEdit } from "@/lib/search/typos";

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe("one edit between two words", () => {
  it("agrees with the full distance on random words and their random edits", () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const word = () => Array.from({ length: 1 + rand(9) }, () => "abcde"[rand(5)]).join("");
    const edit = (w: string) => {
      const i = rand(w.length + 1);
      switch (rand(4)) {
        case 0: return w.slice(0, i) + "abcde"[rand(5)] + w.slice(i);
        case 1: return w.slice(0, i) + w.slice(i + 1);
        case 2: return w.slice(0, i) + "abcde"[rand(5)] + w.slice(i + 1);
        default: return i + 1 < w.length ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w;
      }
    };
    for (let n = 0; n < 5000; n++) {
      const a = word();
      const b = rand(3) === 0 ? word() : rand(2) ? edit(a) : edit(edit(a));
      expect(withinOneEdit(a, b), `${a} ~ ${b}`).toBe(osa(a, b) <= 1);
    }
  });

  it("respells a word only to the one vocabulary word one edit away, never a short word or between two words of different stems", () => {
    const vocabulary = new Set(["materials", "review", "revenue", "store", "stores", "china"]);
    expect(correctedWord("materails", vocabulary)).toBe("materials");
    expect(correctedWord("reveiw", vocabulary)).toBe("review");
    expect(correctedWord("revnue", vocabulary)).toBe("revenue");
    expect(correctedWord("revenue", vocabulary)).toBeUndefined();
    expect(correctedWord("stor", vocabulary)).toBeUndefined();
    // two forms of one word are one word: either is the stem meant
    expect(correctedWord("headquarterd", new Set(["headquarters", "headquartered"]))).toMatch(/^headquarter/);
    expect(correctedWord("storse", new Set(["stores", "store"]))).toMatch(/^stores?$/);
    expect(correctedWord("costs", new Set(["coats", "posts"]))).toBeUndefined();
    expect(correctedWord("srtoe", vocabulary)).toBeUndefined();
  });
});

describe("a word cut short of the documents' word", () => {
  const vocabulary = new Set(["environmental", "technologies", "technology", "subscription", "subsidiaries", "net", "income", "payments", "payable", "content"]);
  const english = new Set(["tech", "pay", "sub"]);
  const known = (w: string) => english.has(w);

  it("reads the one word family it begins", () => {
    expect(shortenedWord("tech", vocabulary, known)).toBe("technology");
    expect(shortenedWord("environ", vocabulary, known)).toBe("environmental");
    expect(shortenedWord("Techn", vocabulary, known)).toBe("technology");
  });

  it("guesses nothing between two words, for a word of the documents, or a short English word", () => {
    expect(shortenedWord("sub", vocabulary, known)).toBeUndefined();
    expect(shortenedWord("subs", vocabulary, known)).toBeUndefined();
    expect(shortenedWord("pay", vocabulary, known)).toBeUndefined();
    expect(shortenedWord("net", vocabulary, known)).toBeUndefined();
    expect(shortenedWord("co", vocabulary, known)).toBeUndefined();
  });
});
