/**
 * get_explanations on a made-up 10-K whose consolidated discussion says the company's rate changes
 * "were primarily driven by our Harbor segment": the company's figure is explained by that sentence
 * and the Harbor segment's own reason after it; a cause that says more than a part is not followed.
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
      "Revenue, gross profit rate and SG&A changes in 2023 were primarily driven by our Harbor segment.",
      "Cash provided by operating activities increased primarily due to our Harbor segment and lower inventory purchases.",
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
    ].join("\n"),
    ["Table of Contents", "Item 8. Financial Statements and Supplementary Data", "Note 9. Segment Information", "Revenue by reportable segment was as follows ($ in millions):", "Years Ended", "December 31, 2023 December 31, 2022", "Harbor $ 8,000 $ 7,700", "Inland 1,500 1,400", "Total revenue $ 9,500 $ 9,100"].join("\n"),
  ].join("\f");

describe("get_explanations of a company figure a part explains", () => {
  let deal: TextFilingsDeal;
  const call = (input: unknown) => deal.call("get_explanations", input);
  const found = (out: Record<string, unknown>) => (out.explanations as Array<{ head: string; ofPart?: string }>).map((x) => [x.head, x.ofPart ?? null]);

  beforeAll(async () => {
    deal = await textFilingsDeal("harborline", [2023], mdna, { extract: true });
  }, 180_000);
  afterAll(() => deal.cleanup());

  it("follows a cause that names only a part to the part's own reason for the figure, moving the way asked", async () => {
    for (const figure of ["gross profit rate", "gross margin"]) {
      const out = await call({ figure, period: "2023", direction: "up" });
      expect(found(out).slice(0, 2), figure).toEqual([
        ["Revenue, gross profit rate and SG&A changes in 2023 were primarily driven by our Harbor segment.", null],
        ["Our gross profit rate increased in 2023, primarily due to favorable product margin rates and higher service margins.", "Harbor"],
      ]);
    }
    const sga = await call({ figure: "SG&A", period: "2023" });
    expect(found(sga)[1]).toEqual(["Our SG&A decreased in 2023, primarily due to lower store payroll expense.", "Harbor"]);
  });

  it("does not follow a cause that names more than a part", async () => {
    const cash = await call({ figure: "cash from operations", period: "2023" });
    expect(found(cash)).toEqual([["Cash provided by operating activities increased primarily due to our Harbor segment and lower inventory purchases.", null]]);
  });
});
