import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { etagMatches, resolveRange, safeKey, type ObjectInfo, type ObjectStore, type ReadResult } from "./object-store";

/** Names of files being written (saveUpload's, the image worker's): never listed as objects. */
const TEMP_PREFIX = ".tmp-";

/**
 * Uploads under DATA_DIR/uploads (STORAGE_URL unset): today's layout, served by @fastify/static
 * (plugins/static.ts). A file is written under a temporary name in its folder and renamed into
 * place, so a reader never sees half of one.
 */
export class LocalStore implements ObjectStore {
  readonly kind = "local";
  readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  get where() {
    return this.root;
  }

  /** The file of a key, never outside the root. */
  fileOf(key: string): string {
    const safe = safeKey(key);
    const file = safe && path.resolve(this.root, safe);
    if (!file || !file.startsWith(this.root + path.sep)) throw new Error(`not an upload key: ${JSON.stringify(key)}`);
    return file;
  }

  async putFile(key: string, file: string, options: { move?: boolean } = {}) {
    const target = this.fileOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    if (options.move) {
      try {
        await fs.promises.rename(file, target);
        return;
      } catch (err) {
        // another disk (EXDEV): copied below, then the source goes
        if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
      }
    }
    const temp = path.join(path.dirname(target), `${TEMP_PREFIX}${randomBytes(12).toString("hex")}`);
    try {
      await fs.promises.copyFile(file, temp);
      await fs.promises.rename(temp, target);
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
    if (options.move) await fs.promises.rm(file, { force: true });
  }

  async read(key: string, options: { range?: import("./object-store").ByteRange; ifNoneMatch?: string } = {}): Promise<ReadResult> {
    const file = this.fileOf(key);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return { status: "missing" };
    // the same form @fastify/static gives (size and time): a file never changes once named
    const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
    if (etagMatches(options.ifNoneMatch, etag)) return { status: "not-modified", etag };
    const range = options.range ? resolveRange(options.range, stat.size) : null;
    if (options.range && !range) return { status: "unsatisfiable", size: stat.size };
    const body = fs.createReadStream(file, range ?? {});
    return { status: "ok", body, size: stat.size, range, etag, lastModified: stat.mtime };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const stat = await fs.promises.stat(this.fileOf(key)).catch(() => null);
    return stat?.isFile() ? { key, size: stat.size, lastModified: stat.mtime } : null;
  }

  async download(key: string, file: string): Promise<boolean> {
    const source = this.fileOf(key);
    if (!(await fs.promises.stat(source).catch(() => null))?.isFile()) return false;
    const temp = `${file}.${randomBytes(6).toString("hex")}.part`;
    try {
      await pipeline(fs.createReadStream(source), fs.createWriteStream(temp, { flags: "wx" }));
      await fs.promises.rename(temp, file);
      return true;
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw err;
    }
  }

  async remove(keys: string[]) {
    await Promise.all(keys.map((key) => fs.promises.rm(this.fileOf(key), { force: true })));
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    // walks the folders under the prefix's folder; temporary files (uploads in progress) are not objects
    const start = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    const walk = async function* (root: string, rel: string): AsyncGenerator<ObjectInfo> {
      const entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true }).catch(() => [] as fs.Dirent[]);
      for (const e of entries) {
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) yield* walk(root, key);
        else if (e.isFile() && !e.name.startsWith(TEMP_PREFIX) && key.startsWith(prefix)) {
          const stat = await fs.promises.stat(path.join(root, key)).catch(() => null);
          if (stat) yield { key, size: stat.size, lastModified: stat.mtime };
        }
      }
    };
    yield* walk(this.root, start);
  }

  /** Temporary files older than `cutoff` in the upload folders (a process killed mid-write left them). */
  async staleTemporaryFiles(folders: string[], cutoff: number): Promise<string[]> {
    const out: string[] = [];
    for (const folder of folders) {
      const dir = path.join(this.root, folder);
      const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.startsWith(TEMP_PREFIX))) {
        const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
        if (stat?.isFile() && stat.mtimeMs < cutoff) out.push(path.join(dir, name));
      }
    }
    return out;
  }

  close() {}
}
