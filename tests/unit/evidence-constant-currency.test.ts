/**
 * Growth at constant currency: the reader marks the basis however the analyst words it (also in a
 * follow-up), get_line_items reads a row's change columns from the headings printed above it (three
 * table shapes), and the answer gives the constant-currency change with the reported one beside it,
 * from a column or a sentence stating it on that basis; never the reported change in its place.
 */
import { describe, expect, it } from "vitest";
import { conceptById } from "@/lib/agent/concepts/catalog";
import { changeColumns } from "@/lib/agent/evidence/change-columns";
import type { LineItemRow, LineItemsOutput } from "@/lib/agent/evidence/line-items";
import type { Passage } from "@/lib/agent/evidence/passages";
import { writeBasisNotFound, writeBasisRow, writeBasisStated } from "@/lib/agent/offline/answers-from/constant-currency";
import { evidenceAnswer, evidenceCalls, stepsFor } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";

const ROOM = [{ name: "ACME INC.", tickers: ["ACME"] }];
const revenue = conceptById("revenue")!;
const gmv = conceptById("gmv")!;

const passage = (text: string, page = 40, period = "FY2023"): Passage => ({ document: "ACME_2023_10K.pdf", period, page, charStart: 0, charEnd: text.length, text, citation: `(source: ACME_2023_10K.pdf, p.${page})` });
const row = (label: string, printed: string, cols: Array<[string, number]>, more: Partial<LineItemRow> = {}): LineItemRow => ({
  item: "x", match: "label", label, source: "table", table: { title: "Total Revenues and Operating Expenses", headings: ["Total Revenues by Geography"] }, scale: 1e6, currency: "USD",
  columns: cols.map(([period, v]) => ({ period, months: 12, value: v * 1e6, printed: v.toLocaleString("en-US") })), document: "ACME_2023_10K.pdf", page: 45, row: printed, citation: "(source: ACME_2023_10K.pdf, p.45)", ...more,
});

describe("the reader marks a change asked at constant currency", () => {
  it("in every wording of the basis, taking the words out of the part and label", () => {
    const wordings: Array<[string, string | undefined]> = [
      ["acme emea rev fy23, growth in cc?", "emea"],
      ["acme emea revenue growth fy23 ex-fx", "emea"],
      ["emea revenue growth fiscal 2023 excluding currency changes", "emea"],
      ["acme revenue growth fy23 currency neutral", undefined],
      ["fx-neutral revenue growth 2023", undefined],
      ["revenue growth in 2023 on a constant currency basis", undefined],
    ];
    for (const [q, scope] of wordings) {
      const r = readQuestion(q, ROOM);
      expect(r.basis, q).toBe("constant_currency");
      expect(r.aggregate, q).toBe("growth");
      expect(r.concepts[0]?.id, q).toBe("revenue");
      expect(r.scope, q).toBe(scope);
      expect(r.label, q).toBeUndefined();
      expect(r.periods, q).toEqual(["FY2023"]);
    }
  });

  it("asks a part's sales when a part's constant-currency growth is asked without a figure", () => {
    const r = readQuestion("constant currency growth of the widgets segment", ROOM);
    expect(r.basis).toBe("constant_currency");
    expect(r.concepts[0]?.id).toBe("revenue");
    expect(r.scope).toBe("widgets");
  });

  it("carries the figure and period of the turn before into a follow-up asking the change on that basis", () => {
    for (const q of ["how much was that down ex-fx", "and in cc?", "what was the growth excluding currency?"]) {
      const r = readQuestion(q, ROOM, readQuestion("acme gmv fy22?", ROOM));
      expect(r.basis, q).toBe("constant_currency");
      expect(r.concepts[0]?.id, q).toBe("gmv");
      expect(r.periods, q).toEqual(["FY2021", "FY2022"]);
      expect(r.aggregate, q).toBe("growth");
    }
  });

  it("leaves a change asked without the basis words on the reported basis", () => {
    expect(readQuestion("acme revenue growth fy23", ROOM).basis).toBeUndefined();
    expect(readQuestion("foreign currency translation adjustment 2023", ROOM).basis).toBeUndefined();
  });

  it("asks the row's change columns first, then the sentences stating the basis", () => {
    const r = readQuestion("acme emea rev fy23, growth in cc?", ROOM);
    expect(stepsFor(r)).toEqual(["basisRows", "basisSentence"]);
    expect(evidenceCalls(r)?.[0]).toMatchObject({ toolName: "get_line_items", input: { items: ["emea revenue", "emea"], periods: ["FY2022", "FY2023"] } });
  });
});

