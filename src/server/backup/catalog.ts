import { sql } from "drizzle-orm";
import { ident, rowsOf, type Executor } from "./sql";

export interface TableInfo {
  name: string;
  /** stored columns in their order (generated ones are left out: the database computes them) */
  columns: { name: string; type: string }[];
  primaryKey: { name: string; type: string }[];
}

/** The tables of the public schema (the ones the migrations made), with their columns and primary keys. */
export async function listTables(db: Executor): Promise<TableInfo[]> {
  const cols = rowsOf(
    await db.execute(sql`
      select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attgenerated <> '' as generated,
             coalesce(array_position(i.indkey::int2[], a.attnum), 0) as pk
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`),
  );
  const tables = new Map<string, TableInfo>();
  for (const c of cols) {
    const name = String(c.table);
    let t = tables.get(name);
    if (!t) tables.set(name, (t = { name, columns: [], primaryKey: [] }));
    const column = { name: String(c.name), type: String(c.type) };
    if (!c.generated) t.columns.push(column);
    if (Number(c.pk) > 0) t.primaryKey[Number(c.pk) - 1] = column;
  }
  for (const t of tables.values()) t.primaryKey = t.primaryKey.filter(Boolean);
  return [...tables.values()];
}

/** The sequences of the public schema (serial columns'). */
export async function listSequences(db: Executor): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by 1`),
  );
  return rows.map((r) => String(r.name));
}

/** Each table's foreign-key parents (other tables of the public schema it references). */
export async function foreignKeyParents(db: Executor): Promise<Map<string, Set<string>>> {
  const rows = rowsOf(
    await db.execute(sql`
      select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`),
  );
  const parents = new Map<string, Set<string>>();
  for (const r of rows) {
    if (r.child === r.parent) continue;
    const set = parents.get(String(r.child)) ?? new Set<string>();
    set.add(String(r.parent));
    parents.set(String(r.child), set);
  }
  return parents;
}

/** Table names with every foreign-key parent before its children. */
export function foreignKeyOrder(names: string[], parents: Map<string, Set<string>>): string[] {
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name) || path.has(name)) return;
    path.add(name);
    for (const p of parents.get(name) ?? []) if (names.includes(p)) visit(p, path);
    done.add(name);
    order.push(name);
  };
  for (const name of [...names].sort()) visit(name, new Set());
  return order;
}

/** True when any table of the public schema holds a row. */
export async function anyRows(db: Executor): Promise<string | null> {
  for (const t of await listTables(db)) {
    const [row] = rowsOf(await db.execute(sql.raw(`select exists (select 1 from ${ident(t.name)}) as any`)));
    if (row.any) return t.name;
  }
  return null;
}
