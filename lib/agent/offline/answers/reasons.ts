/**
 * The answer to "why did X move" from get_explanations: the sentences of the filings that explain
 * the figure the question reader read, moving the way asked, quoted with their citations. None
 * fitting is said by the evidence path, with what was read, never answered with another figure's
 * reason. A company figure the filing explains by one part alone ("driven by our Domestic segment")
 * is answered with that sentence and the part's own reason.
 */
import type { ExplanationsOutput } from "../../evidence/explanations";

export function writeReason(o: ExplanationsOutput | undefined): string | null {
  const [best, ...rest] = o?.explanations ?? [];
  if (!best) return null;
  // the company's figure explained by one part: the part's own reasons follow the sentence naming it
  const ofPart = rest.filter((x) => x.ofPart);
  if (ofPart.length) return [`${best.document} states: "${best.text}" ${best.citation}`, `For ${ofPart[0]!.ofPart}, it states: "${ofPart[0]!.text}" ${ofPart[0]!.citation}`].join(" ");
  const fresh = rest.filter((x) => !best.text.includes(x.head) && !x.text.includes(best.head));
  const second = fresh.find((x) => x.score >= best.score - 1 && x.citation !== best.citation) ?? fresh.find((x) => x.score >= best.score - 0.5);
  const lines = [`${best.document} states: "${best.text}" ${best.citation}`];
  if (second) lines.push(`It also states: "${second.text}" ${second.citation}`);
  return lines.join(" ");
}
