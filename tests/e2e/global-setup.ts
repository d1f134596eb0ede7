import { E2E_CLIENT_DIR, E2E_SERVER_DIR } from "./paths";

/** One production build for all browser tests, into its own folder. */
export default async function setup() {
  // @ts-expect-error plain ESM script without types
  const { buildAll } = await import("../../scripts/build.mjs");
  await buildAll({ quiet: true, clientOut: E2E_CLIENT_DIR, serverOut: E2E_SERVER_DIR });
}
