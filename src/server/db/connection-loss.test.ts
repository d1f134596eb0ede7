import { describe, expect, it } from "vitest";
import { isConnectionLoss } from "./connection-loss";

function pgError(code: string, message = "x") {
  return Object.assign(new Error(message), { code });
}

describe("isConnectionLoss", () => {
  it.each([
    ["an administrator terminating the backend", pgError("57P01", "terminating connection due to administrator command")],
    ["a server starting up or in recovery", pgError("57P03", "the database system is starting up")],
    ["a connection exception", pgError("08006")],
    ["a refused connection", pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["node-postgres' lost connection", new Error("Connection terminated unexpectedly")],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a client that broke earlier", new Error("Client has encountered a connection error and is not queryable")],
    ["any of these wrapped by drizzle", Object.assign(new Error("Failed query"), { cause: pgError("57P01") })],
  ])("%s is a lost database", (_what, err) => {
    expect(isConnectionLoss(err)).toBe(true);
  });

  it.each([
    ["a unique violation", pgError("23505", "duplicate key value")],
    ["a syntax error", pgError("42601")],
    ["an application error", new Error("Show not found")],
    ["nothing", undefined],
  ])("%s is not", (_what, err) => {
    expect(isConnectionLoss(err)).toBe(false);
  });
});