describe("a row's change columns, read from the headings above it", () => {
  it("reads a single pair under 'Percent Change — Actual / Constant'", () => {
    const page = ["Management's discussion", "Total Revenues and Operating Expenses", "Year Ended May 31,", "Percent Change", "(Dollars in millions) 2023 Actual Constant 2022", "Total Revenues by Geography:", "Americas $ 31,226 32% 32% $ 23,679", "EMEA 12,109 1% 8% 12,011", "Total revenues 49,954 18% 22% 42,440"].join("\n");
    const got = changeColumns(page, "EMEA 12,109 1% 8% 12,011", [{ period: "FY2023", value: 12_109 }, { period: "FY2022", value: 12_011 }]);
    expect(got).toEqual([
      { basis: "reported", printed: "1%", value: 1, from: "FY2022", to: "FY2023", heading: "Actual" },
      { basis: "constant_currency", printed: "8%", value: 8, from: "FY2022", to: "FY2023", heading: "Constant" },
    ]);
  });

  it("reads two pairs under 'As Reported / FX-Neutral', the spanning '% Change' no column of its own", () => {
    const page = ["The following table presents net revenues and GMV for the periods indicated (in millions, except percentages), as the business reports them to the board:", "Year Ended December 31, % Change Year Ended December 31, % Change", "2022 2021 As Reported FX-Neutral 2021 2020 As Reported FX-Neutral", "Net revenues $ 9,795 $ 10,420 (6)% (4)% $ 10,420 $ 8,894 17 % 15 %", "Supplemental data:", "GMV $ 73,900 $ 87,365 (15)% (11)% $ 87,365 $ 87,608 — % (3)%"].join("\n");
    const got = changeColumns(page, "GMV $ 73,900 $ 87,365 (15)% (11)% $ 87,365 $ 87,608 — % (3)%", [{ period: "FY2022", value: 73_900 }, { period: "FY2021", value: 87_365 }, { period: "FY2020", value: 87_608 }]);
    expect(got.map((c) => [c.basis, c.value, c.from, c.to])).toEqual([
      ["reported", -15, "FY2021", "FY2022"],
      ["constant_currency", -11, "FY2021", "FY2022"],
      ["reported", 0, "FY2020", "FY2021"],
      ["constant_currency", -3, "FY2020", "FY2021"],
    ]);
  });

  it("reads headings wrapped a word a line, with the row's amounts placed under the headings' years", () => {
    const page = ["REVENUES", "(Dollars in millions)", "FISCAL", "2023", "FISCAL", "2022", "%", "CHANGE", "% CHANGE", "EXCLUDING", "CURRENCY", "CHANGES", "(1) FISCAL", "2021", "%", "CHANGE", "% CHANGE", "EXCLUDING", "CURRENCY", "CHANGES", "(1)", "Revenues by:", "Widgets $ 33,135 $ 29,143 14 % 20 % $ 28,021 4 % 4 %", "TOTAL REVENUES $ 51,217 $ 46,710 10 % 16 % $ 44,538 5 % 6 %"].join("\n");
    const got = changeColumns(page, "TOTAL REVENUES $ 51,217 $ 46,710 10 % 16 % $ 44,538 5 % 6 %", [{ period: "FY2023", value: 51_217, printed: "51,217" }]);
    expect(got.filter((c) => c.basis === "constant_currency").map((c) => [c.value, c.from, c.to])).toEqual([
      [16, "FY2022", "FY2023"],
      [6, "FY2021", "FY2022"],
    ]);
  });

  it("reads nothing when the reported percentage is not the change the amounts give, or no heading names the basis", () => {
    const shifted = ["Percent Change", "2023 Actual Constant 2022", "EMEA 12,109 8% 1% 12,011"].join("\n");
    expect(changeColumns(shifted, "EMEA 12,109 8% 1% 12,011", [{ period: "FY2023", value: 12_109 }, { period: "FY2022", value: 12_011 }])).toEqual([]);
    const reportedOnly = ["(in millions) 2023 2022 % Change", "EMEA 12,109 12,011 1%"].join("\n");
    expect(changeColumns(reportedOnly, "EMEA 12,109 12,011 1%", [{ period: "FY2023", value: 12_109 }, { period: "FY2022", value: 12_011 }])).toEqual([]);
  });
});

