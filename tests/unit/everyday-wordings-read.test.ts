/**
 * Readings of analysts' wordings: a business that grew or shrank moved in its sales ("why did the
 * retail unit shrink", "why did acme grow"), while a figure's word moving ("why did margins drop")
 * names no business; "so how much did it shrink?" after two years asks the change between them; a
 * product line's kind word is no word of its label, while a credit line is a catalog figure; who a
 * company competes with is answered by the kinds of rival a sentence lists; "what is X about" is
 * answered best by the sentence describing X where it names it.
 */
import { describe, expect, it } from "vitest";
import { readQuestion } from "@/lib/agent/reader/read";
import { classifyQuestion } from "@/lib/answers/narrative/answer-type";
import { answerFit } from "@/lib/answers/narrative/fit";
import type { Unit } from "@/lib/answers/narrative/segment";
import { questionTerms } from "@/lib/answers/narrative/terms";
import { spelledInitials, type LineItemRow } from "@/lib/agent/evidence/line-items";
import { conceptById } from "@/lib/agent/concepts/catalog";
import { pickScopedRow } from "@/lib/agent/offline/answers-from/pick-row";
import { stepsFor } from "@/lib/agent/offline/evidence-path";

const ROOM = [{ name: "ACME INC.", tickers: ["ACME"] }];
const read = (q: string) => readQuestion(q, ROOM);

describe("a why question about a business that grew or shrank", () => {
  it("reads the part's sales and the way they moved", () => {
    for (const [q, part, direction] of [
      ["why did harbor devices shrink at acme in fy23", "harbor devices", "down"],
      ["why did the marine business grow so fast in 2023", "marine", "up"],
      ["why did gaming decline in fy23", "gaming", "down"],
      ["Why did Coastal Systems contract last year?", "Coastal Systems", "down"],
    ] as const) {
      const r = read(q);
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
      expect(r.scope, q).toBe(part);
      expect(r.reason, q).toBe(true);
      expect(r.direction, q).toBe(direction);
    }
  });

  it("reads the company's sales when the company itself grew or shrank", () => {
    for (const q of ["why did acme grow in fy22", "why did ACME shrink in 2020?"]) {
      const r = read(q);
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
      expect(r.scope, q).toBeUndefined();
    }
  });

  it("reads no sales when the words moving are a figure's or a measure's", () => {
    for (const q of ["why did margins drop", "why did the stock drop in 2022", "why did costs fall in 2021", "why did streaming content obligations rise so much in 2017", "why did tax reserves grow"]) {
      expect(read(q).concepts.map((c) => c.id), q).not.toContain("revenue");
    }
  });

  it("keeps the figure named: a part's move of another figure is that figure's", () => {
    expect(read("why did opex jump at acme in 2022").concepts.map((c) => c.id)).toEqual(["operating_expenses"]);
    expect(read("why did the defense business lose money in 2022").concepts.map((c) => c.id)).toEqual(["net_income"]);
  });
});

describe("the size of a move asked after two years", () => {
  it("is the change between the two years the conversation named, whatever verb of direction says it", () => {
    for (const q of ["so how much did it shrink", "by how much did it fall?", "how much did it jump", "and how far did that drop"]) {
      const first = read("acme net revenues 2022");
      const second = readQuestion("and 2021?", ROOM, first);
      const r = readQuestion(q, ROOM, second);
      expect(r.aggregate, q).toBe("growth");
      expect(r.periods, q).toEqual(["FY2021", "FY2022"]);
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
    }
  });
});

describe("cash named as what paid for something", () => {
  it("asks the payment, not the cash balance, in four wordings", () => {
    expect(read("cash acme handed out as dividends in 2022").concepts.map((c) => c.id)).toEqual(["dividends_paid"]);
    expect(read("how much cash went to share repurchases in 2022").concepts.map((c) => c.id)).toEqual(["share_repurchases"]);
    expect(read("cash spent on buybacks 2022").concepts.map((c) => c.id)).toEqual(["share_repurchases"]);
    expect(read("cash used for capital expenditures 2022").concepts.map((c) => c.id)).toEqual(["capital_expenditure"]);
  });

  it("keeps both figures when the question joins them", () => {
    expect(read("acme cash and dividends 2022").concepts.map((c) => c.id)).toEqual(["cash", "dividends_paid"]);
    expect(read("cash vs buybacks fy22").concepts.map((c) => c.id)).toEqual(["cash", "share_repurchases"]);
  });
});

