/**
 * A yes/no question about which way a figure moved ("japan net sales down fy2022?", "did gross
 * margin improve", "is revenue going up") is read as a change between the asked year and the one
 * before, and answered yes or no from the two values, never from a sentence that mentions a fall.
 * Phrasal verbs ("make up", "pay down") and thresholds ("higher than 30%") say no direction.
 */
import { describe, expect, it } from "vitest";
import { conceptById } from "@/lib/agent/concepts/catalog";
import type { LineItemRow } from "@/lib/agent/evidence/line-items";
import { writeDirectionRow } from "@/lib/agent/offline/answers-from/rows";
import { evidenceCalls } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";

const ROOM = ["ALDERWICK INSTRUMENTS, INC."];
const read = (q: string) => readQuestion(q, ROOM);

const row = (values: Array<[string, number]>): LineItemRow => ({
  item: "x", match: "label", label: "Japan", source: "table", table: { title: "Net sales by reportable segment", headings: [] }, scale: 1e6, currency: "USD",
  columns: values.map(([period, v]) => ({ period, months: 12, value: v * 1e6, printed: String(v) })), document: "ACME_2022_10K.pdf", page: 40, row: "Japan x", citation: "(source: ACME_2022_10K.pdf, p.40)",
});

describe("direction questions", () => {
  it("reads four wordings of a fall as one yes/no change over the year asked and the year before", () => {
    for (const q of ["alderwick japan net sales down fy2022?", "Did Alderwick's Japan net sales decline in FY2022?", "alderwick: japan revenue fell in 2022?", "were japan sales lower for alderwick in fiscal 2022"]) {
      const r = read(q);
      expect(r, q).toMatchObject({ polar: true, direction: "down", periods: ["FY2021", "FY2022"] });
      expect(r.scope?.toLowerCase(), q).toBe("japan");
      expect(r.concepts[0]?.id, q).toBe("revenue");
    }
  });

  it("reads a rise and an improvement as the up direction, with the figure's own call", () => {
    expect(read("alderwick gross margin improve in 2022?")).toMatchObject({ polar: true, direction: "up", periods: ["FY2021", "FY2022"] });
    expect(read("is alderwick's debt going up")).toMatchObject({ polar: true, direction: "up" });
    expect(evidenceCalls(read("did alderwick revenue rise in 2022?"))?.[0]).toMatchObject({ toolName: "get_line_items", input: { items: ["revenue"], periods: ["FY2021", "FY2022"] } });
  });

  it("reads no direction in phrasal verbs, thresholds or a question for the size of a change", () => {
    expect(read("do any product categories make up more than 20% of alderwick revenue in 2022?").direction).toBeUndefined();
    expect(read("did alderwick pay down debt in 2022?").direction).toBeUndefined();
    expect(read("is alderwick's operating margin higher than 30%?").direction).toBeUndefined();
    expect(read("by how much did alderwick revenue decline in 2022?").polar).toBe(false);
  });

  it("answers yes or no from the two values, with both and the change", () => {
    const japan = conceptById("revenue")!;
    const fell = writeDirectionRow(row([["FY2021", 28_482], ["FY2022", 25_977]]), japan, read("alderwick japan net sales down fy2022?"));
    expect(fell).toMatch(/^Yes — .*fell from \*\*USD 28,482 million\*\* \(fiscal 2021\) to \*\*USD 25,977 million\*\* \(fiscal 2022\), −8\.8%/);
    const rose = writeDirectionRow(row([["FY2021", 25_977], ["FY2022", 28_482]]), japan, read("alderwick japan net sales down fy2022?"));
    expect(rose).toMatch(/^No — .*rose from/);
    expect(writeDirectionRow(row([["FY2022", 25_977]]), japan, read("alderwick japan net sales down fy2022?"))).toBeNull();
  });
});

describe("a comparison of two periods with \"than\"", () => {
  it("reads a comparative with \"than\" as a move, in three wordings each way", () => {
    for (const q of ["did alderwick buy back more stock in fy22 than in fy21", "were there more buybacks in 2022 than 2021?", "was revenue greater in fy2022 than in fy2021?"]) {
      expect(readQuestion(q, ROOM).direction, q).toBe("up");
    }
    for (const q of ["did alderwick buy back less stock in fy22 than fy21?", "fewer employees in 2022 than in 2021?", "was capex smaller in 2022 than 2021"]) {
      expect(readQuestion(q, ROOM).direction, q).toBe("down");
    }
  });

  it("asks the other way when the period before \"than\" is the earlier one", () => {
    expect(readQuestion("was revenue higher in 2021 than in 2022", ROOM).direction).toBe("down");
    expect(readQuestion("did alderwick buy back less stock in fy21 than fy22?", ROOM).direction).toBe("up");
    expect(readQuestion("was revenue higher in 2022 than in 2021", ROOM).direction).toBe("up");
  });

  it("leaves a value after \"more than\" a threshold, not a move", () => {
    const r = readQuestion("more than $80bn of buybacks in 2022?", ROOM);
    expect(r.direction).toBeUndefined();
    expect(r.threshold?.side).toBe("above");
  });
});

describe("comparison signs and a side of zero as a predicate", () => {
  it("reads >, >=, < and <= as their words", () => {
    expect(readQuestion("alderwick buybacks > $80B in fiscal 22?", ROOM).threshold).toMatchObject({ side: "above", inclusive: false, value: 80e9 });
    expect(readQuestion("gross margin >= 40% in 2022?", ROOM).threshold).toMatchObject({ side: "above", inclusive: true, value: 40 });
    expect(readQuestion("capex < 1bn in 2019?", ROOM).threshold).toMatchObject({ side: "below", value: 1e9 });
    expect(readQuestion("capex <= $1bn in 2019?", ROOM).threshold).toMatchObject({ side: "below", inclusive: true });
    expect(readQuestion("revenue 2021->2022", ROOM).threshold).toBeUndefined();
  });

  it("reads \"positive\" and \"negative\" after a figure as its sign, not before a noun", () => {
    expect(readQuestion("was alderwick fcf positive in 2015?", ROOM).sign).toBe("profit");
    expect(readQuestion("was operating cash flow negative in 2020", ROOM).sign).toBe("loss");
    expect(readQuestion("is free cash flow negative?", ROOM).sign).toBe("loss");
    expect(readQuestion("did fx have a positive impact on revenue in 2022?", ROOM).sign).toBeUndefined();
  });
});
