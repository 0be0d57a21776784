/**
 * A quoted answer must say the word of the question the deal uses least: the word counts come from
 * search_documents (its `rarity`), so the check follows the deal's own vocabulary.
 */
import { describe, expect, it } from "vitest";
import { answerQuotes, judgeQuotes } from "@/lib/agent/offline/rare-word";
import { readQuestion } from "@/lib/agent/reader/read";
import type { ToolExchange } from "@/lib/agent/offline/conversation";

const ROOM = [{ name: "Tidemark Rail Inc.", tickers: ["TDMK"] }];
const QUOTE_ANSWER = (quote: string) => `TIDEMARK_2023_10K.pdf states: "${quote}" (source: TIDEMARK_2023_10K.pdf, p.12)\n\n(Quoted from TIDEMARK_2023_10K.pdf; no extracted finding covers this yet.)`;
const OFF_TOPIC = "Our locomotive programme plans call for the fleet to be renewed over the next decade as demand allows.";

function probe(words: Array<[string, number]>, passages: string[] = []): ToolExchange {
  return {
    toolName: "search_documents",
    input: { query: "q", k: 3 },
    output: {
      passages: passages.map((text, i) => ({ document: "TIDEMARK_2023_10K.pdf", page: 40 + i, charStart: 0, charEnd: text.length, text, citation: `(source: TIDEMARK_2023_10K.pdf, p.${40 + i})` })),
      rarity: { chunks: 140, words: words.map(([word, chunks]) => ({ word, chunks })) },
      notes: [],
    },
  };
}

