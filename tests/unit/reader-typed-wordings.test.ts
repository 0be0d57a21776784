/**
 * Wordings analysts type that the reader once misread: a company name with one word mistyped, a
 * mistyped word with two forms in the vocabulary, the company's name where an everyday phrase says
 * "it", a reason asked of one figure against another's move, "current" before a balance's name,
 * and a follow-up naming a sibling part ("creative cloud" → "what about document cloud").
 */
import { describe, expect, it } from "vitest";
import { evidenceCalls } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";

const ROOM = ["HARROWGATE PROPERTIES, INC.", "Quillfeather Software Corporation"];
const ids = (q: string) => readQuestion(q, ROOM).concepts.map((c) => c.id);

describe("company names typed with a slip", () => {
  it("reads a later name word typed one letter off, beside a word of the name typed right, as the company's", () => {
    for (const q of ["who signs off on harrowgate properites audit?", "harrowgate proprties auditor", "harowgate properties auditor"]) {
      const r = readQuestion(q, ROOM);
      expect(r.company, q).toBe("HARROWGATE PROPERTIES, INC.");
      expect(r.scope, q).toBeUndefined();
      expect(ids(q), q).toEqual(["auditor"]);
    }
  });

  it("never reads a mistyped word standing alone as a company's name word", () => {
    // "softwre" alone is no company named; the mistyped word is left to the figure's words
    expect(readQuestion("softwre revenue 2022", ROOM).company).toBeUndefined();
  });
});

describe("everyday phrases with the company's name for a pronoun", () => {
  it("reads where a company is based, located or headquartered, however its name and the verb are typed", () => {
    for (const q of ["where is quillfeather based", "where's quillfeather based out of", "where is quillfeather located", "where's quillfeather headquarterd", "quillfeather hq?"]) {
      expect(ids(q), q).toEqual(["headquarters"]);
    }
  });

  it("does not read a phrase whose pronoun slot is followed by other nouns", () => {
    expect(ids("where is the quillfeather data center located")).not.toContain("headquarters");
    expect(ids("where is stock based comp recorded")).not.toContain("headquarters");
  });
});

describe("a reason asked against another figure's move", () => {
  it("reads the figure that moved against the other, keeping the part and the period", () => {
    for (const q of [
      "quillfeather cloud rev was up in fy16 but op income went down - why?",
      "cloud op income down in fy16 even though revenue grew, why",
      "why did cloud operating income fall in fy16 despite higher revenue",
    ]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["operating_income"]);
      expect(r.reason, q).toBe(true);
      expect(r.direction, q).toBe("down");
      expect(r.periods, q).toEqual(["FY2016"]);
      expect(r.scope, q).toBe("cloud");
    }
  });

  it("leaves a reason asked of one figure alone", () => {
    expect(readQuestion("why did revenue grow in 2016", ROOM).concepts.map((c) => c.id)).toEqual(["revenue"]);
  });
});

describe("current before a balance's name", () => {
  it("reads the current part of a balance asked at a date or period, and the newest of one asked with none", () => {
    for (const q of ["quillfeather current rpo as of oct 31 2022?", "current remaining performance obligation q3 fy23"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["backlog"]);
      expect(r.scope, q).toBe("current");
    }
    expect(readQuestion("current backlog", ROOM).scope).toBeUndefined();
    expect(ids("current assets 2022")).toEqual(["total_current_assets"]);
  });
});

describe("a follow-up naming a sibling part", () => {
  it("asks the last figure of the part named by the same head noun", () => {
    const prev = readQuestion("quillfeather creative cloud revenue fy22?", ROOM);
    for (const q of ["what about document cloud", "how about document cloud?", "and document cloud?"]) {
      const r = readQuestion(q, ROOM, prev);
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
      expect(r.scope, q).toBe("document cloud");
      expect(r.label, q).toBeUndefined();
      expect(r.periods, q).toEqual(["FY2022"]);
    }
  });
});

