import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newsletterDeliveries, subscribers } from "../../db/schema";

/** A newsletter mail the recipient's server refused for good, with the server's reply. */
export interface Bounce {
  deliveryId: number;
  reason: string;
}

export const BOUNCED_SKIP_REASON = "address bounced";

/**
 * Marks the subscribers behind these deliveries as bounced (later newsletters skip them, see
 * recipientFilter, until an admin reactivates them) and skips their other pending mails, which
 * would only be refused again. One statement, whatever the number of bounces.
 */
export async function recordBounces(db: Db, bounces: Bounce[]) {
  if (bounces.length === 0) return;
  const list = JSON.stringify(bounces.map((b) => ({ id: b.deliveryId, reason: b.reason })));
  await db.execute(sql`
    with bounced as (
      update ${subscribers} as s set bounced_at = now(), bounce_reason = b.reason
      from jsonb_to_recordset(${list}::jsonb) as b(id integer, reason text)
      join ${newsletterDeliveries} as d on d.id = b.id
      where s.id = d.subscriber_id
      returning s.id
    )
    update ${newsletterDeliveries} set status = 'skipped', last_error = ${BOUNCED_SKIP_REASON}
    where status = 'pending' and subscriber_id in (select id from bounced)`);
}
