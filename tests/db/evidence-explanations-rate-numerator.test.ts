/**
 * get_explanations for a rate the filing explains only through its numerator ("Provision for income
 * taxes decreased … primarily due to …" beside an effective tax rate row): the numerator's causes,
 * said to be the numerator's; a rate the filing explains itself keeps its own sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { tempDir } from "../helpers/fixtures";
import { textFilingsDeal, type TextFilingsDeal } from "../helpers/text-filings-deal";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const TAX = "Provision for income taxes decreased in 2023 relative to 2022 primarily due to the absence of a one-time charge on repatriated earnings recorded in 2022.";
const MARGIN = "Operating margin improved in 2023 primarily due to lower freight costs and a favorable product mix.";
const CAPEX = "Capital expenditures decreased $41 million or 7% in 2023 due to lower reinvestment in existing stores.";

const mdna = () =>
  [
    "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations",
    "Provision for Income Taxes",
    "Provision for income taxes $ 410 $ 1,905",
    "Effective tax rate 12.1% 48.3%",
    TAX,
    "Operating Income",
    MARGIN,
    "Revenues by Segment",
    "(In millions) 2023 2022",
    "Harbor $ 800 $ 700",
    "Inland 200 180",
    "Total revenues $ 1,000 $ 880",
    "STORES BY OWNERSHIP TYPE",
    "Franchised stores Company-operated stores",
    CAPEX,
    "Item 8. Financial Statements and Supplementary Data",
  ].join("\n");

describe("get_explanations for a rate explained through its numerator", () => {
  let deal: TextFilingsDeal;
  const call = (input: unknown) => deal.call("get_explanations", input);

  beforeAll(async () => {
    deal = await textFilingsDeal("ratenum", [2023], mdna, { extract: true });
  }, 180_000);
  afterAll(() => deal.cleanup());

  it("gives the numerator's causes, and says whose they are, in three wordings of the rate", async () => {
    for (const figure of ["effective tax rate", "tax rate", "etr"]) {
      const out = await call({ figure, period: "2023", direction: "down" });
      expect(out.explanations.map((x: { head: string }) => x.head), figure).toEqual([TAX]);
      expect(out.notes.join(" "), figure).toMatch(/numerator/);
    }
  });

  it("reads the company's figure under a chart's legend, which names none of the deal's parts", async () => {
    for (const figure of ["capex", "capital expenditures", "capital spending"]) {
      const out = await call({ figure, period: "2023", direction: "down" });
      expect(out.explanations.map((x: { head: string }) => x.head), figure).toEqual([CAPEX]);
    }
  });

  it("keeps a rate's own sentence when the filing gives one", async () => {
    const out = await call({ figure: "operating margin", period: "2023", direction: "up" });
    expect(out.explanations.map((x: { head: string }) => x.head)).toEqual([MARGIN]);
    expect(out.notes.join(" ")).not.toMatch(/numerator/);
  });
});
