import type {
  ContactMessageDetail,
  ContactMessageStatus,
  ContactMessageSummary,
  ContactReplyRequest,
  Page,
} from "@puerta/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { useSubmissionKey } from "../../../lib/submission-key.ts";
import { useInvalidate } from "../shared/queries.ts";

/** The keys of this screen's queries; every one starts with `all`. */
export const messageKeys = {
  all: [STAFF_QUERY_KEY, "messages"] as const,
  lists: () => [...messageKeys.all, "list"] as const,
  list: (params: ListParams) => [...messageKeys.lists(), params] as const,
  detail: (id: string) => [...messageKeys.all, "message", id] as const,
};

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

export const messageListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: messageKeys.list(params),
    queryFn: ({ signal }) => messagesApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

export const messageQuery = (id: string) =>
  queryOptions({
    queryKey: messageKeys.detail(id),
    queryFn: ({ signal }) => messagesApi.open(id, signal),
  });

/** One page of the inbox; `enabled` is false for a role that may not read it. */
export const useMessages = (params: ListParams, enabled: boolean) => useQuery({ ...messageListQuery(params), enabled });
/** One message (opening it marks it read, server side). */
export const useMessage = (id: string, enabled: boolean) => useQuery({ ...messageQuery(id), enabled });

/**
 * The inbox's pages are read again (a message was opened, so marked read, or answered); the
 * message on screen is not, as reading it again would only open it again.
 */
export const useRefreshInbox = () => useInvalidate(messageKeys.lists());

/**
 * After a reply or a change of status: the server's copy of the message is shown (what the
 * write answered, without reading it again).
 */
export function useStoreMessage(id: string) {
  const queryClient = useQueryClient();
  return (next: ContactMessageDetail) => queryClient.setQueryData(messageKeys.detail(id), next);
}

/** Marks a message handled, or to handle again; the inbox's pages are then read again. */
export function useSetMessageStatus() {
  const refreshInbox = useRefreshInbox();
  return useMutation({
    mutationFn: ({ id, statut }: { id: number; statut: ContactMessageStatus }) => messagesApi.setStatus(id, statut),
    onSuccess: () => void refreshInbox(),
  });
}

/**
 * Sends a reply by e-mail once, however often the form is sent again (one key per reply, kept
 * by the form that calls the hook); the inbox's pages are then read again.
 */
export function useReplyToMessage() {
  const submission = useSubmissionKey();
  const refreshInbox = useRefreshInbox();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ContactReplyRequest }) =>
      submission.send((key) => messagesApi.reply(id, body, key)),
    onSuccess: () => void refreshInbox(),
  });
}
