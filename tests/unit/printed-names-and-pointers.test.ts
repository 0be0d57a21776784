/**
 * How the offline path reads names the deal prints and sentences that point elsewhere: a longer
 * name than the catalog's word ("operating overhead expense", read as SG&A by "overhead") is looked
 * up as the deal's own row first; "what about <figure>?" after a label read keeps the company and
 * year; "ever" asks whether something happened at all; "who is buying it" asks a company; a
 * sentence pointing to another part of the report answers nothing; a sentence opening "This …"
 * is of the year the sentence before names; a per-share value keeps the decimals it was printed with;
 * "latest" answered by a newer report's column states that column's period; a fee or commission asked
 * is not answered by a sentence stating no figure; a part asked by the first words of its printed
 * name is that row, the segment's when a product category's disagrees; a level is not read from
 * a sentence about how it moved; a deal's price is its whole value, never its financing; a
 * version number in a name ("Plan 2.0") is no figure; who replaces someone is not answered
 * by that person; a part named first in what a larger figure includes is one of
 * its parts; a reason asked for an act is a sentence whose cause explains the act.
 */
import { describe, expect, it } from "vitest";
import { conceptById } from "@/lib/agent/concepts/catalog";
import { periodsAnswered, type LineItemRow } from "@/lib/agent/evidence/line-items";
import type { Passage } from "@/lib/agent/evidence/passages";
import { pickScopedRow } from "@/lib/agent/offline/answers-from/pick-row";
import { writeRows } from "@/lib/agent/offline/answers-from/rows";
import { namedAmongParts, statedSentence } from "@/lib/agent/offline/answers-from/stated";
import { pricePaid, writeDeal } from "@/lib/agent/offline/answers-from/quoted";
import { personAnswerOverride, quoteAnswerOverride, stepsFor } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";
import { classifyQuestion } from "@/lib/answers/narrative/answer-type";
import { answerFromPages } from "@/lib/answers/narrative/select";

const ROOM = [{ name: "ACME INC.", tickers: ["ACME"] }];
const read = (q: string) => readQuestion(q, ROOM);
const passage = (text: string, document = "ACME_2022_10K.pdf", page = 41): Passage => ({ document, page, charStart: 0, charEnd: text.length, text, citation: `(source: ${document}, p.${page})` });

describe("a longer name than the catalog word the concept was read from", () => {
  it("is kept as the deal's printed name and looked up as a row first, in three wordings", () => {
    for (const q of ["acme operating overhead expense fy23", "how much did acme spend on operating overhead in fiscal 2023", "Acme's operating overhead costs in 2023?"]) {
      const r = read(q);
      expect(r.concepts.map((c) => c.id), q).toEqual(["sga"]);
      expect(r.printedName?.toLowerCase(), q).toMatch(/^operating overhead/);
      expect(stepsFor(r)?.[0], q).toBe("labelled");
    }
  });

  it("is not read when the words are the concept's own name or only add generic words", () => {
    for (const q of ["acme overhead fy23", "acme total revenue 2022", "acme operating income 2022", "acme sg&a expense 2023"]) {
      expect(read(q).printedName, q).toBeUndefined();
    }
  });
});

describe("a follow-up naming another figure after a turn read by its label", () => {
  it("keeps the company and the year asked before", () => {
    for (const next of ["what about sg&a?", "and what about r&d?", "how about capex?"]) {
      const r = readQuestion(next, ROOM, read("acme demand creation expense fy23"));
      expect(r.company, next).toBe("ACME INC.");
      expect(r.periods, next).toEqual(["FY2023"]);
    }
  });
});

describe("whether something ever happened", () => {
  it("is a yes/no question however tersely typed, answered first by a sentence saying it never did", () => {
    for (const q of ["acme ever paid a dividend?", "has acme ever paid dividends", "did acme ever pay a dividend"]) {
      expect(classifyQuestion(q).kind, q).toBe("yes_no");
      expect(stepsFor(read(q))?.[0], q).toBe("halted");
    }
    expect(classifyQuestion("when did acme ever pay a dividend").kind).not.toBe("yes_no");
  });
});

