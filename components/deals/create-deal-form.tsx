"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessageOf } from "@/lib/ui/urls";
import { SLUG_PATTERN } from "./slug-pattern";

const slugify = (s: string) => s.toLowerCase().normalize("NFKD").replace(/[^\w\s-]/g, "").trim().replace(/[\s_]+/g, "-").replace(/-+/g, "-").slice(0, 63);

export function CreateDealForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugTouched, setSlugTouched] = useState(false);
  const [target, setTarget] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await fetch("/api/deals", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ slug: slug || slugify(name), name: name || undefined, targetCompany: target || undefined }),
      });
      if (!res.ok) throw new Error(await errorMessageOf(res));
      const deal = (await res.json()) as { slug: string };
      router.push(`/deals/${deal.slug}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : "Could not create the deal.");
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" aria-labelledby="create-deal-heading">
      <h2 id="create-deal-heading" className="text-base font-medium sm:col-span-4">
        New deal
      </h2>
      <div>
        <label htmlFor="deal-name" className="block text-xs font-medium text-slate-600">
          Name
        </label>
        <input
          id="deal-name"
          required
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (!slugTouched) setSlug(slugify(e.target.value));
          }}
          placeholder="Project Borealis"
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      </div>
      <div>
        <label htmlFor="deal-slug" className="block text-xs font-medium text-slate-600">
          Short name (URL)
        </label>
        <input
          id="deal-slug"
          required
          pattern={SLUG_PATTERN}
          title="Lowercase letters, digits and dashes"
          value={slug}
          onChange={(e) => {
            setSlugTouched(true);
            setSlug(e.target.value);
          }}
          placeholder="project-borealis"
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
        />
      </div>
      <div>
        <label htmlFor="deal-target" className="block text-xs font-medium text-slate-600">
          Target company <span className="font-normal text-slate-400">(optional)</span>
        </label>
        <input id="deal-target" value={target} onChange={(e) => setTarget(e.target.value)} placeholder="Borealis Systems AB" className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      </div>
      <button disabled={busy} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60">
        {busy ? "Creating…" : "Create deal"}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-4">
          {error}
        </p>
      )}
    </form>
  );
}
