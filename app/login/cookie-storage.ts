/**
 * supabase-js session storage in cookies (instead of localStorage) so the server sees the session:
 * `base64-<base64url JSON>` split into `<key>.0`, `<key>.1` … chunks, as @supabase/ssr writes it.
 * lib/auth/token.ts reads the same format. Browser only.
 */
const CHUNK = 3000;
const MAX_AGE = 400 * 24 * 60 * 60;

function readAll(): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of document.cookie.split(";")) {
    const i = part.indexOf("=");
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

function write(name: string, value: string, maxAge: number) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(s: string): string {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

function chunkNames(all: Map<string, string>, key: string): string[] {
  return [...all.keys()].filter((n) => n === key || (n.startsWith(`${key}.`) && /^\d+$/.test(n.slice(key.length + 1))));
}

export const cookieStorage = {
  getItem(key: string): string | null {
    const all = readAll();
    let raw = all.get(key) ?? "";
    if (!raw) for (let i = 0; all.has(`${key}.${i}`); i++) raw += all.get(`${key}.${i}`);
    if (!raw) return null;
    try {
      return raw.startsWith("base64-") ? fromBase64Url(raw.slice(7)) : decodeURIComponent(raw);
    } catch {
      return null;
    }
  },
  setItem(key: string, value: string): void {
    const all = readAll();
    for (const n of chunkNames(all, key)) write(n, "", 0);
    const encoded = `base64-${toBase64Url(value)}`;
    if (encoded.length <= CHUNK) return write(key, encoded, MAX_AGE);
    for (let i = 0; i * CHUNK < encoded.length; i++) write(`${key}.${i}`, encoded.slice(i * CHUNK, (i + 1) * CHUNK), MAX_AGE);
  },
  removeItem(key: string): void {
    for (const n of chunkNames(readAll(), key)) write(n, "", 0);
  },
};
