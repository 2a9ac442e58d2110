import { NOTIFICATION_TEXT as T } from "@puerta/contract";
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, type LoaderFunctionArgs, useParams } from "react-router";
import { NotificationArticle } from "../../components/notification-article.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { brand } from "../../content/brand.ts";
import { inTheBrowser, pageData } from "../../lib/page-data.tsx";
import { useAuthorisedImage } from "../../lib/use-authorised-image.ts";
import {
  isNotificationId,
  isRead,
  NotificationNotFound,
  notificationListQuery,
  notificationQuery,
  useMarkViewed,
  useNotification,
  useNotifications,
} from "./api.ts";

/**
 * The page's data, fetched by the server and in the HTML (decision 101): the notification, and
 * the list's first screen, whose unread count the header shows.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  return isNotificationId(id)
    ? pageData(notificationQuery(id), notificationListQuery())
    : pageData(notificationListQuery());
}

export const clientLoader = inTheBrowser;

export const meta = () => [{ title: `${T.title} | ${brand.academyName}` }];

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

/** /notification/{id} (docs/spec/student-portal.md sections 2, 4 and 8). Opening it marks it read at once. */
export default function NotificationDetailPage() {
  const id = Number(useParams().id);
  const validId = isNotificationId(id);
  const notification = useNotification(id);
  const { student } = useNotifications();
  const markViewed = useMarkViewed();
  const marked = useRef<number | null>(null);

  const data = notification.data;
  const unread = data !== undefined && student != null && !isRead(data, student);
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

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <BackLink />
      <NotificationArticle notification={data} photoUrl={photo} />
    </div>
  );
}
