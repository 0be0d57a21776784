/**
 * The Swedish inquiry reports' labelled round of the entities and timeline bench (bench/entities.ts --sou):
 * each class of wrong entity or event its blind reading showed, on a small made-up page.
 */
import { describe, expect, it } from "vitest";
import { splitSentences } from "@/lib/extraction/sentences";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { extractTimelineFromPages } from "@/lib/extraction/timeline";
import { findDates } from "@/lib/extraction/timeline/dates";
import type { EntityPayload, ExtractionPage, TimelineEventPayload } from "@/lib/extraction/types";

const ctx = { filename: "SOU_2031_12.txt", documentKind: "public inquiry" };
const page = (text: string, pageNumber = 6): ExtractionPage => ({ pageNumber, text });
const events = (pages: ExtractionPage[]) => extractTimelineFromPages(pages, ctx).candidates.map((c) => c.payload as TimelineEventPayload);
const dated = (pages: ExtractionPage[]) => events(pages).map((e) => `${e.eventDate} ${e.eventType}`);
const entities = (pages: ExtractionPage[]) => extractEntitiesFromPages(pages, ctx).candidates.map((c) => c.payload as EntityPayload);

describe("inquiry events that are no events", () => {
  it("an employment's end (t.o.m.) is no appointment, a provision's validity limit (till utgången av) no decision", () => {
    const got = dated([page("Kanslirådet Eva Lund anställdes som utredningssekreterare fr.o.m. den 1 januari 2030 t.o.m. den 30 juni 2030.\n\nUtan hinder av de nu beslutade ändringarna skall förordningen fortfarande gälla i sin äldre lydelse till utgången av juni 2032.")]);
    expect(got).toContain("2030-01-01 appointed");
    expect(got).not.toContain("2030-06-30 appointed");
    expect(got.filter((x) => x.startsWith("2032-06"))).toEqual([]);
  });

  it("a proposed entry into force and a draft statute's commencement are proposals; an enacted one is an event", () => {
    const got = dated([
      page("Lagstiftningen föreslås träda i kraft den 1 juli 2033.\n\nDen av kommittén föreslagna lagen kan träda i kraft den 1 januari 2033 i vissa delar.\n\nÖvergångsbestämmelser\nDenna lag träder i kraft den 1 mars 2034.\n\nDen nya lagen om register träder i kraft den 1 juli 2020."),
    ]);
    expect(got).toEqual(["2020-07-01 entry_into_force"]);
  });

  it("a deadline put off no longer falls due; the new one does", () => {
    const got = dated([page("Uppdraget i den del som ska redovisas senast den 8 december 2031 förlängs och ska i stället redovisas senast den 27 april 2032.\n\nUtredningstiden förlängs när det gäller den del av uppdraget som ska redovisas senast den 8 december 2031.")]);
    expect(got).toEqual(["2032-04-27 report_due"]);
  });

  it("a document cited by its number and date is no directive; an act the sentence says was adopted is a decision", () => {
    const got = dated([page("Kommittédirektiven utgår från den version av förslaget som finns i dok 1234/29 av den 28 januari 2030.\n\nUnder våren 2030 beslutades inom EU en ny förordning, rådets förordning (EU) 2030/77 av den 14 april 2030 om skydd för uppgifter.")]);
    expect(got).toEqual(["2030-04-14 decision"]);
  });
});

