/** The registrants a combined filing's cover prints, and the part of the company an officer's title qualifies the role with. */
import { describe, expect, it } from "vitest";
import { coverRegistrants, registrantKey } from "@/lib/agent/evidence/scope";
import { roleQualifier } from "@/lib/agent/evidence/entities";

describe("a combined filing's registrants", () => {
  it("reads each row of a registrant table: file number, name, state, employer number", () => {
    const cover = [
      "Commission", "File Number", "Exact Name of Registrant", "as Specified In Its Charter", "State or Other Jurisdiction of", "Incorporation or Organization", "IRS Employer", "Identification Number", "",
      "1-30411 HARROWGATE HOLDINGS CORP Ohio 31-4455667", "1-2210 Harrowgate Power & Light Company Ohio 31-0099881", "",
      "12 Mill Street 12 Mill Street",
    ].join("\n");
    expect(coverRegistrants(cover).map(registrantKey)).toEqual(["harrowgate holdings", "harrowgate power and light"]);
  });

  it("reads names stacked over the label, and a name printed before it on its line", () => {
    const stacked = ["FORM 10-K", "Commission File Number 1-24680", "", "LANTERN FORGE, INC.", "LANTERN FORGE OPERATING PARTNERSHIP", "", "(Exact name of Registrants as specified in its charter)"].join("\n");
    expect(coverRegistrants(stacked)).toEqual(["LANTERN FORGE OPERATING PARTNERSHIP", "LANTERN FORGE, INC."]);
    expect(coverRegistrants("TIDEWELL MARINE LP (Exact name of registrant as specified in its charter)")).toEqual(["TIDEWELL MARINE LP"]);
  });

  it("compares names without case, '&', punctuation, a leading 'the' or a legal form", () => {
    for (const asked of ["Harrowgate Power & Light Company", "the Harrowgate Power and Light Co.", "HARROWGATE POWER AND LIGHT"]) expect(registrantKey(asked)).toBe("harrowgate power and light");
  });
});

describe("an officer title's qualifier of the role", () => {
  it("is the part of the company named after the role", () => {
    expect(roleQualifier("Executive Vice President, President and Chief Executive Officer, Belmont Rail Services (executive officer, age 51)", "chief executive officer", "Belmont Freight Inc.")).toBe("Belmont Rail Services");
    expect(roleQualifier("CEO Worldwide Consumer", "chief executive officer")).toBe("Worldwide Consumer");
    expect(roleQualifier("Vice President, Chief Financial Officer and Controller, Harrowgate Power & Light Company", "chief financial officer", "Harrowgate Holdings Corp")).toMatch(/Harrowgate Power & Light Company$/);
    expect(roleQualifier("Vice President, Chief Financial Officer and Controller", "chief financial officer", "Harrowgate Holdings Corp")).toBeUndefined();
  });

  it("is none when the title holds the role for the company itself", () => {
    for (const t of ["Chairman, President and Chief Executive Officer (executive officer, age 55)", "Chief Executive Officer and Director", "President and Chief Executive Officer of Belmont Freight Inc.", "Chief Executive Officer (Principal Executive Officer)"]) {
      expect(roleQualifier(t, "chief executive officer", "Belmont Freight Inc."), t).toBeUndefined();
    }
  });
});
