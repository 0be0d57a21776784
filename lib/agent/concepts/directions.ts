/**
 * Words that say which way a figure moved ("japan sales down in 2022?", "did margins improve",
 * "is debt going up"): a yes/no question about a change, which two periods' values decide. Vocabulary
 * as data, matched by stems like the catalog's terms.
 */
import { stemWord } from "@/lib/search/stemming";
import type { Token } from "./match";

export type Direction = "up" | "down";
/** "Is that up or down?", "did it rise or fall?": which way it moved is asked, not whether it moved one way. */
export type Asked = Direction | "either";

const WORDS: Record<Direction, string> = {
  up: "up higher rise rises rising rose risen increase increased increasing grow grows growing grew grown improve improved improving improvement gain gained climb climbed climbing jump jumps jumped jumping surge surged surging soar soared soaring spike spiked double doubled doubling triple tripled tripling boost boosted accelerate accelerated rebound rebounded better expand expanded expanding strengthen strengthened raise raised raising hike hiked hiking",
  down: "down lower fall falls falling fell fallen decrease decreased decreasing decline declined declining drop dropped dropping shrink shrank shrunk shrinking worsen worsened worse weaken weakened contract contracted slip slipped slide deteriorate deteriorated reduce reduced plunge plunged plunging tumble tumbled slump slumped dip dipped sink sank sunk halve halved halving erode eroded cut cuts slash slashed",
};

let stems: Map<string, Direction> | undefined;

function directionStems(): Map<string, Direction> {
  if (stems) return stems;
  stems = new Map();
  for (const d of ["up", "down"] as const) for (const w of WORDS[d].split(" ")) stems.set(stemWord(w), d);
  return stems;
}

/** The token is a word of direction. */
export const isDirectionWord = (t: Token) => directionStems().has(t.stem);

/** The one direction the words say, or none (none named, or both: "up or down?"). */
export function directionOf(toks: Token[]): Direction | undefined {
  const said = new Set(toks.map((t) => directionStems().get(t.stem)).filter((d): d is Direction => !!d));
  return said.size === 1 ? [...said][0] : undefined;
}

/** The words name both directions ("up or down?", "higher or lower"): which way is asked. */
export function namesBothDirections(toks: Token[]): boolean {
  return new Set(toks.map((t) => directionStems().get(t.stem)).filter(Boolean)).size === 2;
}

/** Which side of zero a result is asked to be on: "in the red", "lose money" (a loss); "in the black", "turn a profit" (a profit). */
export type Sign = "loss" | "profit";

/** Phrases asking it, as data: matched by stems, word after word. */
const SIGN_PHRASES: Record<Sign, string[]> = {
  loss: ["in the red", "lose money", "lost money", "losing money", "loss making", "unprofitable", "a loss", "a net loss"],
  profit: ["in the black", "make money", "made money", "making money", "turn a profit", "turned a profit", "profitable", "in profit", "a profit", "a net profit"],
};

let signStems: Array<{ sign: Sign; stems: string[] }> | undefined;

/** The one sign the words ask about, or none (none named, or both). */
export function signAsked(toks: Token[]): Sign | undefined {
  signStems ??= (Object.entries(SIGN_PHRASES) as Array<[Sign, string[]]>).flatMap(([sign, phrases]) => phrases.map((p) => ({ sign, stems: p.split(" ").map((w) => stemWord(w)) })));
  const said = new Set(signStems.filter((p) => toks.some((_, i) => p.stems.every((st, j) => toks[i + j]?.stem === st))).map((p) => p.sign));
  return said.size === 1 ? [...said][0] : undefined;
}
