/**
 * One person signing as two offices: a signature page's "(Principal Executive and Financial Officer)"
 * answers both the chief executive and the chief financial officer (lib/agent/evidence/entities.ts), and
 * a signer's name in capitals whose text layer reads a few letters in lower case ("DANr R. LEz") is still
 * matched to the name printed under it (lib/extraction/entities/signatures.ts). Names are made up.
 */
import { describe, expect, it } from "vitest";
import { holdsRole } from "@/lib/agent/evidence/entities";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import type { EntityPayload, ExtractionPage } from "@/lib/extraction/types";

describe("a designation naming two offices of one person", () => {
  it("holds each office it names, in the forms signature pages print", () => {
    const both = "Chief Executive Officer and Director (Principal Executive and Financial Officer)";
    expect(holdsRole(both, "chief financial officer")).toBe(true);
    expect(holdsRole(both, "chief executive officer")).toBe(true);
    expect(holdsRole(both, "chief accounting officer")).toBe(false);
    const three = "President (Principal Executive, Financial and Accounting Officer)";
    for (const r of ["chief executive officer", "chief financial officer", "chief accounting officer"]) expect(holdsRole(three, r), r).toBe(true);
    expect(holdsRole("Chief Financial and Accounting Officer", "chief accounting officer")).toBe(true);
  });

  it("holds no office it does not name", () => {
    expect(holdsRole("Chairman and Chief Executive Officer (Principal Executive Officer)", "chief financial officer")).toBe(false);
    expect(holdsRole("Executive Vice President and General Counsel", "chief financial officer")).toBe(false);
  });
});

describe("a signer's name in capitals read with a few letters in lower case", () => {
  const signatures = (signer: string, printed: string): ExtractionPage => ({
    pageNumber: 88,
    text: [
      "SIGNATURES",
      "Pursuant to the requirements of the Securities Exchange Act of 1934, this report has been signed below by the following persons on behalf of the registrant and in the capacities and on the dates indicated.",
      "Name Title Date",
      `/s/ ${signer} Chief Executive Officer and Director (Principal Executive and Financial`,
      "Officer)",
      "",
      "March 3, 2025",
      printed,
      "",
      "/s/ MORGAN T. VALE Director March 3, 2025",
      "Morgan T. Vale",
    ].join("\n"),
  });
  const people = (p: ExtractionPage) =>
    extractEntitiesFromPages([p], { filename: "annual-report.pdf" }).candidates.map((c) => c.payload as EntityPayload).filter((e) => e.entityType === "person");

  it("reads the signer under the name printed below, with the capacity signed in", () => {
    for (const [signer, printed] of [["DANA R. LEE", "Dana R. Lee"], ["DANr R. LEz", "Danr R. Lez"], ["OSWIN T. MArLOWE", "Oswin T. Marlowe"]] as const) {
      const got = people(signatures(signer, printed));
      const officer = got.find((e) => e.name === printed);
      expect(officer, signer).toBeDefined();
      expect(JSON.stringify(officer)).toMatch(/Principal Executive and Financial/);
    }
  });
});
