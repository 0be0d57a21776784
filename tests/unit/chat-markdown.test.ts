/**
 * The chat's markdown renderer (react-markdown + remark-gfm, components/chat/markdown.tsx), rendered
 * by React's server renderer: GFM tables, citations turned into viewer links, unsafe link schemes
 * shown as plain text, raw HTML never interpreted, and half-streamed input rendered as far as it goes.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, inline, safeHref, type CitationResolver } from "@/components/chat/markdown";

const resolve: CitationResolver = (document, location) => (document === "report.pdf" ? `/viewer/${encodeURIComponent(document)}?at=${encodeURIComponent(location)}` : null);
const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text, resolve }));

describe("chat markdown", () => {
  it("renders a GFM table with header cells and right-aligned figures", () => {
    const out = html("| Item | Amount |\n|---|---:|\n| Revenue | 1,200 |\n| Note | **high** |");
    expect(out).toMatch(/<table[^>]*>.*<th[^>]*>Item<\/th>.*<th[^>]*>Amount<\/th>/s);
    expect(out).toMatch(/<td class="[^"]*text-right[^"]*">1,200<\/td>/);
    expect(out).toContain('<strong class="font-semibold">high</strong>');
  });

  it("turns citations into viewer links through the resolver, several per bracket", () => {
    const out = html("Revenue rose (source: report.pdf, p.4; source: model.xlsx, Sheet1!B15).");
    expect(out).toContain('<a class="text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700" data-testid="citation-link" href="/viewer/report.pdf?at=p.4">source: report.pdf, p.4</a>');
    // Unresolved: plain text, no link.
    expect(out).toContain("; source: model.xlsx, Sheet1!B15)");
    expect(out.match(/citation-link/g)).toHaveLength(1);
    // Not inside code.
    expect(html("`(source: report.pdf, p.4)`")).not.toContain("citation-link");
  });

  it("neutralises javascript:, data:, vbscript: and protocol-relative links, keeps relative and http(s)", () => {
    const out = html("[click](javascript:alert(1)) [d](data:text/html;base64,PHNjcmlwdD4=) [v](vbscript:msgbox) [p](//evil.example/x) [ok](/deals/a) [web](https://example.com/)");
    expect(out).not.toMatch(/javascript:|data:text|vbscript:|\/\/evil/);
    expect(out).toContain("click");
    expect(out).toContain('href="/deals/a"');
    expect(out).toContain('href="https://example.com/"');
    expect(out).toMatch(/<a target="_blank" rel="noreferrer noopener"[^>]*href="https:\/\/example.com\/"|<a [^>]*href="https:\/\/example.com\/"[^>]*target="_blank"/);
    expect(safeHref(" JavaScript:alert(1)")).toBeNull();
    expect(safeHref("/\\evil.example")).toBeNull();
  });

  it("shows raw HTML as text, never as markup", () => {
    const out = html('<img src=x onerror="alert(1)"> <script>alert(1)</script>');
    expect(out).not.toMatch(/<img|<script/);
    expect(out).toContain("&lt;script&gt;");
  });

  it("renders half-streamed input: a table without its rows, an unclosed bold", () => {
    const table = html("| Item | Amount |\n|---|---|\n| Reve");
    expect(table).toMatch(/<th[^>]*>Item<\/th>/);
    expect(table).toContain(">Reve</td>");
    const bold = html("Revenue is **up 12");
    expect(bold).toContain("Revenue is **up 12");
    expect(bold).not.toContain("<strong");
    expect(html("| Item | Amo")).toContain("| Item | Amo");
  });

  it("renders lists, headings, code blocks and line breaks", () => {
    const out = html("## Summary\n\n- one\n- *two*\n\n1. first\n\n```\nx < 1\n```\n\nline a\nline b");
    expect(out).toContain('<h3 class="mt-4 text-base font-semibold">Summary</h3>');
    expect(out).toMatch(/<ul[^>]*>\s*<li>one<\/li>\s*<li><em>two<\/em><\/li>\s*<\/ul>/);
    expect(out).toMatch(/<ol[^>]*>\s*<li>first<\/li>\s*<\/ol>/);
    expect(out).toMatch(/<pre[^>]*><code>x &lt; 1<\/code><\/pre>/);
    expect(out).toMatch(/line a<br\/>\s*line b/);
  });

  it("inline() keeps a fragment's outer spaces and unwraps blocks", () => {
    const out = renderToStaticMarkup(createElement("span", null, ...inline("Revenue was **up** ", resolve), "[1]", ...inline(" and costs", resolve)));
    expect(out).toBe('<span>Revenue was <strong class="font-semibold">up</strong> [1] and costs</span>');
  });
});
