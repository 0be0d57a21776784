/**
 * get_explanations for a company's own expense line the catalog does not know: read by its own words
 * (with or without its head noun) and by initials the filing's own label spells, under a heading that
 * repeats the line's name; a line the filing does not name finds nothing rather than another line.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { tempDir } from "../helpers/fixtures";
import { textFilingsDeal, type TextFilingsDeal } from "../helpers/text-filings-deal";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const SENTENCE = "Promotional, clinical and logistics expenses increased $48 million in 2023, primarily due to higher field marketing spend for recently launched products.";

const mdna = () =>
  [
    "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations",
    "Costs and Expenses",
    "Promotional, clinical and logistics expenses 1,240 1,192 4",
    "Research and development expenses 880 905 (3)",
    "Promotional, Clinical and Logistics Expenses",
    SENTENCE,
    "Research and Development Expenses",
    "Research and development expenses decreased $25 million in 2023, primarily due to lower spending on completed trials.",
    "Item 8. Financial Statements and Supplementary Data",
  ].join("\n");

describe("get_explanations for a figure the catalog does not know", () => {
  let deal: TextFilingsDeal;
  const call = (input: unknown) => deal.call("get_explanations", input);

  beforeAll(async () => {
    deal = await textFilingsDeal("promoline", [2023], mdna);
  }, 180_000);
  afterAll(() => deal.cleanup());

  it("reads the line by its own words, without its head noun, and by the initials its label spells", async () => {
    for (const figure of ["promotional, clinical and logistics expenses", "Promotional, clinical and logistics", "PC&L", "PC&L expenses"]) {
      const out = await call({ figure, period: "2023", direction: "up" });
      expect(out.error, figure).toBeUndefined();
      expect(out.explanations.map((x: { head: string }) => x.head), figure).toEqual([SENTENCE]);
    }
  });

  it("finds nothing for a line the filing does not name, and says what it read", async () => {
    const out = await call({ figure: "warehouse, freight and handling expenses", period: "2023" });
    expect(out.explanations).toEqual([]);
    expect(out.read.join(" ")).toMatch(/TURBINA_2023_10K\.txt/);
  });
});
