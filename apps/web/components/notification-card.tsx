import { type Notification, NOTIFICATION_TEXT as T } from "@puerta/contract";
import { ChevronRight, Clock } from "lucide-react";
import { Link } from "react-router";
import { NotificationStatusIcon } from "./notification-status.tsx";
import { RelativeTime } from "./relative-time.tsx";

type CardNotification = Pick<Notification, "id" | "titre" | "message" | "created_at" | "statut">;

/**
 * A notification in the student's list (docs/spec/student-portal.md sections 2 and 4). The student list and the
 * back-office's preview both draw it, so the preview is what students see.
 */
export function NotificationCard({
  notification: n,
  unread,
  detailsHref,
  headingLevel = 2,
}: {
  notification: CardNotification;
  unread: boolean;
  /** Where "Voir détails" leads; null in a preview, where it leads nowhere. */
  detailsHref: string | null;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const detailsClass = "inline-flex items-center gap-1 rounded-lg font-semibold text-brand-700 hover:underline";
  const details = (
    <>
      {T.details}
      <span className="sr-only"> : {n.titre}</span>
      <ChevronRight aria-hidden="true" className="size-4" />
    </>
  );
  return (
    <article
      aria-labelledby={`notification-${n.id}`}
      className={`rounded-2xl border p-5 shadow-sm transition-shadow hover:shadow-md ${
        unread ? "border-brand-100 bg-brand-50/60" : "border-gray-200 bg-white"
      }`}
    >
      <div className="flex items-start gap-3">
        <NotificationStatusIcon statut={n.statut} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Heading id={`notification-${n.id}`} className="text-lg font-bold break-words">
              {n.titre}
            </Heading>
            {unread && (
              <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-bold text-white">{T.unread}</span>
            )}
          </div>
          <p className="mt-1 line-clamp-2 text-gray-700 break-words">{n.message}</p>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
            <span className="inline-flex items-center gap-1.5 text-gray-600">
              <Clock aria-hidden="true" className="size-4" />
              <RelativeTime date={n.created_at} />
            </span>
            {detailsHref ? (
              <Link to={detailsHref} className={detailsClass}>
                {details}
              </Link>
            ) : (
              <span className={detailsClass}>{details}</span>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}
