import type { Message } from "@shared/schemas/messages";
import type { MessageType } from "@shared/categories";
import { Badge } from "@client/components/ui/badge";

const TYPE_LABEL: Record<MessageType, string> = { general: "General", booking: "Booking", press: "Press" };

/** Booking blue, Press amber, General default (spec section 2). */
export function MessageTypeBadge({ type }: { type: Message["messageType"] }) {
  const variant = type === "booking" ? "blue" : type === "press" ? "amber" : "default";
  return <Badge variant={variant}>{TYPE_LABEL[type] ?? "General"}</Badge>;
}

export const senderName = (m: Pick<Message, "name">) => m.name?.trim() || "Anonymous";

export function replyHref(m: Message, bandName: string): string {
  const subject = `Re: Your ${TYPE_LABEL[m.messageType]?.toLowerCase() ?? "general"} message to ${bandName}`;
  return `mailto:${m.email}?subject=${encodeURIComponent(subject)}`;
}
