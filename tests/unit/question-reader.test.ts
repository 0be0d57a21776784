/**
 * The question reader and the offline model's evidence calls: wordings of one question (terse,
 * company first, everyday verbs, a follow-up) read into the same typed calls; a question it cannot
 * read into a fitting call makes none.
 */
import { describe, expect, it } from "vitest";
import { answeredPeriod, evidenceCalls, evidenceNext } from "@/lib/agent/offline/evidence-path";
import { changePeriods, qualifiersOf, readQuestion, standaloneQuestion } from "@/lib/agent/reader/read";

const ROOM = ["ALDERWICK INSTRUMENTS, INC.", "Brindlemoor Foods Corporation"];
const calls = (q: string, prev?: string) => evidenceCalls(readQuestion(q, ROOM, prev ? readQuestion(prev, ROOM) : undefined));

describe("question reader", () => {
  it("reads four wordings of a capex question into one compute_metric call", () => {
    const want = [{ toolName: "compute_metric", input: { company: "ALDERWICK INSTRUMENTS, INC.", metric: "capital_expenditure", periods: ["FY2018"] } }];
    expect(calls("alderwick capex 2018")).toEqual(want);
    expect(calls("Alderwick: what was capital expenditure in fiscal 2018?")).toEqual(want);
    expect(calls("How much cash did Alderwick put into new plants and equipment in 2018?")).toEqual(want);
    expect(calls("what did alderwick spend on new plants and equipment in FY18")).toEqual(want);
  });

  it("reads everyday verbs of profit and loss as net income, but a figure named inside the phrase as that figure", () => {
    for (const q of ["how much did alderwick lose in q1 23", "how much money did they lose in 2022", "how much did the company lose last year", "how much did alderwick make in fy19"]) {
      expect(readQuestion(q, ROOM).concepts.map((c) => c.id), q).toEqual(["net_income"]);
    }
    for (const q of ["how much revenue did they make in fy19", "how much revenue did alderwick make in fy19", "how much in sales did they make in 2022"]) {
      expect(readQuestion(q, ROOM).concepts.map((c) => c.id), q).toEqual(["revenue"]);
    }
  });

  it("reads buying back 'its own' shares as the repurchases, with no part called 'own'", () => {
    for (const q of ["how much did alderwick spend repurchasing it's own shares in fy19", "alderwick - how much did they spend buying back their own stock in fy19?", "what did alderwick pay to repurchase its own shares fy2019"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["share_repurchases"]);
      expect(r.scope, q).toBeUndefined();
    }
  });

  it("reads people on the payroll as the headcount, and payroll taxes as no headcount", () => {
    for (const q of ["how many full-time ppl does alderwick have on payroll", "how many people are on the payroll", "how many people on payroll at alderwick"]) {
      expect(readQuestion(q, ROOM).concepts.map((c) => c.id), q).toEqual(["employees"]);
    }
    expect(readQuestion("how much did alderwick spend on payroll taxes", ROOM).concepts.map((c) => c.id)).not.toContain("employees");
  });

  it("reads cash with the short-term investments beside it as that total, never the cash alone, and 'sitting on' as no part", () => {
    for (const q of ["how much cash & st investments was alderwick sitting on at the end of fy16", "alderwick cash and short-term investments fy16", "what was alderwick's cash plus short term investments in 2016", "alderwick cash and marketable securities 2016"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["cash_and_investments"]);
      expect(r.scope, q).toBeUndefined();
      expect(r.periods, q).toEqual(["FY2016"]);
    }
    expect(readQuestion("how much cash is alderwick sitting on", ROOM).concepts.map((c) => c.id)).toEqual(["cash"]);
  });

  it("reads a lower-case part followed by 'business' or 'arm' as a named part, never the engine's company total", () => {
    for (const q of ["how much revenue is the widget by mail business still bringing in for alderwick, 2015", "alderwick: what did the domestic widget business bring in, revenue-wise, in 2015?", "what revenue did alderwick's widget arm generate in fiscal 2015, in thousands"]) {
      const r = readQuestion(q, ROOM);
      expect(r.namedPart, q).toBe(true);
      expect(evidenceCalls(r)?.[0]?.toolName, q).toBe("get_line_items");
    }
    expect(readQuestion("How much revenue did Alderwick report in 2015 in the ordinary course of business, in millions?", ROOM).namedPart).toBeFalsy();
  });

  it("reads the sale of a business or of bonds as no sales figure, and sales, comps and units as written", () => {
    for (const q of ["alderwick ticketing business sale price", "alderwick's june 2023 bond sale - which tranche was the largest", "who bought alderwick's classifieds unit in the sale?"]) {
      expect(readQuestion(q, ROOM).concepts.map((c) => c.id), q).not.toContain("revenue");
      expect(readQuestion(q, ROOM).concepts.map((c) => c.id), q).not.toContain("unit_sales");
    }
    expect(readQuestion("alderwick sales 2022", ROOM).concepts.map((c) => c.id)).toEqual(["revenue"]);
    expect(readQuestion("alderwick comps 2022", ROOM).concepts.map((c) => c.id)).toEqual(["comparable_sales"]);
    expect(readQuestion("how many units did alderwick sell in 2022", ROOM).concepts.map((c) => c.id)).toEqual(["unit_sales"]);
  });

  it("reads a follow-up naming a segment, or pointing back with 'of that', as the last figure's part", () => {
    for (const q of ["how much did the widgets & sensors segmnet contribute", "how much of that came from the widgets & sensors segment", "and the widgets and sensors segment?"]) {
      const r = readQuestion(q, ROOM, readQuestion("alderwick net sales 2018", ROOM));
      expect(r.concepts.map((c) => c.id), q).toEqual(["revenue"]);
      expect(r.scope, q).toBe("widgets sensors");
      expect(r.periods, q).toEqual(["FY2018"]);
      expect(r.company, q).toBe("ALDERWICK INSTRUMENTS, INC.");
    }
    // the list of segments is still asked by its plural
    expect(readQuestion("what are alderwick's business segments", ROOM).concepts.map((c) => c.id)).toEqual(["segments"]);
  });

  it("reads raising or hiking a figure as up and cutting it as down, in three wordings", () => {
    for (const q of ["did alderwick raise its dividend in 2022", "alderwick hike the divvy in 22?", "did they raise the dividend last year"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["dividends_paid"]);
      expect(r.direction, q).toBe("up");
      expect(r.scope, q).toBeUndefined();
    }
    expect(readQuestion("did alderwick cut capex in fy16", ROOM).direction).toBe("down");
  });

  it("asks a move with no year named of the latest year and the one before, in three wordings", () => {
    for (const q of ["did alderwick raise the dividend this yr", "did alderwick's dividends go up this year", "did alderwick increase its dividend?"]) {
      const r = readQuestion(q, ROOM);
      const rows = { toolName: "get_line_items", input: {}, output: { company: "ALDERWICK INSTRUMENTS, INC.", rows: [], notFound: ["dividends_paid"], notes: [] } };
      // (a change over two periods, however the question words it: both years come back)
      expect(evidenceNext(r, [rows]), q).toEqual([{ toolName: "compute_metric", input: { company: "ALDERWICK INSTRUMENTS, INC.", metric: "dividends_paid", aggregate: expect.stringMatching(/^(?:change|growth)$/) } }]);
    }
  });

  it("reads debt due within a year or twelve months as short-term debt", () => {
    for (const q of ["alderwick debt due within a yr as of may 31 2016?", "how much debt does alderwick have due within 12 months", "debt due in the next 12 months fy19"]) {
      expect(readQuestion(q, ROOM).concepts.map((c) => c.id), q).toEqual(["short_term_debt"]);
    }
  });

  it("never reads a word of the company's name as a superlative ('Best Buy' asks for no best)", () => {
    const room = [{ name: "BEST BUY CO., INC.", tickers: ["BBY"] }];
    for (const q of ["did best buy hike the dividend in fy19?", "best buy - did the dividend go up in fy19", "did bby raise its dividend in fy19"]) {
      expect(evidenceCalls(readQuestion(q, room)), q).toEqual([{ toolName: "get_line_items", input: { company: "BEST BUY CO., INC.", items: ["dividends_paid"], periods: ["FY2018", "FY2019"] } }]);
    }
    expect(evidenceCalls(readQuestion("which segment of best buy had the highest revenue", room))?.[0]?.toolName).toBe("get_line_items");
  });

  it("reads 'what % of total revenue is that' after a part's figure as the part's share, in three wordings", () => {
    for (const [first, then] of [
      ["how much did alderwick sell of widgets in 2021", "what % of total rev is that"],
      ["alderwick widgets revenue 2021", "as a share of total revenue?"],
      ["how much did brindlemoor make from snacks in 2020", "and as a % of total sales?"],
      // (however long, when "that" stands for the figure just given)
      ["alderwick widgets revenue 2021", "how much is that as a % of total rev"],
      ["brindlemoor snacks sales 2020", "what is that as a percentage of brindlemoor's total revenue"],
    ] as const) {
      const r = readQuestion(then, ROOM, readQuestion(first, ROOM));
      expect(r, then).toMatchObject({ partShare: true, periods: [first.includes("2020") ? "FY2020" : "FY2021"] });
      expect(r.scope, then).toMatch(/^(?:widgets|snacks)$/);
      expect(r.concepts.map((c) => c.id), then).toEqual(["revenue"]);
    }
    // after the company's own total there is no part to carry
    expect(readQuestion("what % of total rev is that", ROOM, readQuestion("alderwick revenue 2021", ROOM)).partShare).toBeFalsy();
  });

  it("finds the company anywhere, with or without a possessive, and leaves it out when none is named", () => {
    expect(readQuestion("brindlemoor revenue 2022", ROOM).company).toBe("Brindlemoor Foods Corporation");
    expect(readQuestion("What was Brindlemoor's revenue?", ROOM).company).toBe("Brindlemoor Foods Corporation");
    expect(readQuestion("revenue 2022", ROOM).company).toBeUndefined();
  });

  it("names a company by its ticker, typed as printed or in lower case, and keeps the ticker out of the part asked", () => {
    const room = [{ name: "ALDERWICK INSTRUMENTS, INC.", tickers: ["ALDW"] }, { name: "Brindlemoor Foods Corporation", tickers: ["BFC"] }];
    for (const q of ["aldw net income 2019", "ALDW net income 2019", "net income for aldw in 2019?"]) {
      const r = readQuestion(q, room);
      expect(r.company, q).toBe("ALDERWICK INSTRUMENTS, INC.");
      expect(r.scope, q).toBeUndefined();
    }
    expect(readQuestion("bfc r&d expense fy2023", room)).toMatchObject({ company: "Brindlemoor Foods Corporation", concepts: [expect.objectContaining({ id: "research_development" })] });
    // a ticker that is a question word names the company only as printed
    const it = [{ name: "Kestrel Tech Corp", tickers: ["ALL"] }, { name: "Brindlemoor Foods Corporation", tickers: [] }];
    expect(readQuestion("all revenue 2022", it).company).toBeUndefined();
    expect(readQuestion("ALL revenue 2022", it).company).toBe("Kestrel Tech Corp");
    // a two-letter ticker typed in lower case names the company and is no part asked
    const two = [{ name: "The Brindle Company", tickers: ["BX"] }, { name: "Kestrel Tech Corp", tickers: ["IT"] }];
    for (const q of ["bx r&d spend 2022", "what did bx spend on r&d in 2022", "r&d for bx, 2022"]) {
      const r = readQuestion(q, two);
      expect(r.company, q).toBe("The Brindle Company");
      expect(r.scope, q).toBeUndefined();
    }
    expect(readQuestion("it revenue 2022", two).company).toBeUndefined();
  });

  it("names a company by a ticker-like shortening when its documents print no ticker, never by a figure's word", () => {
    const room = [{ name: "Brindlemoor Foods Corporation", tickers: [] }];
    for (const q of ["brnd diluted eps q2 2023", "brdl revenue 2022", "bmr gross margin fy22"]) {
      const r = readQuestion(q, room);
      expect(r.company, q).toBe("Brindlemoor Foods Corporation");
      expect(r.scope, q).toBeUndefined();
    }
    // a word of a figure, or one out of the name's order, is no shortening
    expect(readQuestion("bus revenue 2022", room).company).toBeUndefined();
    // a part's initials that borrow the legal form's letters name the part ("BCA" of "The Boeing Company"'s Commercial Airplanes)
    expect(readQuestion("what were bca's earnings from operations in 2018", [{ name: "The Brindle Company", tickers: [] }]).company).toBeUndefined();
    expect(readQuestion("net income 2022", [{ name: "Netgrid Systems Inc", tickers: [] }]).company).toBeUndefined();
  });

  it("keeps a place name opened by 'new' as the part asked, and reads a possessive typed without its apostrophe as the company", () => {
    expect(readQuestion("how much rental revenue did alderwick get out of new york in 2015", ROOM).scope).toBe("rental new york");
    expect(readQuestion("what did alderwick spend on new plants and equipment in 2015", ROOM).scope).toBeUndefined();
    const r = readQuestion("did brindlemoors operating income go up in fy22?", ROOM);
    expect(r).toMatchObject({ company: "Brindlemoor Foods Corporation", direction: "up" });
    expect(r.scope).toBeUndefined();
  });

  it("spells out shorthand before reading: ppl, intl, govt", () => {
    expect(readQuestion("how many ppl does alderwick employ?", ROOM).concepts.map((c) => c.id)).toEqual(["employees"]);
    expect(readQuestion("alderwick intl revenue 2020", ROOM).scope).toBe("international");
    expect(readQuestion("what about int'l?", ROOM, readQuestion("alderwick us revenue 2020", ROOM)).scope).toBe("international");
    expect(readQuestion("alderwick govt share of sales 2022", ROOM).text).toMatch(/government share/);
  });

  it("reads a spaced ampersand as 'and': cash & cash equivalents is the cash balance", () => {
    expect(readQuestion("alderwick cash & cash equivalents at dec 31 2019", ROOM)).toMatchObject({ concepts: [expect.objectContaining({ id: "cash" })], periods: ["31 December 2019"] });
    expect(readQuestion("alderwick cash & cash equivalents at dec 31 2019", ROOM).scope).toBeUndefined();
  });

  it("carries the concept and company into a follow-up and shifts its year", () => {
    expect(calls("and the year before?", "alderwick net income 2022")).toEqual([{ toolName: "compute_metric", input: { company: "ALDERWICK INSTRUMENTS, INC.", metric: "net_income", periods: ["FY2021"] } }]);
    expect(calls("what about 2020?", "alderwick net income 2022")?.[0]?.input).toMatchObject({ metric: "net_income", periods: ["FY2020"] });
  });

  it("a follow-up naming only a part asks the carried figure for that part; one naming a year keeps the part", () => {
    const first = readQuestion("alderwick widget revenue 2022", ROOM);
    expect(first.scope).toBe("widget");
    for (const q of ["and 2021?", "what about the year before?", "how about 2021"]) expect(readQuestion(q, ROOM, first)).toMatchObject({ scope: "widget", concepts: [expect.objectContaining({ id: "revenue" })] });
    for (const [q, part] of [["what about the US?", "US"], ["and in the U.S.?", "US"], ["same for Europe", "Europe"], ["ok and services", "services"]] as const) {
      const r = readQuestion(q, ROOM, first);
      expect(r.scope).toBe(part);
      expect(calls(q, "alderwick widget revenue 2022")?.[0]?.input).toMatchObject({ items: [`${part} revenue`] });
    }
    // a company total asked first stays a total when the follow-up names only a year
    expect(readQuestion("and 2021?", ROOM, readQuestion("alderwick revenue 2022", ROOM)).scope).toBeUndefined();
    // "operating revenues" (a utility's, an airline's total) is the revenue total, not a part named "operating"
    const operating = readQuestion("alderwick total operating revenues 2022", ROOM);
    expect([operating.concepts[0]?.id, operating.scope]).toEqual(["revenue", undefined]);
    // "us" the pronoun is no part; "US" the country is
    expect(readQuestion("what did it cost us in 2022", ROOM).scope).not.toBe("us");
  });

  it("reads a lower-case 'us' typed for the country as the part asked, and not the object of tell/give/for", () => {
    for (const q of ["alderwick us employees 2022", "% of alderwick employees in us 2022", "us revenue alderwick 2022", "alderwick revenue from us customers 2022"]) {
      expect(readQuestion(q, ROOM).scope, q).toMatch(/^us\b/);
    }
    for (const q of ["tell us alderwick revenue 2022", "give us alderwick's capex for 2022", "what is alderwick's revenue for us to model in 2022?"]) {
      expect(readQuestion(q, ROOM).scope ?? "", q).not.toMatch(/\bus\b/);
    }
  });

  it("reads a year-end typed as ye, fye or fiscal year end as that fiscal year, not as a part", () => {
    for (const q of ["alderwick employees ye2022", "alderwick employees at ye 22", "alderwick employees fye2022", "alderwick employees fiscal year end 2022"]) {
      const r = readQuestion(q, ROOM);
      expect([r.periods, r.scope], q).toEqual([["FY2022"], undefined]);
    }
  });

  it("reads the words qualifying the figure as a noun phrase: before its name, or after a preposition", () => {
    const q = (text: string) => qualifiersOf(readQuestion(text, ROOM));
    expect(q("alderwick us employees 2022")).toEqual(["us"]);
    expect(q("alderwick permanent part-time employees 2022")).toEqual(["permanent", "part", "time"]);
    expect(q("alderwick employees under collective bargaining at ye2022")).toEqual(["collective", "bargaining"]);
    expect(q("alderwick revenue in the us in 2022?")).toEqual(["us"]);
    expect(q("alderwick revenue from franchised stores 2022")).toEqual(["franchised", "stores"]); // the stores the revenue comes from
    // verbs and filler left over are no qualifiers, nor are a defined formula's inputs
    for (const text of ["by how much did alderwick's effective tax rate move from 2021 to 2022?", "how much merchandise did alderwick carry as inventory at the end of 2022?", "alderwick cash from operations divided by current liabilities, the bills due within a year, fy2022"]) expect(q(text), text).toEqual([]);
  });

  it("reads a yes/no question set after the company or a period ('Acme — as of Q2, is it …?')", () => {
    for (const text of ["Alderwick — does it get some components from single sources?", "Alderwick: is operating margin improving in 2022?", "Alderwick — as of Q2 2023, is it spinning off a business?", "alderwick debt fy23 vs fy22 — up?"]) expect(readQuestion(text, ROOM).polar, text).toBe(true);
    expect(readQuestion("alderwick capex 2022 up or down?", ROOM).direction).toBe("either");
    expect(readQuestion("how much debt did alderwick pay down?", ROOM).polar).toBe(false);
  });

  it("reads 'as a % of revenue?' after a figure as that figure over revenue, and carries the ratio to the next year asked", () => {
    for (const q of ["as a % of revenue?", "what percent of revenue is that", "and as a share of sales?"]) {
      expect(calls(q, "alderwick net income 2022")?.[0]?.input, q).toMatchObject({ formula: "net_income / revenue", unit: "percent", periods: ["FY2022"] });
    }
    const ratio = readQuestion("as a % of revenue?", ROOM, readQuestion("alderwick net income 2022", ROOM));
    for (const [q, year] of [["and fy21?", "FY2021"], ["what about 2020", "FY2020"], ["and the year before?", "FY2021"]] as const) {
      expect(evidenceCalls(readQuestion(q, ROOM, ratio))?.[0]?.input, q).toMatchObject({ formula: "net_income / revenue", unit: "percent", periods: [year] });
    }
    // a standalone share keeps its order when carried ("what share of revenue was operating income" puts revenue below)
    expect(calls("and 2021?", "what share of alderwick's revenue was operating income in 2022")?.[0]?.input).toMatchObject({ formula: "operating_income / revenue", periods: ["FY2021"] });
  });

  it("reads a phrase opened by a preposition only as written: 'in restructuring charges' is no 'in charge'", () => {
    expect(readQuestion("how much did alderwick book in restructuring charges in fy22?", ROOM).concepts.map((c) => c.id)).not.toContain("ceo");
    expect(readQuestion("who is in charge at alderwick", ROOM).concepts.map((c) => c.id)).toContain("ceo");
    expect(readQuestion("how much did alderwick book in restructuring charges in fy22?", ROOM).concepts.map((c) => c.id)).toEqual(["restructuring"]);
    expect(readQuestion("how much in charges are they expecting from the restructuring", ROOM).concepts.map((c) => c.id)).toEqual(["restructuring"]);
  });

  it("reads a terse question ending in 'why' or 'reason' as asking a reason, not a yes/no about the move", () => {
    for (const q of ["alderwick widget revenue decline 2022 why", "alderwick operating cash flow decline 2022 reason", "alderwick rev drop 2022 - why?"]) {
      const r = readQuestion(q, ROOM);
      expect([r.reason, r.polar], q).toEqual([true, false]);
    }
  });

  it("does not read 'drive' inside a hyphenated word (drive-thru) as asking what drove something", () => {
    expect(readQuestion("how long did alderwick take to serve a drive-thru customer in 2022", ROOM).narrative).toBe(false);
    expect(readQuestion("what drove alderwick revenue in 2022", ROOM).narrative).toBe(true);
  });

  it("puts the figure named after '% of' or 'share of' below the line, in four wordings", () => {
    for (const q of ["what percent of alderwick's revenue was left as gross profit in 2022?", "alderwick gross profit as a % of revenue 2022", "what share of alderwick's sales did it keep as gross profit in 2022", "alderwick gross profit / revenue fy2022"]) {
      expect(calls(q)?.[0]?.input, q).toMatchObject({ formula: "gross_profit / revenue", periods: ["FY2022"] });
    }
  });

  it("reads a verb of a figure's name beside another figure as how it came about, not a second figure", () => {
    expect(readQuestion("how much revenue did alderwick earn in 2022", ROOM).concepts.map((c) => c.id)).toEqual(["revenue"]);
    expect(readQuestion("how much did alderwick earn in 2022", ROOM).concepts.map((c) => c.id)).toEqual(["net_income"]);
    expect(readQuestion("alderwick revenue and profits 2022", ROOM).concepts.map((c) => c.id)).toEqual(["revenue", "net_income"]);
  });

  it("reads cash from operations less capital spending as free cash flow, and operations' cash as operating cash flow", () => {
    for (const q of ["how much cash did alderwick's operations bring in after paying for capital spending in 2022", "How much cash was left from Alderwick's operations after paying for capital expenditures in 2022?", "alderwick operating cash flow minus capex 2022"]) {
      expect(readQuestion(q, ROOM), q).toMatchObject({ concepts: [expect.objectContaining({ id: "free_cash_flow" })], periods: ["FY2022"] });
      expect(readQuestion(q, ROOM).scope, q).toBeUndefined();
    }
    expect(readQuestion("How much cash did Alderwick's operations bring in during 2022?", ROOM).concepts.map((c) => c.id)).toEqual(["operating_cash_flow"]);
  });

  it("shifts a follow-up's year back or forward, and reads 'earlier' as time, not a part", () => {
    const first = readQuestion("alderwick backlog at the end of 2021", ROOM);
    expect(readQuestion("and a year earlier?", ROOM, first)).toMatchObject({ periods: ["FY2020"] });
    expect(readQuestion("and a year earlier?", ROOM, first).scope).toBeUndefined();
    expect(readQuestion("what about the following year", ROOM, first)).toMatchObject({ periods: ["FY2022"] });
    expect(readQuestion("and the next year?", ROOM, first)).toMatchObject({ periods: ["FY2022"] });
  });

  it("moves a day back by the years a follow-up asks, not to the fiscal year before", () => {
    for (const [first, then, want] of [
      ["alderwick active buyers as of june 2023", "what was it a year earlier?", "30 June 2022"],
      ["alderwick cash at sept 30 2022", "and a year earlier?", "30 September 2021"],
      ["alderwick headcount at the end of march 2023", "what about the year before", "31 March 2022"],
      ["alderwick members as at december 2022", "and two years earlier?", "31 December 2020"],
    ] as const) expect(readQuestion(then, ROOM, readQuestion(first, ROOM)).periods, then).toEqual([want]);
  });

  it("a follow-up to a figure no catalog concept names asks that figure again: another year, N years earlier, another part", () => {
    const first = readQuestion("how many widgets did alderwick move in fy16", ROOM);
    expect(first).toMatchObject({ label: "widgets", periods: ["FY2016"] });
    expect(first.aggregate).toBeUndefined(); // moving units is selling them, not a change
    for (const [turn, periods] of [["2015?", ["FY2015"]], ["and the year before", ["FY2015"]], ["what was it 2 yrs earlier", ["FY2014"]], ["what about three years before?", ["FY2013"]]] as const) {
      const r = readQuestion(turn, ROOM, first);
      expect(r, turn).toMatchObject({ label: "widgets", company: "ALDERWICK INSTRUMENTS, INC.", periods });
      expect(r.followUp?.carried, turn).toContain("concept");
    }
    for (const turn of ["same for gadgets", "and gadgets?", "what about gadgets"]) expect(readQuestion(turn, ROOM, first), turn).toMatchObject({ label: "gadgets", periods: ["FY2016"], company: "ALDERWICK INSTRUMENTS, INC." });
    // a reply that names nothing new asks nothing again
    for (const turn of ["thanks", "ok", "yes please"]) expect(readQuestion(turn, ROOM, first).followUp, turn).toBeUndefined();
    expect(readQuestion("yes please", ROOM, readQuestion("any red flags?", ROOM)).text).toBe("yes please");
    expect(readQuestion("Yes, add them to the Q&A list.", ROOM, readQuestion("What's missing for the IRL?", ROOM)).followUp).toBeUndefined();
    // the carried question asks the count again, so a count's rows answer it
    expect(readQuestion("same for gadgets", ROOM, first).text).toMatch(/how many gadgets/);
    // a new question after it is read on its own
    expect(readQuestion("brindlemoor revenue 2022", ROOM, first).followUp).toBeUndefined();
  });

  it("a follow-up naming another figure by generic nouns asks it for the part the conversation was on", () => {
    const first = readQuestion("alderwick widgets segment gmv 2015", ROOM);
    for (const turn of ["and the take rate on that?", "what about the take rate", "take rate?"]) {
      const r = readQuestion(turn, ROOM, first);
      expect(r, turn).toMatchObject({ concepts: [], periods: ["FY2015"], company: "ALDERWICK INSTRUMENTS, INC." });
      expect(r.label, turn).toMatch(/widgets.*take rate/);
    }
    // a year alone, or a change asked, still carries the figure
    for (const turn of ["and 2014?", "yoy change on that?", "growth vs the year before?"]) expect(readQuestion(turn, ROOM, first).concepts.map((c) => c.id), turn).toEqual(["gmv"]);
  });

  it("reads 'adjusted' as a qualifier of the figure, so a computed company figure never answers it", () => {
    for (const q of ["alderwick adjusted fcf 2022", "what was adjusted free cash flow for alderwick in fy22", "alderwick's fy22 free cash flow, adjusted"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["free_cash_flow"]);
      expect(r.scope, q).toBe("adjusted");
      expect(evidenceCalls(r)?.[0]?.toolName, q).toBe("get_line_items");
    }
  });

  it("asks the effective tax rate the filing prints before working it out from the statements", () => {
    for (const q of ["alderwick etr fy19", "what was alderwick's effective tax rate in 2019", "alderwick's tax rate for fiscal 2019"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["effective_tax_rate"]);
      expect(evidenceCalls(r)?.[0], q).toMatchObject({ toolName: "get_line_items", input: { items: ["effective_tax_rate"], periods: ["FY2019"] } });
    }
  });

  it("reads a quarter named by its closing month as that quarter, never as the year its number names", () => {
    for (const [q, period] of [["alderwick june-quarter '23 revenue", "quarter ending June 2023"], ["revenue for the sept quarter", "quarter ending September"], ["gross margin in the july qtr", "quarter ending July"], ["revenue in the march quarter of 2022", "quarter ending March 2022"], ["active users for the quarter ending june 2023", "quarter ending June 2023"], ["opex in the qtr ended in sept", "quarter ending September"]] as const) expect(readQuestion(q, ROOM).periods, q).toEqual([period]);
  });

  it("reads a quarter's move asked yes or no against the same quarter a year before", () => {
    expect(readQuestion("was alderwick's q3 2023 net income up?", ROOM).periods).toEqual(["Q3 2022", "Q3 2023"]);
    expect(readQuestion("did net income rise in q3?", ROOM).periods).toEqual(["Q3 a year earlier", "Q3"]);
    expect(readQuestion("was the june qtr net income up yoy?", ROOM).periods).toEqual(["quarter ending June a year earlier", "quarter ending June"]);
  });

  it("reads a company name typed one letter off as the company, and keeps it out of the part asked", () => {
    for (const q of ["alderwik revenue 2021", "revenue 2021 for brindlemor", "op margin fy19 vs fy21 for alderwich"]) {
      const r = readQuestion(q, [{ name: "Alderwick Instruments", tickers: [] }, { name: "Brindlemoor Foods", tickers: [] }]);
      expect(r.company, q).toMatch(q.includes("brindle") ? /Brindlemoor/ : /Alderwick/);
      expect(r.scope, q).toBeUndefined();
    }
    // a word of the question one letter from a short name is no name
    expect(readQuestion("how do they apply hedge accounting", [{ name: "Apple Inc.", tickers: [] }, { name: "Brindlemoor Foods", tickers: [] }]).company).toBeUndefined();
  });

  it("reads everyday wordings of profit, size and time: 'make money', 'how much smaller', 'these days', 'revs'", () => {
    expect(readQuestion("did they make money in q4 22", ROOM)).toMatchObject({ polar: true, periods: ["Q4 2022"] });
    expect(readQuestion("did they make money in q4 22", ROOM).concepts.map((c) => c.id)).toEqual(["net_income"]);
    expect(readQuestion("net loss 2018 vs 2020, how much smaller did it get", ROOM)).toMatchObject({ aggregate: "change", periods: ["FY2018", "FY2020"] });
    expect(readQuestion("where is alderwick hq these days", ROOM)).toMatchObject({ periods: ["latest"] });
    expect(readQuestion("where is alderwick hq these days", ROOM).scope).toBeUndefined();
    const revs = readQuestion("total operating revs for alderwick in 2020", ROOM);
    expect(revs.concepts.map((c) => c.id)).toEqual(["revenue"]);
    expect(revs.scope).toBeUndefined();
    expect(readQuestion("comparable sales q2 fy24, how bad", ROOM).scope).toBeUndefined();
  });

  it("reads one year compared with the year before it as both years and the change, in three wordings", () => {
    expect(readQuestion("gross margin in fy16 compared with the prior year", ROOM)).toMatchObject({ periods: ["FY2015", "FY2016"], aggregate: "change" });
    expect(readQuestion("alderwick revenue in 2016 vs the previous year", ROOM)).toMatchObject({ periods: ["FY2015", "FY2016"], aggregate: "growth" });
    expect(readQuestion("fy16 net income against a year earlier", ROOM)).toMatchObject({ periods: ["FY2015", "FY2016"], aggregate: "growth" });
    // "earnings from operations" is operating income, not net income of a part called operations
    expect(readQuestion("earnings from operations fy16", ROOM).concepts.map((c) => c.id)).toEqual(["operating_income"]);
  });

  it("a follow-up comparing, asking which way or why reads the figure the conversation was on", () => {
    const first = readQuestion("alderwick operating income 2022", ROOM);
    for (const q of ["how does that compare to 2021?", "and versus 2021?", "what about 2021, compared?"]) expect(readQuestion(q, ROOM, first), q).toMatchObject({ periods: ["FY2021", "FY2022"], aggregate: "change", narrative: false });
    for (const q of ["is that up or down?", "did it go up or down?", "higher or lower than the year before?"]) expect(readQuestion(q, ROOM, first), q).toMatchObject({ direction: "either", polar: true, periods: ["FY2021", "FY2022"] });
    expect(evidenceCalls(readQuestion("is that up or down?", ROOM, first))?.[0]).toMatchObject({ toolName: "get_line_items" });
    expect(standaloneQuestion(readQuestion("what drove that?", ROOM, first))).toBe("Why did ALDERWICK INSTRUMENTS, INC.'s operating income change in fiscal 2022?");
    expect(standaloneQuestion(readQuestion("why?", ROOM, first))).toMatch(/^Why did .*operating income change in fiscal 2022\?$/);
    expect(standaloneQuestion(readQuestion("and 2021?", ROOM, first))).toBeUndefined();
    // "make up" and "pay down" say no direction
    expect(readQuestion("what did they make up in 2022", ROOM, first).direction).toBeUndefined();
  });

  it("reads no part from an instruction sentence after the question", () => {
    for (const q of ["What is Alderwick's year end FY2017 total current liabilities (in USD millions)? Base your judgments on the information provided primarily in the balance sheet.", "What is the FY2016 COGS for Alderwick? Please state answer in USD millions. Provide a response to the question by primarily using the statement of income."]) {
      expect(readQuestion(q, ROOM).scope, q).toBeUndefined();
    }
  });

  it("reads an earlier answer's period from its lead line only, and none from an answer that found nothing", () => {
    expect(answeredPeriod("For Q3 2024, EBITDA was EUR 1.2 million (source: r.pdf, p.3)")).toEqual(["Q3 2024"]);
    expect(answeredPeriod("Alderwick: Revenue for fiscal 2020 was **USD 7 million**\n(line as printed: 2020 2019)")).toEqual(["FY2020"]);
    expect(answeredPeriod('Ian Doe, CFO (source: a.pdf, p.2)\nPursuant to the Securities Exchange Act of 1934 …')).toEqual([]);
    expect(answeredPeriod('I couldn\'t find a stated store count in the documents.\n- passage: "the Securities Exchange Act of 1934"')).toEqual([]);
  });

  it("a change asked as a follow-up runs across the years the conversation named", () => {
    const first = readQuestion("alderwick operating margin 2022", ROOM);
    const second = readQuestion("and the year before?", ROOM, first);
    expect(second.periods).toEqual(["FY2021"]);
    const third = readQuestion("so how much did it change?", ROOM, second);
    expect(third).toMatchObject({ aggregate: "change", periods: ["FY2021", "FY2022"] });
    expect(third.concepts.map((c) => c.id)).toEqual(["operating_margin"]);
    const growth = readQuestion("so how much growth is that?", ROOM, readQuestion("alderwick revenue 2022", ROOM));
    expect(growth).toMatchObject({ aggregate: "growth", periods: ["FY2021", "FY2022"] });
  });

  it("reads relative periods as words for the tools, never as today's year", () => {
    expect(readQuestion("did they buy back any stock last year?", ROOM).periods).toEqual(["last year"]);
    expect(readQuestion("how much cash do they have now?", ROOM).periods).toEqual(["latest"]);
  });

  it("sends people, company facts and risks to their own tools", () => {
    expect(calls("who's the CFO?")).toEqual([{ toolName: "get_people", input: { role: "chief financial officer" } }]);
    expect(calls("who audits their books?")).toEqual([{ toolName: "get_company_facts", input: { facts: ["auditor"] } }]);
    expect(calls("where are they headquartered?")).toEqual([{ toolName: "get_company_facts", input: { facts: ["headquarters"] } }]);
    expect(calls("how many people do they employ?")).toEqual([{ toolName: "get_company_facts", input: { facts: ["employees"] } }]);
    for (const q of ["where are they incorporated?", "state of incorporation?", "what state is it incorporated in", "who signs off on their numbers"]) expect(calls(q)?.[0]?.input, q).toEqual({ facts: [q.startsWith("who") ? "auditor" : "incorporation"] });
    expect(calls("what are the main risks?")?.[0]).toEqual({ toolName: "get_risk_factors", input: { limit: 8 } });
    expect(calls("top 10 risk factors")?.[0]?.input).toEqual({ limit: 10 });
    expect(calls("any cybersecurity risk called out")?.[0]).toMatchObject({ toolName: "get_risk_factors", input: { topic: "cybersecurity" } });
  });

  it("reads a share of revenue as a formula, and a figure the company states as a table row", () => {
    expect(calls("R&D as a % of revenue 2022")?.[0]?.input).toMatchObject({ formula: "research_development / revenue", unit: "percent" });
    expect(calls("how big is the backlog")).toEqual([{ toolName: "get_line_items", input: { items: ["backlog"] } }]);
  });

  it("reads everyday names of operating figures from the catalog, in several wordings", () => {
    for (const q of ["How much did Alderwick's same-store sales grow in 2022?", "alderwick comps 2022", "alderwick comparable store sales fy22"]) {
      const r = readQuestion(q, ROOM);
      expect(r.concepts.map((c) => c.id), q).toEqual(["comparable_sales"]);
      expect(r.aggregate, q).toBeUndefined();
    }
    expect(readQuestion("How much did Alderwick spend on marketing and sales in 2022?", ROOM).concepts.map((c) => c.id)).toEqual(["sales_marketing"]);
    expect(readQuestion("How much did Alderwick sell in 2022?", ROOM).concepts.map((c) => c.id)).toEqual(["revenue"]);
    expect(readQuestion("How much did Alderwick invest in property and equipment in 2022?", ROOM).concepts.map((c) => c.id)).toEqual(["capital_expenditure"]);
    expect(readQuestion("alderwick noi 2022", ROOM).concepts.map((c) => c.id)).toEqual(["net_operating_income"]);
  });

  it("asks a why question of the sentences explaining the figure read, and makes no call for a yes/no about a level or nothing it knows", () => {
    for (const q of ["why did revenue fall in 2022?", "what's behind the lower top line in fy22", "how come sales dropped in 2022", "revenue fell in 2022 - why?"]) {
      expect(calls(q), q).toEqual([{ toolName: "get_explanations", input: { figure: "revenue", period: "2022", direction: "down" } }]);
    }
    expect(calls("what drove services revenue up in 2021")).toEqual([{ toolName: "get_explanations", input: { figure: "revenue", part: "services", period: "2021", direction: "up" } }]);
    expect(calls("was revenue material to the business in 2022?")).toBeNull();
    expect(calls("tell me something interesting")).toBeNull();
  });
});

