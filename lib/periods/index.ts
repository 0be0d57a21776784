/**
 * Fiscal periods, one definition for the whole app: how labels are written (period.ts), read
 * (parse.ts) and compared (compare.ts); how questions name them (request.ts); how report prose
 * (sentence.ts) and table headers (columns.ts) name them; month names and dates (months.ts).
 */
export { isDayLabel, makePeriod, periodKey, shiftLabelYear, withYearBefore, yearsEarlier, type Period, type PeriodKind, type PeriodLabel } from "./period";
export { parsePeriod } from "./parse";
export { canonicalPeriod, comparePeriods, sameExactPeriod, samePeriod, type CanonicalPeriod } from "./compare";
export { readPeriodRange, readPeriodRequest, resolvePeriod, type PeriodRequest, type ResolvedPeriod } from "./request";
export { namesYear, periodInSentence } from "./sentence";
export { durationGroups, durationLineOf, nearestDurations, endedOnDayOf, fiscalEndOf, headerColumns, labelColumn, withoutColumnTokens, type Duration, type PeriodColumn } from "./columns";
export { isLaterPeriod, PERIOD_TYPES, periodTypeOf, periodTypeOfLabel, periodTypeOfMonths, type PeriodType } from "./type";
export { effectiveMonth, isoDate, lastDayOfMonth, MONTH, MONTH_NAMES_EN, MONTH_NAMES_SV, monthEnd, monthName, monthNumber, monthWords, year4 } from "./months";
export { asksNewestColumn, asksPresent, isLatestPeriodArgument, presentSpans, isNewestPeriodWord, LATEST_WORDS, type LatestWord } from "./latest";
export { endedMentions, endedPeriod, matchesEnded, parseEndedLabel, readEndedPeriod, type EndedKind } from "./ended";
