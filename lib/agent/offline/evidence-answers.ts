/**
 * The offline model's answer writers moved to answers-from/, one file per kind of evidence they
 * write from. Kept only while importers move; import from answers-from/ instead.
 */
export { periodWord, initialsAsWords, PERCENT_VALUE, yearsAsked } from "./answers-from/shared";
export { writeCompute, writeAction, writeSign, writeThreshold, writeDirectionCompute } from "./answers-from/compute";
export { pickRow, latestFiled, pickScopedRow } from "./answers-from/pick-row";
export { writeRowChange, spanEnds, writeRowSeries, writeScopedAcrossFilings, writeDirectionRow, writeRows, writeScopedRows } from "./answers-from/rows";
export { writeLabelledRow } from "./answers-from/labelled-row";
export { writeScopedEach, writePair, writePartShare, writePartRatio } from "./answers-from/parts";
export { writePeople, writeFacts } from "./answers-from/entities";
export { namesAnotherYear, dayAsked, statedSentence, namedAmongParts, writeStated, countInKinds } from "./answers-from/stated";
export { writeDeal, pricePaid, writeRisks, writeHalted, writeOutlook } from "./answers-from/quoted";
export { writeSegments, writeSegmentsStated } from "./answers-from/segments";
export { closestPassage, writePersonNotFound, writeNotFound } from "./answers-from/not-found";
export { basisChangeOf, writeBasisRow, writeBasisStated, reportedChange, writeBasisNotFound } from "./answers-from/constant-currency";
