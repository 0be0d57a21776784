/**
 * A quote's attribution in an annual report's sidebar ("—Prof. Jane Roe, President and Chief
 * Executive Officer, <partner>") names the speaker, whose title is often another company's: no
 * officer of the filer is read from it, while the same name and title in the filer's prose is.
 */
import { describe, expect, it } from "vitest";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import type { EntityPayload } from "@/lib/extraction/types";

const people = (text: string) =>
  extractEntitiesFromPages([{ pageNumber: 27, text }], { filename: "ACME_2020_10K.pdf", documentKind: "10-K" }).candidates.map((c) => c.payload as EntityPayload).filter((p) => p.entityType === "person");

describe("a quote's attribution", () => {
  it("reads no officer from a dash-led attribution, with or without an honorific", () => {
    for (const line of ["—Prof. Jane Roe, President and Chief Executive", "– Dr. Jane Roe, Chief Executive Officer", "—Jane Roe, Chief Executive Officer, Orbitex"]) {
      const text = `We expanded our driver-assistance programme with three new customers this year.\n"This partnership marks a new era for safer mobility."\n${line}\nOfficer, Orbitex\n`;
      expect(people(text).map((p) => p.name), line).not.toContain("Jane Roe");
    }
  });

  it("still reads an officer named with the title in the filer's own prose", () => {
    const text = "In 2020, Jane Roe, Chief Executive Officer, led the restructuring of the company.\n";
    expect(people(text).map((p) => [p.name, p.role])).toContainEqual(["Jane Roe", "Chief Executive Officer"]);
  });
});
