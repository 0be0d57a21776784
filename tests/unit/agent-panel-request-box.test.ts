/**
 * Agent Mode's request box is the chat's question box (components/chat/composer.tsx) with its own
 * labels: its id, limit and button (rendered by React's server renderer, no browser).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AgentPanel } from "@/components/agent-mode/agent-panel";

describe("Agent Mode request box", () => {
  it("is the shared composer with Agent Mode's id, 1,000-character limit, counter and Run button", () => {
    const html = renderToStaticMarkup(createElement(AgentPanel, { deal: "acme", conversationId: "00000000-0000-4000-8000-000000000002", initialMessages: [] }));
    expect(html).toMatch(/<label for="agent-input" class="sr-only">Agent Mode request<\/label>/);
    expect(html).toMatch(/<textarea[^>]*id="agent-input"[^>]*maxLength="1000"/i);
    expect(html).toContain("0/1000");
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Run agent<\/button>/);
    expect(html).not.toContain('id="chat-input"');
  });
});