describe("shorthand and everyday forms an analyst types", () => {
  const read = (q: string) => readQuestion(q, [{ name: "ALDERWICK INSTRUMENTS, INC.", tickers: ["ALDW"] }]);

  it("reads a reader's word typed one letter off as that word, never a company's name word", () => {
    for (const q of ["aldw intl segmnt operating income 2022", "operating income of the international segmnet in 2022", "2022 opertaing income, international segment"]) {
      const r = read(q);
      expect([r.concepts.map((c) => c.id), r.scope, r.periods], q).toEqual([["operating_income"], "international", ["FY2022"]]);
    }
    for (const q of ["revnue last quartr", "last quarter revneue", "revenue in the latest quater"]) expect(read(q).concepts.map((c) => c.id), q).toEqual(["revenue"]);
    expect(readQuestion("alderwik revenue 2022", [{ name: "ALDERWICK INSTRUMENTS, INC.", tickers: ["ALDW"] }]).company).toBe("ALDERWICK INSTRUMENTS, INC.");
    // a word's other form ("equivalent" beside the catalog's "equivalents", "employed" beside "employee") is no typo
    for (const q of ["How many full-time equivalent employees did Alderwick have at the end of fiscal 2022?", "full-time equivalent employees fy22", "aldw full time equivalent headcount 2022"]) expect(read(q).text, q).toMatch(/equivalent (?:employees|headcount)/);
    expect(read("How many of Alderwick's employees were employed in the U.S. as of May 31, 2023?").text).toMatch(/were employed in/);
    expect(read("What share of Alderwick's employees were located in the United States as of January 31, 2023?").scope).toBe("United States");
    // a word of its own one letter off a reader's word with another first letter is left as typed
    for (const q of ["aldw ground operating income fy2023?", "operating income of the ground segment 2023", "ground segment op income 2023"]) expect(read(q).scope, q).toBe("ground");
  });

  it("reads a count of employees as the headcount", () => {
    for (const q of ["employee count, most recent?", "aldw employee count", "what's the employee count now"]) {
      const r = read(q);
      expect([r.concepts.map((c) => c.id), r.scope], q).toEqual([["employees"], undefined]);
    }
  });

  it("reads 'a year earlier' after a quarter as the same quarter a year before, and 'last year' as either", () => {
    const room = [{ name: "ALDERWICK INSTRUMENTS, INC.", tickers: ["ALDW"] }];
    for (const first of ["aldw gmv q2 2023", "active buyers at end of the june qtr?"]) {
      const prev = readQuestion(first, room);
      for (const q of ["what was it a yr earlier", "and a year before?", "same thing the year before"]) {
        const r = readQuestion(q, room, prev);
        expect([r.periods, r.ambiguous], `${first} → ${q}`).toEqual([[`${prev.periods[0]} a year earlier`], undefined]);
      }
      expect(readQuestion("what about last year", room, prev).ambiguous).toBe(true);
    }
  });

  it("reads 'a yr earlier' and 'the year after' of the last turn's figure, its part carried", () => {
    const first = read("aldw hardware revenue fiscal 2022");
    for (const [q, want] of [["what was it a yr earlier", "FY2021"], ["ok and the year after?", "FY2023"], ["and the year after", "FY2023"]] as const) {
      const r = readQuestion(q, [{ name: "ALDERWICK INSTRUMENTS, INC.", tickers: ["ALDW"] }], first);
      expect([r.concepts.map((c) => c.id), r.scope, r.periods], q).toEqual([["revenue"], "hardware", [want]]);
    }
  });

  it("spells out shorthand before reading concepts and parts, in three wordings each", () => {
    for (const q of ["aldw gm fy22", "alderwick gm 2022?", "what was gm in fy2022"]) expect(read(q).concepts.map((c) => c.id), q).toEqual(["gross_margin"]);
    for (const q of ["aldw hw rev fy22", "hw revenue 2022", "how much hw revenue in fy22"]) expect(read(q).scope, q).toBe("hardware");
    for (const q of ["what's aldw's quarterly div right now", "quarterly dividend rn", "current quarterly div"]) expect(read(q).concepts.map((c) => c.id), q).toEqual(["quarterly_dividend"]);
  });

  it("reads a question for a term's meaning as one a passage answers, never a figure, in four wordings", () => {
    for (const q of ["what does alderwick mean by take rate", "What does Alderwick mean when it talks about gross merchandise volume?", "define gmv", "how does alderwick define take rate"]) {
      expect(read(q).narrative, q).toBe(true);
      expect(evidenceCalls(read(q)), q).toBeNull();
    }
    expect(read("alderwick gmv 2022").narrative).toBe(false);
  });

  it("keeps a ticker that is also shorthand as the company's name", () => {
    const r = readQuestion("GM revenue 2022", [{ name: "General Motors Company", tickers: ["GM"] }]);
    expect(r.company).toBe("General Motors Company");
    expect(r.concepts.map((c) => c.id)).toEqual(["revenue"]);
  });

  it("reads 'how did X do' with a figure as the figure and how it moved, in three wordings", () => {
    for (const q of ["how did europe do in fy22, sales-wise", "how did europe sales perform in 2022", "how did europe fare revenue-wise in fy22"]) {
      expect(read(q), q).toMatchObject({ scope: "europe", aggregate: "growth", periods: ["FY2021", "FY2022"], narrative: false });
    }
    expect(read("how does alderwick generate its revenue").narrative).toBe(true);
    // a part's performance with no figure named is its sales
    for (const q of ["how did alderwick's health care segment do in 2022", "how did the consumer business fare in 2022?", "how did europe perform in fy22"]) {
      expect(read(q), q).toMatchObject({ concepts: [expect.objectContaining({ id: "revenue" })], aggregate: "growth", narrative: false });
    }
    expect(read("how did they do in 2022").concepts).toEqual([]);
  });

  it("drops verbs and the kind of part from the part asked, in three wordings", () => {
    expect(read("what op margin did alderwick run at in fy22").scope).toBeUndefined();
    expect(read("alderwick total net rev 2022").scope).toBeUndefined();
    for (const q of ["rev by region fy22 - americas?", "americas region revenue 2022", "revenue in the americas segment fy22"]) expect(read(q).scope, q).toBe("americas");
  });

  it("reads a phrase closed by a preposition only as written: 'take rate in 2021' is no 'take in'", () => {
    expect(read("what was the take rate in 2021").concepts).toEqual([]);
    expect(read("how much money did they bring in last year").concepts.map((c) => c.id)).toEqual(["revenue"]);
  });

  it("reads a figure named by generic nouns beside 'last year', and 'last year' said before a comparison as the latest year", () => {
    for (const q of ["whats their take rate last yr and how does it stack up vs 2021", "take rate last year compared to fy21", "alderwick's take rate last year against 2021"]) {
      const r = read(q);
      expect(r.label, q).toBe("take rate");
      expect(r.periods, q).toEqual(["last year", "FY2021"]);
    }
    expect(read("what was the take rate last year").label).toBe("take rate");
    expect(read("revenue last year vs fy2020")).toMatchObject({ periods: ["last year", "FY2020"], aggregate: "growth" });
    // said after the comparison, it is the year before the one named
    expect(read("2022 revenue vs last year").periods).toEqual(["FY2021", "FY2022"]);
  });

  it("attaches a preposition after the verb to the figure: 'revenue did they get from X'", () => {
    for (const q of ["how much revenue did alderwick get from apple in 2022", "what revenue did they earn from apple", "revenue they got from apple fy22"]) expect(qualifiersOf(read(q)), q).toEqual(["apple"]);
  });
});

