/**
 * Financial statements read from a filing's pages (lib/statements/read.ts) and the contract the
 * findings and the metric engine build on (types.ts).
 */
export { readStatements, readStatementsWith, type ReadInput } from "./read";
export type { ReadPage } from "./assemble";
export * from "./types";
