/**
 * The risk factors a filing lists, read from the layout of its Risk Factors section: each risk is
 * a heading (a paragraph of one sentence, in bold or italics on the page, which the PDF text keeps
 * as a paragraph of its own) followed by the paragraphs that explain it, and filings group them
 * under category lines ("Risks Related to Our Business"). Some filings print the heading as the
 * first sentence of a bulleted paragraph ("* The Company's results are affected by …"). A heading
 * states a risk in the filing's own words; the reader keeps the filing's order, which is the only
 * ranking a filing gives.
 */
import { splitSentences } from "./sentences";

export interface RiskPage {
  page: number;
  text: string;
}

export interface RiskHeading {
  heading: string;
  /** The category line it sits under, when the filing groups its risks. */
  category?: string;
  page: number;
  /** The explanation that follows the heading, up to the next heading (at most BODY_CHARS characters). */
  body: string;
}

const BULLET = /^[•●▪◦*·‣-]\s*/u;
/** Page furniture and running heads: "Apple Inc. | 2022 Form 10-K | 8", "Table of Contents". */
const FURNITURE = /\bform 10-[kq]\b|\btable of contents\b|^page \d+\b|\|\s*\d+\s*$|^\d+$/i;
/** The section's introduction, cross-references and sentences looking back at other risks, not a risk of their own. */
const INTRODUCTION = /forward-looking|cautionary|carefully consider|described below|not (?:be )?exhaustive|\bitem 1a\b|\brisk factors\b.*\b(?:below|following|set forth)\b|\bsee\b.*\b(?:note|item|part)\b|\b(?:listed|described|discussed) above\b|\bforegoing\b|\b(?:any|all|each) of these\b/i;
/** Words that say a sentence is about a risk: what could, may or does hurt the business. */
const RISK_WORDS = /\b(?:could|may|might|can|would|risks?|advers\w*|harm\w*|depend\w*|subject to|expos\w*|fail\w*|loss(?:es)?|lose|unable|inability|volatil\w*|uncertain\w*|compet\w*|declin\w*|disrupt\w*|impair\w*|liab\w*|strain\w*|fluctuat\w*|threat\w*|vulnerab\w*|challeng\w*|dilut\w*|depress\w*|interrupt\w*|breach\w*)\b/i;
/** A category line: "Risks Related to Our Business", "General Risks", "Data Privacy, Cybersecurity and Intellectual Property Risks". */
const CATEGORY = /^(?:risks?|factors?)\b[^.]{0,80}\b(?:related|relating|associated|specific|pertaining|concerning|regarding)\b[^.]{0,80}$|^\p{Lu}[^.:;]{0,100}\brisks?(?: factors?)?$/iu;
/** Words that open a body sentence, not a heading: "Therefore, the Company remains subject to …". */
const CONNECTIVE = /^(?:therefore|however|in addition|additionally|as a result|accordingly|also|further(?:more)?|moreover|for example|for instance|similarly|consequently|in particular|these|this|such|any of|all of)\b/i;

const MIN_WORDS = 5;
const MAX_WORDS = 75;
const RUN_IN_MAX_WORDS = 40;
const BODY_CHARS = 4000;
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
const flat = (s: string) => s.replace(/\s+/g, " ").trim();

interface Paragraph {
  page: number;
  text: string;
  bulleted: boolean;
  /** The page's first paragraph going on with a sentence the page before left open. */
  continued: boolean;
}

