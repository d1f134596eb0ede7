import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform, Writable } from "node:stream";
import { Parser, type ReadEntry } from "tar";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, isSafeEntryPath, MANIFEST_NAME, manifestSchema, type Manifest } from "./manifest";

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/**
 * Reads a backup archive from start to end and checks it against its manifest: manifest.json
 * first and of our format and version, every listed file present once with its size and SHA-256,
 * nothing else, every db/<table>.jsonl holding the manifest's row count. With `extractTo`, the
 * files are written there as they are read (the caller removes the folder when this throws).
 * Anything wrong is a BackupError with one clear line.
 */
export async function readArchive(file: string, options: { extractTo?: string } = {}): Promise<Manifest> {
  const name = path.basename(file);
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch (err) {
    throw new BackupError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message}`);
  }
  const magic = Buffer.alloc(2);
  const got = fs.readSync(fd, magic, 0, 2, 0);
  fs.closeSync(fd);
  if (got < 2 || magic[0] !== 0x1f || magic[1] !== 0x8b) throw new BackupError(`${name} is not a band-site backup (not a .tar.gz archive).`);

  const notOurs = (why: string) => new BackupError(`${name} is not a band-site backup (${why}).`);
  const damaged = (why: string) => new BackupError(`${name} is damaged (${why}); it cannot be restored. Use another backup.`);

  let manifest: Manifest | null = null;
  let listed = new Map<string, Manifest["files"][number]>();
  const seen = new Set<string>();
  const lineCounts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  let failure: BackupError | null = null;
  const fail = (err: BackupError) => {
    failure ??= err;
  };
  let first = true;

  const onEntry = (entry: ReadEntry) => {
    const p = entry.path;
    const isFirst = first;
    first = false;
    if (failure) return entry.resume();
    if (isFirst && p !== MANIFEST_NAME) {
      fail(notOurs("it does not start with manifest.json"));
      return entry.resume();
    }
    if (entry.type === "Directory" && manifest) return entry.resume();
    if (entry.type !== "File" && entry.type !== "OldFile") {
      fail(damaged(`unexpected ${entry.type} entry ${p}`));
      return entry.resume();
    }
    if (p === MANIFEST_NAME) {
      if (!isFirst) {
        fail(damaged("a second manifest.json"));
        return entry.resume();
      }
      if (entry.size > MAX_MANIFEST_BYTES) {
        fail(damaged("its manifest is too large"));
        return entry.resume();
      }
      const chunks: Buffer[] = [];
      entry.on("data", (c: Buffer) => chunks.push(c));
      pending.push(
        new Promise<void>((resolve) => {
          entry.on("end", () => {
            let json: unknown;
            try {
              json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
            } catch {
              fail(notOurs("its manifest.json is not JSON"));
              return resolve();
            }
            const head = json as { format?: unknown; formatVersion?: unknown };
            if (head?.format !== BACKUP_FORMAT) fail(notOurs("its manifest.json is not a band-site backup's"));
            else if (typeof head.formatVersion === "number" && head.formatVersion > BACKUP_FORMAT_VERSION)
              fail(new BackupError(`${name} was written by a newer version of the site (backup format ${head.formatVersion}); update the site first.`));
            else {
              const parsed = manifestSchema.safeParse(json);
              if (!parsed.success || parsed.data.formatVersion !== BACKUP_FORMAT_VERSION) fail(damaged("its manifest.json is incomplete"));
              else {
                manifest = parsed.data;
                listed = new Map(manifest.files.map((f) => [f.path, f]));
              }
            }
            resolve();
          });
        }),
      );
      return;
    }
    const want = listed.get(p);
    if (!manifest || !want || !isSafeEntryPath(p)) {
      fail(damaged(manifest ? `${p} is not in its manifest` : "its manifest is missing"));
      return entry.resume();
    }
    if (seen.has(p)) {
      fail(damaged(`${p} appears twice`));
      return entry.resume();
    }
    seen.add(p);
    const hash = createHash("sha256");
    let size = 0;
    let lines = 0;
    const counting = p.startsWith("db/");
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        if (counting) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        done(null, chunk);
      },
    });
    let sink: Writable;
    if (options.extractTo) {
      const dest = path.join(options.extractTo, ...p.split("/"));
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      sink = fs.createWriteStream(dest, { mode: 0o600 });
    } else {
      sink = new Writable({ write: (_c, _e, done) => done() });
    }
    pending.push(
      new Promise<void>((resolve, reject) => {
        entry.on("error", reject);
        tap.on("error", reject);
        sink.on("error", reject);
        sink.on("finish", () => resolve());
        entry.pipe(tap).pipe(sink);
      }).then(
        () => {
          if (size !== want.size || hash.digest("hex") !== want.sha256) fail(damaged(`${p} does not match its checksum`));
          if (counting) lineCounts.set(p, lines);
        },
        (err: Error) => fail(damaged(err.message)),
      ),
    );
  };

  const parser = new Parser({ strict: true, onReadEntry: onEntry });
  parser.on("warn", (_code: string, message: string | Error) => fail(damaged(String(message instanceof Error ? message.message : message))));
  await new Promise<void>((resolve) => {
    const input = fs.createReadStream(file);
    const stop = (err: Error) => {
      fail(damaged(err.message || "unreadable"));
      input.destroy();
      resolve();
    };
    input.on("error", stop);
    parser.on("error", stop);
    parser.on("end", () => resolve());
    input.pipe(parser as unknown as NodeJS.WritableStream);
  });
  // after a broken stream an entry may never end: do not wait for it
  if (failure) throw failure;
  await Promise.all(pending);
  if (failure) throw failure;
  if (!manifest) throw first ? notOurs("it is empty") : notOurs("it has no manifest.json");
  const m: Manifest = manifest;
  const missing = m.files.filter((f) => !seen.has(f.path));
  if (missing.length) throw damaged(`${missing.length} of its files are missing, e.g. ${missing[0].path}; it may be cut short`);
  for (const t of m.tables) {
    if (lineCounts.get(t.file) !== t.rows) throw damaged(`${t.file} does not hold ${t.rows} rows`);
  }
  return m;
}

/** Checks a freshly written archive; see readArchive. */
export async function verifyArchive(file: string): Promise<Manifest> {
  return readArchive(file);
}
