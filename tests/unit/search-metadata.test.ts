import { describe, expect, it } from "vitest";
import { companyFromText, inferMetadata } from "@/lib/ingest/metadata";

describe("document metadata for routing", () => {
  it("reads company, year and period from SEC-style filenames", () => {
    expect(inferMetadata("BESTBUY_2024Q2_10Q.pdf")).toMatchObject({ company: "BESTBUY", fiscalYear: 2024, fiscalPeriod: "Q2" });
    expect(inferMetadata("3M_2018_10K.pdf")).toMatchObject({ company: "3M", fiscalYear: 2018, fiscalPeriod: "FY" });
  });

  it("finds the company on the first pages when the filename does not name it", () => {
    const cover = "UNITED STATES\nSECURITIES AND EXCHANGE COMMISSION\nFORM 10-K\nBEST BUY CO., INC.\n(Exact name of registrant as specified in its charter)\nMinnesota";
    expect(companyFromText(cover)).toBe("BEST BUY CO., INC");
    expect(inferMetadata("annual-report-2022.pdf", "Årsredovisning för Nordic Steel AB (publ)\nRäkenskapsåret 2022").company).toBe("Nordic Steel AB");
    expect(inferMetadata("deck.pdf", "Project Aurora\nManagement presentation\nAurora Holdings AB\n2024").company).toBe("Aurora Holdings AB");
    expect(companyFromText("Revenue grew in the year.\nThe Company")).toBeUndefined();
  });
});
