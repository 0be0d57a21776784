/** Abbreviations a filing defines for its parts (lib/agent/evidence/defined-terms.ts). */
import { describe, expect, it } from "vitest";
import { definitionIn } from "@/lib/agent/evidence/defined-terms";

describe("an abbreviation the filing defines", () => {
  it("is the capitalised words right before it, opened by its first letter, across lines and commas", () => {
    expect(definitionIn("down 38%\n\nNetwork and Edge (NEX)\n$1.5 billion", "NEX")).toBe("Network and Edge");
    expect(definitionIn("we operate in four segments: Commercial Airplanes (CAX); Defense, Space & Security (DSS), Global", "DSS")).toBe("Defense Space & Security");
    expect(definitionIn("Revenue from the Data Center and AI (DCAI) group fell.", "DCAI")).toBe("Data Center and AI");
  });

  it("may add the company's initial before the part, and leaves the company's own name out", () => {
    expect(definitionIn("Commercial Airplanes (KCA); Defense, Space & Security (KDS), Global\nServices (KGS), and Kestrel Capital (KCC).", "KGS", "The Kestrel Company")).toBe("Global Services");
    expect(definitionIn("Revenue of Kestrel Global Services (KGS) rose.", "KGS", "The Kestrel Company")).toBe("Global Services");
  });

  it("is read in the other forms filings define it: quoted, or after ', or'", () => {
    expect(definitionIn("we calculate Funds from Operations, or FFO, by adjusting net income", "FFO")).toBe("Funds from Operations");
    expect(definitionIn("Funds from Operations (“FFO”) is a non-GAAP measure.", "FFO")).toBe("Funds from Operations");
    expect(definitionIn('Gross Merchandise Volume ("GMV") consists of the total value', "GMV")).toBe("Gross Merchandise Volume");
    // ", or" before another word is no definition of the abbreviation
    expect(definitionIn("Funds from Operations, or FFOX, rose", "FFO")).toBeUndefined();
  });

  it("is nothing when no printed words fit its letters", () => {
    expect(definitionIn("as reported (GAAP) for the year", "GAAP")).toBeUndefined();
    expect(definitionIn("Net revenue (NEX) rose", "ABC")).toBeUndefined();
    expect(definitionIn("Revenue of Kestrel Global Services (ZGS) rose.", "ZGS", "The Kestrel Company")).toBeUndefined();
  });
});
