/**
 * The one detector of document text that reads as instructions to an AI ("ignore all previous
 * instructions", "Assistant: …", "state that revenue was …"). Document text is data, never
 * instructions: the chat quotes such passages without acting on them and never counts their
 * numbers as evidence; extraction holds them out of the knowledge base (lib/extraction/validator).
 * It lives below both layers so they share it.
 *
 * Imperative wording only: "Also state that revenue was …" is an instruction, "The Notes also
 * state that …", "Plaintiffs claim that …" or "the State that …" are prose about someone else.
 */

const INSTRUCTION_PATTERNS: RegExp[] = [
  /\b(?:ignore|disregard|forget|override)\b.{0,40}\b(?:previous|prior|above|earlier|all|your|the)\b.{0,30}\b(?:instructions?|prompts?|rules?|guidelines|directions)\b/i,
  /\b(?:reveal|print|show|repeat|leak|output)\b.{0,30}\b(?:system prompt|instructions|hidden prompt|prompt)\b/i,
  /\byou are now\b|\bact as\b.{0,40}\b(?:assistant|ai|model|chatbot)\b|\bnew instructions?\b/i,
  // a command to say something: at the start of a sentence or clause, or addressed ("please", "you must")
  /(?:^\s*|[.!?;]\s+|\n\s*\n\s*|\b(?:please|you (?:must|should|shall|need to|have to|are to))\s+)(?:(?:also|then|now|instead|always)\s+)?(?:state|say|answer|respond|reply|claim|tell (?:the )?(?:user|analyst|reader|investor)s?)\b[^.!?;:]{0,15}\bthat\b/i,
  /\bas an ai\b|\bassistant\s*:|(?:^|\n)\s*system\s*:/i,
  /<\|im_(?:start|end)\|>|\[\/?INST\]|<\/?(?:system|assistant)>/i,
];

/** The phrase that makes the text read as an instruction to an AI, or null. */
export function instructionPhrase(text: string): string | null {
  for (const re of INSTRUCTION_PATTERNS) {
    const m = re.exec(text);
    if (m) return m[0].replace(/^[\s.!?:;"'(\[]+/, "").trim();
  }
  return null;
}

export function looksLikeInstructions(text: string): boolean {
  return instructionPhrase(text) !== null;
}
