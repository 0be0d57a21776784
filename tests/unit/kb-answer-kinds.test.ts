/** Which questions query_knowledge_base answers from figures or table cells, and which from passages only. */
import { describe, expect, it } from "vitest";
import { asksDateOrPlace, asksNoTableValue } from "@/lib/agent/knowledge/query";

describe("questions no figure or table cell answers", () => {
  it("a list, organisations, a reason, a date or a place is read from passages", () => {
    expect(asksNoTableValue("What are Acme's reportable segments?")).toBe(true);
    expect(asksNoTableValue("Who are Acme's largest customers?")).toBe(true);
    expect(asksNoTableValue("Why did Acme's services revenue decrease in 2023?")).toBe(true);
    expect(asksNoTableValue("On what date did Acme announce its restructuring plan?")).toBe(true);
    expect(asksNoTableValue("Where does Acme operate its warehouses?")).toBe(true);
    expect(asksDateOrPlace("When did Acme complete its acquisition of Widget Co?")).toBe(true);
  });

  it("a figure is still read from findings and tables", () => {
    expect(asksNoTableValue("What was Acme's segment operating income in FY2023?")).toBe(false);
    expect(asksNoTableValue("How many employees did Acme have at year-end 2023?")).toBe(false);
    expect(asksDateOrPlace("What was Acme's restructuring charge in Q2 2024?")).toBe(false);
    // a share of the company is a figure (a cap table cell), not organisations
    expect(asksNoTableValue("What share of the company does the CEO own?")).toBe(false);
    expect(asksNoTableValue("What percentage of the company do the founders hold?")).toBe(false);
    expect(asksNoTableValue("Which companies did Acme acquire in 2023?")).toBe(true);
  });
});

describe("a table row read for a name the question holds", () => {
  it("answers only when its label is about what is asked", async () => {
    const { rowFitsQuestion } = await import("@/lib/agent/knowledge/query");
    const { detectMetrics } = await import("@/lib/agent/knowledge/metrics");
    const q = "How much in punitive damages did the jury award against Acme Services in the employment lawsuit?";
    expect(rowFitsQuestion("Acme Services segment (segment assets)", q, detectMetrics(q))).toBe(false);
    const capex = "What was Acme's capital expenditure in FY2022?";
    expect(rowFitsQuestion("Purchases of property and equipment", capex, detectMetrics(capex))).toBe(true);
    expect(rowFitsQuestion("Acme Services segment revenue", "What was the Acme Services segment's revenue in FY2022?", [])).toBe(true);
  });
});
