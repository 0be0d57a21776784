/**
 * A quoted sentence must answer the asked subject, not only share its words (issue 10 §5, classes
 * of blind held-out wrong answers): a date or reason question's event (its act, its direction), a
 * "which X" question's X named rather than pointed back to ("the above X"), a "where" question's
 * place, a share's percentage. Made-up pages, not filings.
 */
import { describe, expect, it } from "vitest";
import { answerFromPages, classifyQuestion, type CandidatePage } from "@/lib/answers/narrative";

const page = (n: number, text: string): CandidatePage => ({ document: "ACME_2023_10K.pdf", page: n, citation: `(source: ACME_2023_10K.pdf, p.${n})`, text });
const ask = (q: string, text: string) => answerFromPages(q, [page(4, text)]);

describe("the asked event", () => {
  const announced = "In the second quarter of 2023, Acme announced its integration plan to combine the widget and gadget units into one company.";
  const implemented = "The integration will be implemented in stages, with full implementation expected in March 2025.";

  it("a date question about when a plan is implemented is not answered by the sentence announcing it", () => {
    const q = "When is Acme's integration plan expected to be fully implemented?";
    expect(classifyQuestion(q).event?.stems).toContain("implement");
    expect(ask(q, announced).quotes).toEqual([]);
    expect(ask(q, `${announced}\n\n${implemented}`).quotes[0]?.text).toMatch(/March 2025/);
  });

  it("a reason for a decrease is not the reason for an increase", () => {
    const q = "Why did Acme's services revenue decrease?";
    expect(classifyQuestion(q).event?.direction).toBe("down");
    const up = "Services revenue increased $20 million, driven by higher volumes in the consumer market.";
    expect(ask(q, up).quotes).toEqual([]);
    const down = "Services revenue decreased $35 million, primarily due to lower pricing in the consumer market.";
    expect(ask(q, `${up}\n\n${down}`).quotes[0]?.text).toMatch(/decreased \$35 million/);
  });
});

describe("the asked act of an amount", () => {
  it("'how much cash did X pay for income taxes' is not answered by the tax provision", () => {
    const q = "How much cash did Acme pay for income taxes, net of tax refunds, in 2023?";
    expect(ask(q, "Income taxes, net of tax refunds, reduced 2023 cash flow through a provision of $265 million.").quotes).toEqual([]);
    expect(ask(q, "In 2023, Acme paid income taxes, net of tax refunds, of $113 million in cash.").quotes[0]?.text).toMatch(/\$113 million/);
  });
});

describe("the asked period", () => {
  it("a reason given for another year does not answer why it changed in the asked year", () => {
    const q = "Why did Acme's widget revenue decrease in 2023?";
    expect(ask(q, "In 2021, widget revenue decreased $10 million primarily due to lower unit sales.").quotes).toEqual([]);
    expect(ask(q, "In 2023, widget revenue decreased $12 million primarily due to lower prices.").quotes[0]?.text).toMatch(/lower prices/);
  });
});

describe("the asked subject", () => {
  const assets = "Total assets decreased $2.0 billion in 2023, primarily due to lower cash and increased share repurchases.";
  const financing = "Cash used for financing activities totaled $4.1 billion in 2023, an increase of $0.8 billion compared with 2022. The increase was primarily due to increased share repurchases.";

  it("a reason for one figure's change is not the reason another figure changed", () => {
    const q = "Why did Acme's cash used for financing activities increase in 2023?";
    expect(classifyQuestion(q).event?.subject).toBe("activiti");
    expect(ask(q, assets).quotes).toEqual([]);
  });

  it("'The increase was due to …' is read with the sentence naming what increased", () => {
    const q = "Why did Acme's cash used for financing activities increase in 2023?";
    const quote = ask(q, `${assets}\n\n${financing}`).quotes[0]?.text ?? "";
    expect(quote).toMatch(/^Cash used for financing activities totaled/);
    expect(quote).toMatch(/The increase was primarily due to increased share repurchases\.$/);
  });
});

describe("the asked things named, not pointed back to", () => {
  it("'which defects' is not answered by a sentence about 'the above defects'", () => {
    const q = "Which defects are the class action lawsuits against Acme related to?";
    expect(classifyQuestion(q).referent).toBe("defect");
    const text = "Class action lawsuits relating to the above class of defects were filed in several states against Acme.";
    expect(ask(q, text).quotes).toEqual([]);
    const named = "Class action lawsuits relating to the defects known as Alpha and Beta were filed in several states against Acme.";
    expect(ask(q, named).quotes[0]?.text).toMatch(/Alpha and Beta/);
  });
});

describe("a place asked", () => {
  it("'where' needs a place named", () => {
    const q = "Where does Acme operate its warehouses?";
    expect(classifyQuestion(q).place).toBe(true);
    expect(ask(q, "We operate our warehouses with third-party logistics partners under long-term agreements.").quotes).toEqual([]);
    expect(ask(q, "We operate warehouses in Germany, Brazil and Japan under lease arrangements.").quotes[0]?.text).toMatch(/Germany/);
  });
});

describe("a share asked", () => {
  it("a market share needs a percentage, not a sentence about the market", () => {
    const q = "What was Acme's share of the European widget market in 2023?";
    expect(classifyQuestion(q).figure).toEqual(["share"]);
    const about = "Acme measures its competitive position within the European widget market, in which it competes with 12 large manufacturers, including share gains in 2023.";
    expect(ask(q, about).quotes).toEqual([]);
    expect(ask(q, "In 2023, Acme's share of the European widget market was 14%.").quotes[0]?.text).toMatch(/14%/);
  });
});