describe("a year written with an apostrophe", () => {
  it("is that fiscal year, alone or after a quarter, in three wordings", () => {
    expect(readQuestion("how much did the international segment lose in '15?", ROOM).periods).toEqual(["FY2015"]);
    expect(readQuestion("'22 capex", ROOM).periods).toEqual(["FY2022"]);
    expect(readQuestion("q2 '23 revenue", ROOM).periods).toEqual(["Q2 2023"]);
  });

  it("after a month is a day of that month's year, never the fiscal year of that number", () => {
    for (const q of ["current RPO at end of oct '22?", "backlog as of sept '22", "cash at dec. '21"]) expect(readQuestion(q, ROOM).periods, q).not.toContainEqual(expect.stringMatching(/^FY20/));
  });
});

describe("a year-end written with two digits", () => {
  it("is that fiscal year's end, never a count or a number of weeks", () => {
    for (const q of ["paid memberships end of 17", "cash at the end of 17?", "how many stores at the end of fiscal 17"]) expect(readQuestion(q, ROOM).periods, q).toEqual(["FY2017"]);
    for (const q of ["stores at the end of 17 weeks", "closed at the end of 17 stores", "margin at the end of 17%"]) expect(readQuestion(q, ROOM).periods, q).toEqual([]);
  });
});

