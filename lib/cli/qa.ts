import fs from "node:fs";
import { getDb } from "@/lib/db";
import { requireDeal } from "@/lib/db/queries/deals";
import { MandaError } from "@/lib/errors";
import { exportQa } from "@/lib/irl/export";
import { addQaItem, generateQaFromContradictions, generateQaFromGaps, listQaItems, updateQaItem } from "@/lib/irl/qa";
import type { Priority, QaStatus } from "@/lib/irl/types";
import { parseCli } from "./args";

const USAGE = `manda qa list --deal <slug> [--json]
  manda qa add --deal <slug> [--domain D] [--priority high|medium|low] "<question>"
  manda qa generate --deal <slug> [--from gaps|contradictions]
  manda qa update --deal <slug> --id <uuid> [--status open|sent|answered|closed] [--priority …] [--answer "…"]
  manda qa export --deal <slug> [--format csv|xlsx] [--out file]`;

const PRIORITIES = ["high", "medium", "low"];
const STATUSES = ["open", "sent", "answered", "closed"];

export async function qaCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCli(
    args,
    {
      deal: { type: "string" }, json: { type: "boolean" }, domain: { type: "string" }, priority: { type: "string" }, format: { type: "string" },
      out: { type: "string" }, from: { type: "string" }, id: { type: "string" }, status: { type: "string" }, answer: { type: "string" },
    },
    USAGE,
  );
  const [sub, ...rest] = positionals;
  if (!values.deal || !sub) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  if (values.priority && !PRIORITIES.includes(values.priority)) throw new MandaError("bad_request:priority", "--priority is high, medium or low.");
  if (values.status && !STATUSES.includes(values.status)) throw new MandaError("bad_request:status", `--status is one of ${STATUSES.join(", ")}.`);
  const db = await getDb();
  const deal = await requireDeal({ db, ref: values.deal });
  switch (sub) {
    case "list": {
      const items = await listQaItems({ db, dealId: deal.id, status: values.status as QaStatus | undefined });
      if (values.json) process.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
      else if (items.length === 0) process.stdout.write("The Q&A list is empty.\n");
      else for (const [i, q] of items.entries()) process.stdout.write(`${i + 1}. [${q.priority}/${q.status}/${q.origin}]${q.domain ? ` ${q.domain}:` : ""} ${q.question}${q.answer ? `\n   answer: ${q.answer}` : ""}\n   id ${q.id}\n`);
      return 0;
    }
    case "add": {
      const question = rest.join(" ").trim();
      if (!question) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
      const item = await addQaItem({ db, dealId: deal.id, question, origin: "manual", domain: values.domain ?? null, priority: values.priority as Priority | undefined });
      process.stdout.write(values.json ? `${JSON.stringify(item)}\n` : `${item.created ? "added" : "already on the list"}: ${item.question} (${item.id})\n`);
      return 0;
    }
    case "generate": {
      const from = values.from ?? "gaps";
      if (from !== "gaps" && from !== "contradictions") throw new MandaError("bad_request:usage", "--from is gaps or contradictions.");
      const r = from === "gaps" ? await generateQaFromGaps({ db, dealId: deal.id }) : await generateQaFromContradictions({ db, dealId: deal.id });
      process.stdout.write(`added ${r.added.length} question(s) from ${from} (${r.existing} already on the list)\n`);
      for (const q of r.added) process.stdout.write(`- [${q.priority}] ${q.question}\n`);
      return 0;
    }
    case "update": {
      if (!values.id) throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
      const item = await updateQaItem({ db, dealId: deal.id, id: values.id, patch: { status: values.status as QaStatus | undefined, priority: values.priority as Priority | undefined, answer: values.answer } });
      process.stdout.write(`${JSON.stringify(item)}\n`);
      return 0;
    }
    case "export": {
      const format = values.format ?? "csv";
      if (format !== "csv" && format !== "xlsx") throw new MandaError("bad_request:format", "--format is csv or xlsx.");
      const out = await exportQa(await listQaItems({ db, dealId: deal.id }), format, { dealName: deal.name });
      if (values.out) {
        fs.writeFileSync(values.out, out.body);
        process.stderr.write(`wrote ${values.out}\n`);
      } else if (format === "xlsx" && process.stdout.isTTY) {
        throw new MandaError("bad_request:out", "XLSX is binary: pass --out file.xlsx.");
      } else process.stdout.write(out.body);
      return 0;
    }
    default:
      throw new MandaError("bad_request:usage", `usage: ${USAGE}`);
  }
}