describe("a part that grew, no figure named", () => {
  it("reads the part's sales growth, in three wordings", () => {
    for (const q of ["how fast did quillfeather grow in apac in fy17?", "how fast did quillfeather grow in the americas in fy17", "did quillfeather shrink in emea in fy16"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
      expect(r.scope, q).toMatch(/^(?:apac|americas|emea)$/);
    }
  });

  it("leaves a reason why a part grew to the reason reader", () => {
    expect(readQuestion("why did quillfeather grow in apac in fy17", ROOM).reason).toBe(true);
  });
});

describe("everyday verbs of generating", () => {
  it("keeps 'throw off' out of the part's name", () => {
    for (const q of ["how much noi did harrowgate's new york region throw off in 2015?", "what noi did the new york region of harrowgate rake in in 2015"]) {
      expect(readQuestion(q, ROOM).scope, q).toBe("new york");
    }
  });
});

describe("a part's two figures divided", () => {
  it("asks the part's two rows, never the company's two lines, in three wordings", () => {
    for (const q of ["optical comms seg net income / seg sales 2021", "optical communications net income / net sales 2021", "quillfeather optical communications net income over revenue in fy2021"]) {
      const calls = evidenceCalls(readQuestion(q, ROOM)) ?? [];
      expect(calls.map((c) => c.toolName), q).toEqual(["get_line_items"]);
      expect((calls[0]?.input as { items: string[] } | undefined)?.items, q).toEqual(["optical communications net income", "optical communications revenue"]);
    }
    expect((evidenceCalls(readQuestion("net income / net sales 2021", ROOM)) ?? []).map((c) => c.toolName)).toEqual(["compute_metric"]);
    // words read as a part that name no figure divided are no part: the company's two lines
    for (const q of [
      "In fiscal 2017, what was Quillfeather's cash from operations divided by its total current liabilities, the bills due within a year? Round to 2 decimal places.",
      "how many times over did the cash it generated from operations cover its total current liabilities in fiscal 2015? Work it out as cash from operations / total current liabilities",
      "quillfeather r&d intensity in 2021 - r&d expense / total revenue",
    ]) {
      expect((evidenceCalls(readQuestion(q, ROOM)) ?? []).map((c) => c.toolName), q).toEqual(["compute_metric"]);
    }
  });
});

describe("a figure asked whether it still moves", () => {
  it("reads no word of direction into the figure's printed name", () => {
    for (const q of ["is quillfeather's gmv still growing? q2 23", "is gmv growing q2 2023", "is gmv still shrinking in q2 2023"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["gmv"]);
      expect(r.printedName, q).toBeUndefined();
      expect(r.polar, q).toBe(true);
    }
  });
});

describe("who runs a function", () => {
  it("reads the officer whose title names the function, not the chief executive, in three wordings", () => {
    for (const q of ["who runs r&d at quillfeather", "who heads research and development at quillfeather", "who is quillfeather's head of r&d"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["ceo"]);
      expect(r.scope, q).toBe("research and development");
    }
    expect(readQuestion("who runs quillfeather", ROOM).scope).toBeUndefined();
    expect(readQuestion("how much did quillfeather spend on r&d in 2022", ROOM).concepts.map((c) => c.id)).toEqual(["research_development"]);
  });
});

describe("shorthand of a ratio and its unit", () => {
  it("reads a part's figure over the company's total of it as the part's share", () => {
    for (const q of ["cloud op income / total quillfeather op income, 2017?", "cloud operating income over total operating income in 2017", "cloud op inc divided by total op inc fy17"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["operating_income"]);
      expect(r.scope, q).toBe("cloud");
      expect(r.partShare, q).toBe(true);
    }
  });

  it("never reads an everyday phrase across a division sign", () => {
    const r = readQuestion("quillfeather cloud seg op inc / seg rev for fy23?", ROOM);
    expect(r.concepts.map((c) => c.id)).toEqual(["operating_income", "revenue"]);
    expect(r.scope).toBe("cloud");
  });

  it("reads a bare % ending a change question as a change in percent", () => {
    for (const q of ["quillfeather inventory at end of fy23 vs a year earlier - how much lower, %?", "how much did quillfeather's inventory change in fy23 (%)", "quillfeather inventory change fy22 to fy23 %"]) {
      expect(readQuestion(q, ROOM).aggregate, q).toBe("growth");
    }
  });

  it("reads 'what happened' after a move as a reason", () => {
    for (const q of ["quillfeather cloud op income down 64% in fy23 - what happened?", "cloud operating income fell in fy23, what happened", "what went wrong with cloud op income in fy23?"]) {
      expect(readQuestion(q, ROOM).reason, q).toBe(true);
    }
  });
});

describe("a compound growth rate over a span", () => {
  it("reads the aggregate and leaves no part named 'cagr', in three wordings", () => {
    for (const q of ["quillfeather revenue cagr fy18-fy22", "what's the cagr of quillfeather sales from fy18 to fy22", "quillfeather compound annual growth in sales 2018 to 2022"]) {
      const r = readQuestion(q, ROOM);
      expect(r.aggregate, q).toBe("cagr");
      expect(r.scope, q).toBeUndefined();
      expect(ids(q), q).toEqual(["revenue"]);
      expect([r.periods[0], r.periods.at(-1)], q).toEqual(["FY2018", "FY2022"]);
    }
  });
});

describe("a follow-up pointing back to the part the last turn asked", () => {
  const ask = (first: string, then: string) => readQuestion(then, ROOM, readQuestion(first, ROOM));
  it("reads 'that segment', 'that region' and the pronoun 'it' as the part, with its period", () => {
    for (const then of ["and what did that segment earn", "and that segment's net income?", "how much did it make", "what about its net income"]) {
      const r = ask("quillfeather cloud services sales 2022", then);
      expect(r.scope, then).toBe("cloud services");
      expect(r.concepts.map((c) => c.id), then).toEqual(["net_income"]);
      expect(r.periods, then).toEqual(["FY2022"]);
    }
  });
  it("reads 'it' after a company figure as the company, with the period carried", () => {
    const r = ask("quillfeather revenue 2022", "how much did it make");
    expect(r.scope).toBeUndefined();
    expect(r.periods).toEqual(["FY2022"]);
  });
});

describe("a figure typed first, then why it moved", () => {
  it("asks the figure's move and the reason, in three wordings", () => {
    for (const q of ["quillfeather cloud services rev fy23, why down", "cloud services revenue fy23 and why did it fall", "cloud services revenue fiscal 2023 - what drove the decline?"]) {
      const r = readQuestion(q, ROOM);
      expect(r.reason, q).toBe(true);
      expect(r.sizeToo, q).toBe(true);
      expect(ids(q), q).toEqual(["revenue"]);
    }
  });
  it("leaves a why question, or a figure with no reason, as it was", () => {
    expect(readQuestion("why did cloud services revenue fall in fy23", ROOM).sizeToo).toBeUndefined();
    expect(readQuestion("what was cloud services revenue in fy23, and what about fy22", ROOM).sizeToo).toBeUndefined();
  });
});

describe("a quotient over figures no statement prints", () => {
  it("reads the bracket as the formula asked, its operators as signs, in three wordings", () => {
    for (const q of ["quillfeather take rate 2022 (rev / gmv)", "take rate fy22 (net revenues divided by gmv)", "what was quillfeather's take rate in 2022 (revenue over gmv)?"]) {
      const r = readQuestion(q, ROOM);
      expect(r.formula?.name, q).toBe("take rate");
      expect(r.formula?.text, q).toMatch(/^(?:revenue|net revenues) \/ gmv$/);
      expect(r.periods, q).toEqual(["FY2022"]);
    }
  });
  it("leaves a catalog ratio's own formula to the catalog", () => {
    expect(readQuestion("current ratio (current assets / current liabilities) 2022", ROOM).formula).toBeUndefined();
  });
});

describe("years joined by 'and' or 'to'", () => {
  const periods = (q: string) => readQuestion(q, ROOM).periods;
  it("reads two years joined by 'and' as those two, and as a span after 'between' or 'from'", () => {
    expect(periods("headcount at the end of 2017 and 2019")).toEqual(["FY2017", "FY2019"]);
    expect(periods("revenue between 2017 and 2019")).toEqual(["FY2017", "FY2018", "FY2019"]);
    expect(periods("revenue from 2017 to 2019")).toEqual(["FY2017", "FY2018", "FY2019"]);
  });
  it("reads a year-end typed with two digits before a word joining it to another", () => {
    expect(periods("how much did headcount grow from end of 17 to end of 19")).toEqual(["FY2017", "FY2018", "FY2019"]);
    // (…never a count after it)
    expect(periods("memberships at the end of 17 stores")).toEqual([]);
  });
});

describe("words of judgement and everyday verbs", () => {
  it("reads no part in 'so high', 'latest balance' or 'pushed up', and 'divi' as a dividend", () => {
    expect(readQuestion("why was quillfeather's tax rate so high in fy18", ROOM).scope).toBeUndefined();
    expect(readQuestion("quillfeather cash & equivalents, latest balance?", ROOM).scope).toBeUndefined();
    expect(readQuestion("what pushed up quillfeather sg&a in 2022", ROOM).scope).toBeUndefined();
    expect(ids("does quillfeather pay a divi")).toEqual(["dividends_paid"]);
  });
});

describe("a catalog ratio restated after a break", () => {
  it("reads the ratio alone, its part kept, whether the formula follows a bracket, a '?', a ':' or a dash", () => {
    for (const q of ["cloud services op margin fy22? seg op income / seg rev", "cloud services op margin fy22 - op income / rev", "cloud services op margin fy22 (op income / rev)"]) {
      const r = readQuestion(q, ROOM);
      expect(ids(q), q).toEqual(["operating_margin"]);
      expect(r.scope, q).toBe("cloud services");
    }
  });
  it("reads no side of zero in the restating formula's 'gross profit'", () => {
    for (const q of ["gross margin 2022: gross profit / revenue", "gross margin 2022 (gross profit / revenue)"]) expect(readQuestion(q, ROOM).polar, q).toBe(false);
  });
});

describe("a move asked of a figure the last turn named by its own words", () => {
  it("reads the same figure over the year before, in three wordings", () => {
    const prev = readQuestion("quillfeather widget arr exiting fy22", ROOM);
    expect(prev.label).toBe("widget arr");
    for (const q of ["how much did that grow yoy", "and the growth yoy?", "how much did it grow"]) {
      const r = readQuestion(q, ROOM, prev);
      expect(r.label, q).toBe("widget arr");
      expect(r.aggregate, q).toBe("growth");
      expect(r.periods, q).toEqual(["FY2021", "FY2022"]);
    }
  });
});
