/**
 * Whether a finding found by likeness alone (the question names no metric the catalog knows) is
 * about what the question asks: its label must share a word with the question beyond the words
 * every figure has ("net", "total", "expense"). "Net pre-tax charges related to the sale of a
 * business" is not answered by "interest expense, net of capitalized interest".
 */
import { stemWord } from "@/lib/search/stemming";

const GENERIC = new Set([
  "net", "total", "gross", "other", "and", "the", "for", "from", "with", "per", "of", "in", "on", "at", "to", "by", "its", "their",
  "amount", "amounts", "value", "expense", "expenses", "income", "cost", "costs", "year", "years", "fiscal", "period", "ended",
  "million", "millions", "billion", "billions", "thousand", "thousands", "usd", "dollars", "company", "consolidated", "reported",
]);

function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().replace(/[’']s\b/g, "").split(/[^a-z0-9]+/);
  return new Set(words.filter((w) => w.length > 2 && !/^\d+$/.test(w) && !GENERIC.has(w)).map((w) => stemWord(w)));
}

export function labelFitsQuestion(label: string, question: string): boolean {
  const asked = contentWords(question);
  return [...contentWords(label)].some((w) => asked.has(w));
}
