/**
 * Items whose words lean on the item before them, or ask a reason, put to the chat loop as the
 * question they are (after lib/agent/reader/items has read the request):
 * - "Greater China revenue for FY21 and its % of total revenues", "iPhone net sales and what
 *   percentage of total net sales that was": a share that names no part of its own is the share of
 *   the part the item before it asks ("What percentage of total revenues came from Greater China in
 *   FY2021?"), never a level of the whole;
 * - "why iPhone sales fell", "what caused the drop in gross margin": the reasons for a figure's
 *   move, asked as a reason (the chat's explanations), never as the figure;
 * - "Streaming revenue as a % of total revenue": the share of the whole that came from the part;
 * - "Domestic segment revenue": a named segment's amount is that amount of the part, checked as a
 *   figure of the part (its row must name it), not as a description of the segments.
 * Nothing here knows a company or a document.
 */
import { readQuestion } from "@/lib/agent/reader/read";
import { findConcepts } from "@/lib/agent/concepts/match";
import { whenOf, type RequestItem } from "@/lib/agent/reader/items";

/** A share of a whole that names no part ("percentage of total net sales that was", "share of the total", "share of revenues did it account for"). */
const BARE_SHARE = /^(percentage|percent|per cent|share|proportion|portion|fraction)\s+of\s+(?:the\s+)?(.+?)(?:\s+(?:that|it|this|they|did|does|do|was|is|were|are)\b.*)?$/i;

/** "X revenue as a percentage of total revenue", "X as % of sales": a part's share of a whole, the part named before it. */
const AS_SHARE = /^(.+?)\s+as\s+(?:an?\s+)?(?:percentage|percent|per cent|%|share|proportion|portion|fraction)\s+of\s+(?:the\s+)?(.+)$/i;
/**
 * "percentage of sales from international markets", "% of revs came from outside the US": a share of
 * a whole from the part named after it (the verb before "from" is no word of the whole).
 */
const SHARE_FROM = /^(?:the\s+)?(?:percentage|percent|per cent|share|proportion|portion|fraction)\s+of\s+(?:the\s+)?(.+?)\s+(?:(?:came|come|comes|coming|was|were|is|are|generated|derived|earned|made|booked)\s+)?(?:from|in|(?=(?:outside|abroad|overseas)\b))\s*(?:the\s+)?(.+)$/i;

/** "why X fell", "what drove X", "what caused the drop in X" (the reader drops the "what"): the subject whose move is asked about. */
/** Verbs of a figure's move beyond rising and falling ("why did China jump", "why it widened", "why did the rate slip"). */
const MOVE_VERBS = String.raw`jump(?:ed|s)?|slip(?:ped|s)?|widen(?:ed|s)?|narrow(?:ed|s)?|surg(?:e|ed|es)|soar(?:ed|s)?|climb(?:ed|s)?|spik(?:e|ed|es)|dip(?:ped|s)?|plung(?:e|ed|es)|tumbl(?:e|ed|es)|shr(?:ink|ank|unk|inks)|expand(?:ed|s)?|contract(?:ed|s)?|weaken(?:ed|s)?|strengthen(?:ed|s)?|deteriorat(?:e|ed|es)|accelerat(?:e|ed|es)|slow(?:ed|s)?(?: down)?|recover(?:ed|s)?|swung|swing|improve|so sharply|so fast|year over year|versus the prior year`;

/** A figure's move named as a noun after the figure ("the Digital Media growth", "the China jump", "the rate slip"). */
const MOVE_NOUN = /\s+(?:growth|increase|decrease|decline|drop|fall|rise|jump|slip|improvement|deterioration|expansion|contraction|compression|widening|narrowing|surge|swing|change|move|uptick|downtick)$/i;

/** "why did operating income drop when revenue grew": the clause after the move sets it beside another figure, not the subject. */
const BESIDE_CLAUSE = /\s+(?:when|while|whereas|even though|although|though|despite|as|given)\s+.*$/i;

/** "why it widened": a subject that only points back to the item before it. */
const POINTER = /^(?:it|they|this|that|these|those|the figure|the number)$/i;

const REASON = new RegExp(String.raw`^(?:why\s+(?:did\s+|has\s+|have\s+|was\s+|were\s+|is\s+|are\s+|do\s+|does\s+)?|(?:what\s+)?(?:drove|drives|caused|causes|pushed|explains|explained|(?:is |was )?behind|were the drivers of|are the drivers of)\s+)(?:the\s+)?(.+?)(?:\s+(?:to\s+)?(?:fall|fell|fallen|rise|rose|risen|declined?|declines|increased?|increases|decreased?|decreases|drop(?:ped)?|drops|grow|grew|grown|grows|change[ds]?|improved?|improves|moved?|moves|go (?:up|down)|goes (?:up|down)|went (?:up|down)|up|down|higher|lower|so much|${MOVE_VERBS}))?$`, "i");

