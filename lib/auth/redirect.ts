/** A same-site path to return to after signing in; anything else (other hosts, `//x`, `/\\x`) becomes "/". */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || typeof next !== "string" || next.length > 2000) return "/";
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || /[\u0000-\u001f]/.test(next)) return "/";
  if (next === "/login" || next.startsWith("/login?") || next.startsWith("/login/")) return "/";
  return next;
}
