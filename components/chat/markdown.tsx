"use client";

import Link from "next/link";
import { Fragment, type ReactNode } from "react";

/**
 * A small, safe markdown renderer for streamed answers: headings, paragraphs, lists, GFM
 * tables, code, bold/italic, links (relative or http(s) only) and citations
 * "(source: file, p.N)" / "(source: file, Sheet!B15)" turned into viewer links. It builds React
 * elements only (no HTML injection) and tolerates half-streamed input.
 */
export type CitationResolver = (document: string, location: string) => string | null;

const CITATION = /\(source:\s*([^()]+?)\)/g;

function safeHref(href: string): string | null {
  const h = href.trim();
  if (h.startsWith("/") && !h.startsWith("//")) return h;
  if (/^https?:\/\//i.test(h)) return h;
  return null;
}

function renderCitations(text: string, resolve: CitationResolver | undefined, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  let i = 0;
  for (const m of text.matchAll(CITATION)) {
    const inner = m[1]!;
    if (m.index! > at) out.push(text.slice(at, m.index));
    // One or more "file, loc" separated by ";" (and repeated "source:").
    const refs = inner.split(/;\s*(?:source:\s*)?/).map((r) => r.trim()).filter(Boolean);
    out.push(
      <span key={`${key}-c${i++}`} className="text-slate-500 [overflow-wrap:anywhere]">
        (
        {refs.map((r, j) => {
          const comma = r.lastIndexOf(",");
          const doc = comma > 0 ? r.slice(0, comma).trim() : r;
          const loc = comma > 0 ? r.slice(comma + 1).trim() : "";
          const href = resolve?.(doc, loc) ?? null;
          const label = `${doc}${loc ? `, ${loc}` : ""}`;
          return (
            <Fragment key={j}>
              {j > 0 ? "; " : ""}
              {href ? (
                <Link href={href} className="text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700" data-testid="citation-link">
                  source: {label}
                </Link>
              ) : (
                <>source: {label}</>
              )}
            </Fragment>
          );
        })}
        )
      </span>,
    );
    at = m.index! + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** Inline: code, links, bold, italic, citations. */
export function inline(text: string, resolve?: CitationResolver, key = "i"): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(`[^`]+`)|(\[([^\]]+)\]\(([^)\s]+)\))|(\*\*([^*]+)\*\*)|(__([^_]+)__)|(\*([^*\s][^*]*?)\*)|(_([^_\s][^_]*?)_(?![\w]))/g;
  let at = 0;
  let n = 0;
  for (const m of text.matchAll(re)) {
    if (m.index! > at) out.push(...renderCitations(text.slice(at, m.index), resolve, `${key}-t${n}`));
    const k = `${key}-${n++}`;
    if (m[1]) out.push(<code key={k} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]">{m[1].slice(1, -1)}</code>);
    else if (m[2]) {
      const href = safeHref(m[4]!);
      out.push(
        href ? (
          href.startsWith("/") ? (
            <Link key={k} href={href} className="text-indigo-700 underline underline-offset-2">
              {inline(m[3]!, resolve, k)}
            </Link>
          ) : (
            <a key={k} href={href} target="_blank" rel="noreferrer noopener" className="text-indigo-700 underline underline-offset-2">
              {inline(m[3]!, resolve, k)}
            </a>
          )
        ) : (
          <Fragment key={k}>{m[3]}</Fragment>
        ),
      );
    } else if (m[5]) out.push(<strong key={k} className="font-semibold">{inline(m[6]!, resolve, k)}</strong>);
    else if (m[7]) out.push(<strong key={k} className="font-semibold">{inline(m[8]!, resolve, k)}</strong>);
    else if (m[9]) out.push(<em key={k}>{inline(m[10]!, resolve, k)}</em>);
    else if (m[11]) out.push(<em key={k}>{inline(m[12]!, resolve, k)}</em>);
    at = m.index! + m[0].length;
  }
  if (at < text.length) out.push(...renderCitations(text.slice(at), resolve, `${key}-end`));
  return out;
}

const isTableSep = (l: string) => /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(l);
const cellsOf = (l: string) => l.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());

export function Markdown({ text, resolve }: { text: string; resolve?: CitationResolver }) {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const blocks: ReactNode[] = [];
  let i = 0;
  let b = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const key = `b${b++}`;
    if (/^\s*```/.test(line)) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !/^\s*```/.test(lines[i]!)) body.push(lines[i++]!);
      i++;
      blocks.push(
        <pre key={key} className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
          <code>{body.join("\n")}</code>
        </pre>,
      );
      continue;
    }
    const h = /^(#{1,4})\s+(.*)$/.exec(line);
    if (h) {
      const level = h[1]!.length;
      const cls = level <= 2 ? "mt-4 text-base font-semibold" : "mt-3 text-sm font-semibold";
      blocks.push(
        level <= 2 ? (
          <h3 key={key} className={cls}>
            {inline(h[2]!, resolve, key)}
          </h3>
        ) : (
          <h4 key={key} className={cls}>
            {inline(h[2]!, resolve, key)}
          </h4>
        ),
      );
      i++;
      continue;
    }
    if (line.includes("|") && i + 1 < lines.length && isTableSep(lines[i + 1]!)) {
      const head = cellsOf(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.includes("|") && lines[i]!.trim()) rows.push(cellsOf(lines[i++]!));
      blocks.push(
        <div key={key} className="my-2 overflow-x-auto">
          <table className="min-w-full border-collapse text-sm">
            <thead>
              <tr>
                {head.map((c, j) => (
                  <th key={j} scope="col" className="border-b border-slate-300 bg-slate-50 px-2 py-1 text-left font-semibold">
                    {inline(c, resolve, `${key}h${j}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, ri) => (
                <tr key={ri} className="border-b border-slate-100">
                  {head.map((_, j) => (
                    <td key={j} className={`px-2 py-1 align-top ${/^[\s(−–-]*[\d.,%]+\)?\s*\w{0,4}$/.test(r[j] ?? "") ? "text-right tabular-nums" : ""}`}>
                      {inline(r[j] ?? "", resolve, `${key}r${ri}c${j}`)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
      continue;
    }
    if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      const ordered = /^\s*\d+[.)]\s+/.test(line);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*+]|\d+[.)])\s+/.test(lines[i]!)) {
        let item = lines[i]!.replace(/^\s*([-*+]|\d+[.)])\s+/, "");
        i++;
        while (i < lines.length && /^\s{2,}\S/.test(lines[i]!) && !/^\s*([-*+]|\d+[.)])\s+/.test(lines[i]!)) item += ` ${lines[i++]!.trim()}`;
        items.push(item);
      }
      const List = ordered ? "ol" : "ul";
      blocks.push(
        <List key={key} className={`my-2 space-y-1 pl-5 ${ordered ? "list-decimal" : "list-disc"}`}>
          {items.map((it, j) => (
            <li key={j}>{inline(it, resolve, `${key}l${j}`)}</li>
          ))}
        </List>,
      );
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !/^\s*```|^#{1,4}\s|^\s*([-*+]|\d+[.)])\s+/.test(lines[i]!) && !(lines[i]!.includes("|") && i + 1 < lines.length && isTableSep(lines[i + 1]!))) {
      para.push(lines[i++]!);
    }
    blocks.push(
      <p key={key} className="my-2">
        {para.map((p, j) => (
          <Fragment key={j}>
            {j > 0 && <br />}
            {inline(p, resolve, `${key}p${j}`)}
          </Fragment>
        ))}
      </p>,
    );
  }
  return <div className="min-w-0 break-words text-[15px] leading-relaxed text-slate-800">{blocks}</div>;
}