describe("the answer from a row's constant-currency column", () => {
  const cc = (rep: number, c: number, from = "FY2022", to = "FY2023") => [
    { basis: "reported" as const, printed: `${rep}%`, value: rep, from, to, heading: "Actual" },
    { basis: "constant_currency" as const, printed: `${c}%`, value: c, from, to, heading: "Constant" },
  ];
  const rows: LineItemsOutput = {
    company: "ACME INC.",
    notFound: [],
    notes: [],
    rows: [
      row("EMEA", "EMEA 933 -2% 3% 949", [["FY2023", 933], ["FY2022", 949]], { table: { title: "Hardware Business", headings: ["Hardware Revenues"] }, changes: cc(-2, 3) }),
      row("EMEA", "EMEA 12,109 1% 8% 12,011", [["FY2023", 12_109], ["FY2022", 12_011]], { changes: cc(1, 8) }),
      row("Total revenues", "Total revenues 49,954 50,000", [["FY2023", 49_954], ["FY2022", 42_440]], { source: "statement", table: undefined }),
      row("Total revenues", "Total revenues 3,274 3% 6% 3,183", [["FY2023", 3_274], ["FY2022", 3_183]], { table: { title: "Hardware Business", headings: ["Hardware Revenues"] }, changes: cc(3, 6) }),
      row("Total revenues", "Total revenues 49,954 18% 22% 42,440", [["FY2023", 49_954], ["FY2022", 42_440]], { changes: cc(18, 22) }),
    ],
  };

  it("gives a part's constant-currency change with the reported one, from the table of the whole figure, in three wordings", () => {
    for (const q of ["acme emea rev fy23, growth in cc?", "emea revenue growth fiscal 2023 excluding currency changes", "what was emea revenue growth in constant currency in 2023"]) {
      const text = writeBasisRow(rows, revenue, readQuestion(q, ROOM));
      expect(text, q).toMatch(/\*\*\+8% at constant currency\*\*/);
      expect(text, q).toMatch(/\+1% as reported/);
      expect(text, q).toMatch(/p\.45/);
    }
  });

  it("gives the company's own constant-currency change: the row whose amounts are its statement line's", () => {
    for (const q of ["acme revenue growth fy23 currency neutral", "fx-neutral revenue growth 2023", "total revenue fy2023, growth ex-fx?"]) {
      expect(writeBasisRow(rows, revenue, readQuestion(q, ROOM)), q).toMatch(/\*\*\+22% at constant currency\*\*.*\+18% as reported/);
    }
  });

  it("gives nothing when no row prints a constant-currency change for the years asked", () => {
    expect(writeBasisRow(rows, revenue, readQuestion("emea revenue growth fy22 in cc", ROOM))).toBeNull();
  });

  it("reads a second filer's shape: a figure's row beside its FX-Neutral column, asked as a follow-up", () => {
    const gmvRows: LineItemsOutput = {
      company: "GLOBEX CORP",
      notFound: [],
      notes: [],
      rows: [
        row("GMV", "GMV $ 73,900 $ 87,365 (15)% (11)%", [["FY2022", 73_900], ["FY2021", 87_365]], {
          table: { title: "net revenues, GMV and take rate", headings: [] },
          changes: [
            { basis: "reported", printed: "(15)%", value: -15, from: "FY2021", to: "FY2022", heading: "As Reported" },
            { basis: "constant_currency", printed: "(11)%", value: -11, from: "FY2021", to: "FY2022", heading: "FX-Neutral" },
          ],
        }),
      ],
    };
    const room = [{ name: "GLOBEX CORP", tickers: ["GBX"] }];
    for (const q of ["how much was that down ex-fx", "and in cc?", "what was the growth excluding currency?"]) {
      const r = readQuestion(q, room, readQuestion("gbx gmv fy22?", room));
      const text = writeBasisRow(gmvRows, gmv, r);
      expect(text, q).toMatch(/\*\*−11% at constant currency\*\* \(column "FX-Neutral"\); −15% as reported/);
    }
  });
});

