/**
 * Answer quality on real filings (issue 10, "Measure first"): `manda ask`'s agent turn, in
 * process, on the 47 FinanceBench dev questions (in-sample) and, reported apart, the 30 check
 * questions over other companies' filings (held-out: scored only, never tuned on). Scored in
 * code (bench/lib/answers-scoring.ts): correct / wrong / abstained, a cited gold evidence page,
 * latency; beside the same-run baseline "best sentence of the top search hit".
 *
 * Settings: per-company (one deal per company holding all its filings in the corpus) and
 * one-deal (all the set's filings in one deal; --all93 puts dev and check filings together),
 * where answers citing another company's document are counted. Deals are ingested and run
 * through the extraction pipeline once and cached under --data-dir (bench/lib/answers-deals.ts).
 *
 * A third set, own (bench/data/own-questions.jsonl), holds questions written here by reading the
 * filings, answerable and unanswerable, split by company into a half tuned on and a half only
 * reported; its figures print per half.
 *
 * Issue 19 adds two sets. natural: the natural check set (../shared/corpus/natural-check; held-out,
 * scored in code by bench/lib/natural-scoring.ts, never tuned on, and printed as ids, types and
 * verdicts only), per-company = one deal per `deal` entry with exactly its files, one-deal = the
 * all93 group; a conversation asks every turn with the history and scores the last answer.
 * paraphrase: bench/data/paraphrases.jsonl (or --paraphrases FILE), three rewordings of dev and own
 * questions asked of the original's deal and scored with its gold, beside the originals (same run).
 * --natural-file FILE runs another batch in the natural format (e.g. bench/data/own-natural-r8.jsonl,
 * written apart and run blind) in place of the check set: one deal per distinct set of filings,
 * printed under the file's name (with --verbose, each answer too: the check set's are never
 * printed); with --list it prints the batch's ids, types, deals and files and exits without
 * asking anything.
 *
 *   npm run bench:answers [-- --only per-company|one-deal] [--set dev,check,own,natural,paraphrase] [--ids a,b]
 *       [--data-dir .manda-bench-answers] [--fresh] [--all93] [--verbose] [--paraphrases FILE]
 *       [--natural-file FILE] [--list]
 *       [--min-correct 0.5 --max-wrong 0.2]   # exit 1 when any run is below the floor (CI)
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { UIMessage } from "ai";
import { setConfigForProcess } from "@/lib/config";
import type { Deal } from "@/lib/db/queries/deals";
import { agentDeal, loadAgent, type AgentModule } from "@/lib/chat/agent-adapter";
import { baselineAnswer } from "./lib/answers-baseline";
import { prepareDealGroup, type DealSpec } from "./lib/answers-deals";
import { companyOfFilename, corpusOfFiling, filingsByCompany, filingsOf, loadQuestionSet, QUESTION_SETS, type BenchQuestion, type SetName } from "./lib/answers-questions";
import { kindLabel, printTable, summaryOf, verboseLine, type Judged, type Outcome, type Setting } from "./lib/answers-report";
import { citesGoldPage, readGold, scoreAnswer } from "./lib/answers-scoring";
import { loadNatural, NATURAL_FILE, naturalDeals, naturalDealsByFiles, type NaturalItem } from "./lib/natural-questions";
import { naturalLine, naturalSummary, naturalTally, printNatural, type NaturalOutcome } from "./lib/natural-report";
import { citesNaturalPage, scoreNatural } from "./lib/natural-scoring";
import { loadParaphrases, PARAPHRASE_FILE, paraphraseSummary, printParaphrases } from "./lib/paraphrases";

const { values } = parseArgs({
  options: {
    only: { type: "string" }, set: { type: "string" }, ids: { type: "string" }, "data-dir": { type: "string" },
    fresh: { type: "boolean" }, all93: { type: "boolean" }, verbose: { type: "boolean", short: "v" }, paraphrases: { type: "string" },
    "natural-file": { type: "string" }, list: { type: "boolean" },
    "min-correct": { type: "string" }, "max-wrong": { type: "string" },
  },
});
const SETTINGS: Setting[] = (["per-company", "one-deal"] as const).filter((s) => !values.only || values.only === s);
type RunSet = SetName | "natural" | "paraphrase";
const ALL_SETS: RunSet[] = ["dev", "check", "own", "natural", "paraphrase"];
const SETS = values.set ? values.set.split(",").map((s) => s.trim()) : ALL_SETS;
if (!SETTINGS.length) throw new Error("--only is per-company or one-deal");
if (!SETS.length || SETS.some((s) => !ALL_SETS.includes(s as RunSet))) throw new Error(`--set is a comma list of ${ALL_SETS.join(", ")}`);
const NATURAL_BATCH = values["natural-file"] ? path.resolve(values["natural-file"]) : null;
if (NATURAL_BATCH && !SETS.includes("natural")) throw new Error("--natural-file replaces the natural set: pass --set natural");
/** The natural set's name in tables and the summary: the check set, or the batch file's name. */
const NATURAL_LABEL = NATURAL_BATCH ? path.basename(NATURAL_BATCH) : "natural check set (held-out, never tuned on)";
const IDS = values.ids ? new Set(values.ids.split(",").map((s) => s.trim()).filter(Boolean)) : null;
const ROOT = path.resolve(values["data-dir"] ?? ".manda-bench-answers");
const log = (s: string) => process.stderr.write(`${s}\n`);