describe("who is buying or being bought", () => {
  it("asks for a company, even with the price asked after it", () => {
    for (const q of ["who's buying the classifieds unit?", "who did acme agree to acquire in june 2016?", "who was acme buying in 2016, and for how much?", "who bought the ticketing business from acme"]) {
      expect(classifyQuestion(q).kind, q).toBe("organisation");
    }
    expect(classifyQuestion("who is buying back acme's stock?").kind).not.toBe("organisation");
  });
});

describe("a sentence pointing to another part of the report", () => {
  it("is not quoted as what it points to, while the sentence stating it is", () => {
    const pages = [{ document: "ACME_2023_10K.pdf", page: 6, citation: "(source: ACME_2023_10K.pdf, p.6)", text: "See “Management’s Discussion and Analysis” of this Annual Report for more information on Network Next and our consolidation plan. Through Network Next, we are building a simplified network to serve customers with more flexibility and efficiency." }];
    const told = answerFromPages("what is acme's network next about", pages);
    expect(told.quotes.map((q) => q.text).join(" ")).not.toMatch(/for more information on/);
    expect(told.quotes[0]?.text).toMatch(/^Through Network Next/);
  });
});

describe("a sentence opening by pointing back", () => {
  it("is of the year the sentence before names, not of the filing's year", () => {
    const dps = conceptById("dividend_per_share")!;
    const next = passage("In February 2023, the Board declared a first-quarter 2023 dividend of $1.50 per share. This is equivalent to an annual dividend of $6.00 per share.");
    expect(statedSentence([{ ...next, period: "FY2022" } as Passage], dps, [2022], undefined, true, undefined, ["FY2022"])).toBeNull();
    const same = passage("In 2022 the Board raised the dividend. This is equivalent to an annual dividend of $5.96 per share.");
    expect(statedSentence([same], dps, [2022])?.text).toMatch(/\$5\.96/);
    // (…but one naming another year keeps its own: "These were offset by … recognized in 2021")
    const own = passage("In 2022 the Board raised the dividend. These were equivalent to an annual dividend of $5.92 per share in 2021.");
    expect(statedSentence([own], dps, [2022])).toBeNull();
  });
});

describe("a per-share value printed with three decimals", () => {
  it("is shown as printed, not rounded to two", () => {
    const dps = conceptById("dividend_per_share")!;
    const row: LineItemRow = {
      item: "dividend_per_share", match: "label", label: "Cash dividends declared per share", source: "table", table: { title: "Selected Financial Data", headings: [] }, scale: 1, currency: "USD",
      columns: [{ period: "FY2020", months: 12, value: 0.795, printed: "0.795" }], document: "ACME_2020_10K.pdf", page: 22, row: "Cash dividends declared per share $ 0.795 $ 0.75", citation: "(source: ACME_2020_10K.pdf, p.22)",
    };
    expect(writeRows({ company: "ACME INC.", rows: [row], notes: [] } as never, dps)).toMatch(/\*\*USD 0\.795\*\*/);
  });
});

describe("'latest' answered by a newer report's column", () => {
  it("states the column's period, not the fiscal year it was first read as", () => {
    const row = (period: string): LineItemRow => ({
      item: "term debt", match: "label", label: "Term debt", source: "statement", scale: 1e6, currency: "USD",
      columns: [{ period, months: 0, value: 98_071e6 }], document: "ACME_2023Q3_10Q.pdf", page: 6, row: "Term debt 98,071", citation: "(source: ACME_2023Q3_10Q.pdf, p.6)",
    });
    const first = { labels: ["FY2020"], notes: ['"latest" read as FY2020, the latest fiscal year the documents report.'] };
    const read = periodsAnswered(["latest"], [row("1 July 2023")], first);
    expect(read.labels).toEqual(["1 July 2023"]);
    expect(read.notes.join(" ")).toMatch(/"latest" read as 1 July 2023/);
    expect(read.notes.join(" ")).not.toMatch(/read as FY2020/);
    expect(periodsAnswered(["latest"], [row("FY2020")], first)).toEqual(first);
    expect(periodsAnswered(["FY2020"], [row("1 July 2023")], { labels: ["FY2020"], notes: [] }).labels).toEqual(["FY2020"]);
  });
});

