import { afterEach, describe, expect, it, vi } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { ERROR_CODES, MandaError, TASK_ERROR_CODES, httpStatusOf, toPublicError } from "@/lib/errors";
import { guardRequest } from "@/lib/http/guard";
import { errorResponse, parseWith } from "@/lib/http/route";
import { z } from "zod";

setConfigForProcess({ MANDA_LOG_LEVEL: "error" });

describe("the error code registry", () => {
  afterEach(() => vi.restoreAllMocks());

  it("holds each code once, and its type decides the HTTP status", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(new Set(TASK_ERROR_CODES).size).toBe(TASK_ERROR_CODES.length);
    const expected: Record<string, number> = { bad_request: 400, unauthorized: 401, forbidden: 403, not_found: 404, conflict: 409, too_large: 413, unsupported: 415, rate_limit: 429, internal: 500, unavailable: 503 };
    for (const code of ERROR_CODES) expect(httpStatusOf(code), code).toBe(expected[code.split(":")[0]!]);
  });

  it("a route answers a MandaError with its code, message and status", async () => {
    const res = errorResponse(new MandaError("not_found:document", "No such document in this deal."));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found:document", message: "No such document in this deal." } });
  });

  it("a route answers anything else as internal:unexpected, the cause logged and not shown", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const res = errorResponse(new Error("connect ECONNREFUSED 10.0.0.7:5432"));
    expect(res.status).toBe(500);
    const body = JSON.stringify(await res.json());
    expect(body).toMatch(/internal:unexpected/);
    expect(body).not.toMatch(/ECONNREFUSED|10\.0\.0\.7/);
    expect(lines.join("")).toMatch(/ECONNREFUSED/);
    expect(toPublicError(new TypeError("x")).code).toBe("internal:unexpected");
  });

  it("a bad body is bad_request:body naming the field", () => {
    expect(() => parseWith(z.object({ slug: z.string().min(1) }), { slug: "" })).toThrow(expect.objectContaining({ code: "bad_request:body", message: expect.stringMatching(/^slug: /) }));
  });

  it("the request guard's rejections take their status from the registry", () => {
    const cfg = { allowedHosts: ["localhost"], maxJsonBytes: 1024, trustProxy: false };
    const host = guardRequest({ method: "GET", url: "http://evil.example/", headers: new Headers({ host: "evil.example" }) }, cfg);
    expect(host).toMatchObject({ code: "forbidden:host", status: 403 });
    const big = guardRequest({ method: "POST", url: "http://localhost/api/x", headers: new Headers({ host: "localhost", "content-type": "application/json", "content-length": "4096", origin: "http://localhost" }) }, cfg);
    expect(big).toMatchObject({ code: "too_large:body", status: 413 });
  });
});
