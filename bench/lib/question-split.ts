import type { Question } from "./corpus";

/**
 * Splits the dev questions by company so ranking changes can be tuned on one half and
 * checked on the other: companies in alphabetical order alternate between "in-sample"
 * (tune here) and "held-out" (report only). 47 questions are few; a company's questions
 * share one filing's wording, so splitting by question would leak.
 */
export type Half = "in-sample" | "held-out";

export function halfOf(questions: Question[]): (q: Question) => Half {
  const companies = [...new Set(questions.map((q) => q.company))].sort((a, b) => a.localeCompare(b));
  const half = new Map(companies.map((c, i) => [c, (i % 2 === 0 ? "in-sample" : "held-out") as Half]));
  return (q) => half.get(q.company)!;
}

/** Question-type groups reported by the retrieval bench ("narrative" = domain-relevant + novel-generated). */
export const TYPE_GROUPS: Array<[string, (q: Question) => boolean]> = [
  ["metrics-generated", (q) => q.questionType === "metrics-generated"],
  ["domain-relevant", (q) => q.questionType === "domain-relevant"],
  ["novel-generated", (q) => q.questionType === "novel-generated"],
  ["narrative", (q) => q.questionType !== "metrics-generated"],
  ["all", () => true],
];
