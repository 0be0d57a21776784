import type { SectionKind } from "./sections";

/**
 * Which report sections a question points to, from how analysts ask: litigation is in Legal
 * Proceedings (and the contingencies note), customers and competition in Business, risks in
 * Risk Factors, what drove a change or the outlook in MD&A, the CEO among the Executive
 * Officers; the Swedish report chapters by their names and what they hold. Each section gets
 * a strength in (0, 1]: 1 when the question names the topic outright, less for a hint.
 * Search multiplies a page's score by 1 + RANKING.sectionBoost × strength when the page lies
 * in such a section (lib/search/search.ts).
 */
const CUES: Array<[RegExp, SectionKind[], number]> = [
  [/\blegal proceedings?\b|\blitigat\w*|\blawsuits?\b|\blegal (?:battles?|matters?|actions?|cases?|disputes?|claims?|risks?)\b|\bsued\b|\bclass actions?\b|\bcourts?\b|\bantitrust\b|\bsettlements? (?:with|of)\b|\btvist\w*|\brättegång\w*|\bstämning\w*/i, ["legal_proceedings"], 1],
  [/\bcustomers?\b|\bclients?\b|\bcompetit\w*|\bcompetitors?\b|\bproducts?\b|\bproduct lines?\b|\bbusiness model\b|\bbrands?\b|\bsuppliers?\b|\bemployees\b|\bheadcount\b|\bwhat does \w+ (?:do|sell|make)\b|\bkunder\w*|\bkonkurren\w*|\bprodukt\w*/i, ["business"], 1],
  [/\bsegments?\b|\bbusiness units?\b|\bdivisions?\b|\bsegment\w*/i, ["segments", "business", "mdna"], 0.6],
  [/\brisks?\b|\bcyclical\w*|\bcyclic\b|\buncertaint\w*|\bthreats?\b|\bvulnerab\w*|\bheadwinds?\b|\brisk\w*|\bosäkerhet\w*/i, ["risk_factors"], 1],
  [/\bforecast\w*|\boutlook\b|\bguidance\b|\bexpects?\b|\bexpectations?\b|\bdr(?:o|i)ve[ns]?\b|\bdrivers?\b|\breasons? for\b|\bwhy did\b|\bwhat caused\b|\bdragged\b|\bexplain\w*|\bperformed\b|\bperformance\b|\bliquidity\b|\bförvaltningsberättelse\w*/i, ["mdna"], 1],
  [/\bchanges? in\b|\bincrease[ds]?\b|\bdecrease[ds]?\b|\bdecline[ds]?\b|\bgrowth\b|\bgrew\b|\bimprove[ds]?\b/i, ["mdna"], 0.5],
  [/\bceo\b|\bcfo\b|\bcoo\b|\bchief (?:executive|financial|operating)\b|\bexecutive officers?\b|\bpresident\b|\bchair(?:man|woman|person)?\b|\bmanagement team\b|\bverkställande direktör\w*|\bvd\b|\bkoncernledning\w*|\bledande befattningshavare\b/i, ["executive_officers", "governance"], 1],
  [/\bacqui(?:re|red|res|ring|sitions?)\b|\bmergers?\b|\bbusiness combinations?\b|\bdivest\w*|\bspin[- ]?offs?\b|\bförvärv\w*/i, ["acquisitions"], 0.8],
  [/\bsammanfattning\w*|\bsammanfatta\w*|\bsummary\b|\bsummari[sz]e\b|\bin short\b/i, ["summary"], 1],
  [/\bförfattningsförslag\w*|\blagförslag\w*|\blagtext\w*|\bproposed (?:law|act|legislation|amendments?)\b|\blegislative proposals?\b/i, ["legislative_proposals"], 1],
  [/\bförslag\w*|\bföreslå\w*|\bpropos\w*|\brecommend\w*|\böverväganden\b|\bbedömning\w*/i, ["considerations", "legislative_proposals"], 0.6],
  [/\bbakgrund\w*|\bbackground\b|\bhistor(?:y|ical background)\b/i, ["background"], 1],
  [/\bkonsekvens\w*|\bconsequences?\b|\bimpacts? of the propos\w*|\beffects? of the propos\w*|\bkostnad\w* för\b/i, ["consequences"], 1],
  [/\bförfattningskommentar\w*|\bkommentar\w* till\b|\bcommentary on the (?:act|law|provisions?|bill)\b/i, ["commentary"], 1],
  [/\buppdrag\w*|\bdirektiv\w*|\bassignment\b|\bmandate\b|\bterms of reference\b|\btask(?:ed)? (?:of|with)\b/i, ["assignment"], 1],
];

export type SectionIntent = Map<SectionKind, number>;

export function sectionIntent(question: string): SectionIntent {
  const out: SectionIntent = new Map();
  for (const [re, kinds, strength] of CUES) {
    if (!re.test(question)) continue;
    for (const k of kinds) out.set(k, Math.max(out.get(k) ?? 0, strength));
  }
  return out;
}

/** The strongest intent among the sections a page lies in (0 when none). */
export function sectionMatch(intent: SectionIntent, sections: readonly string[]): number {
  let best = 0;
  for (const s of sections) best = Math.max(best, intent.get(s as SectionKind) ?? 0);
  return best;
}
