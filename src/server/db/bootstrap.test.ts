import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig, testConfig } from "../config";
import { freshDatabase } from "../test/app";
import { ensurePrimaryAdmin } from "./bootstrap";
import type { Database } from "./client";
import { users } from "./schema";

const quiet = { info() {}, warn() {} };

describe("the primary admin at first start", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
    vi.restoreAllMocks();
  });

  it("takes ADMIN_EMAIL as its address, so 'Forgot password?' can reach it", async () => {
    database = await freshDatabase();
    await database.db.delete(users);
    await ensurePrimaryAdmin(database.db, testConfig({ ADMIN_USERNAME: "jamie", ADMIN_PASSWORD: "correct-horse-battery", ADMIN_EMAIL: "jamie@tarriver.example" }), quiet);
    const [admin] = await database.db.select().from(users).where(eq(users.id, 1));
    expect(admin).toMatchObject({ username: "jamie", email: "jamie@tarriver.example", isAdmin: true });
  });

  it("without one, says in the console how to add it next to the printed password", async () => {
    database = await freshDatabase();
    await database.db.delete(users);
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
    await ensurePrimaryAdmin(database.db, testConfig({ ADMIN_USERNAME: "jamie", ADMIN_PASSWORD: undefined }), quiet);
    expect(printed.join("\n")).toMatch(/password: \S{16}/);
    expect(printed.join("\n")).toContain("No e-mail address for this admin: add yours in Admin > Users (or set ADMIN_EMAIL");
  });

  it("refuses an ADMIN_EMAIL that is not an address, and lower-cases one that is", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "jamie at home" })).toThrow(/ADMIN_EMAIL: expected an e-mail address/);
    expect(loadConfig({ ADMIN_EMAIL: " Jamie@TarRiver.example " }).ADMIN_EMAIL).toBe("jamie@tarriver.example");
  });
});
