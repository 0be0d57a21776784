/**
 * get_explanations on made-up 10-K text filings through the real ingest and indexing: the MD&A
 * sentences that explain why a figure moved — the company's own figure, not a part's (named before
 * it or heading its prose), moving the way asked, of the year asked — and none when none does; the
 * offline chat answers a why question in analysts' words with them, or says what it read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { tempDir } from "../helpers/fixtures";
import { textFilingsDeal, type TextFilingsDeal } from "../helpers/text-filings-deal";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const mdna = (year: number) =>
  [
    "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations",
    `Fiscal ${year} Highlights`,
    year === 2023
      ? "Total revenue increased 8% to $1,204 million in 2023 compared to 2022, driven by higher unit volumes, partially offset by unfavorable currency."
      : "Total revenue increased 5% to $1,115 million in 2022 compared to 2021, primarily due to price increases.",
    "Gross margin decreased 120 basis points primarily due to higher steel costs. These amounts are reflected net of tax credits.",
    "Europe",
    "Revenue decreased 3% due to lower demand for heavy turbines in Germany.",
    "Hardware revenues increased 11% due to a new product line.",
    "Asia",
    "Revenue decreased $2.1 million or 4% as demand for small turbines fell in Japan.",
    "Americas",
    "Revenue increased 2% as compared to 2022.",
    "Item 8. Financial Statements and Supplementary Data",
  ].join("\n");

describe("get_explanations", () => {
  let deal: TextFilingsDeal;
  const call = (input: unknown) => deal.call("get_explanations", input);
  const ask = (text: string) => deal.ask(text);

  beforeAll(async () => {
    deal = await textFilingsDeal("turbina", [2022, 2023], mdna);
  }, 180_000);
  afterAll(() => deal.cleanup());

  it("explains the company's figure with the sentence naming it before its cause, not a part's nor a sentence without a cause", async () => {
    const out = await call({ figure: "revenue", period: "2023", direction: "up" });
    expect(out.explanations.map((x: { text: string }) => x.text)).toEqual(["Total revenue increased 8% to $1,204 million in 2023 compared to 2022, driven by higher unit volumes, partially offset by unfavorable currency."]);
    expect(out.explanations[0].citation).toBe("(source: TURBINA_2023_10K.txt, p.2)");
    const margin = await call({ figure: "gross margin", period: "2023" });
    expect(margin.explanations.map((x: { text: string }) => x.text)).toEqual(["Gross margin decreased 120 basis points primarily due to higher steel costs."]);
  });

  it("explains a part's figure from the prose its heading names", async () => {
    const out = await call({ figure: "revenue", part: "Europe", period: "2023", direction: "down" });
    expect(out.explanations[0].text).toBe("Revenue decreased 3% due to lower demand for heavy turbines in Germany.");
  });

  it("reads 'as' after a move's amount as its cause, not 'as well' or 'as compared'", async () => {
    const out = await call({ figure: "revenue", part: "Asia", period: "2023", direction: "down" });
    expect(out.explanations.map((x: { text: string }) => x.text)).toEqual(["Revenue decreased $2.1 million or 4% as demand for small turbines fell in Japan."]);
    expect((await call({ figure: "revenue", part: "Americas", period: "2023", direction: "up" })).explanations).toEqual([]);
  });

  it("gives none for the other direction or a year no filing explains, and says what it read", async () => {
    const down = await call({ figure: "revenue", period: "2023", direction: "down" });
    expect(down.explanations).toEqual([]);
    expect(down.read.join(" ")).toMatch(/TURBINA_2023_10K\.txt p/);
    const earlier = await call({ figure: "revenue", period: "2019" });
    expect(earlier.explanations).toEqual([]);
    const y2022 = await call({ figure: "revenue", period: "2022" });
    expect(y2022.explanations[0].text).toMatch(/^Total revenue increased 5%/);
  });

  it("answers a why question in analysts' words offline, or says it found no explanation", async () => {
    for (const q of ["why did the top line grow in 2023?", "what drove revenue up in fy23", "how come sales rose in 2023"]) {
      expect(await ask(q), q).toMatch(/^TURBINA_2023_10K\.txt states: "Total revenue increased 8%/);
    }
    expect(await ask("why did revenue fall in 2023?")).toMatch(/^I couldn't find a passage in the documents explaining why revenue fell in fiscal 2023/);
  });
});
