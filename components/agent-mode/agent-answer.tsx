"use client";

import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import { inline } from "@/components/chat/markdown";

export interface AnswerCitation {
  n: number;
  document: string;
  page: number;
  url: string;
  snippet: string;
  opened: boolean;
}

const MARKER = /\[(\d{1,3})\]/g;

/** Inline text with [n] markers turned into viewer links (bold, code and links via the chat renderer). */
function withMarkers(text: string, byN: Map<number, AnswerCitation>, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  let i = 0;
  for (const m of text.matchAll(MARKER)) {
    if (m.index! > at) out.push(<Fragment key={`${key}-t${i}`}>{inline(text.slice(at, m.index), undefined, `${key}-t${i}`)}</Fragment>);
    const c = byN.get(Number(m[1]));
    out.push(
      c ? (
        <Link key={`${key}-m${i}`} href={c.url} title={`${c.document}, p.${c.page}`} className="mx-0.5 rounded bg-indigo-50 px-1 text-xs font-medium text-indigo-700 no-underline hover:bg-indigo-100" data-testid="citation-link">
          [{c.n}]
        </Link>
      ) : (
        <Fragment key={`${key}-m${i}`}>{m[0]}</Fragment>
      ),
    );
    at = m.index! + m[0].length;
    i++;
  }
  if (at < text.length) out.push(<Fragment key={`${key}-end`}>{inline(text.slice(at), undefined, `${key}-end`)}</Fragment>);
  return out;
}

/**
 * The final answer: headings, quotes, lists and paragraphs, every [n] a link to the viewer. While
 * it streams in, `streaming` marks it (and it renders under another test id, so tests that read
 * "agent-answer" only ever see a complete answer).
 */
export function AgentAnswer({ text, citations, streaming = false }: { text: string; citations: AnswerCitation[]; streaming?: boolean }) {
  const byN = new Map(citations.map((c) => [c.n, c]));
  const blocks = text.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
  return (
    <div className="space-y-3 text-sm leading-relaxed text-slate-800" data-testid={streaming ? "agent-answer-streaming" : "agent-answer"} aria-busy={streaming || undefined}>
      {blocks.map((b, i) => {
        const h = /^(#{1,6})\s+(.*)$/.exec(b);
        if (h && !b.includes("\n")) {
          const level = h[1]!.length;
          const cls = level <= 2 ? "text-base font-semibold text-slate-900" : "text-sm font-semibold text-slate-900";
          return (
            <p key={i} role="heading" aria-level={Math.min(6, level + 1)} className={cls}>
              {withMarkers(h[2]!, byN, `h${i}`)}
            </p>
          );
        }
        const lines = b.split("\n");
        if (lines.every((l) => /^>\s?/.test(l))) {
          return (
            <blockquote key={i} className="border-l-2 border-amber-300 bg-amber-50 px-3 py-2 text-slate-700">
              {withMarkers(lines.map((l) => l.replace(/^>\s?/, "")).join(" "), byN, `q${i}`)}
            </blockquote>
          );
        }
        if (lines.every((l) => /^\s*(?:[-*•]|\d+\.)\s+/.test(l))) {
          return (
            <ul key={i} className="list-disc space-y-1 pl-5">
              {lines.map((l, j) => (
                <li key={j}>{withMarkers(l.replace(/^\s*(?:[-*•]|\d+\.)\s+/, ""), byN, `l${i}-${j}`)}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={i}>
            {lines.map((l, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {withMarkers(l.replace(/^#{1,6}\s+/, ""), byN, `p${i}-${j}`)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
