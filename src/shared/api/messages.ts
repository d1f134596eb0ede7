/** Contact messages: the public form and the admin inbox (spec section 7). */
export type { Message } from "../schemas/messages";
export type { ContactInput } from "../schemas/contact";
export { MESSAGE_TYPES, type MessageType } from "../categories";

export const messagesApi = {
  /** POST (public): the contact form */
  contact: "/api/contact",
  /** GET (admin): the inbox */
  list: "/api/admin/messages",
  item: (id: number) => `/api/admin/messages/${id}`,
  readFlag: (id: number) => `/api/admin/messages/${id}/read`,
} as const;

import { dashboardApi } from "./dashboard";

export const messageListKeys = [messagesApi.list, dashboardApi.counts];
