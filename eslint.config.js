import { readdirSync } from "node:fs";
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * A feature is used through its `index.ts` only: a file outside `features/<name>/` (another feature, the
 * shell, the router, the platform) may import `features/<name>/index.ts` and nothing else of it. Code inside
 * the feature (its tests too) imports its own files freely. One zone per feature, from the folders on disk.
 */
export function featureBoundaryZones(app) {
  const features = readdirSync(`${import.meta.dirname}/${app}/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.map((feature) => ({
    target: [`${app}/*`, `${app}/!(features)/**`, `${app}/features/!(${feature})/**`],
    from: `${app}/features/${feature}`,
    except: ["./index.ts"],
    message: `Import features/${feature} through its index.ts (shared pieces belong in lib/, ui/ or platform/).`,
  }));
}

/**
 * How import-x reads the code: it resolves TypeScript paths, and parses TypeScript files with
 * typescript-eslint's parser. Without the parser, no-cycle cannot read a .ts dependency and silently finds
 * no cycle at all. The resolver is import-x's own, on unrs-resolver (Rust): the rules spend most of their time
 * resolving, and with eslint-import-resolver-node no-cycle and no-restricted-paths took about half of the lint
 * step's five and a half minutes in CI; this one halves their CPU time (issue 27's CI budget).
 */
const importSettings = {
  "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] })],
  "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
};

/** No module imports itself back, however long the chain (feature pairs included). */
export const noCycles = {
  files: ["**/*.{ts,tsx,js,mjs}"],
  plugins: { "import-x": importX },
  rules: {
    "import-x/no-cycle": ["error", { ignoreExternal: true }],
    "import-x/no-self-import": "error",
  },
  settings: importSettings,
};

export const featureBoundaries = {
  files: ["apps/*/src/**/*.{ts,tsx}"],
  // Migrations never change once they land (0020 keeps the search text function it was written with).
  ignores: ["apps/server/src/db/migrations/**"],
  plugins: { "import-x": importX },
  rules: {
    "import-x/no-restricted-paths": [
      "error",
      {
        basePath: import.meta.dirname,
        zones: [...featureBoundaryZones("apps/web/src"), ...featureBoundaryZones("apps/server/src")],
      },
    ],
  },
  settings: importSettings,
};

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", ".bench/**", "test-results/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ["*.js", "*.mjs", "scripts/*.mjs", "apps/server/src/features/search/*.mjs"],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
      "no-restricted-syntax": ["error", { selector: "ExportDefaultDeclaration", message: "Use named exports." }],
    },
  },
  noCycles,
  featureBoundaries,
  {
    // The embed script host pages load as it is (no build step): plain browser JavaScript.
    files: ["apps/web/public/**/*.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // React Router's idiom: loaders throw `data(…, {status})` responses to the error boundary.
      "@typescript-eslint/only-throw-error": "off",
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@parley/contracts",
              allowTypeImports: true,
              message:
                "Values come from a TypeBox-free module (`@parley/contracts/limits`, `/messages`, …) so the browser bundle carries no schemas; types may come from the index.",
            },
            {
              name: "@tanstack/react-query",
              importNames: ["useQuery", "useMutation"],
              message:
                "Use lib/query.ts: the same hooks in the browser, without an observer per call in a server render.",
            },
          ],
          patterns: [
            { group: ["**/apps/server/**", "@parley/server*"], message: "The web app never imports server code." },
            {
              group: ["typebox", "typebox/*"],
              message: "TypeBox stays on the server: the browser bundle has no schemas.",
            },
          ],
        },
      ],
    },
  },
  {
    // The one place that wraps TanStack's hooks, and tests that render with them directly.
    files: ["apps/web/src/lib/query.ts", "apps/web/src/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    // Config files are loaded by their tools, which want a default export.
    files: ["**/*.config.{ts,js}", "eslint.config.js"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    files: ["scripts/**/*.mjs", "**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
);