describe("a part named by a count's noun", () => {
  it("asks the part's amount, not a count beside it, in four wordings and two companies' nouns", () => {
    for (const q of ["acme physical stores sales 2017", "how much did acme make from physical stores in 2017", "revenue from physical stores fy17", "acme franchised restaurants revenue 2022"]) {
      const r = read(q);
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
      expect(r.scope, q).toMatch(/^(?:physical stores|franchised restaurants)$/);
    }
  });

  it("keeps the count when the question joins it to the amount", () => {
    expect(read("acme stores and revenue 2017").concepts.map((c) => c.id)).toEqual(["stores", "revenue"]);
    expect(read("north america stores and revenue 2017").concepts.map((c) => c.id)).toEqual(["stores", "revenue"]);
  });
});

describe("a model named by a letter or number after the product", () => {
  it("keeps the letter or number in the part's name, in four wordings", () => {
    expect(read("widget x unit sales fy18?").scope).toBe("widget x");
    expect(read("how many widget 8s did acme sell in fy18").scope).toBe("widget 8s");
    expect(read("acme gizmo series 3 revenue 2018").scope).toBe("gizmo series 3");
    expect(read("widget model 3 deliveries 2022").label).toContain("model 3");
  });

  it("never reads a length of time, a percentage or a year as one", () => {
    expect(read("widget sales 2 years ago").scope).toBe("widget");
    expect(read("widget revenue 2018").scope).toBe("widget");
    expect(read("widget sales up 5 % in fy18?").scope).toBe("widget");
  });
});

describe("a figure named by an idiom with a superlative's word", () => {
  it("'top line' and 'bottom line' rank nothing: the move asked is the figure's own, in four wordings", () => {
    for (const q of ["acme grow the top line in fy22?", "did acme's top-line grow in 2022", "did the bottom line grow in fy22", "acme bottom line down in 2022?"]) {
      const r = read(q);
      expect(r.polar, q).toBe(true);
      expect(stepsFor(r), q).toEqual(["rows", "compute"]);
    }
  });

  it("still ranks the parts when a superlative is asked of them", () => {
    expect(stepsFor(read("which segment had the biggest revenue in 2022"))).toEqual(["total", "rank"]);
  });
});

describe("the same figure named again in a conversation", () => {
  it("carries the company and the two years the conversation named, in four wordings", () => {
    for (const q of ["so how much did profit fall, in %", "how much did net income drop by?", "so what's the net income growth", "by how much did earnings rise, in percent"]) {
      const first = read("acme net income 2022");
      const r = readQuestion(q, ROOM, readQuestion("and 2021?", ROOM, first));
      expect(r.company, q).toBe("ACME INC.");
      expect(r.periods, q).toEqual(["FY2021", "FY2022"]);
      expect(r.aggregate, q).toBe("growth");
    }
  });

  it("keeps a company or a year the turn names itself", () => {
    const first = read("acme net income 2022");
    expect(readQuestion("net income 2019?", ROOM, first).periods).toEqual(["FY2019"]);
    expect(readQuestion("what was net income for globex", [...ROOM, "GLOBEX CORP"], first).company).toBe("GLOBEX CORP");
  });
});

describe("a product line and a credit line", () => {
  it("reads a product line by its name alone", () => {
    expect(read("how big is acme's wearables/home/accessories line fy20").label).toBe("wearables home accessories");
    expect(read("wearables line 2020").label).toBe("wearables");
    expect(read("iphone line sales fy20").scope).toBe("iphone");
  });

  it("reads a credit line as the catalog's credit facility", () => {
    for (const q of ["what's the credit line size", "how big is their revolver", "size of the revolving credit facility"]) {
      expect(read(q).concepts.map((c) => c.id), q).toEqual(["credit_facility"]);
    }
  });
});

