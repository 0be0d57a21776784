/**
 * get_explanations on a made-up 10-K whose segment sections say "Our gross profit rate …" without
 * naming the segment: the segment's heading (a page before, over tables whose column heads are short
 * capitalised lines, under a running "Table of Contents" line) ties the sentences to the segment, until
 * the next segment's heading; the company's own figure is not answered with a segment's sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { tempDir } from "../helpers/fixtures";
import { textFilingsDeal, type TextFilingsDeal } from "../helpers/text-filings-deal";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const table = (rows: string[]) => ["Three Months Ended", "December 31, 2023 December 31, 2022", ...rows];
const stores = ["Fiscal 2023 Fiscal 2022", "Total Stores at", "Beginning of", "Year", "Stores", "Opened", "Stores", "Closed", "Coastal", "Anchor 120 3 (1) 122 118 2 - 120"];

const mdna = () =>
  [
    [
      "Table of Contents",
      "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations",
      "Consolidated Results",
      ...table(["Revenue $ 9,500 $ 9,100", "Gross profit as a % of revenue 23.1 % 22.4 %"]),
      "Our gross profit rate increased in 2023, primarily due to lower freight costs across the company.",
      "Segment Performance Summary",
      "Harbor Segment",
      "Selected financial data for the Harbor segment was as follows ($ in millions):",
      ...table(["Revenue $ 8,000 $ 7,700", "Gross profit as a % of revenue 22.9 % 22.0 %"]),
      "Selected Online Revenue Data",
      "Total online revenue $ 2,700 $ 2,600",
      "Harbor segment stores at the beginning and end of the year were as follows:",
      ...stores,
    ].join("\n"),
    [
      "Table of Contents",
      "The increase in revenue in 2023 was primarily driven by comparable sales growth in marine equipment.",
      "Our gross profit rate increased in 2023, primarily due to favorable product margin rates and higher service margins.",
      "Our SG&A decreased in 2023, primarily due to lower store payroll expense.",
      "Inland Segment",
      "Selected financial data for the Inland segment was as follows ($ in millions):",
      ...table(["Revenue $ 1,500 $ 1,400", "Gross profit as a % of revenue 24.2 % 23.4 %"]),
      "The decrease in our gross profit rate in 2023 was primarily driven by a lower mix of service revenue.",
      "Liquidity and Capital Resources",
      "Cash provided by operating activities increased primarily due to lower inventory purchases.",
    ].join("\n"),
    "Table of Contents\nItem 8. Financial Statements and Supplementary Data",
  ].join("\f");

describe("get_explanations under a segment's heading", () => {
  let deal: TextFilingsDeal;
  const call = (input: unknown) => deal.call("get_explanations", input);
  const texts = (out: Record<string, unknown>) => (out.explanations as Array<{ head: string }>).map((x) => x.head);

  beforeAll(async () => {
    deal = await textFilingsDeal("harborline", [2023], mdna);
  }, 180_000);
  afterAll(() => deal.cleanup());

  it("ties a sentence that names no segment to the segment heading it sits under, a page before", async () => {
    for (const part of ["Harbor", "the Harbor segment", "Harbor Segment"]) {
      const out = await call({ figure: "gross profit rate", part, period: "2023", direction: "up" });
      expect(texts(out), part).toEqual(["Our gross profit rate increased in 2023, primarily due to favorable product margin rates and higher service margins."]);
    }
    const revenue = await call({ figure: "revenue", part: "Harbor", period: "2023" });
    expect(texts(revenue)).toEqual(["The increase in revenue in 2023 was primarily driven by comparable sales growth in marine equipment."]);
  });

  it("ends a segment's sentences at the next segment's heading", async () => {
    const inland = await call({ figure: "gross margin", part: "Inland segment", period: "2023" });
    expect(texts(inland)).toEqual(["The decrease in our gross profit rate in 2023 was primarily driven by a lower mix of service revenue."]);
    expect((await call({ figure: "gross margin", part: "Inland", period: "2023", direction: "up" })).explanations).toEqual([]);
  });

  it("answers the company's figure with the consolidated sentence, not a segment's", async () => {
    const out = await call({ figure: "gross margin", period: "2023" });
    expect(texts(out)).toEqual(["Our gross profit rate increased in 2023, primarily due to lower freight costs across the company."]);
    const cash = await call({ figure: "cash from operations", period: "2023" });
    expect(texts(cash)).toEqual(["Cash provided by operating activities increased primarily due to lower inventory purchases."]);
  });
});
