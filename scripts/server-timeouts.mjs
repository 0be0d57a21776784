// Loaded into `next start|dev` by scripts/serve.mjs (NODE_OPTIONS=--import): Next.js creates its
// HTTP server without exposing Node's request timeouts (only keepAliveTimeout), so this gives every
// http.createServer of the process Node's slow-client limits:
//   headersTimeout  MANDA_HEADERS_TIMEOUT_MS (default 20 s): a client still sending its headers then
//                   gets 408 and is closed (slow-header connections held the server's sockets);
//   requestTimeout  MANDA_REQUEST_TIMEOUT_MS (default 300 s): the whole request, body included (a
//                   200 MB upload needs about 6 Mbit/s to arrive within it).
// Node checks them every connectionsCheckingInterval (30 s by default): a fifth of the smaller one.
// The values are validated by lib/config.ts (prepare-app runs first and refuses a bad value).
import http from "node:http";

const ms = (name, fallback) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : fallback;
};
const headersTimeout = ms("MANDA_HEADERS_TIMEOUT_MS", 20_000);
const requestTimeout = Math.max(ms("MANDA_REQUEST_TIMEOUT_MS", 300_000), headersTimeout);
const connectionsCheckingInterval = Math.max(100, Math.min(30_000, Math.floor(headersTimeout / 5)));

const createServer = http.createServer;
http.createServer = function (options, listener) {
  if (typeof options === "function" || options === undefined) return createServer.call(this, { headersTimeout, requestTimeout, connectionsCheckingInterval }, options);
  return createServer.call(this, { headersTimeout, requestTimeout, connectionsCheckingInterval, ...options }, listener);
};
