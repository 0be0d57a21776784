import { describe, expect, it } from "vitest";
import { embedLocal, LOCAL_EMBEDDING_DIMENSIONS } from "@/lib/models/local-embedder";

/**
 * The embedder as first written, with a Map from feature string to weight: embedLocal counts
 * features in a table keyed by their hashes instead (about a third faster), and must give the very same
 * vectors, or every stored embedding would stop matching the queries embedded after it.
 */
function reference(text: string, dims = LOCAL_EMBEDDING_DIMENSIONS): number[] {
  const fnv1a = (s: string) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    return h >>> 0;
  };
  const counts = new Map<string, number>();
  const bump = (k: string, w: number) => counts.set(k, (counts.get(k) ?? 0) + w);
  let prev: string | undefined;
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (w.length > 40) continue;
    bump(`w:${w}`, 1);
    if (prev) bump(`b:${prev} ${w}`, 0.5);
    prev = w;
    if (w.length >= 4 && !/^\d+$/.test(w)) {
      const padded = `<${w}>`;
      for (let i = 0; i + 4 <= padded.length; i++) bump(`c:${padded.slice(i, i + 4)}`, 0.25);
    }
  }
  const vec = new Float64Array(dims);
  for (const [k, c] of counts) {
    const h = fnv1a(k);
    vec[h % dims] += h & 0x80000000 ? -(1 + Math.log(c)) : 1 + Math.log(c);
  }
  let norm = 0;
  for (const v of vec) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  return Array.from(vec, (v) => v / norm);
}

const same = (text: string) => expect(embedLocal(text)).toEqual(reference(text));

describe("embedLocal", () => {
  it("gives the reference vectors bit for bit", () => {
    for (const text of [
      "", "a", "Revenue", "1234 5678", "Net sales increased 8% to $394.3 billion in fiscal 2022 compared to 2021.",
      "Omsättningen ökade med 12 % till 4 512 MSEK; rörelseresultatet (EBITA) uppgick till 611 MSEK.",
      "revenue revenue revenue, REVENUE: revenues; net revenue net revenue", `${"x".repeat(40)} ${"y".repeat(41)} z w`,
      "emoji 😀 split \ud800 surrogate Straße İstanbul ﬁnance Σίσυφος", "a b a b a b a b",
    ]) same(text);
  });

  it("keeps apart two features whose hashes are equal", () => {
    // FNV-1a("w:bwarxcrn") = FNV-1a("w:glessnvo") = 3793524557, and the 4-grams "мgδζ" and
    // "юàжy" share a hash too: merged, each pair would add 1 + ln 2 to its dimension instead of 2
    same("bwarxcrn glessnvo");
    same("glessnvo bwarxcrn glessnvo");
    same("xмgδζx xюàжyx");
    const v = embedLocal("bwarxcrn glessnvo");
    expect(v.filter((x) => x !== 0).length).toBeGreaterThan(0);
  });
});
