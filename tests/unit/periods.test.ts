import { describe, expect, it } from "vitest";
import {
  canonicalPeriod,
  comparePeriods,
  durationGroups,
  endedOnDayOf,
  fiscalEndOf,
  headerColumns,
  labelColumn,
  makePeriod,
  monthNumber,
  parsePeriod,
  namesYear,
  periodInSentence,
  periodKey,
  readPeriodRequest,
  sameExactPeriod,
  samePeriod,
  shiftLabelYear,
  withoutColumnTokens,
  yearsEarlier,
} from "@/lib/periods";

describe("parsePeriod: every label form extraction, the graph or the agent reads", () => {
  it.each([
    // fiscal years
    ["FY2023", "FY2023"],
    ["FY 2023", "FY2023"],
    ["fy23", "FY2023"],
    ["FY'23", "FY2023"],
    ["FY-2023", "FY2023"],
    ["2023", "FY2023"],
    ["Fiscal 2023", "FY2023"],
    ["fiscal 23", "FY2023"],
    ["fiscal year 2023", "FY2023"],
    ["Financial year 2023", "FY2023"],
    ["full year 2023", "FY2023"],
    ["Full-year 2023", "FY2023"],
    ["FY2023A", "FY2023"],
    ["2024F", "FY2024"],
    ["FY2023 (restated)", "FY2023"],
    ["FY2023 restated", "FY2023"],
    ["helåret 2023", "FY2023"],
    ["Räkenskapsåret 2023", "FY2023"],
    ["verksamhetsåret 2023", "FY2023"],
    ["Räkenskapsåret 2023-01-01 – 2023-12-31", "FY2023"],
    // quarters
    ["Q3 2024", "Q3 2024"],
    ["q3 2024", "Q3 2024"],
    ["Q3'24", "Q3 2024"],
    ["2024 Q3", "Q3 2024"],
    ["Q3-2024", "Q3 2024"],
    ["Q3_2024", "Q3 2024"],
    ["3Q24", "Q3 2024"],
    ["2024Q3", "Q3 2024"],
    ["Q3 FY24", "Q3 2024"],
    ["Q3 2024 (unaudited)", "Q3 2024"],
    ["third quarter of 2024", "Q3 2024"],
    ["3rd quarter 2024", "Q3 2024"],
    ["tredje kvartalet 2024", "Q3 2024"],
    ["2024-07-01 – 2024-09-30", "Q3 2024"],
    // halves and nine months
    ["H1 2024", "H1 2024"],
    ["1H 2024", "H1 2024"],
    ["2024 H2", "H2 2024"],
    ["first half of 2024", "H1 2024"],
    ["första halvåret 2024", "H1 2024"],
    ["9M 2024", "9M 2024"],
    ["nine months 2024", "9M 2024"],
    ["YTD Q3 2024", "9M 2024"],
    ["first nine months of 2024", "9M 2024"],
    // points in time
    ["30 September 2024", "30 September 2024"],
    ["30th Sept. 2024", "30 September 2024"],
    ["September 30, 2024", "30 September 2024"],
    ["as of 31 Dec 2023", "31 December 2023"],
    ["2024-09-30", "30 September 2024"],
    ["30 september 2024", "30 September 2024"],
    ["31 okt 2023", "31 October 2023"],
    ["1 maj 2024", "1 May 2024"],
    ["September 2024", "September 2024"],
    ["end of September 2024", "September 2024"],
    ["2024-09", "September 2024"],
  ])("%s → %s", (label, expected) => {
    expect(parsePeriod(label)?.label).toBe(expected);
  });

  it("reads nothing where nothing is named", () => {
    for (const label of [null, undefined, "", "  ", "23", "n/a", "LTM", "2024-13-01", "31 February 2024", "Q5 2024"]) {
      expect(parsePeriod(label)).toBeUndefined();
    }
  });

  it("a label followed by words of another span is not the label's period", () => {
    expect(parsePeriod("Q3 2024 YTD")).toBeUndefined();
    expect(parsePeriod("FY2023 LTM")).toBeUndefined();
  });

  it("kind, number, year and last day", () => {
    expect(parsePeriod("Q2 2024")).toMatchObject({ kind: "Q", n: 2, year: 2024, end: "2024-06-30" });
    expect(parsePeriod("H2 2024")).toMatchObject({ kind: "H", n: 2, end: "2024-12-31" });
    expect(parsePeriod("9M 2024")).toMatchObject({ kind: "9M", end: "2024-09-30" });
    expect(parsePeriod("FY2023")).toMatchObject({ kind: "FY", year: 2023, end: "2023-12-31" });
    expect(parsePeriod("2024-02")).toMatchObject({ kind: "point", end: "2024-02-29", approximate: true });
    expect(parsePeriod("30 September 2024")?.approximate).toBeUndefined();
  });

  it("keeps a fiscal year's end month: a June year is another period than a December one", () => {
    const june = parsePeriod("FY2024 (ending Jun)");
    expect(june).toMatchObject({ kind: "FY", year: 2024, end: "2024-06-30", yearEndMonth: 6, label: "FY2024 (ending June)" });
    expect(parsePeriod(june!.label)).toEqual(june);
    expect(parsePeriod("FY2024 (ending December)")).toEqual(parsePeriod("FY2024"));
    expect(parsePeriod("räkenskapsåret 2022-07-01 – 2023-06-30")).toMatchObject({ label: "FY2023 (ending June)" });
  });

  it("every label it writes reads back as itself", () => {
    for (const p of [makePeriod("FY", 2023), makePeriod("FY", 2024, undefined, 6), makePeriod("Q", 2024, 3), makePeriod("H", 2024, 1), makePeriod("9M", 2024), makePeriod("point", 2024, undefined, 9, 30), makePeriod("point", 2024, undefined, 9)]) {
      expect(parsePeriod(p.label)).toEqual(p);
    }
  });
});