const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

export function rewriteItems(items: RequestItem[], companies: string[]): RequestItem[] {
  const out: RequestItem[] = [];
  for (const item of items) {
    const prev = out.at(-1);
    // (after a ranking, the part is the one the ranking names: see rankingShares)
    const share = item.kind !== "narrative" && item.kind !== "ranking" && prev?.kind !== "ranking" && !item.reading.scope ? BARE_SHARE.exec(item.ask) : null;
    const part = prev?.reading.scope;
    if (share && prev && part) {
      // "its share of the total": the whole is the total of the figure the part before it asks
      const named = share[2]!.trim();
      const amount = [prev.concept, ...findConcepts(prev.ask).map((h) => h.concept)].find((c) => c?.kind === "amount");
      const whole = findConcepts(named).length || !amount ? named : `total ${amount.label.toLowerCase()}`;
      const period = item.periods[0] ?? prev.periods[0];
      const question = `What percentage of ${whole} came from ${part}${whenOf(period)}?`;
      // the share's own word kept ("percentage"), so the plan shows the share the request asked
      const ask = `${part} ${share[1]!.toLowerCase()} of ${whole}`;
      const concept = item.concept ?? amount;
      out.push({ ...item, ask, label: `${capital(ask)}${period ? `, ${period}` : ""}`, kind: "figure", ...(concept ? { concept } : {}), periods: period ? [period] : [], questions: [question], reading: readQuestion(question, companies) });
      continue;
    }
    // "Streaming revenue as a % of total revenue": the share of the whole that came from the part the item names
    const shareable = item.kind !== "narrative" && item.kind !== "ranking" && !item.follow && item.reading.scope;
    const asShare = shareable ? AS_SHARE.exec(item.ask) : null;
    const fromShare = shareable && !asShare ? SHARE_FROM.exec(item.ask) : null;
    const whole = asShare?.[2] ?? fromShare?.[1];
    if (whole) {
      const period = item.periods[0] ?? prev?.periods[0];
      const question = `What percentage of ${whole.trim()} came from ${item.reading.scope}${whenOf(period)}?`;
      out.push({ ...item, kind: "figure", periods: period ? [period] : [], questions: [question], reading: readQuestion(question, companies) });
      continue;
    }
    // "Domestic segment revenue": a segment's figure of an amount, read as the amount of that part (the gate checks the part)
    const amountOf = item.kind === "other" && item.concept?.section === "segment" && !item.follow && item.reading.scope ? findConcepts(item.ask).map((h) => h.concept).find((c) => c.kind === "amount") : undefined;
    if (amountOf) {
      out.push({ ...item, kind: "figure", concept: amountOf });
      continue;
    }
    const reason = item.kind !== "narrative" && !item.follow ? REASON.exec(item.ask.replace(BESIDE_CLAUSE, "")) : null;
    if (reason) {
      const subject = reasonSubject(reason[1]!.trim(), out, companies);
      const period = item.periods[0] ?? prev?.periods[0];
      const question = `What drove the ${subject}${whenOf(period)}?`;
      const head = /^why\b/i.test(item.ask) ? capital(item.ask) : `What drove the ${subject}`;
      out.push({ ...item, ask: subject, label: `${head}${period ? `, ${period}` : ""}`, kind: "other", follow: "reason", periods: period ? [period] : [], questions: [question], reading: readQuestion(question, companies) });
      continue;
    }
    out.push(item);
  }
  return out;
}

/**
 * The figure a reason asks about, as a figure the reader knows: "it" / "this" is the item before;
 * "the Digital Media growth" is the part's figure; a part named with no figure of its own ("why did
 * China jump") is the part's figure an earlier item asks (its top line first), else the part of
 * the request's first figure ("total net sales": the part's net sales).
 */