describe("inquiry event descriptions", () => {
  it("a directive is numbered from its own head only on its decision line, not from the committee's designation", () => {
    const text = "Kommittédirektiv\nTilläggsdirektiv till Exempelutredningen (Fi 2030:04)\n\nDir.\n2031:29\n\nBeslut vid regeringssammanträde den 16 mars 2031\nUtvidgning av uppdraget\nRegeringen beslutade den 7 juli 2030 kommittédirektiv om uppdrag att bl.a. analysera vilken reglering som behövs för forskningen utöver den generella reglering som en annan utredning kommer att lämna (dir. 2030:65).";
    const got = events([page(text, 1)]).map((e) => `${e.eventDate} ${e.description}`);
    expect(got).toContain("2031-03-16 Directive (dir. 2031:29) decided");
    expect(got).toContain("2030-07-07 Directive (dir. 2030:65) decided");
  });

  it("a long sentence of appointments keeps who was appointed on the date", () => {
    const text = "Att som experter biträda kommittén tillkallades den 18 juni 2030 numera avdelningschefen Per Ek och avdelningschefen Åsa Berg, den 6 mars 2031 med verkan från den 1 i samma månad aktuarien Karl-Erik Dahl samt den 10 februari 2032 t. f. rättschefen Lars Ahl.";
    const e = events([page(text)]).find((x) => x.eventDate === "2031-03-06")!;
    expect(e.description).toContain("Karl-Erik Dahl");
    expect(e.description).toMatch(/^Att som experter biträda kommittén tillkallades/);
  });

  it("a letter signed in an appendix is described as the letter to its addressee, not as the report signed", () => {
    const letter = page("Underbilaga 1\nTill statliga myndigheter och\nkommunala förvaltningar\nEN UNDERSÖKNING AV REGISTER\nKommittén ber om svar på enkäten.", 209);
    const end = page("Kommittén tackar på förhand för Er medverkan.\nUppsala i februari 2031.", 210);
    const e = events([letter, end]).find((x) => x.eventDate === "2031-02-01")!;
    expect(e.description).toBe("Letter to statliga myndigheter och kommunala förvaltningar signed (Uppsala i februari 2031)");
  });

  it("a footnote after a fenced block is its own paragraph: its event is described by its own sentence", () => {
    const text = "```\nEtt viktigt argument bakom det permanenta systemet förefaller vara att andra länder har ett sådant\n```\n(^106) Den 19 mars 2030 beslutade kommissionen om tillfälliga ändringar av stödreglerna för företag.";
    const e = events([page(text, 1)]).find((x) => x.eventDate === "2030-03-19")!;
    expect(e.description).toBe("Den 19 mars 2030 beslutade kommissionen om tillfälliga ändringar av stödreglerna för företag.");
  });

  it("a directive's number after \"Dir.\" stays in its sentence", () => {
    expect(splitSentences("Beredningen fick i januari 2030 ett tilläggsdirektiv (Dir. 2030:3) om att se över målen. Förslaget följer.")).toHaveLength(2);
    const e = events([page("```\nBeredningen fick i januari 2030 ett tilläggsdirektiv\n(Dir. 2030:3) om att se över målen.\n```", 1)]).find((x) => x.eventDate === "2030-01-01")!;
    expect(e.description).toBe("Directive (dir. 2030:3) decided — additional directive");
  });
});

describe("inquiry dates", () => {
  it("reads a letter-spaced day after \"den\" or a range's dash, and dates a range of days from its first", () => {
    expect(findDates("Det första sammanträdet hölls den 1 3 - 1 5 mars 1990.").map((d) => d.date)).toEqual(["1990-03-13"]);
    expect(findDates("Regeringen beslutade den 2 0 april 2023 att tillsätta en kommitté.").map((d) => d.date)).toEqual(["2023-04-20"]);
    expect(findDates("Mötet hölls 13–15 mars 1990 i Genève.").map((d) => d.date)).toEqual(["1990-03-13"]);
    expect(findDates("Beslut den 15 mars 1990.").map((d) => d.date)).toEqual(["1990-03-15"]);
  });
});

describe("inquiry entities", () => {
  it("a list of companies one per line reads names whose legal form opens them or stands inside whole, never across lines", () => {
    const text = [
      "I den följande uppräkningen har företagen rangordnats efter omsättningen 1990.",
      "AB Nordkap",
      "AB Fjällbo Verken",
      "ASEK",
      "Radio AB KL Lindqvist",
      "Granlunds AB",
      "AB Östra Gjuteriet",
      "Vikens Bruk AB",
      "Holmgrenkoncernen",
      "AB Strand",
      "AB Kvarn",
      "Mo och Berga AB",
      "Totalsumma 412",
    ].join("\n");
    const names = entities([page(text, 165)]).filter((e) => e.entityType === "organisation").map((e) => e.name).sort();
    expect(names).toEqual(["AB Fjällbo Verken", "AB Kvarn", "AB Nordkap", "AB Strand", "AB Östra Gjuteriet", "Granlunds AB", "Mo och Berga AB", "Radio AB KL Lindqvist", "Vikens Bruk AB"]);
  });

  it("a seat in another named body is no role in the inquiry, and a role after a name is not read across another person's clause", () => {
    const text = "Till ledamöter utsågs docenten Anna Berg. I samband med att Erik Holm 2030 utsågs till svensk ledamot i Europeiska revisionsrätten förordnades generaldirektören Per Lind att fr.o.m. den 1 juni 2030 vara ordförande för kommissionen.";
    const people = entities([page(text, 1)]).filter((e) => e.entityType === "person").map((e) => `${e.name} — ${e.role}`);
    expect(people).toContain("Per Lind — ordförande");
    expect(people).toContain("Anna Berg — ledamot");
    expect(people.filter((p) => p.startsWith("Erik Holm"))).toEqual([]);
    expect(people).not.toContain("Per Lind — ledamot");
  });
});
