"use client";

import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import ReactMarkdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * The chat's markdown renderer for streamed answers: `react-markdown` + `remark-gfm` (headings,
 * paragraphs, lists, GFM tables, code, bold/italic, links). What the libraries do not do is ours:
 * citations "(source: file, p.N)" / "(source: file, Sheet!B15)" (several may share the brackets,
 * separated by ";") become viewer links through a remark transform of text nodes, and every link
 * or image URL passes `safeHref` (relative "/..." or http(s) only; anything else renders as plain
 * text). Raw HTML is never interpreted (no rehype-raw: react-markdown shows it as text), and
 * half-streamed input (an unclosed "**", a table without its rows) renders as what is there.
 */
export type CitationResolver = (document: string, location: string) => string | null;

const CITATION = /\(source:\s*([^()]+?)\)/g;
const CITATION_CLASS = "text-slate-500 [overflow-wrap:anywhere]";
const LINK_CLASS = "text-indigo-700 underline underline-offset-2";
const CITE_LINK_CLASS = "text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700";

/** Relative ("/...", not "//") or http(s) URLs only; null for javascript:, data:, vbscript:, "//host" and the rest. */
export function safeHref(href: string): string | null {
  const h = href.trim();
  if (h.startsWith("/") && !h.startsWith("//") && !h.startsWith("/\\")) return h;
  if (/^https?:\/\//i.test(h)) return h;
  return null;
}

/** The few mdast shapes the citation transform reads and writes. */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
  data?: { hName?: string; hProperties?: Record<string, unknown> };
}

const text = (value: string): MdNode => ({ type: "text", value });

/** "file, loc; file, loc" → one span "(…)" holding a viewer link (or plain text) per reference. */
function citationNode(inner: string, resolve: CitationResolver | undefined): MdNode {
  const refs = inner.split(/;\s*(?:source:\s*)?/).map((r) => r.trim()).filter(Boolean);
  const children: MdNode[] = [text("(")];
  refs.forEach((r, j) => {
    const comma = r.lastIndexOf(",");
    const doc = comma > 0 ? r.slice(0, comma).trim() : r;
    const loc = comma > 0 ? r.slice(comma + 1).trim() : "";
    const href = resolve?.(doc, loc) ?? null;
    const label = text(`source: ${doc}${loc ? `, ${loc}` : ""}`);
    if (j > 0) children.push(text("; "));
    children.push(href ? { type: "link", url: href, children: [label], data: { hProperties: { dataTestid: "citation-link" } } } : label);
  });
  children.push(text(")"));
  return { type: "citation", children, data: { hName: "span", hProperties: { className: CITATION_CLASS } } };
}

/** One text node → text, citation spans and (as the old renderer did) a line break per newline. */
function splitText(value: string, resolve: CitationResolver | undefined): MdNode[] {
  const out: MdNode[] = [];
  const plain = (s: string) =>
    s.split("\n").forEach((part, i) => {
      if (i > 0) out.push({ type: "break" });
      if (part) out.push(text(part));
    });
  let at = 0;
  for (const m of value.matchAll(CITATION)) {
    plain(value.slice(at, m.index));
    out.push(citationNode(m[1]!, resolve));
    at = m.index + m[0].length;
  }
  plain(value.slice(at));
  return out;
}

const SKIP = new Set(["link", "linkReference", "inlineCode", "code", "citation"]);

function transform(node: MdNode, resolve: CitationResolver | undefined): void {
  if (!node.children || SKIP.has(node.type)) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === "text" && child.value) return splitText(child.value, resolve);
    transform(child, resolve);
    return [child];
  });
}

/** remark plugin: citations in text (not in code or existing links) become viewer links. */
function remarkCitations(options: { resolve?: CitationResolver }) {
  return (tree: unknown) => transform(tree as MdNode, options.resolve);
}

type Node = ExtraProps["node"];
function textOf(node: Node | { type: string; value?: string; children?: unknown[] } | undefined): string {
  if (!node) return "";
  if ("value" in node && typeof node.value === "string") return node.value;
  return "children" in node && Array.isArray(node.children) ? node.children.map((c) => textOf(c as Node)).join("") : "";
}

