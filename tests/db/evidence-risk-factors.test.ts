/**
 * get_risk_factors on made-up 10-K text filings through the real ingest and indexing: the risks the
 * newest annual report lists, in its order and words, under its categories; a topic keeps the risks
 * naming it, and one no risk names comes back as such; the offline chat answers "main risks" with them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { tempDir } from "../helpers/fixtures";
import { textFilingsDeal, type TextFilingsDeal } from "../helpers/text-filings-deal";

setConfigForProcess({ MANDA_DATA_DIR: tempDir("manda-data-"), MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

const body = (what: string) => `${what} We discuss the matter at length. It has affected results in past years and may do so again.`;
const risks = (year: number) =>
  [
    "Item 1A. Risk Factors",
    "You should carefully consider the risks described below, which could adversely affect our business.",
    "Risks Related to Our Operations",
    "Our reliance on a single casting supplier could disrupt production.",
    body("We buy every turbine casing from one supplier in Ohio."),
    year === 2023 ? "Cyber attacks on our plant control systems could halt our lines." : "Labor shortages may limit our output.",
    body("Our plants depend on networked controls."),
    "Financial Risks",
    "Changes in steel prices may reduce our margins.",
    body("Steel is our largest input cost and we do not hedge it."),
    "Item 1B. Unresolved Staff Comments",
    "None.",
  ].join("\n\n");

describe("get_risk_factors", () => {
  let deal: TextFilingsDeal;
  const call = (input: unknown) => deal.call("get_risk_factors", input);

  beforeAll(async () => {
    deal = await textFilingsDeal("turbina", [2022, 2023], risks);
  }, 180_000);
  afterAll(() => deal.cleanup());

  it("lists the newest annual report's risks in its order and words, each under its category and cited", async () => {
    const out = await call({});
    expect(out.document).toBe("TURBINA_2023_10K.txt");
    expect(out.total).toBe(3);
    expect(out.risks.map((r: { heading: string }) => r.heading)).toEqual([
      "Our reliance on a single casting supplier could disrupt production.",
      "Cyber attacks on our plant control systems could halt our lines.",
      "Changes in steel prices may reduce our margins.",
    ]);
    expect(out.risks[2]).toMatchObject({ category: "Financial Risks", citation: "(source: TURBINA_2023_10K.txt, p.2)", explanation: expect.stringMatching(/^Steel is our largest input cost/) });
    expect(out.categories).toEqual(["Risks Related to Our Operations", "Financial Risks"]);
  });

  it("reads the year asked from that year's filing", async () => {
    const out = await call({ period: "2022" });
    expect(out.document).toBe("TURBINA_2022_10K.txt");
    expect(out.risks[1].heading).toBe("Labor shortages may limit our output.");
  });

  it("keeps the risks a topic names, in its heading or explanation, and says when none does", async () => {
    const cyber = await call({ topic: "cybersecurity" });
    expect(cyber).toMatchObject({ topicFound: true, topic: "cybersecurity" });
    expect(cyber.risks.map((r: { heading: string }) => r.heading)).toEqual(["Cyber attacks on our plant control systems could halt our lines."]);
    const ohio = await call({ topic: "supplier in ohio" });
    expect(ohio.risks[0].heading).toMatch(/single casting supplier/);
    const none = await call({ topic: "currency" });
    expect(none.topicFound).toBe(false);
    expect(none.notes.join(" ")).toMatch(/No risk heading or explanation names "currency"/);
  });

  it("answers 'main risks' offline with the listed risks, saying the filing does not rank them", async () => {
    const r = { text: await deal.ask("what are the main risks") };
    expect(r.text).toMatch(/lists 3 risks; the filing does not rank them/);
    expect(r.text).toContain("Changes in steel prices may reduce our margins. (source: TURBINA_2023_10K.txt, p.2)");
    const fx = { text: await deal.ask("any fx risk called out?") };
    expect(fx.text).toMatch(/^I found no risk about foreign exchange among the 3 risks/);
    expect(await deal.ask("what risks do they flag around steel")).toMatch(/^The risks TURBINA_2023_10K\.txt \(FY2023\) lists about steel[^\n]*\n- Changes in steel prices may reduce our margins\./);
  });
});
