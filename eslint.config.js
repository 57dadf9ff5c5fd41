// eslint for the page's JS (web/) and its node tests (tests/js/): the recommended rules, plus a
// few that keep the house style (one way to compare, no stray variables). `npx eslint .`
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "dist/", ".cache/", ".venv/", "build/", "test-artifacts/", "types/"] },
  js.configs.recommended,
  {
    files: ["web/**/*.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.browser } },
    rules: { "max-lines": ["error", { max: 350 }] }, // one module per concern: none over 350 lines
  },
  {
    files: ["web/worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["web/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker, __SHELL__: "readonly", __RUNTIME__: "readonly" } },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
  },
  {
    files: ["**/*.js"],
    rules: {
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
];
