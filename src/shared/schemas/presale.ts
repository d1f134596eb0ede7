import { z } from "zod";
import { emailField } from "./subscribers";
import { text } from "./text";

/**
 * POST /api/shows/{id}/presale (issue 24): the address the code goes to, if it is a confirmed
 * fan's. `website` is the honeypot the other public forms have (bots fill it; nothing happens).
 */
export const presaleRequest = z.object({
  email: emailField(),
  website: text().max(1000).optional(),
});
export type PresaleRequest = z.input<typeof presaleRequest>;
