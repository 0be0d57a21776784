/**
 * Answers written from get_people and get_company_facts: the people in a role (an officer heading a
 * part), and a company fact (headcount, headquarters, incorporation …) as of its filing.
 */
import { parsePeriod, readPeriodRequest } from "@/lib/periods";
import type { Concept } from "../../concepts/catalog";
import { tokens } from "../../concepts/match";
import type { CitedItem, EntitiesOutput } from "../../evidence/entities";
import { initialisms } from "../../evidence/defined-terms";
import type { Reading } from "../../reader/read";
import { countChangeLine, firstCount, yearsAsked } from "./shared";

function writeItems(title: string, items: CitedItem[], company?: string): string | null {
  const current = items.filter((i) => !i.superseded);
  if (!current.length) return null;
  const head = current[0]!;
  const lines = [`${company ? `${company} — ` : ""}${title}: **${head.name}**${head.detail && head.detail !== "auditor" ? ` (${head.detail})` : ""} ${head.citation}`, `> "${head.excerpt.replace(/\s+/g, " ").trim()}"`];
  for (const i of current.slice(1, 12)) lines.push(`- ${i.name}${i.detail ? ` (${i.detail})` : ""} ${i.citation}`);
  for (const i of items.filter((x) => x.superseded && x.name !== head.name).slice(0, 2)) lines.push(`_An older filing (${i.document}) listed ${i.name}${i.detail ? ` (${i.detail})` : ""} ${i.citation}._`);
  return lines.join("\n");
}

/** `part`: "who runs aws", "the CEO of the cloud unit": only an officer whose title names the part, by its words or its initials. */
export function writePeople(o: EntitiesOutput, c: Concept, part?: string): string | null {
  const items = part ? o.items.filter((i) => titleNamesPart(i.detail ?? "", part)) : o.items;
  const title = part ? `Officer heading ${part}` : c.role ? c.label : "Executive officers (newest filing)";
  return items.length ? writeItems(title, items, o.company) : null;
}

/** A title naming a part: every word of the part's name in it, or the part's initials those of a run of its words ("CEO Amazon Web Services" for AWS). */
function titleNamesPart(title: string, part: string): boolean {
  const want = tokens(part).map((t) => t.stem);
  const have = new Set(tokens(title).map((t) => t.stem));
  if (want.length && want.every((w) => have.has(w))) return true;
  const one = tokens(part);
  const key = one[0]?.word ?? "";
  return one.length === 1 && key.length >= 2 && key.length <= 6 && initialisms(title).some((r) => r.key === key && r.phrase.split(" ").length === key.length);
}

export function writeFacts(o: EntitiesOutput & { facts?: Record<string, CitedItem[]> }, c: Concept, r?: Reading): string | null {
  const items = o.facts?.[c.fact!] ?? [];
  if (!items.length) return null;
  // a headcount or an address is as of its filing: only the newest filing's (or the asked year's) answers
  // ("and a year earlier?" after the newest: the year before the newest filing's)
  const newest = Math.max(0, ...items.filter((i) => !i.superseded).map((i) => i.fiscalYear ?? 0));
  const before = (r?.periods ?? []).includes("prior year") && newest ? [newest - 1] : [];
  const asked = [...yearsAsked(r?.periods ?? []).map(Number), ...before];
  // a day asked ("headcount at 4/30/2023"): a count stated as of another day is not it
  const day = (r?.periods ?? []).map((p) => parsePeriod(p)).find((p) => p?.kind === "point");
  const statedDay = (i: CitedItem) => readPeriodRequest(`${i.detail ?? ""} ${i.excerpt}`).exact;
  const onDay = (i: CitedItem) => !day || (statedDay(i)?.kind !== "point" || statedDay(i)!.label === day.label);
  // no year asked: the newest filing that states it (its later quarterly reports may not repeat a headcount); the answer says as of when
  const fits = (i: CitedItem) => (asked.length ? asked.includes(i.fiscalYear ?? -1) && onDay(i) : !i.superseded);
  const stated = c.fact === "employees" || c.fact === "headquarters" || c.fact === "incorporation";
  // a year asked of a fact each filing states as of its own year end: that filing's, superseded or not
  if (stated && asked.length) return writeFactByYear(o.company, c, asked.map((y) => items.find((i) => i.fiscalYear === y && onDay(i))), r);
  if (stated && !items.some((i) => !i.superseded && fits(i))) return null;
  if (stated) {
    const head = items.find((i) => !i.superseded)!;
    return `${o.company ? `${o.company} — ` : ""}${c.label}: **${head.detail ?? head.name}** ${head.citation}${items.some((i) => i.superseded) ? "\n_From the newest filing in the data room._" : ""}`;
  }
  return writeItems(c.label, items, o.company);
}

/** The first number a stated fact gives ("approximately 17,973 (as of December 1, 2017)"), for a headcount's change. */
const countOf = (i: CitedItem) => firstCount(i.detail ?? i.name);

/**
 * A fact at each year asked, from the filing of that year; with two headcounts and a change asked
 * ("how much did headcount grow from fy16 to fy17"), the change too. Null when a year's filing states none.
 */
function writeFactByYear(company: string | undefined, c: Concept, found: Array<CitedItem | undefined>, r?: Reading): string | null {
  if (!found.length || found.some((i) => !i)) return null;
  const items = [...new Map((found as CitedItem[]).map((i) => [i.document, i])).values()].sort((a, b) => (a.fiscalYear ?? 0) - (b.fiscalYear ?? 0));
  const who = company ? `${company} — ` : "";
  if (items.length === 1) return `${who}${c.label}: **${items[0]!.detail ?? items[0]!.name}** ${items[0]!.citation}`;
  const lines = [`${who}${c.label}:`, ...items.map((i) => `- fiscal ${i.fiscalYear}: **${i.detail ?? i.name}** ${i.citation}`)];
  const [from, to] = [items[0]!, items.at(-1)!].map(countOf);
  const moveAsked = r?.aggregate === "growth" || r?.aggregate === "change" || !!r?.direction;
  if (c.fact === "employees" && moveAsked && from !== undefined && to !== undefined && from > 0) {
    lines.push(countChangeLine(from, to, items[0]!.fiscalYear!, items.at(-1)!.fiscalYear!));
  }
  return lines.join("\n");
}
