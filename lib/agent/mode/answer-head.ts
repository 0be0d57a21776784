/**
 * What a turn's answer says as its answer, and what an item asks for in kind (issue 21, the gate's
 * content checks):
 * - the chat answers a question it could not answer with a refusal followed by "Closest evidence
 *   (not an answer to the question as asked)": nothing from that line on is the answer, so a
 *   figure there never answers an item ("percentage of total sales" answered with the sales total
 *   the refusal offered as closest evidence);
 * - an item asking a percentage ("what percentage of total sales", "its share of the total", "the
 *   gross profit rate") is answered by a percentage, never by an amount or a count.
 * Nothing here knows a company or a document.
 */

/** The line that starts what the chat offers instead of an answer. */
const NOT_AN_ANSWER = /^\s*(?:[-•*]\s*)?closest evidence\b|\bnot an answer to the question as asked\b/i;

/** The answer without what it offers instead of one (the closest evidence after a refusal). */
export function answerHead(text: string): string {
  const lines = text.split("\n");
  const at = lines.findIndex((l) => NOT_AN_ANSWER.test(l));
  return at < 0 ? text : lines.slice(0, at).join("\n");
}

/** "percentage of", "share of the total", "what proportion": a part as a share of a whole. */
const SHARE = /\b(?:percentage|percent|proportion|per cent)\b|(?<!\bper\s)\bshare\b(?!\s*(?:price|count|repurchase|buyback|capital|-?based|holders?|issu))|%\s+of\b/i;
/** A rate that is a percentage ("gross profit rate", "tax rate"), not an amount per period ("run rate", "burn rate"). */
const PERCENT_RATE = /\b(?:profit|margin|growth|tax|attrition|turnover|churn|retention|occupancy|utili[sz]ation|vacancy|default|conversion|return) rates?\b/i;

/** The item asks a part as a share of a whole ("percentage of total sales", "its share of the total"). */
export function shareAsked(ask: string): boolean {
  return SHARE.test(ask);
}

/** "on-time delivery %", "gm%", "occupancy %": a sign after a measure's name (never "$ and %", a change's units). */
const PERCENT_SIGN_AFTER = /(?<=\p{L})(?<!\b(?:and|or|with|plus|w))\s?%(?![\p{L}\d])/iu;

/** The item asks a percentage: its words say a share, a percentage rate or a measure in percent. */
export function percentAsked(ask: string): boolean {
  return SHARE.test(ask) || PERCENT_RATE.test(ask) || PERCENT_SIGN_AFTER.test(ask);
}