const unit = (text: string): Unit => ({ text, kind: "sentence", index: 0 });

describe("who a company competes with", () => {
  it("is a question for organisations, however the rivalry is worded", () => {
    for (const q of ["who do they compete with", "who does acme see as competition?", "who are their main rivals"]) {
      expect(classifyQuestion(q).kind, q).toBe("organisation");
    }
  });

  it("is answered by a sentence listing the kinds of rival, and not by one naming none", () => {
    const q = "who do they compete with";
    const fit = (text: string) => answerFit(unit(text), classifyQuestion(q), questionTerms(q)).ok;
    expect(fit("We compete against other video providers, such as cable operators, online streaming services and DVD retailers.")).toBe(true);
    expect(fit("We compete in a market that is intensely competitive and subject to rapid change.")).toBe(false);
  });
});

describe("what a named plan is about", () => {
  it("ranks the sentence describing the plan where it names it above one that only mentions it", () => {
    const q = "what is the harbor plan about";
    const t = classifyQuestion(q);
    expect(t.describes).toBe("harbor plan");
    const fit = (text: string) => answerFit(unit(text), t, questionTerms(q));
    const described = fit("In the fourth quarter we announced the Harbor plan, a consolidation plan to bring our three carriers into one company.");
    const mentioned = fit("See Item 7 for more information on the Harbor plan.");
    expect(described.ok && mentioned.ok).toBe(true);
    expect(described.strength).toBeGreaterThan(mentioned.strength);
    expect(fit("We run a fleet of 700 aircraft.").ok).toBe(false);
  });
});

describe("terse topics", () => {
  it("lists the things a topic names in the plural", () => {
    for (const q of ["acme reportable operating segments 2020", "acme main risks", "product categories"]) expect(classifyQuestion(q).kind, q).toBe("list");
    expect(classifyQuestion("acme ceo").kind).toBe("person");
  });

  it("asks a date when the topic names one, never the figure of the thing dated", () => {
    for (const q of ["acme restructuring plan announcement date", "ipo date", "merger closing date"]) expect(classifyQuestion(q).kind, q).toBe("date");
  });

  it("reads 'X definition' as a definition of X, matched without the company's name before it", () => {
    const q = "acme gmv definition";
    const t = classifyQuestion(q);
    expect(t.defines).toBe("acme gmv");
    expect(answerFit(unit("GMV consists of the total value of all paid transactions between users."), t, questionTerms(q)).ok).toBe(true);
    expect(answerFit(unit("GMV grew 4% in the year."), t, questionTerms(q)).ok).toBe(false);
  });
});

describe("what a business earns or makes from a source", () => {
  it("is the source's sales, not the company's profit", () => {
    for (const [q, scope] of [
      ["how much did they make from services in 2022", "services"],
      ["how much did acme make from services in 2022", "services"],
      ["how much did acme earn from the cloud in fy23", "cloud"],
    ] as const) {
      const r = read(q);
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
      expect(r.scope, q).toBe(scope);
    }
  });

  it("keeps what the company made or earned, with no source, its profit", () => {
    expect(read("how much did they make").concepts.map((c) => c.id)).toEqual(["net_income"]);
    expect(read("how much did acme earn in 2022").concepts.map((c) => c.id)).toEqual(["net_income"]);
  });
});

describe("a part typed by its initials", () => {
  const initials = new Map([["dcg", "data center group"], ["net", "north east territory"]]);
  // (the labels print "DCG" only as initials, in "DCG platform", and "Net" as a word)
  const plainWords = new Set(["platform", "data", "center", "group", "net", "revenue"]);

  it("is spelled out as the deal's labels print the part, whatever the case typed", () => {
    for (const item of ["dcg net revenue", "DCG revenue"]) expect(spelledInitials(item, plainWords, initials)?.to, item).toBe("data center group");
    expect(spelledInitials("dcg net revenue", plainWords, initials)?.text).toBe("data center group net revenue");
  });

  it("leaves a word the labels print as a word, and a word no part's initials make", () => {
    expect(spelledInitials("net revenue", plainWords, initials)).toBeUndefined();
    expect(spelledInitials("xyz revenue", plainWords, initials)).toBeUndefined();
  });
});

