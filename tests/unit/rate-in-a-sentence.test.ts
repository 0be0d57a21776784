/**
 * A rate the filings state only in prose (employee turnover, attrition): the chat's evidence path
 * searches for its sentence, and a sentence giving it for several years ("… for 2021 and 2020 were
 * 5.8% and 4.7%, respectively") gives each year its own figure, in the writer and in Agent Mode's
 * gate alike: another year's figure never answers the year asked. Companies and figures are made up.
 */
import { describe, expect, it } from "vitest";
import { respectiveFigure, respectiveFigures } from "@/lib/agent/evidence/respectively";
import { writeStated } from "@/lib/agent/offline/answers-from/stated";
import { evidenceCalls } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";
import { readItems } from "@/lib/agent/reader/items";
import { checkItem } from "@/lib/agent/mode/item-gate";
import type { LegResult } from "@/lib/agent/mode/item-legs";

const ROOM = [{ name: "ACME INC.", tickers: ["ACME"] }];
const sentence = "Acme’s turnover rates for 2021 and 2020 were 5.8% and 4.7%, respectively.";
const cite = "(source: Annual_Report.pdf, p.30)";
const passage = { document: "Annual_Report.pdf", page: 30, text: `Acme generally has a stable workforce. ${sentence} Approximately 41% of employees have a tenure of more than 10 years.`, citation: cite };

describe("a figure a sentence gives for several years", () => {
  it("pairs each year with its figure, in the sentence's order, in several forms", () => {
    expect(respectiveFigures(sentence)).toEqual([{ figure: "5.8%", year: 2021 }, { figure: "4.7%", year: 2020 }]);
    expect(respectiveFigure("Sales were $1.2 billion, $1.1 billion and $0.9 billion in 2019, 2018 and 2017, respectively.", 2018)).toBe("$1.1 billion");
    expect(respectiveFigure("As of December 31, 2021 and 2020, occupancy was 91.2% and 89.5%, respectively.", 2020)).toBe("89.5%");
  });

  it("pairs nothing when the years and figures do not match one to one, or nothing says respectively", () => {
    expect(respectiveFigures("Rates for 2021 and 2020 were 5.8%, 4.7% and 3.1%, respectively.")).toEqual([]);
    expect(respectiveFigures("Attrition was 12% in 2022 compared with 9% in 2021.")).toEqual([]);
  });
});

describe("a rate stated only in prose", () => {
  it("is searched for as a sentence, on several wordings", () => {
    for (const q of ["What was Acme's employee turnover rate in 2021?", "acme attrition rate fy2021", "Staff turnover for 2021?"]) {
      const calls = evidenceCalls(readQuestion(q, ROOM));
      expect(calls?.[0]?.toolName, q).toBe("search_documents");
    }
  });

  it("answers each year asked with that year's figure of a '…, respectively' sentence", () => {
    for (const [q, figure] of [["Acme's employee turnover rate in 2021", "5.8%"], ["Acme's employee turnover rate in 2020", "4.7%"]] as const) {
      const text = writeStated({ company: "ACME INC.", passages: [passage], notes: [] } as never, readQuestion(q, ROOM).concepts[0]!, readQuestion(q, ROOM));
      expect(text, q).toContain(`**${figure}**`);
    }
  });
});

describe("the gate on a figure of a '…, respectively' sentence", () => {
  const source = { id: "d:30", documentId: "d", document: "Annual_Report.pdf", page: 30, excerpt: sentence, citation: cite, url: "/deals/x/documents/d?page=30" };
  const leg = (figure: string): LegResult => ({
    item: 1, question: "q", ms: 1, batch: 1, sources: [source],
    text: `ACME INC.: Employee attrition (fiscal 2021): **${figure}** — the filing states: "${sentence}" ${cite}`,
    toolCalls: [{ toolName: "search_documents", input: { query: "turnover rate 2021" }, output: { passages: [passage], notes: [] } }],
  });

  it("answers the year asked with its own figure, and never with another year's", () => {
    for (const request of ["What was Acme's employee turnover rate in 2021?", "Acme 2021 attrition rate"]) {
      const item = readItems(request, ["ACME INC."]).items[0]!;
      expect(checkItem(item, [leg("5.8%")], { companies: ["ACME INC."] }).status, request).toBe("answered");
      expect(checkItem(item, [leg("4.7%")], { companies: ["ACME INC."] }).status, request).not.toBe("answered");
    }
  });

  it("says a rate no passage states is not in the data room, though a passage names an amount beside the word", () => {
    const regulatory = "The Utility also requested attrition increases of $83 million in 2016 and $142 million in 2017.";
    const found = { document: "Annual_Report.pdf", page: 57, text: regulatory, citation: "(source: Annual_Report.pdf, p.57)" };
    for (const request of ["What was their voluntary employee turnover rate in 2015?", "Acme 2015 attrition rate"]) {
      const item = readItems(request, ["ACME INC."]).items[0]!;
      const none: LegResult = { item: 1, question: "q", ms: 1, batch: 1, sources: [], text: "I couldn't find a stated employee attrition for FY2015 in the documents.", toolCalls: [{ toolName: "search_documents", input: { query: "attrition rate 2015" }, output: { passages: [found], notes: [] } }] };
      expect(checkItem(item, [none], { companies: ["ACME INC."] }).status, request).toBe("not_covered");
    }
  });
});
