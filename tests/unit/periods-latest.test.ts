import { describe, expect, it } from "vitest";
import { asksNewestColumn, asksPresent, isLatestPeriodArgument, isNewestPeriodWord, LATEST_WORDS } from "@/lib/periods";

describe("the one list of latest/now words", () => {
  it("a tool's period argument takes every newest-period word and the year words too", () => {
    for (const w of ["latest", "Most recent", "NOW", "current"]) {
      expect(isLatestPeriodArgument(w)).toBe(true);
      expect(isNewestPeriodWord(w)).toBe(true);
    }
    for (const w of ["last year", "TTM", "this year", "last fiscal year"]) {
      expect(isLatestPeriodArgument(w)).toBe(true);
      expect(isNewestPeriodWord(w)).toBe(false);
    }
  });

  it("period arguments are read whole, not as a word inside a longer text", () => {
    expect(isLatestPeriodArgument("the latest")).toBe(false);
    expect(isNewestPeriodWord("latest quarter")).toBe(false);
    expect(isNewestPeriodWord("current.")).toBe(false);
  });

  it("a question says as of now in prose, not by naming a newer report", () => {
    expect(asksPresent("Who is the CEO currently?")).toBe(true);
    expect(asksPresent("What is headcount these days")).toBe(true);
    expect(asksPresent("revenue at present")).toBe(true);
    expect(asksPresent("the newest filing's revenue")).toBe(false);
    expect(asksPresent("nowhere near")).toBe(false);
  });

  it("a row's newest column is asked by any word starting with current", () => {
    expect(asksNewestColumn("Current-year revenue")).toBe(true);
    expect(asksNewestColumn("currently reported assets")).toBe(true);
    expect(asksNewestColumn("the newest figure")).toBe(true);
    expect(asksNewestColumn("revenue today")).toBe(false);
    expect(asksNewestColumn("recurrent costs")).toBe(false);
  });

  it("every word in the list is read by some reader", () => {
    for (const w of LATEST_WORDS) expect(isLatestPeriodArgument(w) || asksPresent(w) || asksNewestColumn(w)).toBe(true);
  });
});
