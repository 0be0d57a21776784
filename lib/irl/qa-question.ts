/**
 * Q&A items are questions sent to the target company, read out of the chat they came from: a
 * question must stand on its own ("Who is the CEO of Acme AB?", not "Who is the CEO?" or
 * "them?"), and a request ("Please provide the debt schedule") is not turned into a question.
 */

/** A reference back to something said before, not a question of its own. */
const BACK_REFERENCE = /^(?:them|it|this|that|these|those|(?:this|that|the|my|these|those) (?:question|questions|one|ones|item|items|point|points))$/i;

const IMPERATIVE = /^(?:please\s+)?(?:provide|send|share|confirm|list|describe|explain|clarify|detail|outline|give|supply|upload|submit|state|specify|indicate|summari[sz]e|tell|walk|show)\b/i;
const INTERROGATIVE = /^(?:who|whom|whose|what|what's|which|when|where|why|how|is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|shall|may)\b/i;

/** True when the text only points back ("them", "it", "this question"): no question to store. */
export function isBackReference(text: string): boolean {
  return BACK_REFERENCE.test(text.replace(/[?.!\s]+$/, "").trim()) || text.replace(/[^\p{L}]/gu, "").length < 3;
}

/** "Please provide …", "List the …": a request, which keeps its full stop. */
export function isImperative(text: string): boolean {
  return IMPERATIVE.test(text.trim()) && !INTERROGATIVE.test(text.trim());
}

/** Collapsed whitespace, a capital first letter, and the right end mark: "?" for a question, "." for a request. */
export function punctuateQuestion(text: string): string {
  let t = text.replace(/\s+/g, " ").trim();
  if (!t) return t;
  t = t.charAt(0).toUpperCase() + t.slice(1);
  if (/[?.!]$/.test(t)) return isImperative(t) ? t.replace(/\?$/, ".") : t;
  return `${t}${isImperative(t) ? "." : "?"}`;
}

function mentions(text: string, company: string): boolean {
  const words = company.split(/\s+/).filter((w) => w.length > 2 && !/^(?:ab|as|ag|inc|ltd|plc|llc|gmbh|corp|corporation|company|group|holding|holdings|the)\.?$/i.test(w));
  const lower = text.toLowerCase();
  return words.length > 0 && words.some((w) => lower.includes(w.toLowerCase()));
}

/**
 * The question as the target company should read it: "the company" becomes its name, and a
 * question that names no company gets it ("Who is the CEO?" → "Who is the CEO of Acme AB?",
 * "Is there any litigation?" → "Is there any litigation involving Acme AB?").
 */
export function selfContainedQuestion(text: string, company: string | null | undefined): string {
  let q = punctuateQuestion(text);
  const name = company?.replace(/\s+/g, " ").trim();
  // A request ("Please provide …") is addressed to the company already.
  if (!name || !q || isImperative(q)) return q;
  q = q.replace(/\b(?:the|this|our) (?:company|target(?: company)?|business)\b/gi, name);
  if (mentions(q, name)) return q;
  const end = q.slice(-1);
  const body = q.slice(0, -1);
  if (/^(?:is|are|was|were) there\b/i.test(body)) return `${body} involving ${name}${end}`;
  if (!/\b(?:and|or)\b/i.test(body)) {
    const m = /^(.*?\bthe\s[^,;:]*?)(\s+(?:in|for|during|as of|at|on|over|between|since|by)\s[^,;:]*)?$/i.exec(body);
    if (m) return `${m[1]} of ${name}${m[2] ?? ""}${end}`;
  }
  return `Regarding ${name}: ${body.charAt(0).toLowerCase()}${body.slice(1)}${end}`;
}
