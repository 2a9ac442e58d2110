import { NOTIFICATIONS_PER_SCREEN, NOTIFICATION_TEXT as T } from "@puerta/contract";
import { Bell, CheckCheck } from "lucide-react";
import { useCallback, useState } from "react";
import { ErrorView } from "../../components/error-view.tsx";
import { NotificationCard } from "../../components/notification-card.tsx";
import { UnreadBadge } from "../../components/notification-status.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { brand } from "../../content/brand.ts";
import { inTheBrowser, pageData } from "../../lib/page-data.tsx";
import { isRead, notificationListQuery, useMarkAllViewed, useNotifications } from "./api.ts";

/** The page's data, fetched by the server and in the HTML (decision 101). */
export const loader = () => pageData(notificationListQuery());

export const clientLoader = inTheBrowser;

export const meta = () => [{ title: `${T.title} | ${brand.academyName}` }];

/** /notifications (docs/spec/student-portal.md sections 2, 4 and 8): the student's notifications, newest first. */
export default function NotificationsPage() {
  // The newest first; older ones on demand, so the server renders one screen, not the whole history.
  const [shown, setShown] = useState(NOTIFICATIONS_PER_SCREEN);
  const { data, isPending, isError, isPlaceholderData, refetch, isFetching, student } = useNotifications(shown);
  const unread = data?.unread ?? 0;
  const markAll = useMarkAllViewed();
  // Older ones that could not be loaded: the screen already shown stays, with a word and the button.
  const [olderFailed, setOlderFailed] = useState(false);
  if (isError && shown > NOTIFICATIONS_PER_SCREEN) {
    setShown(shown - NOTIFICATIONS_PER_SCREEN);
    setOlderFailed(true);
  }
  // A keyboard or screen-reader user who asked for more is taken to the first of them, once, as it appears.
  const focusWhenAdded = useCallback((item: HTMLLIElement | null) => item?.focus(), []);
  const firstAdded = isPlaceholderData || shown === NOTIFICATIONS_PER_SCREEN ? -1 : shown - NOTIFICATIONS_PER_SCREEN;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-3 text-2xl font-extrabold tracking-tight sm:text-3xl">
          <Bell aria-hidden="true" className="size-7 text-brand-600" />
          {T.title}
          <UnreadBadge count={unread} />
        </h1>
        {unread > 0 && student ? (
          <button
            type="button"
            onClick={() => markAll.mutate({ studentId: student.id })}
            disabled={markAll.isPending}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {T.markAllRead}
          </button>
        ) : null}
      </div>
      {markAll.isError ? (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {T.markAllFailed}
        </p>
      ) : null}

      {isPending ? (
        <Spinner label="Chargement des notifications..." />
      ) : isError ? (
        <ErrorView message={T.listError} retryLabel={T.retry} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.notifications.length === 0 ? (
        <p className="mt-10 rounded-2xl bg-gray-50 p-10 text-center text-gray-700">{T.empty}</p>
      ) : (
        <>
          <ul className="mt-8 space-y-4">
            {data.notifications.map((n, index) => (
              <li
                key={n.id}
                ref={index === firstAdded ? focusWhenAdded : undefined}
                tabIndex={index === firstAdded ? -1 : undefined}
                className="rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <NotificationCard notification={n} unread={!isRead(n, student)} detailsHref={`/notification/${n.id}`} />
              </li>
            ))}
          </ul>
          {data.total > data.notifications.length ? (
            <div className="mt-6 flex flex-col items-center gap-2">
              <p className="text-sm text-gray-600">{T.shownOf(data.notifications.length, data.total)}</p>
              {olderFailed ? (
                <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
                  {T.olderFailed}
                </p>
              ) : null}
              <button
                type="button"
                onClick={() => {
                  setOlderFailed(false);
                  setShown(shown + NOTIFICATIONS_PER_SCREEN);
                }}
                disabled={isPlaceholderData}
                aria-busy={isPlaceholderData}
                className="inline-flex min-h-11 items-center rounded-full border border-brand-600 px-5 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
              >
                {T.showOlder}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
