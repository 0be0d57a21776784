/**
 * Years as text writes them, one reader for every layer: whether a word is a year ("2022"), the
 * years a text names ("fiscal 2022 and 2021", "FY2022"), a text without its year words, and the
 * year of a period label ("FY2022", "Q3 2024").
 */

/** A year written alone: 19xx or 20xx. */
const YEAR_WORD = /^(?:19|20)\d\d$/;
/** A year inside any text, even joined to letters ("FY2022"), never part of a longer number. */
const YEAR_IN_TEXT = /(?<!\d)((?:19|20)\d\d)(?!\d)/g;
/** A year standing as a word of its own ("in 2022", not "FY2022"). */
const YEAR_AS_WORD = /\b(?:19|20)\d\d\b/g;

export const isYearWord = (word: string): boolean => YEAR_WORD.test(word);

/** The years a text names, in order, joined to letters or not ("FY2022 vs 2021" → 2022, 2021). */
export const yearsWritten = (text: string): number[] => [...text.matchAll(YEAR_IN_TEXT)].map((m) => Number(m[1]));

/** The years that stand as words of their own ("in 2022 and 2021"). */
export const yearWordsIn = (text: string): string[] => text.match(YEAR_AS_WORD) ?? [];

/** The text with its year words taken out: the numbers left are figures. */
export const withoutYearWords = (text: string): string => text.replace(YEAR_AS_WORD, "");

/** The year of a period label ("FY2022" → 2022, "Q3 2024" → 2024); 0 when it names none. */
export const yearOfLabel = (label: string | null | undefined): number => Number(/(\d{4})/.exec(label ?? "")?.[1] ?? 0);