describe("a quote that does not say the question's rarest word is no answer", () => {
  const wordings = ["when does the hydrogen locomotive programme start?", "how many hydrogen locos are in the programme", "who builds their hydrogen locomotives?"];
  for (const q of wordings) {
    it(`abstains, showing the passage that uses the word, for "${q}"`, () => {
      const r = readQuestion(q, ROOM);
      const done = [probe([["hydrogen", 2], ["locomotive", 30], ["programme", 44]], ["We began testing a hydrogen locomotive in 2023 on two routes."])];
      const v = judgeQuotes(r, QUOTE_ANSWER(OFF_TOPIC), done, ROOM);
      expect(v.kind).toBe("misfit");
      const text = v.kind === "misfit" ? v.text : "";
      expect(text).toMatch(/^I couldn't find a passage that answers this/);
      expect(text).toContain('"hydrogen"');
      expect(text).toContain("hydrogen locomotive in 2023 on two routes");
    });
  }

  it("keeps a quote that says the rare word", () => {
    const r = readQuestion("when did the hydrogen locomotive tests begin?", ROOM);
    const v = judgeQuotes(r, QUOTE_ANSWER("We began testing a hydrogen locomotive in 2023 on two routes."), [probe([["hydrogen", 2], ["locomotive", 30]])], ROOM);
    expect(v.kind).toBe("holds");
  });

  it("keeps a quote naming the rare word's concept by another of its names ('takeovers' said as 'acquired')", () => {
    const r = readQuestion("did tidemark do any takeovers in 2023?", ROOM);
    const v = judgeQuotes(r, `Yes — ${QUOTE_ANSWER("In March 2023 we acquired Railco Freight for $210 million in cash.")}`, [probe([["takeovers", 1]])], ROOM);
    expect(v.kind).toBe("holds");
  });

  it("keeps a quote saying a rare word of direction in another word of that direction, never the other way", () => {
    const rose = QUOTE_ANSWER("Fuel expense increased by $41 million, or 23%, primarily due to higher diesel prices.");
    for (const q of ["why did tidemark's fuel cost jump so much in 2023?", "what drove the spike in fuel expense in 2023", "why did fuel costs soar in 2023"]) {
      const word = q.includes("jump") ? "jump" : q.includes("spike") ? "spike" : "soar";
      expect(judgeQuotes(readQuestion(q, ROOM), rose, [probe([[word, 1]])], ROOM).kind, q).toBe("holds");
    }
    const fell = QUOTE_ANSWER("Fuel expense decreased by $41 million, or 23%, primarily due to lower diesel prices and volumes.");
    expect(judgeQuotes(readQuestion("why did tidemark's fuel cost jump so much in 2023?", ROOM), fell.replace("lower", "softer"), [probe([["jump", 1]])], ROOM).kind).toBe("misfit");
  });

  it("abstains when a person's pay is asked and the quotes state no amount, in three wordings", () => {
    const bio = `Here's what we know about it:\n\n**CEO – Jane Roe**\n- "Jane Roe 58 President and Chief Executive Officer since January 2020." (source: TIDEMARK_2023_10K.pdf, p.127)`;
    for (const q of ["what did roe get paid all-in for 2023? total ceo comp", "how much was the ceo paid in 2023", "tidemark ceo compensation 2023, total $"]) {
      const v = judgeQuotes(readQuestion(q, ROOM), bio, [probe([["paid", 3]])], ROOM);
      expect(v.kind, q).toBe("misfit");
    }
    const paid = `Here's what we know:\n- "Jane Roe was paid total compensation of $12.4 million in 2023." (source: TIDEMARK_2023_PROXY.pdf, p.40)`;
    expect(judgeQuotes(readQuestion("how much was the ceo paid in 2023", ROOM), paid, [probe([["paid", 3]])], ROOM).kind).toBe("holds");
  });

  it("keeps a quote saying the rare word's group in other words ('legal battles' said as 'legal proceedings')", () => {
    const r = readQuestion("has tidemark reported any ongoing legal battles?", ROOM);
    const quote = QUOTE_ANSWER("Currently, we are involved in a number of legal proceedings arising in the ordinary course.");
    expect(judgeQuotes(r, quote, [probe([["battles", 2], ["legal", 30]])], ROOM).kind).toBe("holds");
    const antitrust = readQuestion("has tidemark reported any ongoing antitrust battles?", ROOM);
    expect(judgeQuotes(antitrust, quote, [probe([["antitrust", 3], ["battles", 2]])], ROOM).kind).toBe("misfit");
  });

  it("asks for the word counts first, and never judges an abstention or a word the deal never uses", () => {
    const r = readQuestion("when does the hydrogen locomotive programme start?", ROOM);
    expect(judgeQuotes(r, QUOTE_ANSWER(OFF_TOPIC), [], ROOM).kind).toBe("probe");
    expect(judgeQuotes(r, "I couldn't find an answer in the uploaded documents.", [], ROOM).kind).toBe("holds");
    expect(judgeQuotes(r, QUOTE_ANSWER(OFF_TOPIC), [probe([["hydrogen", 0], ["locomotive", 30]])], ROOM).kind).toBe("holds");
  });

  it("does not take the company's own name for what the question is about", () => {
    const r = readQuestion("when does the tidemark locomotive programme end?", ROOM);
    expect(judgeQuotes(r, QUOTE_ANSWER("The programme plans call for the fleet to be renewed over the next decade."), [probe([["tidemark", 3], ["locomotive", 30]])], ROOM).kind).toBe("holds");
  });

  it("reads the quotes of a list answer and of a figure sentence", () => {
    const list = `From the documents:\n- "${OFF_TOPIC}" (source: A.pdf, p.3)\n- "We began testing a hydrogen locomotive in 2023 on two routes." (source: A.pdf, p.9)`;
    expect(answerQuotes(list).map((q) => q.page)).toEqual([3, 9]);
    expect(answerQuotes("Revenue grew 4% to $2.1 billion in 2023 (source: A.pdf, p.7).\n\n(Quoted from A.pdf; no extracted finding covers this yet.)")).toEqual([{ text: "Revenue grew 4% to $2.1 billion in 2023", document: "A.pdf", page: 7 }]);
  });
});

describe("money asked of a figure the reader cannot name is not answered by a quote stating no amount", () => {
  it.each(["tidemark freight business sale price", "what price did tidemark sell the freight business for", "what was the sale price of the freight business"])("abstains for %s, and keeps a quote stating the price", (q) => {
    const r = readQuestion(q, ROOM);
    expect(r.concepts, q).toEqual([]);
    const done = [probe([["freight", 12]])];
    const none = judgeQuotes(r, QUOTE_ANSWER("On our freight and passenger routes, our pricing is designed so that the business succeeds when our customers do."), done, ROOM);
    expect(none.kind).toBe("misfit");
    expect(none.kind === "misfit" ? none.text : "").toMatch(/^I couldn't find a passage stating the amount asked/);
    expect(judgeQuotes(r, QUOTE_ANSWER("In May 2023 we completed the sale of the freight business to Railco for $405 million in cash."), done, ROOM).kind).toBe("holds");
  });
});

describe("keywords asking no kind of answer are not answered by a quote that shares their words", () => {
  const quote = QUOTE_ANSWER("We began testing a hydrogen locomotive in 2023 on two routes.");
  it.each(["tidemark hydrogen loco programme", "hydrogen loco programme update", "hydrogen locomotives - anything?"])("shows the quote as the closest evidence for %s", (q) => {
    const r = readQuestion(q, ROOM);
    expect(r.concepts, q).toEqual([]);
    const v = judgeQuotes(r, quote, [probe([["hydrogen", 2]])], ROOM, { fact: true });
    expect(v.kind).toBe("misfit");
    const text = v.kind === "misfit" ? v.text : "";
    expect(text).toMatch(/^I couldn't tell what kind of answer this asks for/);
    expect(text).toContain("hydrogen locomotive in 2023 on two routes");
  });

  it.each(["when did the hydrogen locomotive tests start?", "how many routes run hydrogen locomotives?", "where is tidemark testing hydrogen locomotives?", "is tidemark testing hydrogen locomotives?", "what's the story with the hydrogen locomotive programme?", "Tidemark: what did it say about hydrogen locomotives?"])("keeps it when the question says what it asks: %s", (q) => {
    const r = readQuestion(q, ROOM);
    const answer = r.polar ? `Yes — ${quote}` : quote;
    expect(judgeQuotes(r, answer, [probe([["hydrogen", 2]])], ROOM, { fact: true }).kind, q).toBe("holds");
  });

  it("judges only a fact's answer: an overview quoting the documents stands", () => {
    const r = readQuestion("tidemark hydrogen loco programme", ROOM);
    expect(judgeQuotes(r, quote, [probe([["hydrogen", 2]])], ROOM).kind).toBe("holds");
  });
});

describe("a reason asked of something the reader cannot name is not answered by a quote stating no cause", () => {
  it.each(["what pushed tidemark into a loss in 2023", "what caused tidemark's loss in 2023", "what's behind the 2023 loss at tidemark"])("abstains for %s, and keeps a quote stating the cause", (q) => {
    const r = readQuestion(q, ROOM);
    expect(r.reason, q).toBe(true);
    expect(r.concepts, q).toEqual([]);
    const done = [probe([["loss", 9]])];
    const none = judgeQuotes(r, QUOTE_ANSWER("In estimating the period of coverage, Tidemark uses a simulation of twelve years of loss data."), done, ROOM);
    expect(none.kind, q).toBe("misfit");
    expect(none.kind === "misfit" ? none.text : "").toMatch(/^I couldn't find a passage stating the reason asked/);
    expect(judgeQuotes(r, QUOTE_ANSWER("The 2023 net loss was primarily due to the $900 million impairment of the freight business."), done, ROOM).kind, q).toBe("holds");
  });
});