describe("canonicalPeriod and periodKey", () => {
  it("keys: fiscal years, quarters, halves, nine months, dates", () => {
    expect(canonicalPeriod("FY 2023")).toEqual({ key: "FY2023", approximate: false });
    expect(canonicalPeriod("FY2024 (ending Jun)")).toEqual({ key: "FY2024-06", approximate: false });
    expect(canonicalPeriod("3Q24")).toEqual({ key: "Q3 2024", approximate: false });
    expect(canonicalPeriod("as at 30 September 2024")).toEqual({ key: "2024-09-30", approximate: false });
    expect(canonicalPeriod("September 2024")).toEqual({ key: "2024-09-30", approximate: true });
    expect(periodKey(makePeriod("H", 2024, 2))).toBe("H2 2024");
  });

  it("free text keeps its words, lower-cased; nothing stays nothing", () => {
    expect(canonicalPeriod("  Since  Inception ")).toEqual({ key: "since inception", approximate: false });
    expect(canonicalPeriod(null)).toBeNull();
    expect(canonicalPeriod("")).toBeNull();
  });
});

describe("samePeriod", () => {
  it("a fiscal year and the calendar year of the same number are the same; a non-December fiscal year is not", () => {
    expect(samePeriod("FY2023", "2023")).toBe(true);
    expect(samePeriod("fiscal year 2023", "FY23")).toBe(true);
    expect(samePeriod("helåret 2023", "FY2023")).toBe(true);
    expect(samePeriod("FY2023A", "FY2023")).toBe(true);
    expect(samePeriod("FY2024 (ending Jun)", "FY2024")).toBe(false);
    expect(samePeriod("FY2024 (ending Jun)", "FY2024 (ending June)")).toBe(true);
  });

  it("a quarter, a half, nine months and a year are different periods, even when they end on the same day", () => {
    expect(samePeriod("Q4 2023", "FY2023")).toBe(false);
    expect(samePeriod("H2 2023", "FY2023")).toBe(false);
    expect(samePeriod("9M 2024", "Q3 2024")).toBe(false);
    expect(samePeriod("Q2 2024", "H1 2024")).toBe(false);
    expect(samePeriod("Q2 2024", "Q3 2024")).toBe(false);
    expect(samePeriod("Q3 2023", "Q3 2024")).toBe(false);
    expect(samePeriod("3Q24", "Q3 2024")).toBe(true);
    expect(samePeriod("tredje kvartalet 2024", "Q3 2024")).toBe(true);
  });

  it("dates: a day is not the year it ends; written forms of one day meet; a month meets its last day, approximately", () => {
    expect(samePeriod("31 December 2023", "FY2023")).toBe(false);
    expect(samePeriod("2023-12-31", "31 Dec 2023")).toBe(true);
    expect(samePeriod("December 31, 2023", "as of 31 december 2023")).toBe(true);
    expect(samePeriod("September 2024", "30 September 2024")).toBe(true);
    expect(samePeriod("2024-09", "September 2024")).toBe(true);
    expect(samePeriod("29 September 2024", "30 September 2024")).toBe(false);
    expect(sameExactPeriod("September 2024", "30 September 2024")).toBe(false);
    expect(sameExactPeriod("2024-09-30", "30 September 2024")).toBe(true);
  });

  it("unreadable labels compare by their words; a missing label matches nothing", () => {
    expect(samePeriod("Since inception", "since  inception")).toBe(true);
    expect(samePeriod("Since inception", "FY2023")).toBe(false);
    expect(samePeriod(null, null)).toBe(false);
    expect(samePeriod("FY2023", undefined)).toBe(false);
  });

  it("orders by the period's last day", () => {
    const labels = ["FY2023", "Q1 2024", "30 September 2024", "H1 2024", "Q3 2023"];
    expect([...labels].sort(comparePeriods)).toEqual(["Q3 2023", "FY2023", "Q1 2024", "H1 2024", "30 September 2024"]);
  });
});

