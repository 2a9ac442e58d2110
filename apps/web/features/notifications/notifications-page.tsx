import { relativeTime, NOTIFICATION_TEXT as T } from "@puerta/contract";
import { Bell, ChevronRight, Clock } from "lucide-react";
import { Link } from "react-router";
import { ErrorView } from "../../components/error-view.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { brand } from "../../content/brand.ts";
import { isRead, useNotifications } from "./api.ts";
import { NotificationStatusIcon, UnreadBadge } from "./notification-status.tsx";

export const meta = () => [{ title: `${T.title} | ${brand.academyName}` }];

/** /notifications (spec sections 2, 4 and 8): the student's notifications, newest first. */
export default function NotificationsPage() {
  const { data, isPending, isError, refetch, isFetching, student } = useNotifications();
  const unread = data?.filter((n) => !isRead(n, student)).length ?? 0;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="flex items-center gap-3 text-2xl font-extrabold tracking-tight sm:text-3xl">
        <Bell aria-hidden="true" className="size-7 text-brand-600" />
        {T.title}
        <UnreadBadge count={unread} />
      </h1>

      {isPending ? (
        <Spinner label="Chargement des notifications..." />
      ) : isError ? (
        <ErrorView message={T.listError} retryLabel={T.retry} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.length === 0 ? (
        <p className="mt-10 rounded-2xl bg-gray-50 p-10 text-center text-gray-700">{T.empty}</p>
      ) : (
        <ul className="mt-8 space-y-4">
          {data.map((n) => {
            const unreadItem = !isRead(n, student);
            return (
              <li key={n.id}>
                <article
                  aria-labelledby={`notification-${n.id}`}
                  className={`rounded-2xl border p-5 shadow-sm transition-shadow hover:shadow-md ${
                    unreadItem ? "border-brand-100 bg-brand-50/60" : "border-gray-200 bg-white"
                  }`}
                >
                  <div className="flex items-start gap-3">
                    <NotificationStatusIcon statut={n.statut} />
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <h2 id={`notification-${n.id}`} className="text-lg font-bold break-words">
                          {n.titre}
                        </h2>
                        {unreadItem && (
                          <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-bold text-white">
                            {T.unread}
                          </span>
                        )}
                      </div>
                      <p className="mt-1 line-clamp-2 text-gray-700 break-words">{n.message}</p>
                      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
                        <span className="inline-flex items-center gap-1.5 text-gray-600">
                          <Clock aria-hidden="true" className="size-4" />
                          <time dateTime={n.created_at}>{relativeTime(n.created_at)}</time>
                        </span>
                        <Link
                          to={`/notification/${n.id}`}
                          className="inline-flex items-center gap-1 rounded-lg font-semibold text-brand-700 hover:underline"
                        >
                          {T.details}
                          <span className="sr-only"> : {n.titre}</span>
                          <ChevronRight aria-hidden="true" className="size-4" />
                        </Link>
                      </div>
                    </div>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
