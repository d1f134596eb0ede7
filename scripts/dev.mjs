// `npm run dev`: the API on :3001 (restarts on change via tsx watch) and Vite on :5173 with hot reload.
import { spawn } from "node:child_process";

const env = { ...process.env, PORT: process.env.API_PORT ?? "3001", NODE_ENV: "development" };
const children = [
  spawn("npx", ["tsx", "watch", "--tsconfig", "tsconfig.json", "src/server/main.ts"], { stdio: "inherit", env }),
  spawn("npx", ["vite", "--config", "vite.config.ts"], { stdio: "inherit" }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