describe("a move said to start from a year", () => {
  it("reads the year as the move's start and the next year, or the later year asked before, as its end", () => {
    for (const q of ["why did revenue grow from 2021", "revenue growth from fy21", "why did alderwick's sales drop from 2021?"]) expect(readQuestion(q, ROOM).periods, q).toEqual(["FY2021", "FY2022"]);
    const first = readQuestion("alderwick diluted eps for 2016?", ROOM);
    expect(readQuestion("why the big jump from 2015", ROOM, first).periods).toEqual(["FY2015", "FY2016"]);
    // a range or a place the figure comes from is no such move
    expect(readQuestion("why did eps jump from 2015 to 2017", ROOM).periods).toEqual(["FY2015", "FY2016", "FY2017"]);
    expect(readQuestion("where does revenue come from in 2022", ROOM).periods).toEqual(["FY2022"]);
    // a level the move starts from ("from 71%") is no year: the year asked stays the one read
    for (const q of ["tax rate dropped from 71% to under 10% in fy19 - why?", "why did the margin fall from 40.5 in 2019", "why did gross margin slip from 45 percent in 2019"]) expect(readQuestion(q, ROOM).periods, q).toEqual(["FY2019"]);
  });
});

describe("a move of a part asked with a % beside it", () => {
  it("asks the move's rate over the same quarter a year before, not the part's share", () => {
    for (const q of ["how much did client computing rev fall yoy in q4 22? $ and %", "client computing revenue growth q4 2022, in %", "by how much did client computing revenue drop in q4 22 (% and $)"]) {
      const r = readQuestion(q, ROOM);
      expect(r.partShare, q).toBeUndefined();
      expect(changePeriods(r.periods), q).toEqual(["Q4 2021", "Q4 2022"]);
    }
    expect(readQuestion("what % of revenue was client computing in q4 22", ROOM).partShare).toBe(true);
  });
});

