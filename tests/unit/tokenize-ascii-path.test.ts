import { describe, expect, it } from "vitest";
import { languageEvidence } from "@/lib/search/language";
import { asciiLettersOnly, asciiWordsOnly } from "@/lib/search/ascii-words";
import { normaliseText, tokenize, tokenizeWithOffsets } from "@/lib/search/tokenize";

/**
 * The tokeniser reads texts whose letters and digits are all ASCII with ASCII patterns
 * (lib/search/ascii-words.ts). Its output must be what the Unicode patterns give on every text:
 * the references below are the Unicode-only versions, compared on texts mixing ASCII with the
 * characters that make the two differ if mishandled (™ and ligatures NFKC turns into letters,
 * the Kelvin sign lowercasing to k, İ lowercasing to i and a mark, Swedish letters, full-width
 * and circled digits, curly quotes and dashes that are separators for both).
 */
function referenceEvidence(text: string, maxWords: number) {
  let en = 0;
  let sv = 0;
  for (const w of (text.toLowerCase().match(/\p{L}+/gu) ?? []).slice(0, maxWords)) {
    if (["the", "and", "of", "to", "in", "is", "that", "for", "are", "with", "as", "on", "by", "be", "this", "from", "or", "which", "have", "has", "was", "were", "it", "its", "our", "we", "not", "an", "at"].includes(w)) en++;
    if (["och", "att", "det", "som", "en", "på", "är", "av", "för", "med", "till", "den", "har", "de", "inte", "om", "ett", "men", "var", "sig", "från", "vi", "så", "kan", "när", "också", "efter", "eller", "vid", "mot", "ska", "skall", "dessa", "detta", "denna", "samt", "än", "utan", "genom", "över", "eftersom", "enligt", "vilket", "vilka"].includes(w)) sv++;
    else if (w.length > 2 && /[åäö]/.test(w)) sv += 0.5;
  }
  return { en, sv };
}

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  "Revenue", "grew", "12%", "in", "FY2019", "to", "$1,234", "million", "the", "and", "och", "Operating", "income", "PP&E", "R&D", "cashflows",
  "’s", "—", "–", "“quoted”", "Brand™", "ﬁnancial", "\u212Aelvin", "İstanbul", "Nettoomsättning", "ökade", "för", "året", "Ｆｙ２０１９", "①",
  "café", "naïve", "x\u0301", "2018", "1999", "q4", "10-K", "e.g.", "\u00a0", "\n", "\t", "Σίσυφος", "ΟΔΟΣ", "٣٤", "ß", "ﬀ",
];

function randomText(rnd: () => number, asciiOnly: boolean): string {
  const pieces = asciiOnly ? PIECES.filter((p) => /^[\x00-\x7f]*$/.test(p)) : PIECES;
  return Array.from({ length: 5 + Math.floor(rnd() * 60) }, () => pieces[Math.floor(rnd() * pieces.length)]).join(rnd() < 0.5 ? " " : "  ");
}

describe("tokeniser's ASCII path", () => {
  const rnd = rng(23);
  const texts = [
    ...Array.from({ length: 300 }, (_, i) => randomText(rnd, i % 3 === 0)),
    "Net sales rose 7% — driven by services’ growth.",
    "Brand™ and the ﬁnal \u212Aelvin figure",
    "İ and I",
    "Rörelseresultatet ökade till 412 miljoner kronor",
    "",
  ];

  it("finds the same runs with the ASCII patterns as with the Unicode ones whenever it takes them", () => {
    let ascii = 0;
    for (const raw of texts) {
      for (const t of [raw, normaliseText(raw), raw.toLowerCase()]) {
        if (asciiWordsOnly(t)) {
          ascii++;
          expect(t.match(/[A-Za-z0-9]+/g) ?? [], t).toEqual(t.match(/[\p{L}\p{N}]+/gu) ?? []);
          expect(t.toLowerCase().match(/[a-z]+|[0-9]+/g) ?? [], t).toEqual(t.toLowerCase().match(/\p{L}+|\p{N}+/gu) ?? []);
        }
        if (asciiLettersOnly(t)) expect(t.match(/[A-Za-z]+/g) ?? [], t).toEqual(t.match(/\p{L}+/gu) ?? []);
      }
    }
    expect(ascii).toBeGreaterThan(100); // both paths are exercised
    expect(ascii).toBeLessThan(texts.length * 3);
  });

  it("tokenize gives, in order, the terms of each run the Unicode pattern finds in the normalised text", () => {
    for (const t of texts) {
      for (const language of ["en", "sv"] as const) {
        const runs = normaliseText(t).match(/\p{L}+|\p{N}+/gu) ?? [];
        expect(tokenize(t, language), t).toEqual(runs.flatMap((r) => tokenize(r, language)));
      }
    }
  });

  it("tokenizeWithOffsets places every term on a word the Unicode pattern finds", () => {
    for (const t of texts) {
      const words = new Map([...t.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => [m.index, m.index + m[0].length]));
      const tokens = tokenizeWithOffsets(t, "en");
      for (const tok of tokens) expect(words.get(tok.start), t).toBe(tok.end);
      const expected = [...words].flatMap(([s, e]) => tokenizeWithOffsets(t.slice(s, e), "en").map((x) => ({ ...x, start: x.start + s, end: x.end + s })));
      expect(tokens, t).toEqual(expected);
    }
  });

  it("languageEvidence counts the same words as the Unicode pattern over the first words only", () => {
    for (const t of texts) {
      for (const max of [0, 3, 400]) expect(languageEvidence(t, max), t).toEqual(referenceEvidence(t, max));
    }
  });
});
