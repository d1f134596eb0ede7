import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribers } from "../../db/schema";
import { ImportVerificationSender } from "./import-verification-sender";
import { createTestApp, type TestApp } from "../../test/app";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { IMPORT_TTL_MS, importPaths, importsDir, removeExpiredImports } from "./import-files";
import { claimGeneration, progressPath, progressWriter, writeProgress, type ImportProgress } from "./import-progress";
import { runImport } from "./import-run";
import { multipartFile } from "../../test/multipart";

/** A multipart body as a browser's FormData sends one file. */
function csvUpload(data: Buffer | string, name = "fans.csv") {
  return multipartFile(data, { name, type: "text/csv" });
}

describe("Import CSV into the mailing list (real DB, real SMTP)", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let sender: ImportVerificationSender;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: "https://band.example" });
    sender = new ImportVerificationSender(t.app, { ratePerSecond: 1000, concurrency: 2, pollMs: 20 }).start();
  });
  afterAll(async () => {
    await sender.stop();
    await t.close();
    await sink.close();
  });

  async function upload(data: Buffer | string, name?: string) {
    const body = csvUpload(data, name);
    return t.request({ method: "POST", url: "/api/subscribers/import", payload: body.payload, headers: { ...(await t.adminHeaders()), ...body.headers } });
  }
  async function run(importId: string, payload: unknown) {
    return t.request({ method: "POST", url: `/api/subscribers/import/${importId}`, headers: await t.adminHeaders(), payload: payload as object });
  }
  const row = async (email: string) => (await t.app.db.select().from(subscribers).where(eq(subscribers.email, email)))[0];

  it("imports with the exact report: duplicates, bad rows and formulas; updates without re-subscribing; one verification mail per new fan", async () => {
    await t.app.db.insert(subscribers).values([
      { email: "old.fan@example.com", name: "Old Fan", isVerified: true, verifiedAt: new Date("2025-01-01"), showsInterest: true, consentSource: "form" },
      { email: "gone@example.com", name: "Gone", isVerified: true, isSubscribed: false, unsubscribedAt: new Date("2025-02-01"), consentSource: "form" },
    ]);
    const csv = [
      "Email,Full name,Interests,State",
      "ann@example.com,Ann,shows; releases,US-NC",
      "BOB@Example.com ,Bob,,Germany",
      "ann@example.com,Ann Again,,",
      "not-an-email,Carl,,",
      'dan@example.com,"=HYPERLINK(""http://evil.example"",""click"")",,',
      "eve@example.com,Eve,merch,Atlantis",
      "fay@example.com,Fay,sports,",
      ",No Email,,",
      "old.fan@example.com,Old Fan Renamed,merch,north carolina",
      "gone@example.com,Gone Again,,",
      '"gus@example.com","Gus ""The Bass""",releases,de',
    ].join("\r\n");

    const up = await upload(csv);
    expect(up.statusCode).toBe(200);
    const { importId, columns, rows, rowCount, suggestedMapping } = up.json().data;
    expect(columns).toEqual(["Email", "Full name", "Interests", "State"]);
    expect(rowCount).toBe(11);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual(["ann@example.com", "Ann", "shows; releases", "US-NC"]);
    expect(suggestedMapping).toEqual({ email: 0, name: 1, interests: 2, region: 3 });

    const res = await run(importId, { mapping: suggestedMapping, alreadyOptedIn: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      added: 3,
      updated: 2,
      duplicates: 1,
      rejected: 5,
      rejectedRows: [
        { line: 5, email: "not-an-email", reason: "Please enter a valid email address" },
        { line: 6, email: "dan@example.com", reason: "Name starts with =, +, - or @ (a spreadsheet would run it as a formula)" },
        { line: 7, email: "eve@example.com", reason: "Unknown region 'Atlantis' (use a code like US-NC or DE, or a state or country name)" },
        { line: 8, email: "fay@example.com", reason: "Unknown interest 'sports' (use shows, releases, merch)" },
        { line: 9, email: "", reason: "Email is missing" },
      ],
      verificationMails: 3,
    });

    const ann = await row("ann@example.com");
    expect(ann).toMatchObject({ name: "Ann", showsInterest: true, releasesInterest: true, merchInterest: false, region: "US-NC", isVerified: false, isSubscribed: true, consentSource: "import", consentedBy: null });
    expect(await row("bob@example.com")).toMatchObject({ name: "Bob", showsInterest: true, releasesInterest: true, merchInterest: true, region: "DE" });
    expect(await row("gus@example.com")).toMatchObject({ name: 'Gus "The Bass"', releasesInterest: true, showsInterest: false, region: "DE" });
    expect(await row("dan@example.com")).toBeUndefined();
    // updated where the file says something; consent and verification untouched
    expect(await row("old.fan@example.com")).toMatchObject({ name: "Old Fan Renamed", merchInterest: true, showsInterest: false, region: "US-NC", isVerified: true, consentSource: "form" });
    const gone = await row("gone@example.com");
    expect(gone).toMatchObject({ name: "Gone Again", isSubscribed: false, verificationMailDue: false });

    // exactly one verification mail per new fan, none to the others
    await sender.idle();
    await sink.waitFor((m) => m.length >= 3);
    await new Promise((r) => setTimeout(r, 100));
    const to = sink.mails.map((m) => m.to[0]).sort();
    expect(to).toEqual(["ann@example.com", "bob@example.com", "gus@example.com"]);
    expect((await row("ann@example.com")).verificationMailDue).toBe(false);

    // it says the band added them, not that they signed up (issue 21)
    const annMail = sink.mails.find((m) => m.to[0] === "ann@example.com")!;
    expect(annMail.subject).toMatch(/added you to their mailing list: please confirm$/);
    expect(annMail.decoded).toContain("added this address to their mailing list");
    expect(annMail.decoded).not.toContain("Thanks for signing up");

    // the mailed link is the normal one: it verifies
    const link = annMail.links().find((l) => l.includes("/verify-email?"))!;
    const url = new URL(link);
    const verified = await t.request({ method: "GET", url: `/api${url.pathname}${url.search}` });
    expect(verified.json()).toEqual({ success: true, message: "Your email has been verified successfully!" });
    expect((await row("ann@example.com")).isVerified).toBe(true);

    // the file is gone: the same import cannot run twice
    expect((await run(importId, { mapping: suggestedMapping })).statusCode).toBe(404);
  });

  it("records the admin's word when they already opted in: verified, consent source, admin, time; no mail", async () => {
    const up = await upload("\uFEFFe-mail;name\nopted.in@example.com;Olive\nann@example.com;Ann Changed\n", "export.csv");
    expect(up.statusCode).toBe(200);
    expect(up.json().data.columns).toEqual(["e-mail", "name"]); // BOM dropped, ';' detected
    const res = await run(up.json().data.importId, { mapping: { email: 0, name: 1 }, alreadyOptedIn: true });
    expect(res.json().data).toMatchObject({ added: 1, updated: 1, duplicates: 0, rejected: 0, verificationMails: 0 });
    const olive = await row("opted.in@example.com");
    expect(olive).toMatchObject({ isVerified: true, isSubscribed: true, consentSource: "import-opted-in", consentedBy: "admin", verificationMailDue: false });
    expect(Date.now() - olive.verifiedAt!.getTime()).toBeLessThan(60_000);
    expect(Date.now() - olive.subscribedAt.getTime()).toBeLessThan(60_000);
    // an existing fan keeps their own consent record
    expect(await row("ann@example.com")).toMatchObject({ name: "Ann Changed", consentSource: "import", consentedBy: null });
    await sender.idle();
    expect(sink.mails.filter((m) => m.to[0] === "opted.in@example.com")).toEqual([]);
  });

  it("mails each imported fan once with two senders at work, and nobody who unsubscribed before their turn", async () => {
    const second = new ImportVerificationSender(t.app, { ratePerSecond: 1000, concurrency: 3, pollMs: 20, batchSize: 7 }).start();
    const emails = Array.from({ length: 40 }, (_, i) => `pair${i}@example.com`);
    await t.app.db.insert(subscribers).values(
      emails.map((email, i) => ({ email, consentSource: "import", verificationMailDue: true, isSubscribed: i % 10 !== 0 })),
    );
    await Promise.all([sender.idle(), second.idle()]);
    await second.stop();
    const mailed = sink.mails.map((m) => m.to[0]).filter((to) => to.startsWith("pair"));
    expect(new Set(mailed).size).toBe(mailed.length);
    expect(mailed.sort()).toEqual(emails.filter((_, i) => i % 10 !== 0).sort());
    expect((await row("pair0@example.com")).verificationMailDue).toBe(false);
  });

  it("refuses broken files with a clear 400 and stores nothing", async () => {
    const cases: [Buffer | string, RegExp][] = [
      [Buffer.concat([Buffer.from("Email,Name\nann@example.com,Jos"), Buffer.from([0xe9]), Buffer.from("\n")]), /^The file is not UTF-8 text \(line 2\)\. Save it as CSV \(UTF-8\)/],
      ["Email,Name\nzed@example.com,\"Zed\nyan@example.com,Yan\n", /^Line 2: a quoted value is never closed/],
      [`Email,Name\nzed@example.com,${"x".repeat(10 * 1024 * 1024)}\n`, /^Line 2: a row is longer than 100,000 characters/],
      ["", /^The file is empty$/],
      ["Email,Name\n", /^The file has a header row but no rows to import$/],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), /^This is not a CSV file/],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), /^This is a spreadsheet file, not CSV/],
    ];
    for (const [data, message] of cases) {
      const res = await upload(data);
      expect(res.statusCode, String(message)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await row("zed@example.com")).toBeUndefined();
    expect(fs.readdirSync(importsDir(t.dataDir))).toEqual([]);
  });

  it("needs the email column mapped, and columns the file has", async () => {
    const up = await upload("Name,Address\nNo One,no.one@example.com\n");
    const { importId, suggestedMapping } = up.json().data;
    expect(suggestedMapping.email).toBeNull();
    const none = await run(importId, { mapping: { name: 0 } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Choose the column that holds the email addresses");
    expect((await run(importId, {})).json().message).toBe("Choose the column that holds the email addresses");
    expect((await run(importId, { mapping: { email: 5 } })).json().message).toBe("The mapping names a column the file does not have");
    expect((await run(importId, { mapping: { email: 1, name: 1 } })).json().message).toBe("Each column can be imported as one field only");
    // nothing was imported, and the upload is still there to map again
    expect(await row("no.one@example.com")).toBeUndefined();
    const ok = await run(importId, { mapping: { email: 1, name: 0 } });
    expect(ok.json().data).toMatchObject({ added: 1 });
  });

  it("refuses in a name what the subscribe form refuses: line breaks (CR/LF) and C0/C1 control characters (issue 20)", async () => {
    const names = ["Line\r\nBreak", "Line\nFeed", "Next\u0085Line", "Csi\u009bx", "Bell\u0007", "Tab\there"];
    for (const name of names) {
      const form = await t.request({ method: "POST", url: "/api/subscribe", payload: { name, email: "form.check@example.com", interests: { shows: true } } });
      expect(form.statusCode, JSON.stringify(name)).toBe(400);
    }
    const csv = ["Email,Name", ...names.map((name, i) => `ctl${i}@example.com,"${name}"`), "ctl.ok@example.com,  Zoë Ångström  "].join("\n");
    const up = await upload(csv);
    expect(up.statusCode, up.body).toBe(200);
    const res = await run(up.json().data.importId, { mapping: { email: 0, name: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ added: 1, rejected: names.length });
    expect(res.json().data.rejectedRows.map((r: { email: string; reason: string }) => `${r.email} ${r.reason}`)).toEqual(
      names.map((_, i) => `ctl${i}@example.com Name contains control characters`),
    );
    for (let i = 0; i < names.length; i++) expect(await row(`ctl${i}@example.com`)).toBeUndefined();
    expect((await row("ctl.ok@example.com")).name).toBe("Zoë Ångström");
  });

  it("is for admins only", async () => {
    const body = csvUpload("Email\na@example.com\n");
    expect((await t.request({ method: "POST", url: "/api/subscribers/import", payload: body.payload, headers: body.headers })).statusCode).toBe(401);
    expect((await t.request({ method: "POST", url: "/api/subscribers/import/abcdefghijklmnopqrstuv", payload: { mapping: { email: 0 } } })).statusCode).toBe(401);
    expect((await run("abcdefghijklmnopqrstuv", { mapping: { email: 0 } })).statusCode).toBe(404);
    // an id that cannot be an upload names nothing, and never becomes a path
    expect((await run("..%2F..%2Fetc", { mapping: { email: 0 } })).statusCode).toBe(404);
  });
});

/** Issue 20, finding 10: an import whose server died is reported, resumed (once) or discarded. */
describe("Interrupted CSV import", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const headers = () => t.adminHeaders();
  const started = async () => {
    const res = await t.request({ method: "GET", url: "/api/subscribers/imports", headers: await headers() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const rows = Array.from({ length: 24 }, (_, i) => `fan${i}@example.com,Fan ${i}`);
  // line 22 repeats fan3 with another name: a duplicate, skipped, even after a resume
  const csv = ["Email,Name", ...rows.slice(0, 20), "FAN3@example.com,Someone Else", ...rows.slice(20)].join("\n");
  const mapping = { email: 0, name: 1 };

  /**
   * Uploads the file and runs its import as a server that dies: batches of 5, progress saved after
   * the first, then killed right after writing the second batch (before saving its progress), so
   * the resume writes those rows again. Its instance is gone: its heartbeat is a minute old.
   */
  async function importKilledHalfway() {
    const body = csvUpload(csv);
    const up = await t.request({ method: "POST", url: "/api/subscribers/import", payload: body.payload, headers: { ...(await headers()), ...body.headers } });
    expect(up.statusCode, up.body).toBe(200);
    const id: string = up.json().data.importId;
    const paths = importPaths(t.dataDir, id);
    fs.renameSync(paths.csv, paths.running);
    const progress: ImportProgress = {
      owner: "dead-instance",
      generation: 1,
      fileName: "fans.csv",
      totalRows: 25,
      processed: 0,
      report: { added: 0, updated: 0, duplicates: 0, rejected: 0, rejectedRows: [], verificationMails: 0 },
      mapping,
      alreadyOptedIn: false,
      admin: "admin",
      startedAt: Date.now(),
    };
    await writeProgress(t.dataDir, id, progress);
    const writer = progressWriter(t.dataDir, id, progress, 60_000);
    const killed = runImport(t.app.db, paths.running, ",", {
      mapping,
      alreadyOptedIn: false,
      admin: "admin",
      batchRows: 5,
      onBatch: async (processed, report) => {
        if (processed > 5) throw new Error("killed");
        await writer.save(processed, report);
      },
    });
    await expect(killed).rejects.toThrow("killed");
    writer.stop();
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(progressPath(t.dataDir, id), minuteAgo, minuteAgo);
    return id;
  }

  const fans = async () => (await t.app.db.select().from(subscribers)).filter((s) => s.email.startsWith("fan"));

  /**
   * Writes into the pipe from a child process (`dd`): opening a pipe waits for its other end, and
   * a write from here would hold one of this process's four libuv threads for that wait, beside
   * the import's own open. With one free thread that hung for good (UV_THREADPOOL_SIZE=1); a CI
   * run once timed out here, its threads likely busy with other files' leftovers (28 Nov 2026).
   */
  const writeIntoPipe = (pipe: string, content: Buffer) =>
    new Promise<void>((written, failed) => {
      const dd = spawn("dd", [`of=${pipe}`, "status=none"], { stdio: ["pipe", "ignore", "inherit"] });
      dd.on("error", failed);
      dd.on("exit", (code) => (code === 0 ? written() : failed(new Error(`dd exited with ${code}`))));
      dd.stdin.end(content);
    });

  it("reports an import whose server died as interrupted with its progress, resumes it once, with no duplicates, and removes the file", async () => {
    const id = await importKilledHalfway();
    expect(await fans()).toHaveLength(10);
    expect(await started()).toEqual([
      expect.objectContaining({ importId: id, fileName: "fans.csv", state: "interrupted", processedRows: 5, totalRows: 25, added: 5, updated: 0, duplicates: 0, rejected: 0 }),
    ]);
    // the hourly clean-up of unused uploads leaves it alone
    await removeExpiredImports(t.dataDir, Date.now() + 2 * IMPORT_TTL_MS);
    expect(fs.existsSync(importPaths(t.dataDir, id).running)).toBe(true);

    // two clicks (or two instances) at once: one resumes, the other is refused. The one that
    // takes it must still be running when the other is answered: it could otherwise write the 19
    // rows and remove the import before the other click was read (on PostgreSQL about one run in
    // three), which then rightly finds nothing there (404). So the file becomes a pipe that the
    // test fills once the refusal is in: the run waits on it, as on a long file.
    const running = importPaths(t.dataDir, id).running;
    const content = fs.readFileSync(running);
    fs.rmSync(running);
    execFileSync("mkfifo", [running]);
    const resume = async () => t.request({ method: "POST", url: `/api/subscribers/import/${id}/resume`, headers: await headers() });
    const clicks = [resume(), resume()];
    const first = await Promise.race(clicks);
    expect(first.statusCode, first.body).toBe(409);
    await writeIntoPipe(running, content);
    const answers = await Promise.all(clicks);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const done = answers.find((a) => a.statusCode === 200)!.json().data;
    // the rows written before the kill but not yet in its progress are written again: updated, not added twice
    expect(done).toEqual({ added: 19, updated: 5, duplicates: 1, rejected: 0, rejectedRows: [], verificationMails: 19 });
    const all = await fans();
    expect(all).toHaveLength(24);
    expect(new Set(all.map((s) => s.email)).size).toBe(24);
    expect(all.find((s) => s.email === "fan3@example.com")!.name).toBe("Fan 3");
    expect(await started()).toEqual([]);
    expect(fs.readdirSync(importsDir(t.dataDir))).toEqual([]);
    expect((await resume()).statusCode).toBe(404);
  });

  it("discards an interrupted import: its file goes, what it imported stays; a running one can be neither", async () => {
    await t.app.db.delete(subscribers);
    const id = await importKilledHalfway();
    // while its server still renews the heartbeat it is running: no resume, no discard
    const now = new Date();
    fs.utimesSync(progressPath(t.dataDir, id), now, now);
    expect((await started())[0]).toMatchObject({ importId: id, state: "running" });
    expect((await t.request({ method: "DELETE", url: `/api/subscribers/import/${id}`, headers: await headers() })).statusCode).toBe(409);
    expect((await t.request({ method: "POST", url: `/api/subscribers/import/${id}/resume`, headers: await headers() })).statusCode).toBe(409);

    // another instance's take-over is an exclusive create: of two at once, exactly one wins
    expect((await Promise.all([claimGeneration(t.dataDir, id, 7), claimGeneration(t.dataDir, id, 7)])).sort()).toEqual([false, true]);

    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(progressPath(t.dataDir, id), minuteAgo, minuteAgo);
    const discard = await t.request({ method: "DELETE", url: `/api/subscribers/import/${id}`, headers: await headers() });
    expect(discard.statusCode, discard.body).toBe(200);
    expect(discard.json()).toEqual({ success: true, message: "Import discarded" });
    expect(fs.readdirSync(importsDir(t.dataDir))).toEqual([]);
    expect(await started()).toEqual([]);
    expect(await fans()).toHaveLength(10);
    expect((await t.request({ method: "DELETE", url: `/api/subscribers/import/${id}`, headers: await headers() })).statusCode).toBe(404);
  });
});
