/**
 * Building blocks of the response schemas (the envelopes of ARCHITECTURE.md "API conventions").
 * The server uses them as route `response` schemas: fastify-type-provider-zod *encodes* every
 * answer through them, so a field the schema does not name is never sent and a missing or
 * mistyped one is a 500 (logged) instead of a silent change of contract. The client reads the
 * wire side (`z.input`): timestamps as ISO strings.
 */
import { z } from "zod";

/**
 * A timestamp: the server hands a Date (Drizzle) or an ISO string it already formatted; the
 * wire always carries the string (what JSON.stringify made of a Date before schemas existed).
 */
export const timestamp = z.codec(z.string(), z.union([z.date(), z.string()]), {
  decode: (wire) => new Date(wire),
  encode: (value) => (typeof value === "string" ? value : value.toISOString()),
});

/** `{ success: true, data }`: every read. */
export const dataAnswer = <T extends z.ZodType>(data: T) => z.object({ success: z.boolean(), data });

/** `{ success: true, message, data }`: a write that returns the record. */
export const savedAnswer = <T extends z.ZodType>(data: T) => z.object({ success: z.boolean(), message: z.string(), data });

/** `{ success: true, message }`: a write with nothing to return (delete, logout, subscribe...). */
export const messageAnswer = z.object({ success: z.boolean(), message: z.string() });
