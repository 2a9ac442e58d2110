import type {
  ContactMessageDetail,
  ContactMessageStatus,
  ContactMessageSummary,
  ContactReplyRequest,
  Page,
} from "@puerta/contract";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/** Every query about contact messages starts with this key: a write refreshes them all. */
export const MESSAGES_KEY = [STAFF_QUERY_KEY, "messages"] as const;

/** The filters of the inbox, as in the address and the API. */
export const MESSAGE_FILTERS = ["statut", "lecture", "from", "to"] as const;

export const messagesApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<ContactMessageSummary>>(`/api/gestion/messages${queryString(listApiParams(params))}`, { signal }),
  /** Opening marks the message read (server side). */
  open: (id: string, signal?: AbortSignal) =>
    staffJson<ContactMessageDetail>(`/api/gestion/messages/${encodeURIComponent(id)}`, { signal }),
  reply: (id: number, body: ContactReplyRequest, idempotencyKey?: string) =>
    staffJson<ContactMessageDetail>(`/api/gestion/messages/${id}/reponse`, { body, idempotencyKey }),
  setStatus: (id: number, statut: ContactMessageStatus) =>
    staffJson<ContactMessageDetail>(`/api/gestion/messages/${id}`, { method: "PATCH", body: { statut } }),
  /** The export of what the list shows, every page of it. */
  exportHref: (params: ListParams) => {
    const { page: _page, per_page: _perPage, ...rest } = listApiParams(params);
    return `/api/gestion/messages/export.csv${queryString(rest)}`;
  },
};