describe("a follow-up naming one word for a long subject", () => {
  it("names another part of the same figure, in three wordings", () => {
    const first = readQuestion("alderwick domestic streaming paid memberships end of 2015", ROOM);
    // (paid memberships are the catalog's subscribers: the part asked is replaced, the figure carried)
    for (const q of ["what about intl?", "and international?", "same for international"]) {
      const r = readQuestion(q, ROOM, first);
      expect(r.concepts.map((c) => c.id), q).toEqual(["subscribers"]);
      expect(r.scope, q).toBe("international");
      expect(r.periods, q).toEqual(["FY2015"]);
    }
    // a short subject is replaced whole: "active buyers" then "what about sellers" asks for sellers
    expect(readQuestion("what about sellers?", ROOM, readQuestion("alderwick active buyers 2022", ROOM)).label).toBe("sellers");
  });
});

describe("the start of the fiscal year", () => {
  it("is the last day of the year before the period asked, compared with it", () => {
    const first = readQuestion("alderwick headcount at end of q2 fy24", ROOM);
    for (const q of ["vs the start of the fiscal year?", "and at the beginning of the year?", "compared with the start of the year"]) {
      const r = readQuestion(q, ROOM, first);
      expect(r.periods, q).toEqual(["FY2023", "Q2 2024"]);
      expect(r.concepts.map((c) => c.id), q).toEqual(["employees"]);
      expect(r.scope, q).toBeUndefined();
    }
  });
});

