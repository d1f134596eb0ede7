/** Contact messages: the public form and the admin inbox (spec section 7). */
export type { Message, MessageListQuery, MessagePage, MessageSort } from "../schemas/messages";
import type { MessageListQuery } from "../schemas/messages";
import { tableUrl } from "./paging";
export type { PageInfo } from "./paging";
export type { ContactInput } from "../schemas/contact";
export { MESSAGE_TYPES, type MessageType } from "../categories";

export const messagesApi = {
  /** POST (public): the contact form */
  contact: "/api/contact",
  /** GET (admin): the inbox */
  list: "/api/admin/messages",
  /** GET (admin): one page of the inbox's search (its key starts with `list`, so writes refresh it) */
  page: (query: MessageListQuery) => tableUrl("/api/admin/messages", { ...query }),
  item: (id: number) => `/api/admin/messages/${id}`,
  readFlag: (id: number) => `/api/admin/messages/${id}/read`,
} as const;

import { dashboardApi } from "./dashboard";

export const messageListKeys = [messagesApi.list, dashboardApi.counts];
