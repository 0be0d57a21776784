/**
 * A person chosen for a role ("Who is the CEO?") whose quote shows the role held at another
 * organisation or part ("President and Chief Executive Officer, Mobileye") is not the company's,
 * even when the extracted role lost the words after it. Made-up quotes.
 */
import { describe, expect, it } from "vitest";
import { roleElsewhereInQuote } from "@/lib/agent/knowledge/people-answer";
import { readPeopleRequest } from "@/lib/agent/knowledge/people";
import type { KbPerson } from "@/lib/agent/knowledge/types";

const person = (name: string, text: string): KbPerson => ({ name, roles: ["President and Chief Executive Officer"], roleLabels: ["CEO"], about: [{ text, document: "ACME_2022_10K.pdf", page: 3, citation: "(source: ACME_2022_10K.pdf, p.3)" }], alsoIn: [] });
const roles = (q: string) => readPeopleRequest(q).roles;

describe("a role held at another organisation, as the quote shows it", () => {
  it("the CEO of a named unit is not the company's CEO", () => {
    const q = "Who is Acme's Chief Executive Officer?";
    expect(roleElsewhereInQuote(person("Ann Lee", "Ann Lee, President and Chief Executive Officer, Dronewing ■ Despite the challenges we secured 37 new designs."), roles(q), q)).toBe(true);
  });

  it("the company's own CEO, or the unit the question names, is kept", () => {
    const q = "Who is Acme's Chief Executive Officer?";
    expect(roleElsewhereInQuote(person("Jon Roe", "Jon Roe has served as our President and Chief Executive Officer since 2019."), roles(q), q)).toBe(false);
    expect(roleElsewhereInQuote(person("Jon Roe", "Jon Roe, President and Chief Executive Officer, Acme Corporation"), roles(q), q)).toBe(false);
    const unit = "Who is the Chief Executive Officer of Dronewing?";
    expect(roleElsewhereInQuote(person("Ann Lee", "Ann Lee, President and Chief Executive Officer, Dronewing ■ Despite the challenges."), roles(unit), unit)).toBe(false);
  });
});
