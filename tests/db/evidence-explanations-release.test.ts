/**
 * get_explanations on made-up earnings releases (no MD&A section, so read whole): a figure's move
 * the release gives no cause for is explained by what it says the figure included or excluded right
 * after it, and a release's "results … driven primarily by …" stands for its earnings figures, not
 * its revenue; a bullet's last line does not run into the paragraph after it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { tempDir } from "../helpers/fixtures";
import { textFilingsDeal, type TextFilingsDeal } from "../helpers/text-filings-deal";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

/** One wording a year of a move and the items it included. */
const MOVES: Record<number, string[]> = {
  2021: ["• Operating income increased 45% (46% in constant currencies). Results included $12 million of pre-tax charges related to a plant closure.", "Excluding these charges, operating income increased 15%."],
  2022: ["• Consolidated operating income rose $310 million, or 38%. The quarter included a $40 million gain on the sale of a subsidiary."],
  2023: ["• Operating profit declined 12% to $880 million. Excluding restructuring costs of $95 million, operating profit declined 2%."],
};

const release = (year: number) =>
  [
    [
      "TURBINA WORKS REPORTS SECOND QUARTER RESULTS",
      "Second quarter financial performance:",
      "• Consolidated revenues increased 9% (10% in constant currencies).",
      ...MOVES[year]!,
      "• Diluted earnings per share was $2.10, an increase of 50% (51% in constant currencies).",
    ].join("\n"),
    [
      "KEY FINANCIAL METRICS",
      "Revenues $ 4,100.5 $ 3,760.2 9 % 10 %",
      "Operating income 1,200.3 830.1 45 46",
      "Results for the prior year included the following:",
      "• Pre-tax charges of $300 million, or $0.41 per share, related to the exit of a",
      "market",
      "Excluding the above items, results reflected strong operating performance driven primarily by higher service margins and lower freight costs across the company.",
      ...(year === 2023 ? ["Second-quarter GAAP earnings per share (EPS) attributable to Turbina was $1.90.", "The decrease in GAAP results was primarily driven by higher litigation costs."] : []),
    ].join("\n"),
  ].join("\f");

describe("get_explanations on an earnings release", () => {
  let deal: TextFilingsDeal;
  const call = (input: unknown) => deal.call("get_explanations", input);
  const texts = (out: Record<string, unknown>) => (out.explanations as Array<{ text: string }>).map((x) => x.text);

  beforeAll(async () => {
    deal = await textFilingsDeal("turbina-release", [2021, 2022, 2023], release);
  }, 180_000);
  afterAll(() => deal.cleanup());

  it("explains a move the release states with no cause by what it included or excluded after it", async () => {
    for (const [year, direction] of [[2021, "up"], [2022, "up"], [2023, "down"]] as const) {
      const out = await call({ figure: "operating income", period: `Q2 ${year}`, direction });
      expect(texts(out)[0], String(year)).toBe(MOVES[year]!.join(" ").replace(/^• /, ""));
    }
    expect((await call({ figure: "operating income", period: "2023", direction: "up" })).explanations.map((x: { page: number }) => x.page)).not.toContain(1);
  });

  it("reads the release's results driven by a cause as its earnings' explanation, whole, not its revenue's", async () => {
    const net = await call({ figure: "net income", period: "2022" });
    expect(texts(net)).toEqual(["Excluding the above items, results reflected strong operating performance driven primarily by higher service margins and lower freight costs across the company."]);
    const operating = await call({ figure: "operating income", period: "2021", direction: "up" });
    expect(texts(operating)).toContain(texts(net)[0]);
    expect((await call({ figure: "revenue", period: "2022" })).explanations).toEqual([]);
  });

  it("reads 'GAAP results' as the company's earnings, and a line 'attributable to' its owner as no cause", async () => {
    const net = await call({ figure: "diluted EPS", period: "Q2 2023", direction: "down" });
    expect(texts(net)).toContain("The decrease in GAAP results was primarily driven by higher litigation costs.");
    expect(texts(net).some((t) => t.startsWith("Second-quarter GAAP earnings per share"))).toBe(false);
  });

  it("gives a move with nothing it included after it no explanation", async () => {
    const eps = await call({ figure: "diluted EPS", period: "2021" });
    expect(texts(eps).some((t) => t.startsWith("Diluted earnings per share was $2.10"))).toBe(false);
  });
});