describe("a price, fee or commission asked", () => {
  it("is not answered by a quote naming the parties without a figure, in three wordings", () => {
    const bare = 'ACME_2022_10K.pdf states: "The Company has long-term partnerships with Fleetly and Parcelo for delivery." (source: ACME_2022_10K.pdf, p.9)';
    const priced = 'ACME_2022_10K.pdf states: "Fleetly charges the Company a commission of 15% of each delivery order and a royalty of $2 million a year." (source: ACME_2022_10K.pdf, p.9)';
    for (const q of ["what commission do fleetly and parcelo charge acme?", "what fees does fleetly charge acme", "what royalty does fleetly pay acme?"]) {
      expect(quoteAnswerOverride(read(q), bare, []), q).toMatch(/^I couldn't find the amount asked/);
      expect(quoteAnswerOverride(read(q), priced, []), q).toBeNull();
    }
  });
});

describe("a part asked by the first words of its printed name", () => {
  const row = (label: string, title: string, fy21: number, fy20: number): LineItemRow => ({
    item: "display revenue", match: "table", label, source: "table", table: { title, headings: [] }, scale: 1e6, currency: "USD",
    columns: [{ period: "FY2021", months: 12, value: fy21 * 1e6, printed: String(fy21) }, { period: "FY2020", months: 12, value: fy20 * 1e6, printed: String(fy20) }],
    document: "ACME_2021_10K.pdf", page: 40, row: `${label} ${fy21} ${fy20}`, citation: "(source: ACME_2021_10K.pdf, p.40)",
  });
  const revenue = conceptById("revenue")!;

  it("is the row of that name, and the segment's row when a product category's disagrees", () => {
    const segment = row("Display Technologies", "Segment net sales by reportable segment (in millions):", 3_700, 3_172);
    const product = row("Display products", "Revenue by product category (in millions):", 3_666, 3_077);
    const other = row("Optical Communications", "Segment net sales by reportable segment (in millions):", 4_349, 3_563);
    const o = { company: "ACME INC.", rows: [product, segment, other], notes: [] } as never;
    expect(pickScopedRow(o, revenue, "display", false, ["FY2021", "FY2020"])?.label).toBe("Display Technologies");
    expect(pickScopedRow(o, revenue, "optical", false, ["FY2021"])?.label).toBe("Optical Communications");
  });
});

describe("a level asked", () => {
  it("is not read from a sentence about how it moved", () => {
    const backlog = conceptById("backlog")!;
    for (const moved of [
      "The change in our backlog was primarily due to new orders for the Orion program, partially offset by an $87 million reduction taken in March 2022.",
      "As a result, we reduced our backlog balance by $75 million in 2022, which represented orders from customers in two countries.",
      "We also reduced our backlog balance by an additional $12 million in 2022, which represented our business in one country.",
    ]) expect(statedSentence([passage(moved)], backlog, [2022], undefined, true), moved).toBeNull();
    expect(statedSentence([passage("Total backlog grew to $13.97 billion at the end of fiscal 2022, up from $12.15 billion at the end of fiscal 2021.")], backlog, [2022], undefined, true)?.text).toMatch(/\$13\.97 billion/);
  });
});

describe("a deal's price", () => {
  it("is the whole deal's value, not a share's, and never how the deal is financed", () => {
    expect(pricePaid("In March 2023 we agreed to acquire Widgetco for $229 in cash per Widgetco share for a total enterprise value of approximately $43 billion.", "Widgetco")).toBe("approximately $43 billion");
    expect(pricePaid("We entered into a definitive agreement to acquire Widgetco for $196 per share in an all-cash transaction valued at $26.2 billion.", "Widgetco")).toBe("$26.2 billion");
    expect(pricePaid("We acquired Widgetco, a mobility company, for total consideration of $915 million.", "Widgetco")).toBe("$915 million");
    const financing = { company: "ACME INC.", passages: [passage("We expect to finance the proposed acquisition of Widgetco substantially through $31 billion of long-term debt issued in May 2023.")], notes: [] } as never;
    expect(writeDeal(financing, read("what's acme paying for widgetco"))).toBeNull();
    const both = { company: "ACME INC.", passages: [passage("We commenced a tender offer to acquire Widgetco for $109.00 per share, net to the seller in cash."), passage("The total purchase price for Widgetco was approximately $9.1 billion, which consisted of cash and the fair value of awards.")], notes: [] } as never;
    expect(writeDeal(both, read("what did acme pay for widgetco"))).toMatch(/a price of \*\*approximately \$9\.1 billion\*\*/);
  });
});

describe("a number in a name", () => {
  it("is no figure a sentence states", () => {
    const plan = { id: "label:widget plan", label: "widget plan", kind: "ratio" as const, terms: ["widget plan"] };
    expect(statedSentence([passage("SUBJECT: Introducing the Widget Plan 2.0 This message is intended for our employees around the world.")], plan, [])).toBeNull();
    expect(statedSentence([passage("The Widget Plan was 2.4 times our target in 2022, the company said in its report.")], plan, [])?.text).toMatch(/2\.4 times/);
  });
});

describe("who succeeds someone in a role", () => {
  const officer = 'ACME INC. — Chief executive officer: **Jane Roe** (Chief Executive Officer and Director (signed the annual report)) (source: ACME_2020_10K.pdf, p.122)';
  it("is not answered by the person replaced", () => {
    for (const q of ["who's replacing jane roe as acme's ceo?", "who will succeed jane roe as ceo", "who is taking over from jane roe as ceo?"]) {
      expect(classifyQuestion(q).successor, q).toBe(true);
      expect(personAnswerOverride(read(q), officer, []), q).toMatch(/^I couldn't find a sentence in the documents naming who succeeds jane roe/);
    }
    // (the holder a newer report names answers "the next CEO" in a deal with later reports)
    expect(personAnswerOverride(read("who's the incoming acme ceo"), officer.replace("Jane Roe", "John Doe"), [])).toBeNull();
  });

  it("is answered by a sentence naming the succession", () => {
    const named = 'ACME_2020_10K.pdf states: "John Doe will succeed Jane Roe as Chief Executive Officer, effective February 15, 2021." (source: ACME_2020_10K.pdf, p.70)';
    expect(personAnswerOverride(read("who's the incoming acme ceo"), named, [])).toBeNull();
    expect(personAnswerOverride(read("who will succeed jane roe as ceo"), named, [])).toBeNull();
  });
});

describe("a part named first in what a larger figure includes", () => {
  it("is one of that figure's parts, not the figure's owner", () => {
    const s = "Our Widget Cloud revenue, which includes Nimbus and other cloud services, Office 365 Commercial and other commercial cloud properties, was $111.6 billion in fiscal year 2023.";
    expect(namedAmongParts("nimbus", s)).toBe(true);
    expect(namedAmongParts("nimbus", "Nimbus revenue was $40.2 billion in fiscal year 2023, up 29%.")).toBe(false);
  });
});

describe("a reason asked for an act", () => {
  it("is a sentence whose cause explains the act, not one citing the act as the cause of something else", () => {
    const other = "Segment operating income was $241 million, down $4 million, due to higher spending primarily driven by the Widgetco acquisition.";
    const own = "We acquired Widgetco because its route-planning app strengthens our mobility services offering.";
    const told = (text: string) => answerFromPages("Why did Acme acquire Widgetco?", [{ document: "ACME_2020_10K.pdf", page: 7, citation: "(source: ACME_2020_10K.pdf, p.7)", text }]);
    expect(told(other).quotes).toEqual([]);
    expect(told(`${other} ${own}`).quotes[0]?.text).toBe(own);
  });
});
