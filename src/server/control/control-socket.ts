import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";

/**
 * The control socket: DATA_DIR/control.sock, mode 0600, so only someone with a shell on the
 * server (as the site's user) can talk to it. PGlite is one process: `npm run backup` cannot open
 * the database while the site runs, so it asks the running site over this socket instead.
 * One JSON line in (`{"command":"backup","args":{...}}`), one JSON line out (`{"ok":true,"result":...}`
 * or `{"ok":false,"error":"..."}`). A small dispatcher: each command is one entry in `commands`.
 */
export const CONTROL_SOCKET_NAME = "control.sock";
const MAX_REQUEST_BYTES = 64 * 1024;

export type ControlCommand = (app: FastifyInstance, args: Record<string, unknown>) => Promise<unknown>;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET_NAME);
}

declare module "fastify" {
  interface FastifyInstance {
    controlSocket: {
      /** Starts listening (background.ts); false when it could not (reason logged). */
      start(commands: Record<string, ControlCommand>): Promise<boolean>;
    };
  }
}

/** Is something answering on the socket? Removes a stale socket file (nobody listening). */
export async function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(socketPath);
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ECONNREFUSED") fs.rmSync(socketPath, { force: true });
      resolve(false);
    });
  });
}

/** Sends one command to the running site; null when no site is listening. */
export async function sendControlCommand(socketPath: string, command: string, args: Record<string, unknown> = {}): Promise<unknown | null> {
  if (!fs.existsSync(socketPath)) return null;
  return new Promise((resolve, reject) => {
    const s = net.connect(socketPath);
    let answer = "";
    s.setEncoding("utf8");
    s.once("connect", () => s.write(`${JSON.stringify({ command, args })}\n`));
    s.on("data", (d: string) => (answer += d));
    s.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ECONNREFUSED" || err.code === "ENOENT") {
        if (err.code === "ECONNREFUSED") fs.rmSync(socketPath, { force: true });
        return resolve(null);
      }
      reject(err);
    });
    s.once("end", () => {
      try {
        const reply = JSON.parse(answer) as { ok: boolean; result?: unknown; error?: string };
        if (reply.ok) resolve(reply.result ?? {});
        else reject(new Error(reply.error ?? "the site refused the command"));
      } catch {
        reject(new Error("the site's control socket gave no readable answer"));
      }
    });
  });
}

export const controlSocket = fp(async (app: FastifyInstance) => {
  let server: net.Server | null = null;
  const socketPath = controlSocketPath(app.config.dataDir);

  const handle = (commands: Record<string, ControlCommand>) => (conn: net.Socket) => {
    let buffered = "";
    conn.setEncoding("utf8");
    conn.on("error", () => {});
    conn.on("data", (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) return conn.destroy();
      const end = buffered.indexOf("\n");
      if (end === -1) return;
      conn.removeAllListeners("data");
      const reply = (body: object) => conn.end(`${JSON.stringify(body)}\n`);
      let request: { command?: unknown; args?: unknown };
      try {
        request = JSON.parse(buffered.slice(0, end));
      } catch {
        return reply({ ok: false, error: "not JSON" });
      }
      const command = typeof request.command === "string" && Object.hasOwn(commands, request.command) ? commands[request.command] : null;
      if (!command) return reply({ ok: false, error: `unknown command; known: ${Object.keys(commands).join(", ")}` });
      const args = request.args && typeof request.args === "object" ? (request.args as Record<string, unknown>) : {};
      app.log.info({ command: request.command }, "control socket command");
      command(app, args).then(
        (result) => reply({ ok: true, result }),
        (err: Error) => {
          app.log.warn({ err, command: request.command }, "control socket command failed");
          reply({ ok: false, error: err.message });
        },
      );
    });
  };

  app.decorate("controlSocket", {
    async start(commands: Record<string, ControlCommand>) {
      if (server) return true;
      fs.mkdirSync(app.config.dataDir, { recursive: true });
      if (Buffer.byteLength(socketPath) > 100) {
        app.log.warn({ socketPath }, "DATA_DIR's path is too long for the control socket: `npm run backup` works only while the site is stopped");
        return false;
      }
      if (await socketAnswers(socketPath)) {
        app.log.warn({ socketPath }, "another server is running on this DATA_DIR (its control socket answers): this one has none");
        return false;
      }
      fs.rmSync(socketPath, { force: true });
      const srv = net.createServer(handle(commands));
      await new Promise<void>((resolve, reject) => {
        srv.once("error", reject);
        // nobody but the site's user: the mode is set before anything could connect (umask), then checked
        const mask = process.umask(0o177);
        try {
          srv.listen(socketPath, () => resolve());
        } finally {
          process.umask(mask);
        }
      });
      fs.chmodSync(socketPath, 0o600);
      server = srv;
      return true;
    },
  });

  app.addHook("onClose", async () => {
    const srv = server;
    if (!srv) return;
    server = null;
    await new Promise<void>((resolve) => srv.close(() => resolve()));
    fs.rmSync(socketPath, { force: true });
  });
});
