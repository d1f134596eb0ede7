/**
 * The one-way import rules (ARCHITECTURE.md) are ESLint rules; this proves they bite: each case
 * lints a one-line file at a real path in the tree and expects the rule's error. A rule that
 * stopped resolving imports (a broken resolver setting) would pass every file silently: the
 * allowed cases guard against the opposite mistake, a rule that flags everything.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function importErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId?.startsWith("import-x/")).map((m) => m.ruleId);
}

describe("import boundaries", () => {
  it.each([
    ["the client imports server code", "src/client/features/public/home/bad.ts", 'import { buildApp } from "../../../../server/app";\nexport default buildApp;'],
    ["shared code imports the client", "src/shared/bad.ts", 'import { cn } from "@client/lib/cn";\nexport default cn;'],
    ["the server imports client code", "src/server/lib/bad.ts", 'import { cn } from "../../client/lib/cn";\nexport default cn;'],
    ["public code imports admin code", "src/client/features/public/shows/bad.ts", 'import { adminRoutes } from "../../admin/admin-routes";\nexport default adminRoutes;'],
    ["an admin feature imports another's internals", "src/client/features/admin/shows/bad.ts", 'import { LyricsForm } from "../lyrics/lyrics-form";\nexport default LyricsForm;'],
    ["a plugin imports a module", "src/server/plugins/bad.ts", 'import { modules } from "../modules";\nexport default modules;'],
    ["a feature imports app/", "src/client/features/public/home/bad2.ts", 'import { App } from "../../../app/App";\nexport default App;'],
    // the server's floors (docs/conventions.md): lib < db < storage, mail < services < backup, control < fast-path < plugins < modules < app
    ["lib imports a service", "src/server/lib/bad.ts", 'import { getSetting } from "../services/settings";\nexport default getSetting;'],
    ["db imports a service", "src/server/db/bad.ts", 'import { getSetting } from "../services/settings";\nexport default getSetting;'],
    ["mail imports a service", "src/server/mail/bad.ts", 'import { getSetting } from "../services/settings";\nexport default getSetting;'],
    ["a service imports a plugin", "src/server/services/bad.ts", 'import { registerFormPosts } from "../plugins/form-posts";\nexport default registerFormPosts;'],
    ["a service imports the app", "src/server/services/bad2.ts", 'import { buildApp } from "../app";\nexport default buildApp;'],
    ["a service reaches into the newsletter feature", "src/server/services/bad3.ts", 'import { NewsletterWorkers } from "../modules/newsletter/delivery";\nexport default NewsletterWorkers;'],
    ["mail imports the newsletter's message", "src/server/mail/bad2.ts", 'import { prepareNewsletter } from "../modules/newsletter/message";\nexport default prepareNewsletter;'],
    ["background.ts imports a module's files, not the list", "src/server/background.ts", 'import { ImportVerificationSender } from "./modules/subscribers/import-verification-sender";\nexport default ImportVerificationSender;'],
    ["the fast path imports a plugin", "src/server/fast-path/bad.ts", 'import { sendPublic } from "../plugins/public-answers";\nexport default sendPublic;'],
  ])("refuses: %s", async (_what, filePath, code) => {
    expect(await importErrors(filePath, code)).toContain("import-x/no-restricted-paths");
  }, 60_000);

  it.each([
    ["public code imports the contract", "src/client/features/public/shows/ok.ts", 'import { showsApi } from "@shared/api/shows";\nexport default showsApi;'],
    ["an admin feature imports shared admin components", "src/client/features/admin/shows/ok.ts", 'import { FormLoadState } from "../components/form-load-state";\nexport default FormLoadState;'],
    ["a module imports a service", "src/server/modules/shows/ok.ts", 'import { ALL_TAGS } from "../../services/public-cache";\nexport default ALL_TAGS;'],
    ["a service imports mail (a floor below)", "src/server/services/ok.ts", 'import { withSender } from "../mail/transport";\nexport default withSender;'],
    ["background.ts imports the module list", "src/server/background.ts", 'import { modules } from "./modules";\nexport default modules;'],
    ["a module runs its loop on the polling worker", "src/server/modules/subscribers/ok.ts", 'import { PollingWorker } from "../../services/polling-worker";\nexport default PollingWorker;'],
    ["a plugin imports the fast path", "src/server/plugins/ok.ts", 'import { PublicFastLane } from "../fast-path";\nexport default PublicFastLane;'],
    ["a test in lib starts the app", "src/server/lib/ok.test.ts", 'import { createTestApp } from "../test/app";\nexport default createTestApp;'],
  ])("allows: %s", async (_what, filePath, code) => {
    expect(await importErrors(filePath, code)).toEqual([]);
  }, 60_000);

  it("refuses an import cycle", async () => {
    // query-client imports api-client; api-client importing query-client back closes a loop
    const errors = await importErrors("src/client/lib/api-client.ts", 'import { createQueryClient } from "./query-client";\nexport const x = createQueryClient;');
    expect(errors).toContain("import-x/no-cycle");
  }, 60_000);
});
