import { priorityBadge, relativeTime, safeExternalLink, NOTIFICATION_TEXT as T } from "@puerta/contract";
import { ArrowLeft, Clock, User } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router";
import { Spinner } from "../../components/spinner.tsx";
import { brand } from "../../content/brand.ts";
import { useAuthorisedImage } from "../../lib/use-authorised-image.ts";
import { isRead, NotificationNotFound, useMarkViewed, useNotification, useNotifications } from "./api.ts";
import { NotificationStatusIcon } from "./notification-status.tsx";

export const meta = () => [{ title: `${T.title} | ${brand.academyName}` }];

const PRIORITY_CLASSES = {
  high: "bg-red-100 text-red-800",
  medium: "bg-amber-100 text-amber-900",
  normal: "bg-gray-100 text-gray-800",
} as const;

const fullDate = new Intl.DateTimeFormat("fr-FR", { dateStyle: "full", timeStyle: "short" });

function BackLink() {
  return (
    <Link
      to="/notifications"
      className="inline-flex items-center gap-2 rounded-lg font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {T.back}
    </Link>
  );
}

/** /notification/{id} (spec sections 2, 4 and 8). Opening it marks it read at once. */
export default function NotificationDetailPage() {
  const id = Number(useParams().id);
  const validId = Number.isSafeInteger(id) && id > 0;
  const notification = useNotification(id);
  const { student } = useNotifications();
  const markViewed = useMarkViewed();
  const marked = useRef<number | null>(null);

  const data = notification.data;
  const unread = data !== undefined && student !== null && !isRead(data, student);
  const { mutate } = markViewed;
  useEffect(() => {
    if (!unread || !student || marked.current === id) return;
    marked.current = id;
    mutate({ id, studentId: student.id });
  }, [unread, student, id, mutate]);

  const photo = useAuthorisedImage(data?.photo);

  if (!validId || notification.error instanceof NotificationNotFound) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-2xl font-extrabold">{T.notFoundTitle}</h1>
        <p className="mt-3 text-gray-700">{T.notFoundText}</p>
        <div className="mt-8">
          <BackLink />
        </div>
      </div>
    );
  }
  if (notification.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <div role="alert">
          <h1 className="text-2xl font-extrabold">{T.detailFailed}</h1>
          <p className="mt-3 text-gray-700">{T.detailError}</p>
        </div>
        <button
          type="button"
          onClick={() => void notification.refetch()}
          className="mt-6 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          {T.retry}
        </button>
        <div className="mt-6">
          <BackLink />
        </div>
      </div>
    );
  }
  if (!data) return <Spinner label="Chargement de la notification..." />;

  const priority = priorityBadge(data.priority);
  const link = safeExternalLink(data.link);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <BackLink />
      <article className="mt-6 rounded-3xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <header>
          <div className="flex items-start gap-3">
            <NotificationStatusIcon statut={data.statut} />
            <h1 className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{data.titre}</h1>
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-700">
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4" />
              {relativeTime(data.created_at)}
            </span>
            <time dateTime={data.created_at} className="first-letter:uppercase">
              {fullDate.format(new Date(data.created_at))}
            </time>
            {data.sender && (
              <span className="inline-flex items-center gap-1.5">
                <User aria-hidden="true" className="size-4" />
                De: {data.sender}
              </span>
            )}
            <span className={`rounded-full px-3 py-1 text-xs font-bold ${PRIORITY_CLASSES[priority.level]}`}>
              {priority.label}
            </span>
          </div>
        </header>
        {data.photo && photo && (
          <img
            src={photo}
            alt={`Illustration : ${data.titre}`}
            width={1200}
            height={675}
            className="mt-6 h-auto w-full rounded-2xl object-cover"
          />
        )}
        {/* Plain text only: the message is never interpreted as HTML. */}
        <p className="mt-6 text-base leading-relaxed whitespace-pre-line break-words">{data.message}</p>
        {link && (
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-6 inline-flex font-semibold text-brand-700 hover:underline"
          >
            {T.moreDetails}
            <span className="sr-only"> (nouvel onglet)</span>
          </a>
        )}
      </article>
    </div>
  );
}
