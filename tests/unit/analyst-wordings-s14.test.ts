/**
 * Readings of "why" questions that name a business and a move but no figure: a business that grew or
 * shrank moved in its sales ("why did the retail unit shrink", "why did acme grow"); a move of a
 * figure's word ("why did margins drop") names no business and is never read as one's sales.
 */
import { describe, expect, it } from "vitest";
import { readQuestion } from "@/lib/agent/reader/read";

const ROOM = [{ name: "ACME INC.", tickers: ["ACME"] }];
const read = (q: string) => readQuestion(q, ROOM);

describe("a why question about a business that grew or shrank", () => {
  it("reads the part's sales and the way they moved", () => {
    for (const [q, part, direction] of [
      ["why did harbor devices shrink at acme in fy23", "harbor devices", "down"],
      ["why did the marine business grow so fast in 2023", "marine", "up"],
      ["why did gaming decline in fy23", "gaming", "down"],
      ["Why did Coastal Systems contract last year?", "Coastal Systems", "down"],
    ] as const) {
      const r = read(q);
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
      expect(r.scope, q).toBe(part);
      expect(r.reason, q).toBe(true);
      expect(r.direction, q).toBe(direction);
    }
  });

  it("reads the company's sales when the company itself grew or shrank", () => {
    for (const q of ["why did acme grow in fy22", "why did ACME shrink in 2020?"]) {
      const r = read(q);
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
      expect(r.scope, q).toBeUndefined();
    }
  });

  it("reads no sales when the words moving are a figure's or a measure's", () => {
    for (const q of ["why did margins drop", "why did the stock drop in 2022", "why did costs fall in 2021"]) {
      expect(read(q).concepts.map((c) => c.id), q).not.toContain("revenue");
    }
  });

  it("keeps the figure named: a part's move of another figure is that figure's", () => {
    expect(read("why did opex jump at acme in 2022").concepts.map((c) => c.id)).toEqual(["operating_expenses"]);
    expect(read("why did the defense business lose money in 2022").concepts.map((c) => c.id)).toEqual(["net_income"]);
  });
});
