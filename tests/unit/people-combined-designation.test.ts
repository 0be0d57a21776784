/**
 * Who holds an office. One person signing as two offices: a signature page's "(Principal Executive
 * and Financial Officer)" answers both the chief executive and the chief financial officer
 * (lib/agent/evidence/entities.ts); a general counsel titled "Chief Legal Affairs Officer"; the
 * officer heading a part ("who runs aws") is the one whose title names it. A signer's name in
 * capitals whose text layer reads a few letters in lower case ("DANr R. LEz") is still matched to
 * the name printed under it (lib/extraction/entities/signatures.ts). Names are made up.
 */
import { describe, expect, it } from "vitest";
import { holdsRole } from "@/lib/agent/evidence/entities";
import { writePeople } from "@/lib/agent/offline/answers-from/entities";
import { stepsFor } from "@/lib/agent/offline/evidence-path";
import { readQuestion } from "@/lib/agent/reader/read";
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

describe("a general counsel titled as the chief legal officer", () => {
  it("holds the role under either title, and no other legal title", () => {
    for (const t of ["Executive Vice President, Chief Legal Affairs Officer", "Senior Vice President, General Counsel and Secretary", "Chief Legal Officer"]) expect(holdsRole(t, "general counsel"), t).toBe(true);
    expect(holdsRole("Vice President, Legal Operations", "general counsel")).toBe(false);
    expect(holdsRole("Executive Vice President, Chief Legal Affairs Officer", "chief financial officer")).toBe(false);
  });
});

describe("the officer heading a part", () => {
  const out = (items: Array<[string, string]>) => ({ company: "ACME INC.", items: items.map(([name, detail]) => ({ name, detail, document: "ACME_2022_10K.pdf", page: 5, excerpt: `${name} ${detail}`, citation: "(source: ACME_2022_10K.pdf, p.5)" })), notes: [] });
  const officers = out([["Dana P. Okafor", "President and Chief Executive Officer"], ["Ravi M. Lund", "CEO Acme Cloud Services"], ["Lena T. Moss", "Group President, Safety & Industrial"]]);
  it("is the one whose title names the part, by its words or its initials, in four wordings", () => {
    for (const [q, name] of [["who runs acs", "Ravi M. Lund"], ["who is the ceo of acme cloud services", "Ravi M. Lund"], ["who heads the safety and industrial segment", "Lena T. Moss"], ["who leads acme's safety & industrial business", "Lena T. Moss"]] as const) {
      const r = readQuestion(q, ["ACME INC."]);
      expect(stepsFor(r), q).toEqual(["people"]);
      expect(writePeople(officers as never, r.concepts[0]!, r.scope), q).toMatch(new RegExp(`\\*\\*${name}\\*\\*`));
    }
  });

  it("is no one when no title names the part: never the company's chief executive", () => {
    const r = readQuestion("who runs the health care business", ["ACME INC."]);
    expect(writePeople(officers as never, r.concepts[0]!, r.scope)).toBeNull();
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
