/**
 * Answers that quote search_documents passages: the price paid in a deal, the risk factors, an action
 * stopped (a suspended dividend), and the company's forecast of a figure.
 */
import { MONEY, withoutYears } from "@/lib/answers/narrative/fit";
import { sentencePieces } from "@/lib/extraction/sentences";
import { namesYear } from "@/lib/periods";
import type { Concept } from "../../concepts/catalog";
import { tokens } from "../../concepts/match";
import type { SearchDocumentsOutput } from "../../evidence/passages";
import type { Reading } from "../../reader/read";
import { fiscalYears, passageRecency, PERCENT_VALUE, periodWord, plainStems, yearsAsked } from "./shared";

/** A sentence of a transaction: a verb of buying and a price. */
const BUYS = /\b(?:acquir\w*|acquisition|merger|merge[ds]?|purchase[ds]?|bought|buy(?:s|ing)?)\b/i;
const PRICE = /[$€£]\s?\d|\b\d[\d,.]*\s*(?:billion|million)\b/i;
const BOUGHT_FOR = /\b(?:acquir\w*|purchas\w*|bought|buy\w*)\b[^.;]{0,200}\bfor\b[^.;]{0,40}(?:[$€£]\s?\d|\d[\d,.]*\s*(?:billion|million))/i;

/**
 * "How much did Amazon pay for Whole Foods?": the sentences that name the counterparty asked, a verb
 * of buying and a price, newest filing first (two at most). Null when none names all three.
 */