describe("the answer from a sentence stating the change on that basis", () => {
  const out = (...texts: string[]) => ({ company: "ACME INC.", passages: texts.map((t, i) => passage(t, 30 + i)), notes: [] });

  it("reads the figure the basis words qualify, in three sentence shapes", () => {
    const cases: Array<[string, string]> = [
      ["Revenue was $211.9 billion and increased 7% (11% in constant currency) in fiscal year 2023.", "11%"],
      ["• ACME Inc. Revenues were $51.2 billion in fiscal 2023, which increased 10% and 16% compared to fiscal 2022 on a reported and currency-neutral basis, respectively.", "16%"],
      ["In fiscal 2023, revenues increased 4% on an FX-neutral basis, driven by volume.", "4%"],
    ];
    for (const [sentence, figure] of cases) {
      const text = writeBasisStated(out(sentence), revenue, readQuestion("acme revenue growth fy23 in cc", ROOM));
      expect(text, sentence).toContain(`**${figure} at constant currency**`);
      expect(text, sentence).toContain("p.30");
    }
  });

  it("reads a part's sentence of the year's report by the part's initials", () => {
    const text = writeBasisStated(out("FISCAL 2023 COMPARED TO FISCAL 2022 • EMEA revenues increased 21% on a currency-neutral basis, due to higher unit sales."), revenue, { ...readQuestion("revenue growth fy23 cc", ROOM), scope: "Europe, Middle East & Africa" });
    expect(text).toContain("**21% at constant currency**");
  });

  it("takes no sentence of another part, of sentences that disagree, or of a table run into the text", () => {
    const r = readQuestion("acme revenue growth fy23 in cc", ROOM);
    expect(writeBasisStated(out("• Widget revenues increased 25% on a currency-neutral basis in fiscal 2023."), revenue, r)).toBeNull();
    const widgets = readQuestion("widget revenue growth fy23 ex fx", ROOM);
    expect(writeBasisStated(out("• Widget revenues increased 25% on a currency-neutral basis in fiscal 2023.", "• Widget revenues increased 20% on a currency-neutral basis in fiscal 2023."), revenue, widgets)).toBeNull();
    expect(writeBasisStated(out("REVENUES FISCAL 2023 FISCAL 2022 % CHANGE % CHANGE EXCLUDING CURRENCY CHANGES TOTAL REVENUES $ 13,418 $ 12,479 8 % 21 % was"), revenue, r)).toBeNull();
    expect(writeBasisStated(out("Revenue increased 7% in fiscal year 2023."), revenue, r)).toBeNull();
  });
});

