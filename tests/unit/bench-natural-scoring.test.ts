/**
 * The natural check set's scorer, validated on the set's own gold texts without anyone reading
 * them: the file is read here programmatically and a failure names only item ids and which check
 * failed (the set is a check set: its golds are never printed).
 */
import { describe, expect, it } from "vitest";
import { loadNatural, type NaturalItem } from "@/bench/lib/natural-questions";
import { citesNaturalPage, scoreNatural } from "@/bench/lib/natural-scoring";

const items = loadNatural();

/** The next item (cyclically) of another type and another deal: its gold answers another question. */
function otherItem(i: number): NaturalItem {
  for (let k = 1; k < items.length; k++) {
    const o = items[(i + k) % items.length]!;
    if (o.type !== items[i]!.type && o.deal !== items[i]!.deal) return o;
  }
  throw new Error("no other item");
}

const failing = (check: (it: NaturalItem, i: number) => boolean) => items.filter((it, i) => !check(it, i)).map((it) => it.id);

describe("natural check set scorer", () => {
  it("reads every item of the set", () => {
    expect(items.length).toBeGreaterThan(50);
  });

  it("scores each item's own gold answer correct", () => {
    expect(failing((it) => scoreNatural(it, it.gold).verdict === "correct")).toEqual([]);
  });

  it("scores a plain refusal refused, or correct when the item is unanswerable", () => {
    const refusal = "I could not find this in the documents.";
    expect(failing((it) => scoreNatural(it, refusal).verdict === (it.type === "unanswerable" ? "correct" : "refused"))).toEqual([]);
  });

  it("scores another item's gold (other type, other deal) wrong", () => {
    expect(failing((it, i) => scoreNatural(it, otherItem(i).gold).verdict === "wrong")).toEqual([]);
  });

  it("scores the superseded answer of a now item wrong", () => {
    const stale = items.filter((it) => it.stale);
    expect(stale.length).toBeGreaterThan(0);
    expect(stale.filter((it) => scoreNatural(it, it.stale!.answer).verdict !== "wrong").map((it) => it.id)).toEqual([]);
  });

  it("counts a citation on a listed page of the same file, not another page or file", () => {
    const pages = { "ACME_2022_10K.pdf": [12, 40] };
    expect(citesNaturalPage([{ document: "ACME_2022_10K.pdf", page: 40 }], pages)).toBe(true);
    expect(citesNaturalPage([{ document: "ACME_2022_10K", page: 12 }], pages)).toBe(true);
    expect(citesNaturalPage([{ document: "ACME_2022_10K.pdf", page: 13 }, { document: "ACME_2021_10K.pdf", page: 12 }], pages)).toBe(false);
  });
});

