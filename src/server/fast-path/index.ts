import type { FastifyServerOptions } from "fastify";
import { serverWithFastLane, type PublicFastLane } from "./fast-lane";
import { lazyChildLoggerFactory } from "./lazy-child-logger";

export { PublicFastLane } from "./fast-lane";
export { replayedBody, type PostTaker, type PostSender } from "./post-taker";

/**
 * The Fastify options that take requests off the framework's ordinary path (README.md here):
 * the fast lane's server and the lazy request loggers; none with `FAST_LANE=off`, so Fastify
 * makes its own server and its own child loggers.
 */
export function fastPathOptions(config: { FAST_LANE: boolean }, lane: () => PublicFastLane | undefined): Pick<FastifyServerOptions, "childLoggerFactory"> & { serverFactory?: ReturnType<typeof serverWithFastLane> } {
  if (!config.FAST_LANE) return {};
  return {
    serverFactory: serverWithFastLane(lane),
    // a request's child logger is made when it first logs, not for every request
    childLoggerFactory: lazyChildLoggerFactory,
  };
}