describe("no constant-currency change found", () => {
  it("says so and shows the reported change as closest evidence, never as the answer", () => {
    const r = readQuestion("acme revenue growth fy23 in cc", ROOM);
    const rows: LineItemsOutput = { company: "ACME INC.", notFound: [], notes: [], rows: [row("Total revenue", "Total revenue 211,915 198,270", [["FY2023", 211_915], ["FY2022", 198_270]], { source: "statement", table: undefined })] };
    const done = [
      { toolName: "get_line_items", input: {}, output: rows },
      { toolName: "search_documents", input: {}, output: { company: "ACME INC.", passages: [passage("Revenue increased $13.6 billion or 7% driven by growth in cloud.")] } },
    ];
    const text = evidenceAnswer(r, done)!;
    expect(text).toMatch(/^I couldn't find the constant-currency change of revenue for fiscal 2023/);
    expect(text).toMatch(/Closest evidence \(not an answer to the question as asked\):\n- reported \(not constant currency\):.*\+6\.9%/);
    expect(text).not.toMatch(/\*\*/);
    expect(writeBasisNotFound(revenue, r, undefined, [], "ACME INC.")).not.toMatch(/\*\*/);
  });
});

describe("a row's change columns when the periods asked leave some of its amounts out", () => {
  const page = ["Year Ended December 31, % Change Year Ended December 31, % Change", "2022 2021 As Reported FX-Neutral 2021 2020 As Reported FX-Neutral", "GMV $ 73,900 $ 87,365 (15)% (11)% $ 87,365 $ 87,608 — % (3)%"].join("\n");
  const printed = "GMV $ 73,900 $ 87,365 (15)% (11)% $ 87,365 $ 87,608 — % (3)%";

  it("reads the pairs of the amounts placed", () => {
    const got = changeColumns(page, printed, [{ period: "FY2022", value: 73_900 }, { period: "FY2021", value: 87_365 }]);
    expect(got.map((c) => [c.basis, c.value])).toEqual([["reported", -15], ["constant_currency", -11]]);
  });

  it("places a row's amounts under the headings' years, a repeated year once", () => {
    const got = changeColumns(page, printed, [{ period: "FY2022", value: 73_900, printed: "73,900" }]);
    expect(got.filter((c) => c.basis === "constant_currency").map((c) => [c.value, c.from, c.to])).toEqual([[-11, "FY2021", "FY2022"], [-3, "FY2020", "FY2021"]]);
  });
});

describe("a sentence's constant-currency change beside the reported one", () => {
  it("adds the reported change the rows give, as the reported one, in three wordings", () => {
    const rows: LineItemsOutput = { company: "ACME INC.", notFound: [], notes: [], rows: [row("Total revenues", "Total revenues 51,217 46,710", [["FY2023", 51_217], ["FY2022", 46_710]], { source: "statement", table: undefined })] };
    const found = { company: "ACME INC.", notes: [], passages: [passage("• ACME Inc. Revenues were $51.2 billion in fiscal 2023, which increased 10% and 16% compared to fiscal 2022 on a reported and currency-neutral basis, respectively.")] };
    for (const q of ["acme revenue growth fy23 in cc", "revenues fy23, growth ex-fx?", "what was total revenue growth in fiscal 2023 excluding currency changes"]) {
      const text = evidenceAnswer(readQuestion(q, ROOM), [
        { toolName: "get_line_items", input: {}, output: rows },
        { toolName: "search_documents", input: {}, output: found },
      ])!;
      expect(text, q).toMatch(/^ACME INC\.: Revenue change \(fiscal 2023\): \*\*16% at constant currency\*\*/);
      expect(text, q).toMatch(/\nReported change: .*\+9\.6%/);
    }
  });
});

describe("a follow-up after a change asked at constant currency", () => {
  it("keeps the basis for another year, and drops it when the reported change is asked", () => {
    const first = readQuestion("acme emea rev fy23, growth in cc?", ROOM);
    for (const q of ["and fy22?", "what about 2022?", "and the year before?"]) {
      const r = readQuestion(q, ROOM, first);
      expect(r.basis, q).toBe("constant_currency");
      expect(r.scope, q).toBe("emea");
      expect(r.periods, q).toEqual(["FY2022"]);
    }
    expect(readQuestion("and as reported?", ROOM, first).basis).toBeUndefined();
  });
});
