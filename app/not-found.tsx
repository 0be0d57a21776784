import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center">
      <h1 className="text-lg font-semibold">Not found</h1>
      <p className="mt-2 text-sm text-slate-600">This deal, document or page does not exist (or you do not have access to it).</p>
      <Link href="/" className="mt-4 inline-block text-sm text-indigo-700 underline">
        Back to deals
      </Link>
    </div>
  );
}
