import { describe, expect, it } from "vitest";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { isPlaceholder, looksLikePersonName, sameEntity } from "@/lib/extraction/entities/names";
import { findDates, parseDateText } from "@/lib/extraction/timeline/dates";
import { extractTimelineFromPages } from "@/lib/extraction/timeline";
import type { EntityPayload, TimelineEventPayload } from "@/lib/extraction/types";
import { verifyExcerpt } from "@/lib/extraction/citation";

const P3 = `Till statsrådet och chefen för
Socialdepartementet
Regeringen beslutade den 29 augusti 2013 (dir. 2013:83) att tillkalla
en särskild utredare med uppdrag att analysera behovet av en sär-
skild lagreglering för behandling av personuppgifter.
Som särskild utredare förordnades den 10 september 2013
advokat Per Furberg.
Som sakkunniga förordnades den 17 oktober 2013 ämnesrådet
Jimmy Järvenpää och kanslirådet Eva Stina Lönngren. Som experter förordnades samma dag
chefsjuristen Catarina Eklundh Ahlgren, Inspektionen för social-
försäkringen.
Som sekreterare i utredningen anställdes den 10 september 2013
Johanna Wasteson.
Utredaren presenterade betänkandet till regeringen. Justitiedepartementet tillsatte utredningen.
OSK får härmed överlämna delbetänkandet Data och integritet.
Stockholm i juni 1972.`;

describe("dates", () => {
  it("parses English and Swedish dates with their precision, never inventing a day", () => {
    expect(parseDateText("den 1 december 2024")).toEqual({ date: "2024-12-01", precision: "day" });
    expect(parseDateText("1 December 2024")).toEqual({ date: "2024-12-01", precision: "day" });
    expect(parseDateText("i december 2024")).toEqual({ date: "2024-12-01", precision: "month" });
    expect(parseDateText("Stockholm i juni 1972")).toEqual({ date: "1972-06-01", precision: "month" });
    expect(parseDateText("February 2, 2019")).toEqual({ date: "2019-02-02", precision: "day" });
    expect(parseDateText("Stockholm 2014")).toEqual({ date: "2014-01-01", precision: "year" });
    expect(findDates("beslutades den 21 januari 2016")[0]!.date).toBe("2016-01-21");
    expect(findDates("den 31 februari 2016")).toEqual([]);
  });
});

describe("timeline extractor", () => {
  const events = extractTimelineFromPages([{ pageNumber: 1, text: "Statens offentliga utredningar\nSOU 2014:67\nStockholm 2014" }, { pageNumber: 2, text: "" }, { pageNumber: 3, text: P3 }], { filename: "SOU_2014_67.txt" }).candidates;
  const ev = (type: string) => events.filter((e) => (e.payload as TimelineEventPayload).eventType === type).map((e) => ({ ...(e.payload as TimelineEventPayload), page: e.evidence.page }));
  it("finds directive, appointments and signature dates with precision on the right page", () => {
    expect(ev("directive_issued")).toEqual([expect.objectContaining({ eventDate: "2013-08-29", datePrecision: "day", page: 3, description: expect.stringContaining("2013:83") })]);
    expect(ev("appointed").map((e) => e.eventDate).sort()).toEqual(["2013-09-10", "2013-10-17"]);
    expect(ev("appointed").find((e) => e.eventDate === "2013-09-10")!.actors).toEqual(expect.arrayContaining(["Per Furberg", "Johanna Wasteson"]));
    expect(ev("signed")).toEqual([expect.objectContaining({ eventDate: "1972-06-01", datePrecision: "month" })]);
    expect(ev("published")).toEqual([expect.objectContaining({ eventDate: "2014-01-01", datePrecision: "year", page: 1 })]);
    for (const e of events) expect(verifyExcerpt({ pageNumber: e.evidence.page, text: e.evidence.page === 3 ? P3 : "Statens offentliga utredningar\nSOU 2014:67\nStockholm 2014" }, e.evidence.text).ok).toBe(true);
  });
});