describe("natural scorer on written figures", () => {
  const item = (numbers: NaturalItem["accept"]["numbers"], extra: Partial<NaturalItem> = {}): NaturalItem => ({
    id: "t", deal: "d", company: "Acme", files: ["ACME_2022_10K.pdf"], turns: ["acme figure 2022"], type: "figure", gold: "", accept: { numbers, any_regex: [], facts: [] }, pages: {}, ...extra,
  });
  const usd = (value: number) => item([{ value, unit: "USD", tol_rel: 0.01 }]);

  it("reads a figure with its scale word, a column scale or a currency code", () => {
    expect(scoreNatural(usd(10_708e6), "Revenue was $10.7 billion.").verdict).toBe("correct");
    expect(scoreNatural(usd(10_708e6), "Revenue was 10,708 million.").verdict).toBe("correct");
    expect(scoreNatural(usd(1_577e6), "Capex: USD 1,577 million.").verdict).toBe("correct");
    expect(scoreNatural(usd(1_577e6), "Capital expenditures (in millions): 1,577").verdict).toBe("correct");
    expect(scoreNatural(usd(1_577e6), "Capital expenditures were $1,577 thousand.").verdict).toBe("wrong");
    expect(scoreNatural(usd(10_708e6), "Revenue was $11.9 billion.").verdict).toBe("wrong");
  });

  it("reads multiples, percentages and counts", () => {
    expect(scoreNatural(item([{ value: 2.8, unit: "x", tol_rel: 0.02 }]), "Net debt to EBITDA is 2.8x.").verdict).toBe("correct");
    expect(scoreNatural(item([{ value: 43.3, unit: "%", tol_rel: 0.01 }]), "Gross margin was 43.3%.").verdict).toBe("correct");
    expect(scoreNatural(item([{ value: 43.3, unit: "%", tol_rel: 0.01 }]), "Gross margin was 43.3 million.").verdict).toBe("wrong");
    expect(scoreNatural(item([{ value: 164_000, unit: "employees", tol_rel: 0.01 }]), "About 164,000 people work there.").verdict).toBe("correct");
  });

  it("needs a sign for a negative value: a loss word, parentheses or a minus", () => {
    const loss = usd(-102e6);
    expect(scoreNatural(loss, "It reported a loss of $102 million.").verdict).toBe("correct");
    expect(scoreNatural(loss, "Other income (expense): $(102) million.").verdict).toBe("correct");
    expect(scoreNatural(loss, "Free cash flow was an outflow of $102 million.").verdict).toBe("correct");
    expect(scoreNatural(loss, "It earned $102 million.").verdict).toBe("wrong");
  });

  it("tells a refusal from a wrong answer and reads yes/no from the first sentence", () => {
    expect(scoreNatural(usd(5e9), "I couldn't find capex in the uploaded documents.").verdict).toBe("refused");
    expect(scoreNatural(usd(5e9), "Acme does not disclose this figure.").verdict).toBe("refused");
    const yn = item([], { type: "yes_no", accept: { numbers: [], any_regex: ["^\\W*no\\b"], facts: [] } });
    expect(scoreNatural(yn, "No. The company did not repurchase shares.").verdict).toBe("correct");
    expect(scoreNatural(yn, "No, it does not report a goodwill impairment for the year.").verdict).toBe("correct");
    expect(scoreNatural(yn, "Yes, it may repurchase shares. No limit applies.").verdict).toBe("wrong");
  });

  it("scores an unanswerable item correct when refused and wrong when a figure is asserted", () => {
    const un = item([], { type: "unanswerable", accept: { numbers: [], any_regex: ["not (?:disclosed|reported)"], facts: [] } });
    expect(scoreNatural(un, "The filings do not state unit sales.").verdict).toBe("correct");
    expect(scoreNatural(un, "Unit sales are not disclosed; revenue is reported instead.").verdict).toBe("correct");
    expect(scoreNatural(un, "Unit sales were 232 million.").verdict).toBe("wrong");
  });

  it("judges facts items on most facts covered, and a now item that gives the superseded value wrong", () => {
    const facts = item([], { type: "narrative", accept: { numbers: [], any_regex: [], facts: ["supply chain disruption from suppliers", "competition in consumer electronics", "foreign exchange volatility"] } });
    expect(scoreNatural(facts, "Risks: disruption of the supply chain and of suppliers; intense competition in consumer electronics.").verdict).toBe("correct");
    expect(scoreNatural(facts, "Risks: foreign exchange volatility.").verdict).toBe("wrong");
    const now = item([{ value: 20e9, unit: "USD", tol_rel: 0.01 }], { type: "now", stale: { answer: "$18.0 billion", pages: {} } });
    expect(scoreNatural(now, "Backlog was $18.0 billion.").why).toBe("gave the superseded value");
    expect(scoreNatural(now, "Backlog was $20.0 billion.").verdict).toBe("correct");
  });
});

describe("a figure written as a range or a loss", () => {
  const item = (numbers: Array<{ value: number; unit: string; tol_rel: number }>): NaturalItem =>
    ({ id: "x", deal: "d", company: "Acme", files: [], turns: ["acme q3 rev guide"], type: "figure", gold: "", accept: { numbers, any_regex: [], facts: [] }, pages: {} }) as unknown as NaturalItem;

  it("reads each end of a range with the scale word they share, whatever the dash", () => {
    const low = item([{ value: 11.5e9, unit: "USD", tol_rel: 0.005 }]);
    const high = item([{ value: 12.5e9, unit: "USD", tol_rel: 0.005 }]);
    for (const a of ["Revenue guidance is $11.5-12.5 billion.", "Revenue guidance is $11.5–$12.5 billion.", "Revenue guidance is $11.5 - 12.5 billion."]) {
      expect(scoreNatural(low, a).verdict, a).toBe("correct");
      expect(scoreNatural(high, a).verdict, a).toBe("correct");
    }
    expect(scoreNatural(low, "Revenue guidance is $13.5-14.5 billion.").verdict).toBe("wrong");
  });

  it("reads 'lost $X' as a negative figure, and a plain amount as none", () => {
    const loss = item([{ value: -2.37e9, unit: "USD", tol_rel: 0.005 }]);
    expect(scoreNatural(loss, "The segment lost $2,370 million in 2022.").verdict).toBe("correct");
    expect(scoreNatural(loss, "The segment earned $2,370 million in 2022.").verdict).toBe("wrong");
  });
});
