import { describe, expect, it } from "vitest";
import { citedLine, SourceRegistry } from "@/lib/agent/sources";

describe("the cited line of a finding's excerpt", () => {
  it("is the value's table row: its label and figures, not the next row", () => {
    expect(citedLine("Revenue 5,200 4,640 14,500 13,240 Cost of revenue (3,016) (2,552) (8,179) (7,282)", "5,200")).toBe("Revenue 5,200 4,640 14,500 13,240");
    expect(citedLine("Revenue 5,200 4,640 Cost of revenue (3,016) (2,552) Gross profit 2,184 2,088", "(3,016)")).toBe("Cost of revenue (3,016) (2,552)");
    expect(citedLine("EUR thousands Note 2023 Revenue 2 18,400 Cost of revenue (10,120)", "18,400")).toBe("Revenue 2 18,400");
  });

  it("is the sentence with the value in prose", () => {
    expect(citedLine("Demand held up in the quarter. Net sales grew by twelve percent to 4,310 as new customers came on board. Margins were stable.", "4,310")).toBe("Net sales grew by twelve percent to 4,310 as new customers came on board.");
  });

  it("is undefined when the value is not in the excerpt", () => {
    expect(citedLine("Revenue 5,200 4,640", "9,999")).toBeUndefined();
  });

  it("makes the source link mark that line", () => {
    const reg = new SourceRegistry("d");
    const ref = reg.add({ documentId: "doc", document: "q3.pdf", page: 3, excerpt: "Revenue 5,200 4,640 Cost of revenue (3,016) (2,552)", highlight: "Revenue 5,200 4,640" });
    expect(new URL(ref.url, "http://x").searchParams.get("highlight")).toBe("Revenue 5,200 4,640");
  });
});

describe("excerpts end at a sentence", () => {
  const long = `${"The company signed a framework agreement with a logistics group in the spring. ".repeat(3)}It also opened an office in Hamburg, where a sales team of six people now serves customers in the north of Germany and in Denmark, with more to come.`;

  it("a long viewer highlight stops at the end of a sentence", async () => {
    const { highlightText } = await import("@/lib/agent/sources");
    const h = highlightText(long);
    expect(h).toMatch(/\.$/);
    expect(long.startsWith(h)).toBe(true);
  });

  it("IRL evidence excerpts stop at a sentence's end, or at a word with an ellipsis", async () => {
    const { clipAtSentence } = await import("@/lib/irl/coverage-evidence");
    const e = clipAtSentence(long, 240);
    expect(e.length).toBeLessThanOrEqual(240);
    expect(e).toMatch(/spring\.$/);
    const words = clipAtSentence("word ".repeat(100), 50);
    expect(words).toMatch(/^(?:word )*word…$/);
  });
});
