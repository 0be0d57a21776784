import { describe, expect, it, vi } from "vitest";

/**
 * locateHighlight must do work linear in the page and the highlight (a ~5,000-word `?highlight=`
 * took 10 s of CPU when every word count re-read the page). Work is counted as characters
 * canonicalised, not wall time.
 */
const work = vi.hoisted(() => ({ chars: 0 }));
vi.mock("@/lib/extraction/citation", async (importOriginal) => {
  const m = await importOriginal<typeof import("@/lib/extraction/citation")>();
  return {
    ...m,
    canonicalize: (s: string) => {
      work.chars += s.length;
      return m.canonicalize(s);
    },
  };
});

const { locateHighlight, longestPrefixIn, MAX_HIGHLIGHT_CHARS } = await import("@/lib/ui/highlight");
const { canonicalize, locateExcerpt } = await import("@/lib/extraction/citation");

/** The previous implementation, kept as the oracle for what is matched (quadratic, small inputs only). */
function oracle(text: string, highlight: string): { start: number; end: number }[] {
  const insensitive = (ex0: string) => {
    const pc = canonicalize(text);
    const ex = canonicalize(ex0).text.trim().toLowerCase();
    if (!ex) return null;
    const idx = pc.text.toLowerCase().indexOf(ex);
    return idx < 0 ? null : { start: pc.map[idx]!, end: pc.map[idx + ex.length - 1]! + 1 };
  };
  const one = (ex: string) => locateExcerpt(text, ex) ?? insensitive(ex);
  const words = highlight.split(" ");
  const hit = one(highlight);
  if (hit) return [hit];
  let found = null;
  for (let n = words.length - 1; n >= 3 && !found; n--) found = one(words.slice(0, n).join(" "));
  for (let n = words.length - 1; n >= 3 && !found; n--) found = one(words.slice(words.length - n).join(" "));
  return found ? [found] : [];
}

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

describe("locateHighlight stays linear and bounded", () => {
  const vocab = ["revenue", "rose", "the", "Quarter", "to", "EUR", "5.2", "million", "driven", "by", "subscriptions", "and", "costs"];
  const page = Array.from({ length: 20_000 }, (_, i) => vocab[(i * 7) % vocab.length]).join(" ");

  it("reads a 5,000-word highlight on a 20,000-word page with work proportional to their sizes", () => {
    const highlight = Array.from({ length: 5_000 }, (_, i) => `w${i}`).join(" ");
    work.chars = 0;
    locateHighlight(page, highlight);
    expect(work.chars).toBeLessThan(4 * (page.length + highlight.length));
  });

  it("reads a long highlight that falls back to its opening words with bounded work", () => {
    const highlight = `${page.slice(0, 200)} ${Array.from({ length: 3_000 }, (_, i) => `x${i}`).join(" ")}`;
    work.chars = 0;
    const [r] = locateHighlight(page, highlight);
    expect(r).toBeDefined();
    expect(work.chars).toBeLessThan(4 * (page.length + MAX_HIGHLIGHT_CHARS));
  });

  it("matches what the word-by-word search matched, on random pages and highlights", () => {
    const rnd = seeded(11);
    const pick = () => vocab[Math.floor(rnd() * vocab.length)]!;
    for (let t = 0; t < 300; t++) {
      const text = Array.from({ length: 40 + Math.floor(rnd() * 40) }, pick).join(rnd() < 0.3 ? "\n" : " ");
      const words = text.split(/\s+/);
      const at = Math.floor(rnd() * (words.length - 8));
      const taken = words.slice(at, at + 4 + Math.floor(rnd() * 6));
      const h = rnd() < 0.5 ? [...taken, "zzz", "yyy"] : ["zzz", "yyy", ...taken];
      if (rnd() < 0.3) h[0] = h[0]!.toUpperCase();
      expect(locateHighlight(text, h.join(" ")), `${text} | ${h.join(" ")}`).toEqual(oracle(text, h.join(" ")));
    }
  });

  it("longestPrefixIn is the longest prefix of the pattern found in the text", () => {
    const c = (s: string) => Array.from(s, (ch) => ch.charCodeAt(0));
    expect(longestPrefixIn(c("abcx"), c("zzabcabzz"))).toBe(3);
    expect(longestPrefixIn(c("abc"), c("zzabcabc"))).toBe(3);
    expect(longestPrefixIn(c("q"), c("abc"))).toBe(0);
    expect(longestPrefixIn(c("ab"), [0, 97, 98])).toBe(2);
  });
});
