/**
 * The same-run baseline of bench/answers.ts: the best sentence of the top search hit. Manda's
 * own page search (searchPages) over the deal, top page; of that page's sentences and lines
 * (table rows are lines), the one sharing the most question words (stop words out, words
 * matched on their first five letters). Scored by the same scorer as Manda's answers.
 */
import type { Db } from "@/lib/db";
import { searchPages } from "@/lib/search/search";
import { normaliseWords } from "./answers-scoring";

const STOP = new Set("the a an and or of in on for to from by with at as is are was were be been has have had its it this that what which who how does did do was year fy answer question using information shown statement round".split(" "));

const stems = (text: string) => new Set(normaliseWords(text).filter((w) => !STOP.has(w) && w.length > 1).map((w) => w.slice(0, 5)));

/** The sentence or line of `pageText` sharing the most words with `question` (first wins ties). */
export function bestSentence(pageText: string, question: string): string {
  const q = stems(question);
  let best = "";
  let bestScore = -1;
  for (const s of pageText.split(/\n+|(?<=[.!?])\s+(?=[A-Z(])/).map((x) => x.trim()).filter((x) => x.length > 2)) {
    let score = 0;
    for (const w of stems(s)) if (q.has(w)) score++;
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

export async function baselineAnswer({ db, dealId, question }: { db: Db; dealId: string; question: string }): Promise<{ text: string; sources: Array<{ document: string; page: number }> }> {
  const [top] = await searchPages({ db, dealId, query: question, k: 1 });
  if (!top) return { text: "I couldn't find anything in the uploaded documents.", sources: [] };
  const { rows } = await db.query<{ text: string }>("select text from document_pages where document_id = $1 and page_number = $2", [top.documentId, top.page]);
  return { text: bestSentence(rows[0]?.text ?? top.excerpt, question), sources: [{ document: top.document, page: top.page }] };
}
