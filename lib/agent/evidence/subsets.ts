/**
 * Words that make a figure in a sentence a part of the whole rather than the whole, read by every
 * checker of evidence (Agent Mode's gate and the offline model's quote check alike).
 */

/** "our workforce included approximately 50,000 union members", "Cerner contributed $140 million": what the whole includes is a part of it. */
export const SUBSET_BEFORE = /\b(?:includ(?:ed|es|ing)|of which|of whom|among (?:them|which|whom)|contribut(?:ed|es|ing)|added)\s+(?:approximately |about |roughly |around |nearly |over |more than |some )?[$€£]?\s?$/i;
