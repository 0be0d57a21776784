/** One reader of years as text writes them: a year word, the years a text names, and the year of a label. */
import { describe, expect, it } from "vitest";
import { isYearWord, withoutYearWords, yearOfLabel, yearsWritten, yearWordsIn } from "@/lib/periods/years";

describe("years as text writes them", () => {
  it("takes 19xx and 20xx alone as year words, and no other number", () => {
    expect(["1999", "2022", "2099"].every(isYearWord)).toBe(true);
    expect(["1899", "2100", "20222", "FY2022", "2,022"].some(isYearWord)).toBe(false);
  });

  it("reads the years a text names, joined to letters or not, never inside a longer number", () => {
    expect(yearsWritten("FY2022 vs 2021; Q3 2024")).toEqual([2022, 2021, 2024]);
    expect(yearsWritten("12019 units and 20221")).toEqual([]);
  });

  it("takes out only the years that stand as words, leaving the figures", () => {
    expect(yearWordsIn("in 2022 and 2021, up from FY2020")).toEqual(["2022", "2021"]);
    expect(withoutYearWords("revenue of 5,300 in 2022")).toBe("revenue of 5,300 in ");
  });

  it("reads the year of a period label, 0 when it names none", () => {
    expect([yearOfLabel("FY2022"), yearOfLabel("Q3 2024"), yearOfLabel(null), yearOfLabel("latest")]).toEqual([2022, 2024, 0, 0]);
  });
});
