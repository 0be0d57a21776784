/**
 * A natural-format batch run through `bench/answers.ts --natural-file` (bench/data/own-natural-r8.jsonl):
 * it parses with the check set's schema, its deals are one company's named filings grouped by the
 * filings themselves, and the scorer agrees with its golds. Nothing is asked of the product here.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { companyOfFilename } from "@/bench/lib/answers-questions";
import { filesKey, filingPath, loadNatural, naturalDealsByFiles, type NaturalItem } from "@/bench/lib/natural-questions";
import { scoreNatural } from "@/bench/lib/natural-scoring";

const FILE = path.resolve(process.cwd(), "bench/data/own-natural-r8.jsonl");
const items = loadNatural(FILE);
const failing = (check: (it: NaturalItem, i: number) => boolean) => items.filter((it, i) => !check(it, i)).map((it) => it.id);

describe("the natural-format batch file bench/data/own-natural-r8.jsonl", () => {
  it("parses every row with ids unique and in order", () => {
    expect(items).toHaveLength(45);
    expect(items.map((it) => it.id)).toEqual(items.map((_, i) => `own-r8-${String(i + 1).padStart(2, "0")}`));
  });

  it("names filings that exist, of one company per deal, with pages only in those filings", () => {
    expect(failing((it) => it.files.every((f) => filingPath(f).endsWith(f)))).toEqual([]);
    expect(failing((it) => new Set(it.files.map(companyOfFilename)).size === 1)).toEqual([]);
    const pagesIn = (it: NaturalItem) => [...Object.keys(it.pages), ...Object.keys(it.stale?.pages ?? {})].every((f) => it.files.includes(f));
    expect(failing(pagesIn)).toEqual([]);
  });

  it("groups the batch into one deal per set of filings, whatever the deal is called", () => {
    const deals = naturalDealsByFiles(items);
    expect(deals.size).toBe(new Set(items.map((it) => it.deal)).size);
    for (const d of deals.values()) expect(new Set(d.items.map((it) => it.deal)).size).toBe(1);
    const [a, b] = [items[0]!, items.find((it) => it.files.length === 1)!];
    const renamed = naturalDealsByFiles([a, { ...a, id: "x", deal: "other-name" }, b]);
    expect(renamed.size).toBe(2);
    expect(renamed.get(filesKey(a.files))!.items.map((it) => it.id)).toEqual([a.id, "x"]);
    expect(filesKey([...a.files].reverse())).toBe(filesKey(a.files));
  });

  it("scores each item's own gold correct and a refusal by whether the item is answerable", () => {
    expect(failing((it) => scoreNatural(it, it.gold).verdict === "correct")).toEqual([]);
    const refusal = "I could not find this in the documents.";
    expect(failing((it) => scoreNatural(it, refusal).verdict === (it.type === "unanswerable" ? "correct" : "refused"))).toEqual([]);
  });

  it("scores the gold of another deal's item of another type wrong", () => {
    const other = (i: number) => items.find((o, k) => k > i && o.type !== items[i]!.type && o.deal !== items[i]!.deal) ?? items.find((o) => o.type !== items[i]!.type && o.deal !== items[i]!.deal)!;
    expect(failing((it, i) => scoreNatural(it, other(i).gold).verdict === "wrong")).toEqual([]);
  });

  it("scores the superseded answer of each now item wrong", () => {
    const now = items.filter((it) => it.type === "now");
    expect(now.every((it) => it.stale)).toBe(true);
    expect(now.filter((it) => scoreNatural(it, it.stale!.answer).verdict !== "wrong").map((it) => it.id)).toEqual([]);
  });
});