function paragraphsOf(pages: RiskPage[]): Paragraph[] {
  const out: Paragraph[] = [];
  for (const p of pages) {
    let first = true;
    for (const raw of p.text.split(/\n\s*\n/)) {
      // a running head ("Table of Contents") set on the paragraph's first line is no part of it
      const text = flat(raw.split("\n").filter((l) => !FURNITURE.test(l.trim())).join("\n"));
      if (!text) continue;
      const open = first && !!out.length && !/[.!?:;"”)]$/.test(out.at(-1)!.text);
      out.push({ page: p.page, text: text.replace(BULLET, ""), bulleted: BULLET.test(text), continued: open });
      first = false;
    }
  }
  return out;
}

/** A clause, not a name: "Our International Operations Expose Us to a Number of Risks" is a risk of its own. */
const CLAUSE = /\b(?:we|us|our|could|may|might|can|will|would|is|are|face[sd]?|expose[sd]?|subjects?)\b/i;
const isCategory = (text: string) =>
  wordCount(text) <= 12 && !/[.:;]$/.test(text) && CATEGORY.test(text) && !/^(?:item 1a\.?\s*)?risk factors$/i.test(text) && (/^risks?\b/i.test(text) || !CLAUSE.test(text));

/** A paragraph that explains: two sentences or more, or a long one. */
const isBody = (p: Paragraph | undefined) => !!p && (splitSentences(p.text).length >= 2 || wordCount(p.text) > 50);

function statesRisk(sentence: string): boolean {
  const n = wordCount(sentence);
  if (n < MIN_WORDS || n > MAX_WORDS) return false;
  if (!/^["“‘(]?[\p{Lu}\d]/u.test(sentence) || CONNECTIVE.test(sentence) || INTRODUCTION.test(sentence)) return false;
  if (/[:;]$/.test(sentence)) return false;
  const digits = (sentence.match(/\d/g) ?? []).length;
  return digits / sentence.length < 0.1 && RISK_WORDS.test(sentence);
}

/** The heading a paragraph gives, if it is one: the whole paragraph, or a bulleted paragraph's first sentence. */
function headingOf(p: Paragraph, next: Paragraph | undefined): { heading: string; body: string } | null {
  if (p.continued) return null;
  const sentences = splitSentences(p.text);
  if (sentences.length === 1 && statesRisk(p.text) && (isBody(next) || (next && isCategory(next.text)) || !next)) {
    return { heading: p.text, body: "" };
  }
  if (p.bulleted && sentences.length >= 2 && statesRisk(sentences[0]!)) return { heading: sentences[0]!, body: sentences.slice(1).join(" ") };
  return null;
}

/** A heading run into its paragraph ("We may not be able to protect our rights. We rely on …"): a short first sentence that states a risk. */
function runInHeadingOf(p: Paragraph): { heading: string; body: string } | null {
  if (p.continued) return null;
  const sentences = splitSentences(p.text);
  const first = sentences[0]!;
  if (sentences.length < 2 || wordCount(first) > RUN_IN_MAX_WORDS || !statesRisk(first)) return null;
  return { heading: first, body: sentences.slice(1).join(" ") };
}

function read(paras: Paragraph[], runIn: boolean): RiskHeading[] {
  const out: RiskHeading[] = [];
  let category: string | undefined;
  let current: RiskHeading | undefined;
  for (const [i, p] of paras.entries()) {
    if (isCategory(p.text)) {
      category = p.text;
      current = undefined;
      continue;
    }
    const h = headingOf(p, paras[i + 1]) ?? (runIn ? runInHeadingOf(p) : null);
    if (!h) {
      if (current && current.body.length < BODY_CHARS) current.body = `${current.body} ${p.text}`.trim().slice(0, BODY_CHARS);
      continue;
    }
    if (out.some((x) => x.heading === h.heading)) continue;
    current = { heading: h.heading, ...(category ? { category } : {}), page: p.page, body: h.body.slice(0, BODY_CHARS) };
    out.push(current);
  }
  return out;
}

/**
 * The risk headings of a Risk Factors section's pages (in page order), with their categories.
 * Headings set as paragraphs of their own come first; a section where they are too few for its
 * length (under one for every two pages) prints its headings run into their paragraphs, and the
 * first sentence of each paragraph that states a risk is read as its heading.
 */
export function riskHeadings(pages: RiskPage[]): RiskHeading[] {
  const paras = paragraphsOf([...pages].sort((a, b) => a.page - b.page));
  const own = read(paras, false);
  return own.length * 2 >= pages.length ? own : read(paras, true);
}
