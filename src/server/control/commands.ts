import path from "node:path";
import type { ControlCommand } from "./control-socket";
import { createBackup } from "../backup/create";
import { recordManualBackup } from "../backup/schedule";
import { operatorResetLink } from "../services/operator-reset";

/** What the control socket answers (see control-socket.ts); a later command is one more entry. */
export const controlCommands: Record<string, ControlCommand> = {
  ping: async (app) => ({ pid: process.pid, database: app.database.kind }),
  /** `npm run backup` while the site runs: the site writes the archive at `out` (an absolute path). */
  backup: async (app, args) => {
    const out = args.out;
    if (typeof out !== "string" || !path.isAbsolute(out) || out.includes("\0")) throw new Error("backup needs an absolute path in args.out");
    const result = await createBackup(app.database, app.storage, out);
    await recordManualBackup(app.db, result, app.instanceId).catch((err) => app.log.warn({ err }, "could not record the backup"));
    return result;
  },
  /** `npm run admin:reset-password -- USERNAME` while the site runs (PGlite): a single-use reset link. */
  "reset-password": async (app, args) => {
    if (typeof args.username !== "string" || args.username.length > 100) throw new Error("reset-password needs a username");
    return operatorResetLink(app.db, app.config.PUBLIC_URL, args.username);
  },
};