describe("entity extractor", () => {
  const cs = extractEntitiesFromPages([{ pageNumber: 3, text: P3 }], { filename: "SOU_2014_67.txt" }).candidates;
  const people = cs.filter((c) => (c.payload as EntityPayload).entityType === "person").map((c) => c.payload as EntityPayload);
  it("finds Swedish roles", () => {
    expect(people).toEqual(expect.arrayContaining([
      { entityType: "person", name: "Per Furberg", role: "särskild utredare" },
      { entityType: "person", name: "Jimmy Järvenpää", role: "sakkunnig" },
      { entityType: "person", name: "Eva Stina Lönngren", role: "sakkunnig" },
      { entityType: "person", name: "Catarina Eklundh Ahlgren", role: "expert" },
      { entityType: "person", name: "Johanna Wasteson", role: "sekreterare" },
    ]));
  });
  it("never makes a ministry or a placeholder a person; the addressed ministry is responsible", () => {
    expect(people.map((p) => p.name)).not.toContain("Justitiedepartementet");
    expect(people.some((p) => /utredaren|regeringen|inspektionen/i.test(p.name))).toBe(false);
    const ministries = cs.filter((c) => (c.payload as EntityPayload).entityType === "ministry").map((c) => c.payload as EntityPayload);
    expect(ministries).toEqual([{ entityType: "ministry", name: "Socialdepartementet", role: "ansvarigt departement" }]);
    expect(isPlaceholder("Utredaren")).toBe(true);
    expect(isPlaceholder("the Company")).toBe(true);
    expect(looksLikePersonName("Justitiedepartementet")).toBe(false);
    expect(looksLikePersonName("Regeringen")).toBe(false);
  });
  it("reads a name with a generational suffix as a person, and a surname with only a suffix as none", () => {
    for (const n of ["John J. Donahoe II", "Frank D. Yeary, Jr.", "Henry Ford III", "Robert A. Iger Sr."]) expect(looksLikePersonName(n), n).toBe(true);
    for (const n of ["Donahoe II", "Smith Jr.", "Regeringen III"]) expect(looksLikePersonName(n), n).toBe(false);
    // a surname's particle joined to it: "LaBelle", "DeLuca", "McDonald"
    for (const n of ["Michael E. LaBelle", "Anna DeLuca", "Ruth McDonald"]) expect(looksLikePersonName(n), n).toBe(true);
    const signed = "SIGNATURES\nPursuant to the requirements of Section 13 or 15(d) of the Securities Exchange Act of 1934, the registrant has duly caused this report to be signed on its behalf by the undersigned, thereunto duly authorized.\nACME, INC.\nBy: /s/ JOHN J. DONAHOE II\n\nJohn J. Donahoe II\n\nPresident and Chief Executive Officer\nDate: July 20, 2021\nThis report has been signed below by the following persons on behalf of the registrant and in the capacities and on the dates indicated.";
    const found = extractEntitiesFromPages([{ pageNumber: 104, text: signed }], { filename: "ACME_2021_10K.pdf" }).candidates.map((c) => c.payload as EntityPayload);
    expect(found.find((e) => e.entityType === "person")?.name).toBe("John J. Donahoe II");
  });
  it("English titles", () => {
    const en = extractEntitiesFromPages([{ pageNumber: 1, text: "Also present: Jane Smith (Chief Executive Officer) and John Doe (Chief Financial Officer, secretary of the meeting). Fjord Capital Partners will join." }], { filename: "minutes.docx" }).candidates.map((c) => c.payload as EntityPayload);
    expect(en).toEqual(expect.arrayContaining([
      { entityType: "person", name: "Jane Smith", role: "Chief Executive Officer" },
      { entityType: "person", name: "John Doe", role: "Chief Financial Officer" },
      expect.objectContaining({ entityType: "organisation", name: "Fjord Capital Partners" }),
    ]));
  });
});

describe("entity de-duplication", () => {
  it("merges legal-form variants and spelling slips, never different people", () => {
    expect(sameEntity("organisation", "Apple Inc.", "Apple")).toBe(true);
    expect(sameEntity("organisation", "Northstar Growth Fund II SCSp", "Northstar Growth Fund II")).toBe(true);
    expect(sameEntity("organisation", "Försäkringskassan", "Försäkringskasan")).toBe(true);
    expect(sameEntity("person", "Anna Svensson", "Anna Svenson")).toBe(true);
    expect(sameEntity("person", "Anna Svensson", "Anne Svensson")).toBe(false);
    expect(sameEntity("person", "A. Svensson", "B. Svensson")).toBe(false);
    expect(sameEntity("person", "Erik Adamsson", "Erik Svedberg")).toBe(false);
    expect(sameEntity("organisation", "Apple", "Adobe")).toBe(false);
  });
});

describe("SOU 1972:47 layouts: an amended directive over a line break, letter-spaced OCR", () => {
  const P6 = `som tillträdde arbetet med ingången av år\n1971.\nGenom beslut av Kungl. Maj:t den 27 maj\n1971 ändrades OSK:s direktiv, så att kom-\nmitténs uppdrag kom att omfatta utredning\nav hela frågan om lagstiftning rörande per-\nsonorienterad ADB-information. De med\nautomatisk databehandling sammanhängande frågorna.`;
  const P223 = `ningar kan också ställas till k o m m i t t é n s expert a k t u a r i e H a n s -\nOlof Hansson, t e l . 018/149300.\nSkulle enkätens frågeställning vara inaktuell b e r vi E r t r o t s\ndet att å t e r s ä n d a enkätformuläret m e d en anteckning d ä r o m .`;
  it("'den 27 maj\\n1971 ändrades OSK:s direktiv' is a directive event with a verifiable excerpt", () => {
    const events = extractTimelineFromPages([{ pageNumber: 6, text: P6 }], { filename: "SOU_1972_47.txt", documentKind: "public inquiry" }).candidates;
    const e = events.find((x) => (x.payload as TimelineEventPayload).eventDate === "1971-05-27")!;
    expect(e.payload).toMatchObject({ eventType: "directive_issued", datePrecision: "day", description: expect.stringMatching(/^Directive amended/) });
    expect(e.evidence.text).toContain("ändrades OSK:s direktiv");
    expect(verifyExcerpt({ pageNumber: 6, text: P6 }, e.evidence.text).ok).toBe(true);
  });
  it("never makes the tail of a hyphenated, letter-spaced name a person ('H a n s -\\nOlof Hansson')", () => {
    const people = extractEntitiesFromPages([{ pageNumber: 223, text: P223 }], { filename: "SOU_1972_47.txt" }).candidates.map((c) => c.payload as EntityPayload).filter((p) => p.entityType === "person");
    expect(people.map((p) => p.name)).not.toContain("Olof Hansson");
    expect(people).toEqual([{ entityType: "person", name: "Hans-Olof Hansson", role: "expert" }]);
    const frag = extractEntitiesFromPages([{ pageNumber: 1, text: "Som expert förordnades x-\nOlof Hansson." }], { filename: "SOU_1972_47.txt" }).candidates.map((c) => (c.payload as EntityPayload).name);
    expect(frag).not.toContain("Olof Hansson");
  });
});
