// `npm run admin:reset-password -- USERNAME`: the way back in for someone with a shell on the
// server (an admin who lost the password and has no e-mail address set). Prints a single-use
// link to choose a new password, valid for an hour. Same environment as `npm start`. With PGlite
// and the site running, the site makes the link (asked over DATA_DIR/control.sock).
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { controlSocketPath, sendControlCommand } from "../src/server/control/control-socket";
import { OperatorResetError, operatorResetLink } from "../src/server/services/operator-reset";

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith("-")) {
    console.error("Usage: npm run admin:reset-password -- USERNAME");
    process.exit(1);
  }
  const [username] = args;
  const config = loadConfig();
  let link: Awaited<ReturnType<typeof operatorResetLink>> | null = null;
  if (!config.DATABASE_URL) {
    link = (await sendControlCommand(controlSocketPath(config.dataDir), "reset-password", { username })) as typeof link;
    if (!link && !fs.existsSync(path.join(config.dataDir, "db", "PG_VERSION"))) throw new OperatorResetError(`There is no database in ${path.join(config.dataDir, "db")} (is DATA_DIR right?).`);
  }
  if (!link) {
    const database = await openDatabase(config);
    try {
      link = await operatorResetLink(database.db, config.PUBLIC_URL, username);
    } finally {
      await database.close();
    }
  }
  console.log(`Reset link for ${link.username} (single use, valid for ${link.validMinutes} minutes):\n\n  ${link.url}\n\nOpen it in a browser and choose a new password. Other sessions of ${link.username} end when it is used.`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof OperatorResetError ? err.message : `Could not make a reset link: ${(err as Error).message}`);
    process.exit(1);
  },
);
