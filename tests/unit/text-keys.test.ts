/**
 * Names compared by their words alone: case, punctuation and symbols never tell two names apart;
 * letters of any script and digits do.
 */
import { describe, expect, it } from "vitest";
import { plainKey, plainWords } from "@/lib/text-keys";

describe("plain words and keys", () => {
  it("lowercases and turns every run of other characters into one space, or none for a key", () => {
    expect(plainWords("  Acme, Inc. — Greater China (net) ")).toBe("acme inc greater china net");
    expect(plainKey("Acme, Inc.")).toBe("acmeinc");
    expect(plainWords("Société Générale 2023")).toBe("société générale 2023");
    expect(plainWords("Kärnkraft & Vatten")).toBe("kärnkraft vatten");
  });

  it("leaves nothing of a name with no letter or digit", () => {
    expect(plainWords(" — & / ")).toBe("");
    expect(plainKey("...")).toBe("");
  });
});
