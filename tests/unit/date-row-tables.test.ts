/**
 * Tables whose rows are dates (lib/extraction/findings/date-rows.ts): a balance tracked quarter end by
 * quarter end, one column per measure. Fixtures are invented tables in the shape releases print them.
 */
import { describe, expect, it } from "vitest";
import { extractDateRowFindings } from "@/lib/extraction/findings/date-rows";

const PAGE = [
  "Additional Metrics",
  "Contracted Backlog",
  "Contracted backlog represents revenue under signed contracts that has not yet been recognized. It is influenced by",
  "renewal timing and currency.",
  "Backlog consisted of the following (in billions):",
  "Current Noncurrent Total",
  "As of April 30, 2023 $ 12.1 $ 10.6 $ 22.7",
  "As of January 31, 2023 12.6 11.0 23.6",
  "As of October 31, 2022 10.9 9.1 20.0",
  "Unbilled Revenue",
].join("\n");

describe("tables of dates", () => {
  it("reads each row as the balance at its date, each column as a measure under the table's heading", () => {
    const total = extractDateRowFindings({ pageNumber: 4, text: PAGE }, { fiscalYearEndMonth: 1 }).filter((c) => c.payload.part.label === "Total");
    expect(total.map((c) => `${c.payload.period}@${c.payload.periodEnd}=${c.payload.valueNum}`)).toEqual([
      "30 April 2023@2023-04-30=22700000000",
      "FY2023 (ending January)@2023-01-31=23600000000",
      "31 October 2022@2022-10-31=20000000000",
    ]);
    expect(total[0]!.payload.part.title).toBe("Contracted Backlog — Backlog consisted of the following (in billions)");
    expect(total[0]!.payload.periodMonths).toBe(0);
  });

  it("reads no table from date rows whose figures do not match the header's measures", () => {
    const text = PAGE.replace("Current Noncurrent Total", "Current Total");
    expect(extractDateRowFindings({ pageNumber: 4, text }, {})).toEqual([]);
  });
});
