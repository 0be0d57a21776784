import { describe, expect, it } from "vitest";
import { analyzeConstraints, describeConstraints, instructionParts, splitList } from "@/lib/agent/mode/constraints";

const ACCEPTANCE = 'Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing';

describe("constraint analysis — English", () => {
  it("reads the acceptance request: topics, searches, opened sources, exact figure, disclosure phrase", () => {
    const c = analyzeConstraints(ACCEPTANCE);
    expect(c.language).toBe("en");
    expect(c.requiredTopics).toEqual(["revenue", "margins", "litigation"]);
    expect(c.minSearches).toBe(3);
    expect(c.minOpenCitations).toBe(2);
    expect(c.requiresExactQuote).toBe(true);
    expect(c.exactQuoteKind).toBe("figure");
    expect(c.requiresInsufficiencyDisclosure).toBe(true);
    expect(c.insufficiencyPhrase).toBe("Insufficient documentation");
    expect(c.detected.every((d) => d.source === "rules")).toBe(true);
  });

  it("explicit counts: at least N tool searches, open_citation for at least two, verbatim", () => {
    const c = analyzeConstraints("Use at least 4 separate tool searches and open_citation for at least two results; copy the exact line verbatim.");
    expect(c.minSearches).toBe(4);
    expect(c.minOpenCitations).toBe(2);
    expect(c.requiresExactQuote).toBe(true);
    expect(c.exactQuoteKind).toBe("text");
  });

  it("conflict rule, sections and a custom gap phrase", () => {
    const c = analyzeConstraints('Resolve conflicts using the newest dated document. Use the sections: Revenue, Margins, Risks. Mark it as "Not in data room" if missing.');
    expect(c.requiresConflictResolution).toBe(true);
    expect(c.conflictRule).toBe("newest");
    expect(c.requiredSections).toEqual(["revenue", "margins", "risks"]);
    expect(c.insufficiencyPhrase).toBe("Not in data room");
  });

  it("implicit wording: compare → two topics; quote → one opened source; 'if missing' → disclosure; cross-check → two sources", () => {
    const a = analyzeConstraints("Compare Q2 revenue with Q3 revenue and tell me if anything is missing.");
    expect(a.requiredTopics).toEqual(["q2 revenue", "q3 revenue"]);
    expect(a.minSearches).toBe(2);
    expect(a.requiresInsufficiencyDisclosure).toBe(true);
    expect(a.insufficiencyPhrase).toBe("Insufficient documentation");
    const b = analyzeConstraints("Quote the sentence about EBITDA.");
    expect(b.requiresExactQuote).toBe(true);
    expect(b.minOpenCitations).toBe(1);
    const x = analyzeConstraints("Cross-check the headcount figure.");
    expect(x.minSearches).toBe(2);
    expect(x.minOpenCitations).toBe(2);
    const d = analyzeConstraints("Give an overview covering revenue, churn and debt.");
    expect(d.requiredTopics).toEqual(["revenue", "churn", "debt"]);
    expect(d.minSearches).toBe(3);
  });

  it("a simple question has minimal constraints", () => {
    const c = analyzeConstraints("What was revenue in Q3 2024?");
    expect(c).toMatchObject({ minSearches: 1, requiredTopics: [], minOpenCitations: 0, requiresExactQuote: false, requiresConflictResolution: false, requiredSections: [], requiresInsufficiencyDisclosure: false });
    expect(describeConstraints(c)).toEqual([]);
  });

  it("splits lists and stops at the next instruction", () => {
    expect(splitList("revenue, margins and litigation, open at least two sources")).toEqual(["revenue", "margins", "litigation"]);
    expect(splitList("intäkter, marginaler och tvister, öppna minst två källor")).toEqual(["intäkter", "marginaler", "tvister"]);
  });
});

describe("constraint analysis — Swedish", () => {
  it("explicit: minst tre sökningar, öppna minst två källor, citera exakt, ange 'Otillräcklig dokumentation'", () => {
    const c = analyzeConstraints("Gör minst tre sökningar: separata sökningar för intäkter, marginaler och tvister. Öppna minst två källor, citera exakt en siffra och ange 'Otillräcklig dokumentation' för det som saknas.");
    expect(c.language).toBe("sv");
    expect(c.minSearches).toBe(3);
    expect(c.requiredTopics).toEqual(["intäkter", "marginaler", "tvister"]);
    expect(c.minOpenCitations).toBe(2);
    expect(c.requiresExactQuote).toBe(true);
    expect(c.exactQuoteKind).toBe("figure");
    expect(c.requiresInsufficiencyDisclosure).toBe(true);
    expect(c.insufficiencyPhrase).toBe("Otillräcklig dokumentation");
  });

  it("implicit: nyaste dokumentet, om något saknas, avsnitt per ämne", () => {
    const c = analyzeConstraints("Jämför intäkter med rörelseresultat, utgå från det nyaste daterade dokumentet, skriv ett avsnitt per ämne och ange om något saknas.");
    expect(c.requiredTopics).toEqual(["intäkter", "rörelseresultat"]);
    expect(c.conflictRule).toBe("newest");
    expect(c.requiredSections).toEqual(["intäkter", "rörelseresultat"]);
    expect(c.requiresInsufficiencyDisclosure).toBe(true);
    expect(c.insufficiencyPhrase).toBe("Otillräcklig dokumentation");
  });

  it("ordagrant → exact text quote", () => {
    const c = analyzeConstraints("Återge ordagrant vad styrelsen beslutade.");
    expect(c.requiresExactQuote).toBe(true);
    expect(c.minOpenCitations).toBe(1);
  });
});

describe("instructionParts", () => {
  it("leaves what the request asks about once its process instructions are taken out", () => {
    const r = instructionParts('Produce an operating summary: separate searches for revenue, margins and litigation, open at least two sources, quote one exact figure, and say "Insufficient documentation" for anything missing');
    expect(r.request).toBe("Produce an operating summary: revenue, margins and litigation");
    expect(r.instructions.length).toBe(4);
  });
});
