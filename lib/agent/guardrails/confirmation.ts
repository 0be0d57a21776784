/**
 * P2: no finding, Q&A item, IRL, graph edge or re-analysis without the user asking or confirming.
 * Writing tools take `confirmed: true`, which the model may only set after the user said yes;
 * this check also reads the user's latest message, so a model that sets the flag on its own is refused.
 */
const AFFIRMATIVE = /^\s*(?:yes|yeah|yep|yup|sure|ok(?:ay)?|please(?: do)?|go ahead|do it|confirm(?:ed)?|approved?|correct|sounds good|absolutely|definitely|ja|gärna)\b/i;
const REQUEST = /\b(?:add|save|record|store|create|import|set up|put|log|raise|flag|link|mark|re-?run|re-?analy[sz]e|re-?process|analy[sz]e|process|extract|trigger|update|generate)\b/i;

export function userConfirmed(lastUserText: string, action: RegExp = REQUEST): boolean {
  const t = lastUserText.trim();
  if (!t) return false;
  if (AFFIRMATIVE.test(t)) return true;
  if (/\b(?:no|don't|do not|never|cancel|stop)\b/i.test(t) && !REQUEST.test(t.replace(/\b(?:don't|do not)\s+\w+/gi, ""))) return false;
  return action.test(t);
}

export const NEEDS_CONFIRMATION = "needs_confirmation" as const;

export function confirmationRequest(what: string, preview: unknown) {
  return {
    status: NEEDS_CONFIRMATION,
    message: `Nothing was saved. Ask the user to confirm: ${what}. Call again with confirmed: true only after the user says yes.`,
    preview,
  };
}