describe("everyday wordings of a figure's qualifiers", () => {
  it("reads 'leaving out' and 'not counting' as 'excluding'", () => {
    const base = read("excluding harbor and reef, what was acme's attrition rate in 2022?");
    for (const q of ["leaving out harbor and reef, what was acme's attrition rate in 2022?", "not counting harbor and reef, what was acme's attrition rate in 2022?"]) {
      const r = read(q);
      expect(r.concepts.map((c) => c.id), q).toEqual(base.concepts.map((c) => c.id));
      expect(r.scope?.toLowerCase(), q).toBe(base.scope?.toLowerCase());
    }
  });

  it("leaves a participle after a plural noun out of the label ('buyers shopping on')", () => {
    expect(read("how many active buyers were shopping on acme at the end of 2022?").label).toBe("active buyers");
  });
});

describe("spending on buying equipment", () => {
  it("is capital expenditure, and buying is no part of the company", () => {
    for (const q of ["how much did acme spend on buying property, plant and equipment in 2018?", "how much did they spend buying new equipment in 2018", "what did acme spend on buying equipment in fy18"]) {
      const r = read(q);
      expect(r.concepts.map((c) => c.id), q).toEqual(["capital_expenditure"]);
      expect(r.scope, q).toBeUndefined();
    }
    expect(read("how much pp&e did acme have at the end of 2018").concepts.map((c) => c.id)).toEqual(["ppe_net"]);
  });
});

describe("an idiom of a move", () => {
  it("names no part: sales that 'fell off a cliff' are the company's sales, falling", () => {
    const r = read("why did acme's sales fall off a cliff in q2 23");
    expect(r.concepts.map((c) => c.id)).toEqual(["revenue"]);
    expect(r.scope).toBeUndefined();
    expect(r.direction).toBe("down");
  });
});

describe("terse reasons and comparisons", () => {
  it("reads 'why down' at a terse question's end as a why question", () => {
    for (const q of ["acme converse ebit fy19 why down", "acme margins fy22 why so low"]) expect(classifyQuestion(q).kind, q).toBe("reason");
  });

  it("drops an adverb and a place from the name a 'what is X about' question describes", () => {
    expect(classifyQuestion("what's the harbor plan at acme actually about?").describes).toBe("harbor plan");
  });
});

describe("a part's own table", () => {
  const segmentRow = (part: string, value: number): LineItemRow =>
    ({ item: `${part} net income`, match: "table", label: "Segment net income", source: "table", scale: 1e6, currency: "USD", table: { title: `${part} — The following table provides net sales and net income for the ${part} segment (in millions):`, headings: [] }, columns: [{ period: "FY2021", months: 12, value: value * 1e6, printed: String(value) }], document: "ACME_2021_10K.pdf", page: 37, row: `Segment net income $ ${value}`, citation: "(source: ACME_2021_10K.pdf, p.37)" }) as LineItemRow;

  it("answers the part's figure with its 'Segment net income' line, not another part's", () => {
    const o = { rows: [segmentRow("Reef Works", 120), segmentRow("Harbor Systems", 553)], notFound: [], notes: [] };
    expect(pickScopedRow(o, conceptById("net_income")!, "harbor systems", false, ["FY2021"])?.columns[0]?.value).toBe(553e6);
    expect(pickScopedRow(o, conceptById("net_income")!, "reef works", true, ["FY2021"])?.columns[0]?.value).toBe(120e6);
  });

  it("spells out 'eff' as effective: 'eff tax rate' names no part", () => {
    const r = read("acme eff tax rate fy19");
    expect(r.text).toContain("effective tax rate");
    expect(r.scope).toBeUndefined();
  });
});
