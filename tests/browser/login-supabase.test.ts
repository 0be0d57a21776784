/**
 * Supabase mode in a real browser: its own `next start` (from the build global-setup.ts made)
 * with SUPABASE_URL pointing at the local Auth stub (tests/helpers/supabase-stub.ts, 127.0.0.1,
 * no network) and a fresh MANDA_DATA_DIR. /login's @supabase/ssr browser client talks to the stub
 * cross-origin (password grant, magic link with PKCE, logout); the server reads the chunked
 * `sb-<ref>-auth-token` cookie and checks it with GET /auth/v1/user.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authCookieName } from "@/lib/auth/mode";
import { startSupabaseStub, type StubUser, type SupabaseStub } from "@/tests/helpers/supabase-stub";
import { freePort, waitForUrl } from "./global-setup";
import { launch, shot, trackErrors } from "./helpers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WAIT = { timeout: 30_000 };

let stub: SupabaseStub;
let server: ChildProcess;
let dataDir: string;
let base: string;
let browser: Browser;
let cookie: string;
const contexts: BrowserContext[] = [];

// Alice's metadata is big enough that her session cookie is split into `.0`, `.1` chunks (as a
// real session with a few identities is), so the server's chunk joining is on the path.
const alice: StubUser = { id: "a1a1a1a1-0000-4000-8000-0000000000a1", email: "alice@example.com", name: "Alice Analyst", password: "correct horse", metadata: { team: "Deals", notes: "n".repeat(2000) } };
const bob: StubUser = { id: "b2b2b2b2-0000-4000-8000-0000000000b2", email: "bob@example.com", name: "Bob", password: "bob's password" };
const suffix = Date.now().toString(36);
const aliceDeal = { slug: `alice-${suffix}`, name: "Alice's acquisition" };
const bobDeal = { slug: `bob-${suffix}`, name: "Bob's acquisition" };

function startServer(env: NodeJS.ProcessEnv, port: number): ChildProcess {
  const log = fs.openSync(path.join(dataDir, "server.log"), "a");
  return spawn(path.join(ROOT, "node_modules", ".bin", "next"), ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: ROOT, env, stdio: ["ignore", log, log], detached: true });
}

async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      /* already gone */
    }
  };
  kill("SIGTERM");
  const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000).unref())]);
  if (!stopped) kill("SIGKILL");
}