const NUMERIC = /^[\s(−–-]*[\d.,%]+\)?\s*\w{0,4}$/;

const components: Components = {
  a: ({ href, children, node }) => {
    if (!href) return <>{children}</>;
    if (node?.properties?.dataTestid === "citation-link")
      return (
        <Link href={href} className={CITE_LINK_CLASS} data-testid="citation-link">
          {children}
        </Link>
      );
    if (href.startsWith("/"))
      return (
        <Link href={href} className={LINK_CLASS}>
          {children}
        </Link>
      );
    return (
      <a href={href} target="_blank" rel="noreferrer noopener" className={LINK_CLASS}>
        {children}
      </a>
    );
  },
  img: ({ alt }) => <>{alt}</>,
  p: ({ children }) => <p className="my-2">{children}</p>,
  strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
  h1: ({ children }) => <h3 className="mt-4 text-base font-semibold">{children}</h3>,
  h2: ({ children }) => <h3 className="mt-4 text-base font-semibold">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-3 text-sm font-semibold">{children}</h4>,
  h4: ({ children }) => <h4 className="mt-3 text-sm font-semibold">{children}</h4>,
  h5: ({ children }) => <h4 className="mt-3 text-sm font-semibold">{children}</h4>,
  h6: ({ children }) => <h4 className="mt-3 text-sm font-semibold">{children}</h4>,
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children, start }) => (
    <ol start={start} className="my-2 list-decimal space-y-1 pl-5">
      {children}
    </ol>
  ),
  pre: ({ node }) => (
    <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
      <code>{textOf(node).replace(/\n$/, "")}</code>
    </pre>
  ),
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]">{children}</code>,
  table: ({ children }) => (
    <div className="my-2 overflow-x-auto">
      <table className="min-w-full border-collapse text-sm">{children}</table>
    </div>
  ),
  th: ({ children }) => (
    <th scope="col" className="border-b border-slate-300 bg-slate-50 px-2 py-1 text-left font-semibold">
      {children}
    </th>
  ),
  tr: ({ children }) => <tr className="border-b border-slate-100">{children}</tr>,
  td: ({ children, node }) => <td className={`px-2 py-1 align-top ${NUMERIC.test(textOf(node)) ? "text-right tabular-nums" : ""}`}>{children}</td>,
};

function render(text: string, resolve: CitationResolver | undefined, extra: Partial<Parameters<typeof ReactMarkdown>[0]> = {}) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm, [remarkCitations, { resolve }]]} components={components} urlTransform={safeHref} {...extra}>
      {text}
    </ReactMarkdown>
  );
}

const INLINE = ["p", "strong", "em", "del", "code", "a", "span", "br"];
/** Built once: a fresh `p` per call would be a new component type each render (React remounts it). */
const INLINE_OPTIONS = { allowedElements: INLINE, unwrapDisallowed: true, components: { ...components, p: ({ children }: { children?: ReactNode }) => <>{children}</> } };

/**
 * Inline markdown (code, links, bold, italic, citations) for a fragment of a line, e.g. between
 * Agent Mode's [n] markers: block constructs are unwrapped, and the fragment's outer whitespace
 * (which markdown would trim) is kept so fragments join as they were written.
 */
export function inline(text: string, resolve?: CitationResolver, key = "i"): ReactNode[] {
  const lead = /^\s*/.exec(text)![0];
  const body = text.slice(lead.length);
  const trail = /\s*$/.exec(body)![0];
  const core = body.slice(0, body.length - trail.length);
  return [
    lead,
    <Fragment key={key}>{core ? render(core, resolve, INLINE_OPTIONS) : null}</Fragment>,
    trail,
  ].filter((n) => n !== "");
}

export function Markdown({ text, resolve }: { text: string; resolve?: CitationResolver }) {
  return <div className="min-w-0 break-words text-[15px] leading-relaxed text-slate-800">{render(text.replace(/\r\n/g, "\n"), resolve)}</div>;
}