export function writeDeal(o: SearchDocumentsOutput, r: Reading): string | null {
  const want = plainStems(r.scope ?? "");
  if (!want.length) return null;
  const found: Array<{ text: string; citation: string; at: number; priced: boolean }> = [];
  for (const p of o.passages ?? []) {
    for (const s of sentencePieces(p.text.replace(/\s+/g, " "))) {
      const stems = new Set(tokens(s).map((t) => t.stem));
      // a table run together (many figures) states no deal
      const figures = s.match(/\d[\d,.]*/g)?.length ?? 0;
      if (s.length <= 500 && figures <= 6 && want.every((w) => stems.has(w)) && BUYS.test(s) && PRICE.test(s) && !found.some((f) => f.text === s)) found.push({ text: s, citation: p.citation, at: passageRecency(p), priced: BOUGHT_FOR.test(s) });
    }
  }
  // (a sentence on how the deal is paid for, "finance the acquisition of X through $31 billion of debt", states no price)
  found.splice(0, found.length, ...found.filter((f) => f.priced || !FINANCING.test(f.text)));
  if (!found.length) return null;
  // "acquired X … for approximately $13.2 billion" states the price paid; newest filing first
  // (…a whole price before a price per share: "purchase price of $109.00 per share" < "total purchase price … $9.1 billion")
  const perShareOnly = (f: (typeof found)[number]) => {
    const price = pricePaid(f.text, r.scope ?? "");
    return Number(!!price && PRICED_PER_SHARE.test(f.text.slice(f.text.indexOf(price) + price.length)));
  };
  const ranked = found.sort((a, b) => Number(b.priced) - Number(a.priced) || perShareOnly(a) - perShareOnly(b) || b.at - a.at);
  const best = ranked[0]!.priced ? ranked.filter((f) => f.priced).slice(0, 2) : ranked.slice(0, 1);
  // the price the sentence states after "for" ("… for NetSuite was approximately $9.1 billion"), said first
  const price = ranked[0]!.priced ? pricePaid(ranked[0]!.text, r.scope ?? "") : undefined;
  return [`${o.company ? `${o.company}'s` : "The"} filing states${price ? ` a price of **${price}** for ${r.scope}` : ""}:`, ...best.map((f) => `> "${f.text.trim()}" ${f.citation}`)].join("\n");
}

/** The words after a price that say it is per share: "$109.00 per share", "$229 in cash per Seagen share". */
const PRICED_PER_SHARE = /^[^.;$€£\d]{0,25}\bper\b[^.;$€£\d]{0,25}\bshare\b/i;

/** Words of how a deal is paid for: borrowing, debt, financing. */
const FINANCING = /\b(?:financ\w*|borrow\w*|debt|notes|term loans?|bridge (?:loan|facility)|commercial paper)\b/i;

const MONEY_AMOUNT_G = /(?:approximately\s+|about\s+)?(?:[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s*(?:billion|million|thousand))?|\b\d[\d,]*(?:\.\d+)?\s*(?:billion|million))/gi;

/**
 * The price a sentence of a deal gives for the business named: the first amount after the name that
 * words of a price lead to ("for NetSuite was approximately $9.1 billion", "Whole Foods Market … for
 * approximately $13.2 billion"), never an amount said of something else ("revenue of $500 million").
 */
export function pricePaid(sentence: string, name: string): string | undefined {
  if (!BOUGHT_FOR.test(sentence) || !name.trim()) return undefined;
  const at = sentence.toLowerCase().indexOf(name.trim().toLowerCase());
  if (at < 0) return undefined;
  const priced = (x: RegExpMatchArray) => /\b(?:for|price|was|paid|consideration)\b[^$€£\d]{0,30}$/i.test(sentence.slice(Math.max(at, x.index! - 40), x.index!));
  const amounts = [...sentence.matchAll(MONEY_AMOUNT_G)].filter((x) => x.index! > at);
  // "$229 in cash per Seagen share for a total enterprise value of approximately $43 billion": the whole deal's value, not a share's
  const perShare = (x: RegExpMatchArray) => PRICED_PER_SHARE.test(sentence.slice(x.index! + x[0].length));
  const total = amounts.find((x) => /\b(?:total|aggregate|enterprise|equity) (?:enterprise )?(?:value|consideration|purchase price)\b[^$€£\d]{0,30}$|\bvalued at\b[^$€£\d]{0,20}$/i.test(sentence.slice(Math.max(at, x.index! - 50), x.index!)));
  const first = amounts.find(priced);
  return (first && perShare(first) && total ? total : first)?.[0].trim();
}

/** A sentence that states a risk: what could or may hurt the business, not the section's introduction. */
const STATES_RISK = /\b(?:could|may|might|would)\b[^.]*\b(?:advers\w*|harm\w*|negative\w*|affect\w*|impact\w*|disrupt\w*|los[se]\w*|declin\w*|reduc\w*|fail\w*)/i;
const NOT_A_RISK = /forward-looking|cautionary|following (?:discussion|risk factors)|should be considered|incorporated by reference|table of contents/i;

/** The same sentence in two filings, however each spaces and punctuates it: compared by letters. */
const lettersKey = (t: string) => t.toLowerCase().replace(/^[^a-z]*(?:general risks\s*)?/, "").replace(/[^a-z]/g, "");
const sameWords = (a: string, b: string) => lettersKey(a) === lettersKey(b);

export function writeRisks(o: SearchDocumentsOutput): string | null {
  const risks: Array<{ text: string; citation: string }> = [];
  for (const p of o.passages.filter((x) => x.section === "risk_factors")) {
    const found = sentencePieces(p.text.replace(/\s+/g, " ")).find((x) => STATES_RISK.test(x) && !NOT_A_RISK.test(x) && x.length <= 400);
    if (found && !risks.some((x) => sameWords(x.text, found))) risks.push({ text: found.replace(/^[•*\-–\s]+/, ""), citation: p.citation });
  }
  if (!risks.length) return null;
  return [`${o.company ? `${o.company}'s` : "The"} risk factors (Item 1A) include:`, ...risks.slice(0, 5).map((x) => `- ${x.text} ${x.citation}`)].join("\n");
}

/** Verbs that say something stopped; a modal before them ("may suspend") says it could. */
const HALTED = /\b(?:suspend(?:ed|s)?|suspension of|discontinu(?:ed|es)|ceased|halted|eliminated|stopped|terminated|paused|(?:have|has) (?:never|not) (?:declared or |paid or |made or )?(?:paid|declared|made|repurchased)|(?:did|do|does) not (?:pay|declare|purchase|repurchase|buy back) any|never (?:declared or |paid or )?(?:paid|declared)|(?:no|not any) (?:present )?(?:intention|plans?) (?:of|to) (?:paying|pay|declaring|declare))\b/i;
const MODAL = /\b(?:may|might|could|would|can|cannot|should|will|if)\b/i;

/**
 * "Are they still paying a dividend?": the newest sentence saying the action (dividends, buybacks)
 * was suspended or stopped, stated as done, not as a risk. Null when none says so.
 */
export function writeHalted(o: SearchDocumentsOutput, c: Concept, asked?: string): string | null {
  // each name's head noun: the one word of "buybacks", the last of "share repurchases", the one before "of" in "repurchases of
  // common stock" ("dividends paid" opens with a one-word name: its last word is no noun)
  const single = new Set(c.terms.filter((t) => !/\s/.test(t)).map((t) => tokens(t)[0]!.stem));
  const names = [...single, ...c.terms.map((t) => tokens(t.split(/\s+of\s+/)[0]!)).filter((w) => w.length > 1 && !single.has(w[0]!.stem)).map((w) => w.at(-1)!.stem)];
  for (const p of [...(o.passages ?? [])].sort((a, b) => passageRecency(b) - passageRecency(a))) {
    for (const s of sentencePieces(p.text.replace(/\s+/g, " "))) {
      const halted = HALTED.exec(s);
      if (!halted || s.length > 450 || MODAL.test(s.slice(0, halted.index))) continue;
      // the action named beside the verb ("suspended dividends", "dividends were suspended"), not elsewhere in the sentence
      const toks = tokens(s);
      const at = toks.findIndex((t) => t.start >= halted.index);
      if (at < 0 || !toks.slice(Math.max(0, at - 5), at + 9).some((t) => names.includes(t.stem))) continue;
      // (an older filing's "never" speaks for its own year: a later year asked is said to rest on it)
      const older = asked && p.period && fiscalYears([asked, p.period]).length === 2 && p.period < asked ? `\n_Stated in the ${periodWord(p.period)} filing, the newest one saying it; the question asks about ${periodWord(asked)}._` : "";
      return `No — ${o.company ? `${o.company}'s` : "the"} filing states: "${s.trim()}" ${p.citation}${older}`;
    }
  }
  return null;
}

/** Words of a forecast: what the company expects, plans or projects. */
const FORWARD = /\b(?:expects?|expected|anticipates?|anticipated|plans?|planned|forecasts?|forecasted|projects|projected|estimates?|estimated|intends?|will|guidance|guid(?:e[sd]?|ing)|outlook)\b/i;
/** The nouns heading a forecast's table or lead-in: "Business Outlook", "Q3 2023 Guidance". */
const FORWARD_HEADING = /\b(?:guidance|outlook|forecasts?)\b/i;
/** More figures than a forecast states in one sentence: a statement's rows run together. */
const MANY_FIGURES = 6;

/**
 * A piece of a passage that states a forecast: a sentence with a forward word, or the rows of a
 * table under a guidance or outlook heading (in the piece or the one before it). Rows run together
 * (a cash-flow statement's "incentive plans … proceeds from sales") need the heading, not a verb.
 */
function statesForecast(piece: string, before: string | undefined): boolean {
  const figures = withoutYears(piece).match(/\d[\d,.]*/g)?.length ?? 0;
  if (figures > MANY_FIGURES) return FORWARD_HEADING.test(piece) || (!!before && FORWARD_HEADING.test(before));
  return FORWARD.test(piece) || (!!before && FORWARD_HEADING.test(before));
}

/**
 * "Capex plan for 2019", "q3 rev guide": the company's sentences (or guidance table rows) stating its
 * forecast of the figure (the figure's name, a value of its kind — a percentage for a margin or a
 * rate, an amount otherwise — and the year asked when one is), newest filing first, two at most.
 * Null when none states one: an actual is no answer to a plan.
 */
export function writeOutlook(o: SearchDocumentsOutput, c: Concept, r: Reading): string | null {
  const names = [...(c.rowWords ?? []), ...c.terms].map((t) => tokens(t).map((x) => x.stem)).filter((n) => n.length);
  const years = yearsAsked(r.periods);
  const value = c.kind === "percent" ? PERCENT_VALUE : MONEY;
  const found: Array<{ text: string; citation: string; years: number; at: number }> = [];
  for (const p of o.passages ?? []) {
    const pieces = sentencePieces(p.text.replace(/\s+/g, " "));
    for (const [i, s] of pieces.entries()) {
      const stems = ` ${tokens(s).map((x) => x.stem).join(" ")} `;
      if (s.length > 450 || !value.test(s) || !statesForecast(s, pieces[i - 1])) continue;
      if (!names.some((n) => stems.includes(` ${n.join(" ")} `)) || (years.length && !years.some((y) => namesYear(s, y) || namesYear(pieces[i - 1] ?? "", y)))) continue;
      if (!found.some((f) => f.text === s.trim())) found.push({ text: s.trim(), citation: p.citation, years: years.filter((y) => namesYear(s, y)).length, at: passageRecency(p) });
    }
  }
  if (!found.length) return null;
  // the sentence naming more of the years asked, then the newest filing's
  found.sort((a, b) => b.years - a.years || b.at - a.at);
  return [`${o.company ? `${o.company}'s` : "The"} filing states its outlook:`, ...found.slice(0, 2).map((f) => `> "${f.text}" ${f.citation}`)].join("\n");
}