describe("a follow-up naming another figure of the part the conversation was on", () => {
  it("keeps the part for a new figure, and reads 'the margin on that' as the figure's rate over revenue", () => {
    for (const [first, second] of [["harbor sales 2019?", "and op income?"], ["harbor segment revenue fy19", "what about operating income?"], ["revenue of the harbor segment in 2019", "and its operating income?"]]) {
      const a = readQuestion(first, ROOM);
      const b = readQuestion(second, ROOM, a);
      expect(b.scope, second).toBe("harbor");
      expect(b.concepts.map((c) => c.id), second).toEqual(["operating_income"]);
      for (const third of ["so whats the margin on that", "and the margin?", "what margin is that"]) {
        const c = readQuestion(third, ROOM, b);
        expect(c.concepts.map((x) => x.id), third).toEqual(["operating_margin"]);
        expect(c.scope, third).toBe("harbor");
        expect(c.periods, third).toEqual(["FY2019"]);
      }
    }
    // the company's figure stays the company's
    const total = readQuestion("and op income?", ROOM, readQuestion("revenue 2019", ROOM));
    expect(total.scope).toBeUndefined();
    expect(readQuestion("and the margin?", ROOM, readQuestion("net income 2019", ROOM)).concepts.map((c) => c.id)).toEqual(["net_margin"]);
  });
});

describe("a follow-up naming a half or a quarter without its year", () => {
  it("is that half or quarter of the fiscal year the conversation was on, for the same figure", () => {
    for (const [first, second, want] of [["alderwick buybacks in q2 fy24?", "and for the first half?", "H1 2024"], ["revenue q2 fy24", "what about h1?", "H1 2024"], ["alderwick revenue fy2022", "and q3?", "Q3 2022"]] as const) {
      const a = readQuestion(first, ROOM);
      const b = readQuestion(second, ROOM, a);
      expect(b.periods, second).toEqual([want]);
      expect(b.concepts.map((c) => c.id), second).toEqual(a.concepts.map((c) => c.id));
      expect(b.label, second).toBeUndefined();
    }
  });
});

describe("two digits ending a question after 'in'", () => {
  it("are the year asked, and nothing else is", () => {
    for (const q of ["alderwick rev up in 22?", "how many stores in 22", "revenue growth for 21"]) expect(readQuestion(q, ROOM).periods.at(-1), q).toMatch(/^FY202[12]$/);
    for (const q of ["in 22 countries, what was revenue", "revenue in 22 markets"]) expect(readQuestion(q, ROOM).periods, q).toEqual([]);
  });
});
