import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const E2E_CLIENT_DIR = path.join(ROOT, ".test-data", "e2e", "client");
export const E2E_SERVER_DIR = path.join(ROOT, ".test-data", "e2e", "server");
