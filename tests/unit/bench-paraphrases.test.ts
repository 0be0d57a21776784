/**
 * The paraphrase set of bench/answers.ts: rewordings are read with their original's gold and
 * question, the originals join the run, and the per-class summary counts ratios and agreement.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Outcome } from "@/bench/lib/answers-report";
import { loadParaphrases, paraphraseSummary } from "@/bench/lib/paraphrases";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/paraphrases-sample.jsonl");

describe("paraphrase set", () => {
  const qs = loadParaphrases(FIXTURE);

  it("asks each reworded question's original once, and every rewording with the original's gold and question", () => {
    const originals = qs.filter((q) => q.wording === "original");
    expect(originals.map((q) => `${q.set}/${q.id}`).sort()).toEqual(["dev/financebench_id_03282", "own/own-055"]);
    for (const q of qs.filter((x) => x.wording !== "original")) {
      const o = originals.find((x) => q.id.startsWith(`${x.id}~`))!;
      expect(q.gold).toBe(o.gold);
      expect(q.scoreQuestion).toBe(o.question);
      expect(q.question).not.toBe(o.question);
      expect(q.set).toBe(o.set);
      expect(q.companyKey).toBe(o.companyKey);
    }
    expect(qs).toHaveLength(8);
  });

  it("reports each class beside the original, the ratio of correct counts and the share of questions whose four wordings agree", () => {
    const verdicts: Record<string, Outcome["manda"]["verdict"]> = {
      "financebench_id_03282": "correct", "financebench_id_03282~terse": "correct", "financebench_id_03282~company_first": "correct", "financebench_id_03282~conversational": "correct",
      "own-055": "correct", "own-055~terse": "abstained", "own-055~company_first": "wrong", "own-055~conversational": "correct",
    };
    const outcomes = qs.map((q) => ({ q, manda: { verdict: verdicts[q.id]! } }) as Outcome);
    const s = paraphraseSummary(outcomes);
    expect(s.classes.original).toEqual({ n: 2, correct: 2, wrong: 0, abstained: 0 });
    expect(s.classes.terse).toEqual({ n: 2, correct: 1, wrong: 0, abstained: 1 });
    expect(s.ratioToOriginal).toEqual({ terse: 0.5, company_first: 0.5, conversational: 1 });
    expect(s.agreement).toEqual({ questions: 2, agree: 1, rate: 0.5 });
  });
});
