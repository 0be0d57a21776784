import { describe, expect, it } from "vitest";
import { matchesEnded, parsePeriod, readPeriodRequest, samePeriod } from "@/lib/periods";
import { periodMentions } from "@/lib/metrics/periods";

describe("a quarter named by its last day", () => {
  it("is a quarter ending that day, not a point in time or the date's year", () => {
    const req = readPeriodRequest("What was net income for the three months ended October 31, 2022, in USD millions?");
    expect(req.exact?.kind).toBe("Q");
    expect(req.exact?.end).toBe("2022-10-31");
    expect(req.exact?.label).toBe("quarter ended 2022-10-31");
    expect(readPeriodRequest("revenue for the quarter ended March 31, 2023").exact?.label).toBe("quarter ended 2023-03-31");
    expect(readPeriodRequest("the six months ended 31 July 2023").exact?.label).toBe("six months ended 2023-07-31");
    expect(readPeriodRequest("the nine months ended September 30, 2024").exact?.kind).toBe("9M");
    // a date alone is still a point in time
    expect(readPeriodRequest("cash as of October 31, 2022").exact?.kind).toBe("point");
    // month-first numeric dates are days too; an impossible one is not
    expect(readPeriodRequest("utility regular employees 12/31/22").exact?.label).toBe(readPeriodRequest("December 31, 2022").exact?.label);
    expect(readPeriodRequest("fte headcount 4/30/2023").exact?.label).toBe(readPeriodRequest("April 30, 2023").exact?.label);
    expect(readPeriodRequest("revenue 13/45/2022").exact?.kind).toBe("FY");
  });

  it("reads the lengths analysts write with 'to' or 'through' and month-first numeric dates", () => {
    expect(readPeriodRequest("In the three months to October 31, 2022, how much revenue?").exact?.label).toBe("quarter ended 2022-10-31");
    expect(readPeriodRequest("operating cash flow 6 months to 7/31/23 $mm").exact?.label).toBe("six months ended 2023-07-31");
    expect(readPeriodRequest("total revenues quarter ended 10/31/2022, usd mm").exact?.label).toBe("quarter ended 2022-10-31");
    expect(readPeriodRequest("free cash flow for the nine months through September 30, 2024").exact?.label).toBe("nine months ended 2024-09-30");
    expect(periodMentions("revenue 3 months to 13/31/2022").map((m) => m.label)).not.toContain("quarter ended 2022-13-31");
    // a date after "to" with no length is no period length
    expect(readPeriodRequest("growth from 2021 to October 31, 2022").exact?.kind).not.toBe("Q");
  });

  it("matches the finding of that length whose period ends that day, under its fiscal label", () => {
    const asked = readPeriodRequest("three months ended October 31, 2022").exact!;
    expect(matchesEnded(asked, "Q3 2023", "2022-10-31")).toBe(true); // a January fiscal year's Q3
    expect(matchesEnded(asked, "9M 2023", "2022-10-31")).toBe(false); // same day, nine months
    expect(matchesEnded(asked, "FY2022", "2022-01-31")).toBe(false);
    expect(matchesEnded(asked, "Q3 2022", "2021-10-31")).toBe(false); // the prior-year column
    // a calendar quarter without a stored end is read on the calendar
    expect(matchesEnded(readPeriodRequest("quarter ended March 31, 2023").exact!, "Q1 2023")).toBe(true);
    expect(matchesEnded(readPeriodRequest("quarter ended March 31, 2023").exact!, "Q1 2022")).toBe(false);
  });

  it("round-trips as a label and compares only with itself", () => {
    const p = parsePeriod("quarter ended 2022-10-31");
    expect(p?.kind).toBe("Q");
    expect(p?.end).toBe("2022-10-31");
    expect(samePeriod("quarter ended 2022-10-31", "quarter ended 2022-10-31")).toBe(true);
    expect(samePeriod("quarter ended 2022-10-31", "FY2022")).toBe(false);
    expect(samePeriod("quarter ended 2022-10-31", "31 October 2022")).toBe(false);
  });

  it("is one metric-question period mention, not FY of the date's year", () => {
    expect(periodMentions("What was net income for the three months ended October 31, 2022?").map((m) => m.label)).toEqual(["quarter ended 2022-10-31"]);
    expect(periodMentions("revenue in FY2022 and in the quarter ended March 31, 2023").map((m) => m.label)).toEqual(["FY2022", "quarter ended 2023-03-31"]);
  });
});

describe("a balance asked at a month with no day", () => {
  it("is that month's last day, in the wordings analysts type", () => {
    for (const [q, label] of [
      ["active buyers as of june 2023", "30 June 2023"],
      ["headcount at the end of March 2023", "31 March 2023"],
      ["cash end of sept '22", "30 September 2022"],
      ["members as at February 2024", "29 February 2024"],
    ] as const) {
      const req = readPeriodRequest(q);
      expect(req.exact?.kind, q).toBe("point");
      expect(req.exact?.label, q).toBe(label);
    }
  });

  it("leaves a year alone, and a quarter named by its month a quarter", () => {
    expect(readPeriodRequest("backlog at the end of 2021").exact?.label).toBe("FY2021");
    expect(readPeriodRequest("revenue for the quarter ended June 30, 2023").exact?.kind).toBe("Q");
  });
});
