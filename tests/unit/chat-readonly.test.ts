/**
 * A conversation shared by another member opens read-only: the server refuses posts to it, so the
 * chat's question box is disabled and says why (rendered by React's server renderer, no browser).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { MandaUIMessage } from "@/lib/chat/ui-message";
import { describe, expect, it } from "vitest";
import { Chat } from "@/components/chat/chat";
import { readOnlyReason } from "@/components/chat/read-only";

const messages: MandaUIMessage[] = [
  { id: "u1", role: "user", parts: [{ type: "text", text: "Who is the CEO?" }] },
  { id: "a1", role: "assistant", parts: [{ type: "text", text: "Dana Whitfield is the CEO (source: bios.pdf, p.1)." }] },
];

function render(readOnly: string | null) {
  return renderToStaticMarkup(createElement(Chat, { deal: "acme", conversationId: "00000000-0000-4000-8000-000000000001", initialMessages: messages, documents: [], isNew: false, readOnly }));
}

describe("chat: another member's conversation is read-only", () => {
  it("gives a reason only when the conversation is someone else's", () => {
    expect(readOnlyReason({ mine: false, shared: true })).toMatch(/only its author can continue it/);
    expect(readOnlyReason({ mine: true, shared: true })).toBeNull();
    expect(readOnlyReason(null)).toBeNull();
  });

  it("disables the question box and Send, says why, and offers no regenerate", () => {
    const html = render(readOnlyReason({ mine: false, shared: true }));
    expect(html).toMatch(/<textarea[^>]*id="chat-input"[^>]*disabled=""/);
    expect(html).toMatch(/<button type="submit" disabled=""/);
    expect(html).toContain('data-testid="composer-readonly"');
    expect(html).toContain("only its author can continue it");
    expect(html).toContain('aria-describedby="chat-readonly-reason"');
    expect(html).not.toContain('data-testid="regenerate"');
    expect(html).toContain("Dana Whitfield is the CEO");
  });

  it("leaves the author's own conversation open", () => {
    const html = render(null);
    expect(html).not.toMatch(/<textarea[^>]*disabled=""/);
    expect(html).not.toContain('data-testid="composer-readonly"');
    expect(html).toContain('data-testid="regenerate"');
  });
});
