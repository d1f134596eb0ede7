import { afterAll, expect, test } from "vitest";
import { E2E_ADMIN, startServer, type RunningServer } from "./harness";

const running: RunningServer[] = [];
afterAll(async () => {
  for (const s of running) await s.stop();
});

async function login(url: string) {
  const res = await fetch(`${url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(E2E_ADMIN) });
  return (await res.json()).token as string;
}

async function setBandName(url: string, token: string, value: string) {
  const res = await fetch(`${url}/api/settings/band-name`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ value }),
  });
  expect(res.status).toBe(200);
}

const bandName = async (url: string) => (await (await fetch(`${url}/api/settings/band-name`)).json()).data.value;

test("a committed write survives kill -9, and SIGTERM shuts down cleanly", async () => {
  const first = await startServer({ seed: false });
  running.push(first);
  const token = await login(first.url);
  await setBandName(first.url, token, "Survives The Crash");
  await first.kill(); // SIGKILL: no chance to flush anything

  const second = await startServer({ seed: false, dataDir: first.dataDir });
  running.push(second);
  expect(await bandName(second.url)).toBe("Survives The Crash");
  // the old session is still valid after a restart: sessions live in the database
  await setBandName(second.url, token, "Clean Shutdown");
  expect(await second.stop()).toBe(0);

  const third = await startServer({ seed: false, dataDir: first.dataDir });
  running.push(third);
  expect(await bandName(third.url)).toBe("Clean Shutdown");
});
