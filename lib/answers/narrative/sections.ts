/**
 * Which part of a filing a question's answer lives in (10-K Items and their Swedish counterparts),
 * and how well a page's section fits. The section comes from search (a page's detected section)
 * when it knows it, else from an Item heading on the page itself.
 */
import type { Unit } from "./segment";

interface SectionRule {
  /** The question asks about this (its words). */
  asks: RegExp;
  /** Sections that answer it (matched against the section's name). */
  sections: RegExp;
  /** How filings title that section, to search for it. */
  title: string;
}

const RULES: SectionRule[] = [
  { asks: /\b(?:litigation|lawsuits?|legal|proceedings?|court|claims?|investigations?|settlements?|rättegång|tvist\w*)\b/i, sections: /legal proceedings|contingenc|commitments|rättsliga/i, title: "legal proceedings" },
  { asks: /\b(?:ceo|cfo|coo|cto|chief|officers?|executives?|president|chair\w*|directors?|management team|utredare|sekreterare|ledning\w*|vd)\b/i, sections: /executive officers|directors|management|governance|utredningen|ledning/i, title: "information about our executive officers name age position" },
  { asks: /\b(?:customers?|clients?|competitors?|competition|suppliers?|employees?|headcount|seasonal\w*|products?|backlog|patents?|raw materials?|segments?|kunder|konkurrens)\b/i, sections: /\bbusiness\b|verksamhet|human capital|employees/i, title: "business" },
  { asks: /\b(?:risks?|cyclical\w*|cycles?|depend\w*|exposure|uncertaint\w*|subject to|konjunktur\w*|risker)\b/i, sections: /risk factors|\bbusiness\b|market risk|riskfaktorer/i, title: "risk factors" },
  { asks: /\b(?:drove|drivers?|driven|why|changes?|increase[ds]?|decrease[ds]?|forecast\w*|expect\w*|outlook|guidance|production rates?|liquidity|results)\b/i, sections: /management'?s discussion|md&a|results of operations|outlook|liquidity|förvaltningsberättelse/i, title: "management's discussion and analysis results of operations" },
  { asks: /\b(?:acqui\w*|divest\w*|spin(?:-| )?off|merger\w*|disposals?|förvärv\w*)\b/i, sections: /\bbusiness\b|acquisitions|business combinations|divestitures|management'?s discussion/i, title: "acquisitions business combinations" },
  { asks: /\b(?:dividends?|repurchases?|buybacks?|shareholders?)\b/i, sections: /market for (?:the )?registrant|equity|dividends/i, title: "market for registrant's common equity dividends" },
];

/** Sections whose text would answer the question (patterns over section names). */
export function wantedSections(question: string): RegExp[] {
  return RULES.filter((r) => r.asks.test(question)).map((r) => r.sections);
}

/** The title of the section that best answers the question ("legal proceedings"), to search for it. */
export function sectionTitle(question: string): string | undefined {
  return RULES.find((r) => r.asks.test(question))?.title;
}

/** 0–1.5: how well a section fits the question (0 when unknown or unrelated). */
export function sectionFit(wanted: RegExp[], section: string | null | undefined): number {
  if (!section || !wanted.length) return 0;
  const i = wanted.findIndex((re) => re.test(section));
  return i < 0 ? 0 : i === 0 ? 1.5 : 1;
}

const ITEM = /^(?:item\s+\d{1,2}[a-c]?\.?\s*[-–—:]?\s*(.+)|information about our executive officers|executive officers of the registrant|(?:\d{1,2}(?:\.\d+)*\s+)?(.+))$/i;

/** The section each unit sits in: the page's section, updated by Item headings on the page. */
export function unitSections(units: Unit[], pageSection?: string | null): Array<string | undefined> {
  let current = pageSection ?? undefined;
  return units.map((u) => {
    if (u.kind === "heading" && /^item\s+\d|executive officers/i.test(u.text) && u.text.length < 120 && ITEM.test(u.text)) current = u.text.replace(/^item\s+\d{1,2}[a-c]?\.?\s*[-–—:]?\s*/i, "");
    return current;
  });
}
