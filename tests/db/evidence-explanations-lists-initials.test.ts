/**
 * get_explanations on a made-up 10-K whose reasons are not one sentence: a segment's move with no
 * cause of its own followed by a bulleted list of its parts' moves and causes; a part the prose names
 * only by the initials the filing defines for it, whose "loss" is its operating loss; an explanation
 * going on past a leading "Excluding …," clause, an "also contributed" sentence and a sentence
 * itemising the charges by programme (names with figures in them are words, not a table). A blank
 * line after the list closes it: the prose after it is no item of the list. A sentence moving two
 * figures ("net income decreased … and diluted EPS decreased …") explains the second by the list
 * a lead-in ("2023 results included:") opens after it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { tempDir } from "../helpers/fixtures";
import { textFilingsDeal, type TextFilingsDeal } from "../helpers/text-filings-deal";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const body = () =>
  [
    [
      "Item 1. Business",
      "We operate in three segments: Retail Devices, Inland Works and Coastal Systems (CSY). Coastal Systems builds patrol craft for government customers.",
    ].join("\n"),
    [
      "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations",
      "Consolidated Results of Operations",
      "Revenues increased $2.0 billion, or 20%, to $12.0 billion in 2023 from $10.0 billion in 2022, reflecting an operational increase of $1.8 billion, as well as a favorable impact of foreign exchange of $0.2 billion.",
      "Excluding sales of the Lumen vaccine, revenues increased 4% operationally, reflecting growth in Orvix and Tessa, partially offset by lower Kelda sales.",
      "Retail Devices",
      "Revenue decreased $1.1 billion or 8%.",
      "•Tablet revenue decreased $0.7 billion or 12% driven by lower consumer demand.",
      "•Accessories revenue decreased $0.4 billion or 6% as channel inventory stayed elevated.",
      "",
      "Operating income decreased $0.3 billion or 10% driven by lower revenue.",
      "Coastal Systems",
      "CSY loss from operations in 2023 of $412 million decreased by $600 million compared with earnings from operations of $188 million in 2022",
      "primarily due to unfavorable cumulative contract catch-up adjustments. Volume and mix also contributed to the year over year earnings decline.",
      "Charges on fixed-price development programs in 2023 included Harbor-9 ($120 million), KX-4 Lifter ($95 million), T-2B Tidewatch ($40 million)",
      "and Reef-7 ($22 million).",
      "Inland Works",
      "Inland Works net income decreased $50 million in 2023, primarily due to lower volume. Operating income of Inland Works decreased $20 million due to higher freight costs.",
      "NET INCOME AND DILUTED EARNINGS PER SHARE",
      "In 2023, net income decreased 18% to $1.2 billion and diluted earnings per common share decreased 17% to $4.10. Foreign currency translation had a negative impact of $0.12 on diluted earnings per share.",
      "2023 results included:",
      "•Net pre-tax charges of $300 million, or $0.40 per share, related to the exit from the Nordic market",
      "•$90 million, or $0.12 per share, of nonoperating expense related to a tax settlement",
      "2022 results included:",
      "•Net pre-tax gains of $50 million, or $0.05 per share, related to a property sale",
      "",
      "Liquidity and Capital Resources",
      "Cash provided by operating activities increased primarily due to lower inventory purchases.",
    ].join("\n"),
    "Item 8. Financial Statements and Supplementary Data",
  ].join("\f");

describe("get_explanations over lists, defined initials and running reasons", () => {
  let deal: TextFilingsDeal;
  const call = (input: unknown) => deal.call("get_explanations", input);
  const texts = (out: Record<string, unknown>) => (out.explanations as Array<{ text: string }>).map((x) => x.text);

  beforeAll(async () => {
    deal = await textFilingsDeal("turbina-lists", [2023], body);
  }, 180_000);
  afterAll(() => deal.cleanup());

  it("explains the second figure of a sentence moving two by the list a lead-in opens after it, up to the next year's list", async () => {
    for (const figure of ["eps_diluted", "diluted earnings per common share"]) {
      const [best] = texts(await call({ figure, period: "2023", direction: "down" }));
      expect(best, figure).toMatch(/^diluted earnings per common share decreased 17% to \$4\.10\. Foreign currency .* 2023 results included: .*Nordic market .*tax settlement$/);
    }
    const [income] = texts(await call({ figure: "net_income", period: "2023", direction: "down" }));
    expect(income).toMatch(/^In 2023, net income decreased 18% .*Nordic market/);
    expect(income).not.toMatch(/property sale/);
  });

  it("explains a segment's causeless move by the bulleted list of its parts that follows", async () => {
    for (const part of ["Retail Devices", "retail devices segment", "the retail devices business"]) {
      const [best] = texts(await call({ figure: "revenue", part, period: "2023", direction: "down" }));
      expect(best, part).toMatch(/^Revenue decreased \$1\.1 billion or 8%\. Tablet revenue decreased .* driven by lower consumer demand\. Accessories revenue decreased .* channel inventory stayed elevated\.$/);
    }
  });

  it("reads a part written by its defined initials, and a part's loss as its operating loss", async () => {
    for (const figure of ["net income", "loss", "operating income"]) {
      const [best] = texts(await call({ figure, part: "coastal", period: "2023" }));
      expect(best, figure).toMatch(/^CSY loss from operations in 2023 of \$412 million/);
      expect(best, figure).toContain("Volume and mix also contributed");
      expect(best, figure).toContain("Harbor-9 ($120 million), KX-4 Lifter ($95 million), T-2B Tidewatch ($40 million) and Reef-7 ($22 million).");
    }
    // (the company's figure is not answered with the part's sentence)
    expect(texts(await call({ figure: "operating income", period: "2023" })).some((t) => t.startsWith("CSY"))).toBe(false);
  });

  it("explains a part's own net income as asked, where the part reports one", async () => {
    const [best] = texts(await call({ figure: "net income", part: "Inland Works", period: "2023" }));
    expect(best).toMatch(/^Inland Works net income decreased \$50 million/);
  });

  it("goes on past a leading 'Excluding …,' clause that restates the same figure", async () => {
    const [best] = texts(await call({ figure: "revenue", period: "2023", direction: "up" }));
    expect(best).toMatch(/^Revenues increased \$2\.0 billion.* Excluding sales of the Lumen vaccine, revenues increased 4% operationally, reflecting growth in Orvix and Tessa/);
  });
});
