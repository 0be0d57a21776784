/**
 * What "From IRL gaps" / "From contradictions" on the Q&A page says after it ran: what was added,
 * what was there already, or that there was nothing to add. (It said "Questions for contradictions
 * added." when it had added nothing.)
 */
export function generatedMessage(source: "gaps" | "contradictions", r: { added: unknown[]; existing: number }): string {
  const what = source === "gaps" ? "IRL gaps" : "contradictions";
  const n = r.added.length;
  if (n === 0 && r.existing === 0) return `No ${what} to ask about: nothing was added.`;
  const added = n === 0 ? "No new question added" : `${n} question${n === 1 ? "" : "s"} for ${what} added`;
  return r.existing > 0 ? `${added}; ${r.existing} already in the list.` : `${added}.`;
}