function reasonSubject(said: string, before: RequestItem[], companies: string[]): string {
  const prev = before.at(-1);
  // ("the Intl segment op loss": the filing's discussion names the part's loss, not the word "segment")
  if (POINTER.test(said)) return prev && prev.kind !== "narrative" ? prev.ask.replace(/\s+segments?\b/gi, "") : said;
  const subject = said.replace(MOVE_NOUN, "").trim() || said;
  if (readQuestion(`What was the ${subject}?`, companies).concepts.length) return subject;
  const words = subject.toLowerCase().split(/\s+/);
  const naming = before.filter((i) => i.reading.scope && words.every((w) => i.reading.scope!.toLowerCase().split(/[^\p{L}\p{N}]+/u).includes(w)));
  const amount = (i: RequestItem) => (i.concept?.kind === "amount" ? i.concept : undefined);
  const own = naming.find((i) => amount(i));
  // the earlier item's own words ("Greater China net sales"), unless they ask a share or a rate of it
  if (own) return own.kind !== "narrative" && own.reading.scope && own.ask.includes(own.reading.scope) && !/%|\b(?:percent(?:age)?|share|proportion|portion|margin|rate|ratio)\b/i.test(own.ask) ? own.ask : `${own.reading.scope} ${amount(own)!.label.toLowerCase()}`;
  const headline = before.find((i) => !i.reading.scope && amount(i));
  // (a figure's word left alone, "the margin compression", stays as said)
  return naming.length || (headline && /^\p{Lu}/u.test(subject)) ? `${naming[0]?.reading.scope ?? subject} ${(amount(headline ?? naming[0]!) ?? headline?.concept)?.label.toLowerCase() ?? ""}`.trim() : subject;
}

/** A share that leans on the ranking before it ("which segment is biggest and what percentage of revenue it accounted for"): asked once the ranking names the part. */
export interface RankingShare {
  /** The share item's number. */
  n: number;
  /** The ranking item's number. */
  on: number;
  /** The share's word and whole as asked ("percentage", "2021 revenues"); empty for a figure of the part ("what it earned"). */
  word: string;
  whole: string;
  /** A figure of the part, not a share ("what it earned": the part's operating income). */
  figure?: true;
}

export function rankingShares(items: RequestItem[]): RankingShare[] {
  const out: RankingShare[] = [];
  items.forEach((item, i) => {
    const prev = items[i - 1];
    const share = prev?.kind === "ranking" && item.kind !== "narrative" && item.kind !== "ranking" ? BARE_SHARE.exec(item.ask) : null;
    // (a share naming a part of its own, "percentage of revenue from Europe", leans on nothing)
    if (share && !/\b(?:from|by|in|at|for)\b/i.test(item.ask)) out.push({ n: item.n, on: prev!.n, word: share[1]!.toLowerCase(), whole: share[2]!.trim() });
    // "and what it earned": the reader read it as a figure of the part the ranking names
    else if (prev?.kind === "ranking" && item.follow === "part" && item.concept) out.push({ n: item.n, on: prev.n, word: "", whole: "", figure: true });
  });
  return out;
}

/** The share item (or the figure, "what it earned") asked of the part the ranking answered. */
export function shareOfPart(item: RequestItem, lean: RankingShare, part: string, ranking: RequestItem, companies: string[]): RequestItem {
  const amount = [ranking.concept, ...findConcepts(`${ranking.ask} ${lean.whole}`).map((h) => h.concept)].find((c) => c?.kind === "amount");
  const whole = findConcepts(lean.whole).length || !amount ? lean.whole : `total ${amount.label.toLowerCase()}`;
  const period = item.periods[0] ?? ranking.periods[0];
  // "the Industrial segment": the kind of part the ranking compared, so the part is read as one
  const kind = ["segment", "division", "region", "business", "market", "brand", "unit"].find((k) => new RegExp(`\\b${k}s?\\b`, "i").test(ranking.ask));
  const named = kind && !new RegExp(`\\b${kind}s?\\b`, "i").test(part) ? `the ${part} ${kind}` : part;
  if (lean.figure && item.concept) {
    // "what it earned": the part's figure, asked and checked as the part's (its row must name it)
    const label = item.concept.label.toLowerCase();
    const question = `What was the ${label} of ${named}${whenOf(period)}?`;
    const ask = `${part} ${label}`;
    return { ...item, ask, label: `${capital(ask)}${period ? `, ${period}` : ""}`, kind: "figure", periods: period ? [period] : [], questions: [question], reading: readQuestion(question, companies) };
  }
  const question = `What percentage of ${whole} came from ${named}${whenOf(period)}?`;
  const ask = `${part} ${lean.word} of ${whole}`;
  const concept = item.concept ?? amount;
  return { ...item, ask, label: `${capital(ask)}${period ? `, ${period}` : ""}`, kind: "figure", ...(concept ? { concept } : {}), periods: period ? [period] : [], questions: [question], reading: readQuestion(question, companies) };
}
