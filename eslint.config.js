import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { readdirSync } from "node:fs";

/**
 * The one-way import rules of ARCHITECTURE.md, as zones of import-x/no-restricted-paths
 * (it resolves aliases and relative paths alike, so `../../server/x` is caught as well as
 * `@server/x`). A zone forbids files under `target` to import anything under `from`.
 */
const ADMIN = "./src/client/features/admin";
const adminFeatures = readdirSync(ADMIN, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const SHARED_ADMIN_PIECES = ["components", "layout", "auth"];

const boundaries = [
  { target: "./src/shared", from: ["./src/client", "./src/server"], message: "shared code is used by client and server: it imports neither" },
  { target: "./src/client", from: "./src/server", message: "the client never imports server code (talk to it over HTTP)" },
  { target: "./src/server", from: "./src/client", message: "the server never imports client code" },
  { target: "./src/client/features/public", from: ADMIN, message: "public pages never import admin code (admin is a lazy chunk)" },
  { target: ["./src/client/features", "./src/client/components", "./src/client/lib"], from: "./src/client/app", message: "app/ composes the features; features, components and lib don't import it" },
  { target: ["./src/client/components", "./src/client/lib"], from: "./src/client/features", message: "shared building blocks don't depend on a feature" },
  {
    target: ["./src/server/services", "./src/server/plugins", "./src/server/db", "./src/server/mail", "./src/server/storage", "./src/server/lib"],
    from: "./src/server/modules",
    message: "modules depend on services and plugins, never the reverse",
  },
  // Admin features don't reach into each other: what two of them need moves to components/ or lib/.
  ...adminFeatures
    .filter((name) => !SHARED_ADMIN_PIECES.includes(name))
    .map((name) => ({
      target: `${ADMIN}/${name}`,
      from: ADMIN,
      except: [`./${name}`, ...SHARED_ADMIN_PIECES.map((p) => `./${p}`)],
      message: `admin feature '${name}' may not import another admin feature's internals (move the shared piece to components/ or lib/)`,
    })),
];

/**
 * The server's floors (docs/conventions.md), lowest first: a file imports from its own floor or
 * the ones below, never from above. Tests and src/server/test are exempt (a test may start the app).
 */
const SERVER = "./src/server";
const SERVER_FLOORS = [
  ["config.ts", "paths.ts"],
  ["lib"],
  ["db"],
  ["storage", "mail"],
  ["services"],
  ["backup", "control"],
  ["fast-path"],
  ["plugins"],
  ["modules"],
  ["app.ts", "background.ts", "main.ts"],
];
const serverFloors = SERVER_FLOORS.slice(0, -1).map((floor, i) => ({
  target: floor.map((p) => `${SERVER}/${p}`),
  from: SERVER_FLOORS.slice(i + 1).flat().map((p) => `${SERVER}/${p}`),
  message: `the server's floors run one way (docs/conventions.md): ${floor.join(", ")} may not import from a floor above it`,
}));

/** The composition reaches the modules through their list (modules/index.ts), never a module's own files. */
const moduleList = {
  target: ["app.ts", "background.ts", "main.ts"].map((p) => `${SERVER}/${p}`),
  from: `${SERVER}/modules`,
  except: ["./index.ts", "./resource-module.ts"],
  message: "app.ts, background.ts and main.ts reach a module through the list in modules/index.ts (its routes, decorate, background), never its files",
};

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", ".test-data/", "data/", "drizzle/", "bench/results/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaries }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["src/server/**/*.ts"],
    ignores: ["**/*.test.ts", "src/server/test/**"],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...boundaries, ...serverFloors, moduleList] }],
    },
  },
  {
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly", fetch: "readonly", setTimeout: "readonly", clearTimeout: "readonly", Buffer: "readonly" },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
);
