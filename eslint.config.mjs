// ESLint (flat config): the Next.js rules (core web vitals, React, hooks, TypeScript) plus
// typescript-eslint's type-aware rules that catch real defects: promises nobody awaits or
// handles, promises passed where a void callback is expected, awaiting a non-promise,
// throwing non-errors, stringifying objects into "[object Object]", non-exhaustive switches.
// Style rules are left to the formatter and review. `npm run lint` must report 0 errors.
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";

const typeAware = {
  "@typescript-eslint/no-floating-promises": "error",
  // A promise handed to a JSX event attribute is dropped by React exactly as `void` would drop it;
  // the check stays on for callbacks (timers, listeners, array methods) and conditionals.
  "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
  "@typescript-eslint/await-thenable": "error",
  "@typescript-eslint/no-for-in-array": "error",
  "@typescript-eslint/no-implied-eval": "error",
  // `unknown` passes through (an AbortSignal's reason, a caught error handed on).
  "@typescript-eslint/only-throw-error": ["error", { allowThrowingUnknown: true, allowThrowingAny: true }],
  "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingUnknown: true, allowThrowingAny: true }],
  "@typescript-eslint/no-base-to-string": "error",
  "@typescript-eslint/no-array-delete": "error",
  "@typescript-eslint/no-unsafe-unary-minus": "error",
  "@typescript-eslint/no-duplicate-type-constituents": "error",
  "@typescript-eslint/return-await": ["error", "in-try-catch"],
  // numbers sorted as strings ([10, 9].sort() is [10, 9])
  "@typescript-eslint/require-array-sort-compare": ["error", { ignoreStringArrays: true }],
  "@typescript-eslint/switch-exhaustiveness-check": [
    "error",
    { considerDefaultExhaustiveForUnions: true, allowDefaultCaseForExhaustiveSwitch: true },
  ],
};

/** Core rules for plain logic slips (a condition that is always true, a self-comparison, a NaN test, a lost return in finally …). */
const logic = {
  "no-constant-binary-expression": "error",
  "no-self-compare": "error",
  "no-self-assign": "error",
  "use-isnan": "error",
  "no-compare-neg-zero": "error",
  "no-loss-of-precision": "error",
  "no-unsafe-finally": "error",
  "no-unsafe-optional-chaining": "error",
  "no-dupe-else-if": "error",
  "no-duplicate-case": "error",
  "no-fallthrough": "error",
  "no-cond-assign": ["error", "except-parens"],
  "no-async-promise-executor": "error",
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "dist/**",
      ".manda/**",
      ".manda-*/**",
      "coverage/**",
      "bench/out/**",
      "test-results/**",
      ".ci/out/**",
      "next-env.d.ts",
    ],
  },
  ...nextVitals,
  ...nextTs,
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      ...typeAware,
      ...logic,
      // The React Compiler's rules: this app does not run the compiler, and the patterns they flag
      // (setState in an effect, a hoisted function used before its line, a render-local flag) are
      // correct without it. rules-of-hooks and exhaustive-deps stay on.
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/immutability": "off",
      "react-hooks/refs": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
);
