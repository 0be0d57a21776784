/**
 * The longest text, in characters, the agent's tools take as a question or a search
 * (query_knowledge_base, the evidence tools, compute_metric). Every route that hands the analyst's
 * text on accepts no more (the chat; Agent Mode's own limit is at most this): a longer request is
 * a 400 bad_request:question_too_long, never an answer that is a tool's validation error ("Invalid
 * input for tool query_knowledge_base"), as the chat gave for 2,001–10,000 characters.
 */
export const MAX_QUESTION_CHARS = 2_000;