/** A deal created through the API as `user` (Bearer token), so `user` is its owner. */
async function createDealAs(user: StubUser, deal: { slug: string; name: string }): Promise<void> {
  const res = await fetch(`${base}/api/deals`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${stub.signIn(user).access_token}` },
    body: JSON.stringify(deal),
    signal: AbortSignal.timeout(30_000),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function newPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  context.setDefaultTimeout(WAIT.timeout);
  contexts.push(context);
  const page = await context.newPage();
  return { context, page, errors: trackErrors(page) };
}

/** The form is shown once the client has looked for a session (it says "Checking your session…" before). */
const formShown = (page: Page) => page.getByRole("button", { name: "Email me a sign-in link" }).waitFor(WAIT);
/** The form's error and notice lines (Next's route announcer is another role=alert on the page). */
const alerts = (page: Page) => page.getByRole("form", { name: "Sign in" }).getByRole("alert").allInnerTexts();
const notices = (page: Page) => page.getByRole("form", { name: "Sign in" }).getByRole("status").allInnerTexts();
const sessionCookies = async (context: BrowserContext) => (await context.cookies(base)).map((c) => c.name).filter((n) => n === cookie || n.startsWith(`${cookie}.`));
const loginUrl = (next: string) => `${base}/login?next=${encodeURIComponent(next)}`;

async function signInWithPassword(page: Page, user: StubUser, next: string): Promise<void> {
  await page.goto(loginUrl(next));
  await formShown(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password!);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`${base}${next}`, WAIT);
}

beforeAll(async () => {
  stub = await startSupabaseStub();
  stub.addUser(alice);
  stub.addUser(bob);
  cookie = authCookieName(stub.url);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "manda-browser-supabase-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MANDA_DATA_DIR: dataDir,
    MANDA_LOAD_DEMO: "false",
    NEXT_TELEMETRY_DISABLED: "1",
    MANDA_LOG_LEVEL: process.env.MANDA_LOG_LEVEL ?? "warn",
    SUPABASE_URL: stub.url,
    SUPABASE_ANON_KEY: stub.anonKey,
  };
  // Its own embedded database and local file storage, whatever the caller's environment says.
  delete env.DATABASE_URL;
  delete env.SUPABASE_SERVICE_ROLE_KEY;
  const prep = spawnSync(process.execPath, [path.join(ROOT, "bin", "manda.mjs"), "prepare-app"], { cwd: ROOT, env, stdio: "inherit", timeout: 120_000 });
  if (prep.status !== 0) throw new Error(`manda prepare-app failed (${prep.status ?? prep.signal})`);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServer(env, port);
  try {
    await waitForUrl(`${base}/login`, 120_000, server);
  } catch (e) {
    process.stderr.write(fs.readFileSync(path.join(dataDir, "server.log"), "utf8").slice(-4000));
    throw e;
  }
  browser = await launch();
  await createDealAs(alice, aliceDeal);
  await createDealAs(bob, bobDeal);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await stopServer(server);
  await stub?.close();
  if (dataDir && !process.env.MANDA_BROWSER_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("Supabase sign-in", () => {
  it("an unauthenticated visit to a deal page goes to /login with the page as `next`", async () => {
    const { page, errors } = await newPage();
    await page.goto(`${base}/deals/${aliceDeal.slug}/qa`);
    const at = new URL(page.url());
    expect(at.pathname).toBe("/login");
    expect(at.searchParams.get("next")).toBe(`/deals/${aliceDeal.slug}/qa`);
    await formShown(page);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Sign in");
    expect(await page.content()).not.toContain(aliceDeal.name);
    expect(errors).toEqual([]);
  });

  it("password: a wrong one is refused; the right one lands on `next`, rendered as that user", async () => {
    const { context, page, errors } = await newPage();
    const next = `/deals/${aliceDeal.slug}`;
    await page.goto(loginUrl(next));
    await formShown(page);
    await page.getByLabel("Email").fill(alice.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(async () => alerts(page), WAIT).toEqual(["Invalid login credentials"]);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await sessionCookies(context)).toEqual([]);

    await page.getByLabel("Password").fill(alice.password!);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${base}${next}`, WAIT);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(aliceDeal.name);
    // The session went into the chunked cookie the server joins (lib/auth/token.ts).
    const chunks = (await sessionCookies(context)).sort();
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks).toEqual(chunks.map((_, i) => `${cookie}.${i}`));
    // The browser called the stub cross-origin with the anon key (through the CORS preflight).
    const password = stub.requests.find((r) => r.path === "/auth/v1/token" && r.search === "?grant_type=password" && r.method === "POST");
    expect(password).toMatchObject({ origin: base, apikey: stub.anonKey });

    // The deals list is Alice's: her deal, not Bob's; Bob's deal page is not found for her.
    await page.goto(`${base}/`);
    const cards = await page.getByTestId("deal-card").allInnerTexts();
    expect(cards.some((t) => t.includes(aliceDeal.name))).toBe(true);
    expect(cards.some((t) => t.includes(bobDeal.name))).toBe(false);
    await page.goto(`${base}/deals/${bobDeal.slug}`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Not found");
    await shot(page, "login-supabase-password");
    expect(errors).toEqual([]);
  });

  it("magic link (PKCE): signs in only the browser that asked for it", async () => {
    const next = `/deals/${aliceDeal.slug}/qa`;
    const asker = await newPage();
    await asker.page.goto(loginUrl(next));
    await formShown(asker.page);
    await asker.page.getByLabel("Email").fill(alice.email);
    await asker.page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect.poll(async () => notices(asker.page), WAIT).toEqual([`We sent a sign-in link to ${alice.email}.`]);
    expect(stub.emails).toHaveLength(1);
    const email = stub.emails[0]!;
    expect(email).toMatchObject({ to: alice.email, redirectTo: loginUrl(next), codeChallengeMethod: "s256" });
    expect(email.codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/); // base64url SHA-256
    expect((await asker.context.cookies(base)).map((c) => c.name)).toContain(`${cookie}-code-verifier`);

    // Another browser opens the emailed link: it comes back to /login with a code but holds no
    // code verifier, so nothing is exchanged and nobody is signed in.
    const other = await newPage();
    await other.page.goto(email.link);
    const landed = new URL(other.page.url());
    expect(landed.pathname).toBe("/login");
    expect(landed.searchParams.get("next")).toBe(next);
    const code = landed.searchParams.get("code");
    expect(code).toBeTruthy();
    await formShown(other.page);
    expect(stub.pkceExchanges).toEqual([]);
    expect(await sessionCookies(other.context)).toEqual([]);
    // …and the page says why instead of silently showing the form again.
    expect((await alerts(other.page)).join(" ")).toMatch(/sign-in link could not be used/);

    // With a verifier of its own (it asked for a link too), the exchange is tried and refused.
    await other.page.getByLabel("Email").fill(alice.email);
    await other.page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect.poll(async () => notices(other.page), WAIT).toEqual([`We sent a sign-in link to ${alice.email}.`]);
    await other.page.goto(`${loginUrl(next)}&code=${encodeURIComponent(code!)}`);
    await expect.poll(() => stub.pkceExchanges, WAIT).toEqual([{ authCode: code, outcome: "bad_code_verifier" }]);
    await formShown(other.page);
    expect(new URL(other.page.url()).pathname).toBe("/login");
    expect(await sessionCookies(other.context)).toEqual([]);
    expect((await alerts(other.page)).join(" ")).toMatch(/sign-in link could not be used/);

    // The browser that asked exchanges the same code with its verifier: signed in, at `next`.
    await asker.page.goto(`${loginUrl(next)}&code=${encodeURIComponent(code!)}`);
    await asker.page.waitForURL(`${base}${next}`, WAIT);
    expect(stub.pkceExchanges.at(-1)).toEqual({ authCode: code, outcome: "signed_in" });
    expect(await asker.page.getByRole("heading", { level: 1 }).innerText()).toBe(aliceDeal.name);
    expect((await asker.context.cookies(base)).map((c) => c.name)).not.toContain(`${cookie}-code-verifier`);
    await shot(asker.page, "login-supabase-magic-link");
    expect([...asker.errors, ...other.errors]).toEqual([]);
  });

  it("signing out revokes the session and clears the cookie: the next visit goes to /login", async () => {
    const { context, page, errors } = await newPage();
    const next = `/deals/${bobDeal.slug}`;
    await signInWithPassword(page, bob, next);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(bobDeal.name);
    expect(await sessionCookies(context)).not.toEqual([]);
    const logoutsBefore = stub.requests.filter((r) => r.path === "/auth/v1/logout" && r.method === "POST").length;

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign out" }).click();
    await expect.poll(async () => notices(page), WAIT).toEqual(["You are signed out."]);
    const logouts = stub.requests.filter((r) => r.path === "/auth/v1/logout" && r.method === "POST");
    expect(logouts.length).toBe(logoutsBefore + 1);
    expect(logouts.at(-1)!.auth).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await sessionCookies(context)).toEqual([]);

    await page.goto(`${base}${next}`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await formShown(page);
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign out" }).count()).toBe(0);
    expect(await page.content()).not.toContain(bobDeal.name);
    expect(errors).toEqual([]);
  });

  it("a signed-in non-member gets HTTP 404 on every page of another's deal, the same as for a deal that does not exist", async () => {
    const { page } = await newPage();
    await signInWithPassword(page, bob, `/deals/${bobDeal.slug}`);
    const pages = (slug: string) => ["", "/chat", "/qa", "/review", "/irl", "/pipeline", "/knowledge", `/documents/${crypto.randomUUID()}`, `/chat/${crypto.randomUUID()}`].map((p) => `/deals/${slug}${p}`);
    const seen: string[] = [];
    const bodies = new Set<string>();
    const paths = [...pages(aliceDeal.slug), ...pages(`missing-${suffix}`)];
    for (const path of paths) {
      const res = await page.goto(`${base}${path}`);
      seen.push(`${res?.status()} ${path}`);
      const html = await page.content();
      expect(html, path).not.toContain(aliceDeal.name);
      bodies.add((await page.locator("main").innerText()).trim());
    }
    expect(seen).toEqual(paths.map((p) => `404 ${p}`));
    // one and the same page for both: nothing tells an existing slug from a made-up one
    expect(bodies.size).toBe(1);
    // Bob's own deal is his
    expect((await page.goto(`${base}/deals/${bobDeal.slug}/qa`))?.status()).toBe(200);
  });
});
