/**
 * The deal slug as an HTML `pattern`. Browsers compile `pattern` with the `v` flag, where a
 * bare "-" at the end of a class is a syntax error (the whole check is then silently skipped),
 * so the dash is escaped.
 */
export const SLUG_PATTERN = "[a-z0-9][a-z0-9\\-]{0,62}";
