/**
 * A remark in brackets ("(the biz they're spinning)") names nothing asked; a figure named by its own
 * nouns before a verb of the move ("how much did content obligations grow") is that figure, never a
 * part of the company whose sales grew.
 */
import { describe, expect, it } from "vitest";
import { readQuestion } from "@/lib/agent/reader/read";

const ROOM = ["Quillfeather Software Corporation"];

describe("a remark in brackets", () => {
  it("leaves the part, the figure and the period as read without it, in three wordings", () => {
    for (const q of ["health care segment op margin 2022 (the biz they're spinning)", "health care op margin fy22 (the one they're selling off)", "health care sales 2022 (we think this is the spin)"]) {
      const r = readQuestion(q, ROOM);
      expect(r.scope, q).toBe("health care");
      expect(r.periods, q).toEqual(["FY2022"]);
    }
  });
  it("keeps a bracket that says what is asked", () => {
    expect(readQuestion("capex (ex china) 2022", ROOM).scope).toBe("ex china");
  });
});

describe("a figure named by its own nouns, moved", () => {
  it("is the figure whose move is asked, not a part's sales", () => {
    for (const q of ["how much did quillfeather content obligations grow between ye15 and ye17", "how much did content obligations rise from 2015 to 2017", "how much did the average check grow in 2022"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts, q).toEqual([]);
      expect(r.label, q).toMatch(/^(?:content obligations|average check)$/);
    }
  });
  it("still reads a part that grew as the part's sales", () => {
    for (const q of ["how much did the digital media segment grow in fy17", "how fast did quillfeather grow in apac in 2017"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
      expect(r.scope, q).toBeTruthy();
    }
  });
});

describe("a turn typed as a fragment", () => {
  it("reads two digits ending the question right after a figure's name as its year, never a model number or a count", () => {
    expect(readQuestion("qsc cash from ops 21", ROOM).periods).toEqual(["FY2021"]);
    expect(readQuestion("capex 22?", ROOM).periods).toEqual(["FY2022"]);
    expect(readQuestion("iphone 12 sales", ROOM).periods).toEqual([]);
    expect(readQuestion("revenue 45", ROOM).periods).toEqual([]);
  });
  it("reads a turn opening with a formula's operator as working on the figure before it, with its period", () => {
    const first = readQuestion("qsc cash from ops 21", ROOM);
    for (const q of ["ok and less capex?", "minus capex?", "net of capex", "after capex?"]) {
      const r = readQuestion(q, ROOM, first);
      expect(r.concepts.map((c) => c.id), q).toEqual(["free_cash_flow"]);
      expect(r.periods, q).toEqual(["FY2021"]);
    }
  });
});
