/**
 * The chat's write approval end to end, the way the browser does it: the AI SDK's Chat with the
 * page's transport (components/chat/transport.ts) and sendAutomaticallyWhen, against the real
 * route handler, agent and offline model on PGlite. Asking to add a question stops at an
 * approval request and writes nothing; Approve sends the decision and the same answer goes on to
 * write it; Decline writes nothing and the answer says so.
 */
import { Chat } from "@ai-sdk/react";
import { lastAssistantMessageIsCompleteWithApprovalResponses } from "ai";
import type { MandaUIMessage } from "@/lib/chat/ui-message";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { getRequestUser } from "@/lib/auth/request";
import { handleChatPost } from "@/lib/chat/handler";
import { loadMessages } from "@/lib/chat/store";
import { listQaItems } from "@/lib/irl/qa";
import { dealChatTransport } from "@/components/chat/transport";
import { openTestDb } from "../helpers/db";
import { seedDeal } from "./agent-fixtures";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "", SUPABASE_URL: "" });

let db: Db;
let cleanup: () => Promise<void>;
let deal: { id: string; slug: string };

beforeAll(async () => {
  ({ db, cleanup } = await openTestDb());
  const seeded = await seedDeal(db, "approval-flow");
  deal = { id: seeded.deal.id, slug: seeded.deal.slug };
});
afterAll(async () => cleanup?.());

type ToolPart = { type: string; state: string; approval?: { id: string } };

/** A browser-like chat on this deal whose requests go to the route handler; `settled` resolves when an answer is stored. */
function browserChat(id: string) {
  let saved: () => void = () => {};
  const chat = new Chat<MandaUIMessage>({
    id,
    transport: dealChatTransport(deal.slug, async (_url, init) => handleChatPost(new Request("http://localhost/api/chat", init as RequestInit), { db, user: await getRequestUser(), onSaved: () => saved() })),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const settled = () => new Promise<void>((r) => (saved = r));
  const writePart = () => chat.messages.at(-1)!.parts.find((p) => p.type === "tool-add_to_qa") as ToolPart | undefined;
  return { chat, settled, writePart };
}

const QUESTION = "Add who the CTO is to the Q&A list";

describe("chat write approval through the page's client", () => {
  it("Approve: nothing is written before it; then the same answer writes the question and says so", async () => {
    const before = (await listQaItems({ db, dealId: deal.id })).length;
    const { chat, settled, writePart } = browserChat(crypto.randomUUID());
    let stored = settled();
    await chat.sendMessage({ text: QUESTION });
    await stored;
    expect(writePart()).toMatchObject({ state: "approval-requested" });
    expect((await listQaItems({ db, dealId: deal.id })).length).toBe(before);

    stored = settled();
    await chat.addToolApprovalResponse({ id: writePart()!.approval!.id, approved: true });
    await stored;
    await expect.poll(() => chat.status).toBe("ready");
    expect(writePart()).toMatchObject({ state: "output-available" });
    expect((await listQaItems({ db, dealId: deal.id })).length).toBe(before + 1);
    const answer = chat.messages.at(-1)!;
    expect(answer.parts.some((p) => p.type === "text" && /^Added 1 question to the Q&A list/.test(p.text))).toBe(true);
    // stored as one answer, completed in place
    const messages = await loadMessages({ db, conversationId: chat.id });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1]!.id).toBe(answer.id);
  });

  it("Decline: nothing is written and the answer says so", async () => {
    const before = (await listQaItems({ db, dealId: deal.id })).length;
    const { chat, settled, writePart } = browserChat(crypto.randomUUID());
    let stored = settled();
    await chat.sendMessage({ text: QUESTION });
    await stored;
    stored = settled();
    await chat.addToolApprovalResponse({ id: writePart()!.approval!.id, approved: false });
    await stored;
    await expect.poll(() => chat.status).toBe("ready");
    expect((await listQaItems({ db, dealId: deal.id })).length).toBe(before);
    expect(chat.messages.at(-1)!.parts.some((p) => p.type === "text" && /you declined/.test(p.text))).toBe(true);
  });
});
