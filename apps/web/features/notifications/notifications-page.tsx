import { NOTIFICATION_TEXT as T } from "@puerta/contract";
import { Bell } from "lucide-react";
import { ErrorView } from "../../components/error-view.tsx";
import { NotificationCard } from "../../components/notification-card.tsx";
import { UnreadBadge } from "../../components/notification-status.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { brand } from "../../content/brand.ts";
import { isRead, useNotifications } from "./api.ts";

export const meta = () => [{ title: `${T.title} | ${brand.academyName}` }];

/** /notifications (docs/spec/student-portal.md sections 2, 4 and 8): the student's notifications, newest first. */
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
                <NotificationCard notification={n} unread={unreadItem} detailsHref={`/notification/${n.id}`} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
