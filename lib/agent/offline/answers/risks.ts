/**
 * The answer to a question about a company's risks, from get_risk_factors: the risks its filing
 * lists, in the filing's own words and order (a filing does not rank them, and the answer says
 * so), or those about the topic asked. A topic no listed risk names is said as such, with what was
 * read, never answered with other risks.
 */
import { classifyQuestion } from "@/lib/answers/narrative/answer-type";
import type { RiskFactor, RiskFactorsOutput } from "../../evidence/risks";
import type { Reading } from "../../reader/read";

const SHOWN = 6;

const line = (x: RiskFactor) => `- ${x.heading.replace(/\s+/g, " ").trim()} ${x.citation}`;

/** The risks by category, in the filing's order, when the filing groups them. */
function grouped(risks: RiskFactor[]): string[] {
  const cats = new Set(risks.map((x) => x.category ?? ""));
  if (cats.size < 2) return risks.map(line);
  const out: string[] = [];
  let last: string | undefined;
  for (const x of risks) {
    if (x.category !== last) out.push(`*${x.category ?? "Other risks"}*`);
    last = x.category;
    out.push(line(x));
  }
  return out;
}

export function writeRiskList(o: RiskFactorsOutput | undefined, r: Reading): string | null {
  if (!o || o.error || !o.risks.length || !o.document) return null;
  const who = o.company ? `${o.company}'s` : "The";
  const where = `${o.document}${o.period ? ` (${o.period})` : ""}`;
  if (o.topicFound === false) {
    const topic = o.topic ?? r.scope ?? "that";
    return [`I found no risk about ${topic} among the ${o.total} risks ${where} lists in its Risk Factors section (each heading and its explanation read). The first it lists:`, ...o.risks.slice(0, 3).map(line)].join("\n");
  }
  if (o.topicFound) {
    const shown = o.risks.slice(0, SHOWN);
    const lead = r.polar ? `Yes — ${who} risk factors in ${where} name it:` : `The risks ${where} lists about ${o.topic} (Risk Factors, ${shown.length} of ${o.total} listed risks name it):`;
    return [lead, ...shown.map(line)].join("\n");
  }
  const n = Math.min(classifyQuestion(r.text).howMany ?? SHOWN, o.risks.length);
  const shown = o.risks.slice(0, n);
  return [`${who} Risk Factors section in ${where} lists ${o.total} risks; the filing does not rank them. The first ${shown.length}, as it orders and words them:`, ...grouped(shown)].join("\n");
}
