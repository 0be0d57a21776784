import { describe, expect, it } from "vitest";
import { analyzeConstraints } from "@/lib/agent/mode/constraints";
import { detectLanguage, languageOf } from "@/lib/search/language";

describe("one English/Swedish detector for pages, documents and requests", () => {
  it("a document's summed evidence decides by the same rule as one text", () => {
    expect(languageOf({ en: 40, sv: 3 })).toBe("en");
    expect(languageOf({ en: 4, sv: 30 })).toBe("sv");
    expect(languageOf({ en: 0, sv: 1 })).toBe("sv");
    expect(languageOf({ en: 1, sv: 1 }, "sv")).toBe("sv");
  });

  it("Agent Mode reads a request's language with it: a short Swedish instruction, an English one naming a Swedish place", () => {
    expect(analyzeConstraints("Vad är omsättningen? Ange källor.").language).toBe("sv");
    expect(analyzeConstraints("What was revenue in Malmö in 2023? Quote the source.").language).toBe("en");
    expect(detectLanguage("Vad är omsättningen? Ange källor.")).toBe("sv");
  });
});