describe("the readers agree on labels", () => {
  it("a question, a report sentence and a table header name one period the same way", () => {
    const fromQuestion = readPeriodRequest("What was revenue in the third quarter of 2024?").exact!.label;
    const fromSentence = periodInSentence("Revenue for the third quarter of 2024 was EUR 5.2 million.")!.period;
    const fromHeader = labelColumn(headerColumns("EUR thousands Q3 2024 Q3 2023")[0]!, undefined, undefined, {}).period;
    expect(new Set([fromQuestion, fromSentence, fromHeader])).toEqual(new Set(["Q3 2024"]));
  });

  it("Swedish questions name fiscal years, quarters and halves", () => {
    expect(readPeriodRequest("Vad var omsättningen helåret 2023?").exact?.label).toBe("FY2023");
    expect(readPeriodRequest("Omsättning första kvartalet 2024").exact?.label).toBe("Q1 2024");
    expect(readPeriodRequest("EBITDA andra halvåret 2024").exact?.label).toBe("H2 2024");
    expect(readPeriodRequest("Hur gick tredje kvartalet?").partial).toEqual({ kind: "Q", n: 3 });
  });

  it("table headers: durations, fiscal year ends, forecast columns", () => {
    expect(durationGroups("Three Months Ended   Nine Months Ended")).toEqual(["Q", "9M"]);
    expect(fiscalEndOf("Year Ended June 30,")).toEqual({ month: 6, day: 30 });
    const [budget] = headerColumns("Budget 2025");
    expect(labelColumn(budget!, "FY", undefined, {})).toMatchObject({ period: "FY2025", isForecast: true });
    const [dated] = headerColumns("February 2, 2019");
    expect(labelColumn(dated!, "FY", undefined, {})).toMatchObject({ period: "FY2019", periodEnd: "2019-02-02" });
    expect(labelColumn({ raw: "2024", year: 2024 }, "Q", undefined, { fiscalYear: 2024, fiscalPeriod: "Q3", latestYear: 2024 }).period).toBe("Q3 2024");
  });

  it("month names in English and Swedish; a label shifted by a year keeps its form", () => {
    expect([monthNumber("Sept."), monthNumber("okt"), monthNumber("Maj"), monthNumber("mars"), monthNumber("Febr"), monthNumber("xyz")]).toEqual([9, 10, 5, 3, 2, 0]);
    expect(shiftLabelYear("Q3 2024", -1)).toBe("Q3 2023");
    expect(shiftLabelYear("2024-09-30", -1)).toBe("2023-09-30");
    expect(shiftLabelYear("30 September 2024", -1)).toBeNull();
  });
});

describe("header line readers shared by the table readers", () => {
  it("endedOnDayOf: the month and day a header's year columns end on, only when no year follows", () => {
    expect(endedOnDayOf("Quarters Ended March 31,\n2023 2022")).toEqual({ month: 3, day: 31 });
    expect(endedOnDayOf("Three Months Ending Sept. 30\n2024 2023")).toEqual({ month: 9, day: 30 });
    expect(endedOnDayOf("Three Months Ended March 31, 2023")).toBeUndefined();
    expect(endedOnDayOf("Years ended 2023 2022")).toBeUndefined();
  });

  it("withoutColumnTokens: strips dates and period tokens, keeps words that only start like a month", () => {
    expect(withoutColumnTokens("Dec 31, 2023 Dec 31, 2022").trim()).toBe("");
    expect(withoutColumnTokens("FY2024F Q3 2024 9M 2023 (in millions)").trim()).toBe("(in millions)");
    expect(withoutColumnTokens("maj 31, 2024 okt. 1, 2023").trim()).toBe("");
    // "Decrease 12," is no date (the old list took any word starting "dec" for a month)
    expect(withoutColumnTokens("Decrease 12, 2023").trim()).toBe("Decrease 12,");
  });
});

describe("a year named in a sentence", () => {
  it("is found as four digits or in the two-digit forms reports print", () => {
    for (const s of ["Revenue guidance for 2024 is $34.7 billion", "Raises Full Year FY24 Revenue Guidance", "Q3 FY24 guidance", "fiscal '24 outlook", "1H24 revenue"]) expect(namesYear(s, "2024"), s).toBe(true);
  });
  it("is not found in another year, a bare two-digit number or an amount", () => {
    for (const s of ["Raises Full Year FY23 Revenue Guidance", "up 24% year over year", "$24 million of capex in 2025", "FY2025 guidance"]) expect(namesYear(s, "2024"), s).toBe(false);
  });
});

describe("a period whole years earlier", () => {
  it("keeps a quarter's number, a fiscal year's end month and a day's date, clamping 29 February", () => {
    expect(yearsEarlier(parsePeriod("Q3 2024")!).label).toBe("Q3 2023");
    expect(yearsEarlier(makePeriod("FY", 2023, undefined, 6), 2).label).toBe("FY2021 (ending June)");
    expect(yearsEarlier(parsePeriod("30 June 2023")!).label).toBe("30 June 2022");
    expect(yearsEarlier(makePeriod("point", 2024, undefined, 2, 29)).label).toBe("28 February 2023");
    expect(yearsEarlier(makePeriod("point", 2024, undefined, 9)).label).toBe("September 2023");
  });
});
