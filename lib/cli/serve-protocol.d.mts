import type { Writable } from "node:stream";

export const SERVE_FILE: string;
export const SERVED_COMMANDS: ReadonlySet<string>;
export function configEnvFingerprint(env: NodeJS.ProcessEnv): string;
export function dataDirOf(env: NodeJS.ProcessEnv): string;
export function socketPathFor(dataDir: string): string;
export interface ServerInfo { pid: number; socket: string; build: string; env: string }
export function readServer(dataDir: string): ServerInfo | undefined;
export function runThroughServer(o: {
  argv: string[];
  env: NodeJS.ProcessEnv;
  build: string;
  cwd?: string;
  stdout?: Pick<Writable, "write">;
  stderr?: Pick<Writable, "write">;
}): Promise<number | undefined>;
