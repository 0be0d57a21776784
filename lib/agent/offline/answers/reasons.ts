/**
 * The answer to "why did X move" from get_explanations: the sentences of the filings that explain
 * the figure the question reader read, moving the way asked, quoted with their citations. None
 * fitting is said by the evidence path, with what was read, never answered with another figure's
 * reason.
 */
import type { ExplanationsOutput } from "../../evidence/explanations";

export function writeReason(o: ExplanationsOutput | undefined): string | null {
  const [best, ...rest] = o?.explanations ?? [];
  if (!best) return null;
  const fresh = rest.filter((x) => !best.text.includes(x.head) && !x.text.includes(best.head));
  const second = fresh.find((x) => x.score >= best.score - 1 && x.citation !== best.citation) ?? fresh.find((x) => x.score >= best.score - 0.5);
  const lines = [`${best.document} states: "${best.text}" ${best.citation}`];
  if (second) lines.push(`It also states: "${second.text}" ${second.citation}`);
  return lines.join(" ");
}
