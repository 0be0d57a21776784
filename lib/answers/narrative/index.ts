/**
 * Narrative answers (issue 10, item 5): classify what a question asks for, pick the page
 * sentences that answer that type, quote them with their citation, decide yes/no from them, or
 * abstain saying what was searched.
 */
export { classifyQuestion, type AnswerKind, type AnswerType } from "./answer-type";
export { answerFromPages, bestUnitsOfPage, readQuestion, type CandidatePage, type NarrativeAnswer, type Quote, type Searched } from "./select";
export { segmentPage, type Unit, type UnitKind } from "./segment";
export { decideYesNo, type Verdict } from "./yes-no";
