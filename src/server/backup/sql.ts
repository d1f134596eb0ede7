import type { Db } from "../db/client";

export type Row = Record<string, unknown>;

/** Rows of `db.execute(...)`: both drivers (PGlite, node-postgres) answer `{ rows }`. */
export function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** A quoted SQL identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export type Executor = Pick<Db, "execute">;
