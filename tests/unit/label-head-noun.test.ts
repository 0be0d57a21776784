/** Whether a printed row label names a thing as its head noun or only as a word modifying another (lib/agent/evidence/head-noun.ts). */
import { describe, expect, it } from "vitest";
import { namesAsHead } from "@/lib/agent/evidence/head-noun";
import { tokens } from "@/lib/agent/concepts/match";

const stems = (s: string) => tokens(s).map((t) => t.stem);
const heads = (label: string, item: string) => namesAsHead([label], stems(item));

describe("a label's head noun", () => {
  it("is the word before a preposition, punctuation or a measure word", () => {
    expect(heads("Employees (in thousands)", "employees")).toBe(true);
    expect(heads("Number of employees", "employees")).toBe(true);
    expect(heads("Gross margin percentage", "gross margin")).toBe(true);
    expect(heads("Full time equivalent headcount", "headcount")).toBe(true);
  });

  it("ends before a participle that attaches the rest ('Earnings per share attributable to … – diluted')", () => {
    expect(heads("Earnings per share attributable to common shareholders – diluted", "earnings per share")).toBe(true);
  });

  it("is not a word that modifies the next, nor one joined to it by a hyphen", () => {
    expect(heads("Proceeds from employee stock plans", "employees")).toBe(false);
    expect(heads("Employee share-based payments", "employees")).toBe(false);
    expect(heads("(Millions) Employee-Related", "employees")).toBe(false);
  });
});

describe("a table title's subject before its verb", () => {
  it("names the subject as its head ('… consisted of the following', '… was as follows')", () => {
    expect(heads("Remaining performance obligation consisted of the following (in billions)", "remaining performance obligation")).toBe(true);
    expect(heads("Backlog was as follows (in millions)", "backlog")).toBe(true);
    expect(heads("Inventories comprised the following", "inventories")).toBe(true);
    // …and a word modifying the subject is still no head
    expect(heads("Employee benefit obligations consisted of the following", "employees")).toBe(false);
  });
});