setConfigForProcess({ MANDA_DATA_DIR: ROOT, MANDA_LOG_LEVEL: "error", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

interface Run { setting: Setting; set: RunSet; outcomes: Outcome[]; natural: NaturalOutcome[]; ingestMs: number; pipelineMs: number; builtIngestMs: number; builtPipelineMs: number; questionsMs: number; cache: string[] }

/** One group to prepare (a database holding one deal) and the questions asked of it. */
interface Plan<Q = BenchQuestion> { group: string; deals: DealSpec[]; questions: Q[] }

// The deal's name and slug are neutral: company identity must come from the filings.
const DEAL: Omit<DealSpec, "files"> = { slug: "deal", name: "Data room" };

const ALL93 = () => ({ group: "all93", deals: [{ ...DEAL, files: [...filingsOf("dev"), ...filingsOf("check")] }] });

const slugOf = (company: string) => `co-${company.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

function plans(setting: Setting, set: SetName, questions: BenchQuestion[]): Plan[] {
  if (setting === "per-company") {
    const byCompany = filingsByCompany(filingsOf(set));
    return [...new Set(questions.map((q) => q.companyKey))].sort().map((company) => {
      const files = byCompany.get(company);
      if (!files) throw new Error(`no filings of ${company} in ${QUESTION_SETS[set].dir}/pdfs`);
      const asked = questions.filter((q) => q.companyKey === company);
      // Named by the corpus the filings come from, so the own set shares the dev and check deals.
      return { group: `${corpusOfFiling(files[0]!)}-${slugOf(company)}`, deals: [{ ...DEAL, files }], questions: asked };
    });
  }
  const byCompany = filingsByCompany(filingsOf(set));
  const corpora = [...new Set(questions.flatMap((q) => (byCompany.get(q.companyKey) ?? []).map(corpusOfFiling)))];
  if (values.all93 || corpora.length !== 1) return [{ ...ALL93(), questions }];
  return [{ group: `${corpora[0]}-one-deal`, deals: [{ ...DEAL, files: filingsOf(corpora[0]!) }], questions }];
}

/** The paraphrase set mixes dev and own questions: each is asked of its own set's deal. */
const plansOf = (setting: Setting, questions: BenchQuestion[]): Plan[] =>
  (["dev", "check", "own"] as const).flatMap((set) => {
    const qs = questions.filter((q) => q.set === set);
    return qs.length ? plans(setting, set, qs) : [];
  });

function naturalPlans(setting: Setting, items: NaturalItem[]): Array<Plan<NaturalItem>> {
  if (setting === "one-deal") return [{ ...ALL93(), questions: items }];
  if (NATURAL_BATCH) return [...naturalDealsByFiles(items)].map(([key, d]) => ({ group: `natural-files-${key}`, deals: [{ ...DEAL, files: d.files }], questions: d.items }));
  return [...naturalDeals(items)].map(([deal, files]) => ({ group: `natural-${deal}`, deals: [{ ...DEAL, files }], questions: items.filter((it) => it.deal === deal) }));
}

function judge(q: BenchQuestion, text: string, sources: Array<{ document: string; page: number }>, ms: number): Judged {
  const s = scoreAnswer(readGold(q.gold, q.scoreQuestion ?? q.question, q.company), text);
  return {
    verdict: s.verdict, why: s.why, ms, text,
    citedGold: citesGoldPage(sources, q.docName, q.evidencePages),
    citesOtherCompany: sources.some((x) => companyOfFilename(x.document) !== q.companyKey),
  };
}

type Db = Parameters<AgentModule["runAgentTurn"]>[0]["db"];
type Sources = Array<{ document: string; page: number }>;

/** Asks the turns of one conversation in order, each with the history so far; returns the last answer. */
async function askTurns(agent: AgentModule, deal: Deal, db: Db, id: string, turns: string[]): Promise<{ text: string; sources: Sources; ms: number; error?: string }> {
  const messages: UIMessage[] = [];
  const t = performance.now();
  try {
    let last: { text: string; sources: Sources } = { text: "", sources: [] };
    for (const [i, turn] of turns.entries()) {
      messages.push({ id: `bench-${id}-u${i}`, role: "user", parts: [{ type: "text", text: turn }] });
      last = await agent.runAgentTurn({ db, deal: agentDeal(deal), userId: null, conversationId: null, messages: [...messages] });
      messages.push({ id: `bench-${id}-a${i}`, role: "assistant", parts: [{ type: "text", text: last.text }] });
    }
    return { ...last, ms: performance.now() - t };
  } catch (e) {
    const error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    log(`  CRASH on ${id}: ${error}`);
    return { text: "", sources: [], ms: performance.now() - t, error };
  }
}

/** Prepares each plan's group (cached), asks its questions through `ask`, and adds the phases to `run`. */
async function onGroups<Q>(run: Run, plans: Array<Plan<Q>>, ask: (db: Db, deal: Deal, q: Q) => Promise<void>): Promise<Run> {
  for (const plan of plans) {
    log(`${run.setting} ${run.set}: ${plan.group} (${plan.deals.reduce((s, d) => s + d.files.length, 0)} filings)`);
    const g = await prepareDealGroup({ root: ROOT, group: plan.group, deals: plan.deals, fresh: values.fresh, log });
    run.ingestMs += g.ingestMs;
    run.pipelineMs += g.pipelineMs;
    run.builtIngestMs += g.builtIngestMs;
    run.builtPipelineMs += g.builtPipelineMs;
    run.cache.push(`${plan.group}:${g.cache}`);
    try {
      const t0 = performance.now();
      for (const q of plan.questions) await ask(g.db, g.deals.get(DEAL.slug)!, q);
      run.questionsMs += performance.now() - t0;
    } finally {
      await g.db.close();
    }
  }
  return run;
}

const newRun = (setting: Setting, set: RunSet): Run => ({ setting, set, outcomes: [], natural: [], ingestMs: 0, pipelineMs: 0, builtIngestMs: 0, builtPipelineMs: 0, questionsMs: 0, cache: [] });

function runSetting(agent: AgentModule, setting: Setting, set: RunSet, questions: BenchQuestion[]): Promise<Run> {
  const run = newRun(setting, set);
  return onGroups(run, plansOf(setting, questions), async (db, deal, q) => {
    const r = await askTurns(agent, deal, db, q.id, [q.question]);
    const judged = r.error ? { verdict: "wrong" as const, why: "crashed", ms: r.ms, text: "", citedGold: false, citesOtherCompany: false } : judge(q, r.text, r.sources, r.ms);
    const tb = performance.now();
    const b = await baselineAnswer({ db, dealId: deal.id, question: q.question });
    const gold = readGold(q.gold, q.scoreQuestion ?? q.question, q.company);
    const o: Outcome = { q, setting, kind: kindLabel(gold.kind, gold.figures.length), manda: judged, baseline: judge(q, b.text, b.sources, performance.now() - tb), error: r.error };
    run.outcomes.push(o);
    if (values.verbose) console.log(verboseLine(o));
  });
}

function runNatural(agent: AgentModule, setting: Setting, items: NaturalItem[]): Promise<Run> {
  const run = newRun(setting, "natural");
  return onGroups(run, naturalPlans(setting, items), async (db, deal, item) => {
    const r = await askTurns(agent, deal, db, item.id, item.turns);
    const s = r.error ? { verdict: "wrong" as const, why: "crashed" } : scoreNatural(item, r.text);
    const company = companyOfFilename(item.files[0]!);
    const o: NaturalOutcome = {
      item, setting, ...s, ms: r.ms, error: r.error,
      citedGold: citesNaturalPage(r.sources, item.pages), citesOtherCompany: r.sources.some((x) => companyOfFilename(x.document) !== company),
    };
    run.natural.push(o);
    if (values.verbose) console.log(naturalLine(o));
    // a batch written here prints its answers too; the check set's are never printed
    if (values.verbose && NATURAL_BATCH) console.log(`  Q: ${item.turns.join(" || ")}\n  A: ${r.text.replace(/\n/g, " ⏎ ").slice(0, 600)}`);
  });
}

/** A run as reported: the own set apart by half (companies tuned on vs only reported). */
function byHalf(r: Run): Array<Run & { label: string; name: string; heldOut: boolean }> {
  if (r.set === "natural" || r.set === "paraphrase") return [];
  if (r.set !== "own") return [{ ...r, label: QUESTION_SETS[r.set].label, name: r.set, heldOut: r.set === "check" }];
  // held-out-new: a later batch on the held-out companies' other filings, written after the fixes and first run blind;
  // held-out-r3: a third batch on pages of their 10-K/10-Qs no earlier question used, also first run blind
  // held-out-r4 / held-out-r5: later blind batches on the held-out companies' unused pages (statement lines; narrative and quarter-by-end-date)
  // held-out-r6: a sixth blind batch on unused pages of all nine companies' filings (10-Q periods, segments, defined metrics, narrative, unanswerable traps)
  return (["in-sample", "held-out", "held-out-new", "held-out-r3", "held-out-r4", "held-out-r5", "held-out-r6", "held-out-r7"] as const)
    .map((half) => ({ ...r, outcomes: r.outcomes.filter((o) => o.q.half === half), label: `own (${half})`, name: `own-${half}`, heldOut: half !== "in-sample" }))
    .filter((x) => x.outcomes.length > 0);
}

const phasesOf = (r: Run) => ({ ingest: Math.round(r.ingestMs / 1000), pipeline: Math.round(r.pipelineMs / 1000), questions: Math.round(r.questionsMs / 1000), builtIngest: Math.round(r.builtIngestMs / 1000), builtPipeline: Math.round(r.builtPipelineMs / 1000) });

function belowFloor(runs: Run[]): string[] {
  const minCorrect = values["min-correct"] !== undefined ? Number(values["min-correct"]) : null;
  const maxWrong = values["max-wrong"] !== undefined ? Number(values["max-wrong"]) : null;
  const failures: string[] = [];
  for (const r of runs) {
    const s = r.set === "natural" ? naturalTally(r.natural) : summaryOf(r.outcomes);
    const name = `${r.setting}/${r.set}`;
    if (minCorrect !== null && (s.correctRate ?? 0) < minCorrect) failures.push(`${name}: correct ${s.correctRate} < ${minCorrect}`);
    if (maxWrong !== null && (s.wrongRate ?? 1) > maxWrong) failures.push(`${name}: wrong ${s.wrongRate} > ${maxWrong}`);
  }
  return failures;
}

/** --list (with --natural-file): the batch's ids, types, deals and files, parsed and grouped; nothing is asked. */
function listNatural(): number {
  if (!NATURAL_BATCH) throw new Error("--list lists a --natural-file batch");
  const items = loadNatural(NATURAL_BATCH).filter((x) => !IDS || IDS.has(x.id));
  for (const it of items) console.log([it.id, it.type, it.deal, it.files.join(",")].join("\t"));
  console.log(`${items.length} items in ${naturalDealsByFiles(items).size} deals (${path.relative(process.cwd(), NATURAL_BATCH)})`);
  return 0;
}

async function main() {
  if (values.list) return listNatural();
  const t0 = Date.now();
  const agent = await loadAgent();
  const runs: Run[] = [];
  const wanted = <T extends { id: string }>(xs: T[]) => xs.filter((x) => !IDS || IDS.has(x.id.replace(/~.*$/, "")));
  for (const set of SETS as RunSet[]) {
    if (set === "natural") {
      const items = wanted(loadNatural(NATURAL_BATCH ?? NATURAL_FILE));
      for (const setting of SETTINGS) if (items.length) runs.push(await runNatural(agent, setting, items));
      continue;
    }
    const file = values.paraphrases ?? PARAPHRASE_FILE;
    if (set === "paraphrase" && !fs.existsSync(file)) {
      log(`paraphrase set skipped: ${path.relative(process.cwd(), file)} not found`);
      continue;
    }
    const questions = wanted(set === "paraphrase" ? loadParaphrases(file) : loadQuestionSet(set));
    for (const setting of SETTINGS) if (questions.length) runs.push(await runSetting(agent, setting, set, questions));
  }
  const summary: Record<string, unknown> = { seconds: Math.round((Date.now() - t0) / 1000) };
  for (const r of runs) {
    if (r.set === "natural") {
      printNatural(`${r.setting} · ${NATURAL_LABEL} · ${r.natural.length} items`, r.natural);
      summary[NATURAL_BATCH ? `${r.setting}/natural:${NATURAL_LABEL}` : `${r.setting}/natural`] = { ...naturalSummary(r.natural), phasesSeconds: phasesOf(r) };
    } else if (r.set === "paraphrase") {
      printParaphrases(`${r.setting} · paraphrases · ${r.outcomes.length} questions (originals and three rewordings)`, r.outcomes);
      const origins = [...new Set(r.outcomes.map((o) => o.q.set))];
      if (origins.length > 1) for (const set of origins) printParaphrases(`${r.setting} · paraphrases of ${set} questions`, r.outcomes.filter((o) => o.q.set === set));
      summary[`${r.setting}/paraphrase`] = { ...paraphraseSummary(r.outcomes), ...Object.fromEntries(origins.map((set) => [set, paraphraseSummary(r.outcomes.filter((o) => o.q.set === set))])), phasesSeconds: phasesOf(r) };
    }
    for (const h of byHalf(r)) {
      printTable(`${h.setting} · ${h.label} · ${h.outcomes.length} questions`, h.outcomes);
      summary[`${h.setting}/${h.name}`] = { ...summaryOf(h.outcomes), heldOut: h.heldOut, phasesSeconds: phasesOf(h) };
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
    console.log(`phases this run: ingest ${s(r.ingestMs)}, pipeline ${s(r.pipelineMs)}, questions ${(r.questionsMs / 1000).toFixed(1)} s (cache: ${r.cache.map((c) => c.split(":")[1]).join(",")}); building the deals took ingest ${s(r.builtIngestMs)}, pipeline ${s(r.builtPipelineMs)}`);
    for (const id of [...r.outcomes.filter((x) => x.error).map((o) => `${o.q.id}: ${o.error}`), ...r.natural.filter((x) => x.error).map((o) => `${o.item.id}: ${o.error}`)]) console.log(`  crash: ${id}`);
  }
  const failures = belowFloor(runs);
  if (values["min-correct"] !== undefined || values["max-wrong"] !== undefined) {
    console.log(failures.length ? `FLOOR FAILED: ${failures.join("; ")}` : `FLOOR ok (correct ≥ ${values["min-correct"] ?? "-"}, wrong ≤ ${values["max-wrong"] ?? "-"})`);
    summary.floor = { ok: failures.length === 0, failures };
  }
  console.log(`SUMMARY ${JSON.stringify(summary)}`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
