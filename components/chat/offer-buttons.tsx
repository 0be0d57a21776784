"use client";

import Link from "next/link";
import { useState } from "react";
import type { Offer } from "./offers";

type FlagState = { state: "saving" | "done" | "error"; text?: string };

/** "Flag as a gap": the unanswered question becomes an open IRL request. */
async function addGapToIrl(deal: string, question: string): Promise<void> {
  const res = await fetch(`/api/deals/${encodeURIComponent(deal)}/irl`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ domain: "Open questions", item: question.slice(0, 500), priority: "medium", notes: "Flagged in the chat: the data room did not answer it." }),
  });
  if (!res.ok) throw new Error(await res.text());
}

/** The "Flag as a gap" action's state: saving, done (with a link to the IRL) or failed. */
export function useGapFlag(deal: string) {
  const [flag, setFlag] = useState<FlagState | null>(null);
  async function flagGap(question: string) {
    if (!question) return;
    setFlag({ state: "saving" });
    try {
      await addGapToIrl(deal, question);
      setFlag({ state: "done", text: `Added to the IRL as an open request: “${question}”` });
    } catch {
      setFlag({ state: "error", text: "The IRL item could not be added. Try again from the IRL page." });
    }
  }
  return { flag, flagGap, clearFlag: () => setFlag(null) };
}

export function FlagStatus({ deal, flag }: { deal: string; flag: FlagState }) {
  return (
    <p role="status" className={`text-sm ${flag.state === "error" ? "text-red-700" : "text-emerald-800"}`} data-testid="flag-status">
      {flag.text}{" "}
      {flag.state === "done" && (
        <Link href={`/deals/${encodeURIComponent(deal)}/irl`} className="underline">
          Open the IRL
        </Link>
      )}
    </p>
  );
}

/** One-click offers under the last chat answer (offers.ts). */
export function OfferButtons({ offers, disabled, onTake }: { offers: Offer[]; disabled: boolean; onTake: (o: Offer) => void }) {
  return (
    <div className="flex flex-wrap gap-2" aria-label="Suggested actions">
      {offers.map((o) => (
        <button key={o.label} type="button" disabled={disabled} onClick={() => onTake(o)} className="rounded-md border border-indigo-300 bg-indigo-50 px-3 py-1.5 text-sm font-medium text-indigo-800 hover:bg-indigo-100" data-testid="offer-button">
          {o.label}
        </button>
      ))}
    </div>
  );
}
