import { useEffect } from "react";
import { WithQueryClient } from "../../lib/query-client.tsx";
import { useUnreadNotificationCount } from "./list.ts";

function UnreadCount({ onCount }: { onCount: (count: number) => void }) {
  const count = useUnreadNotificationCount(true);
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}

/**
 * Reports the signed-in student's unread count to `onCount`. Loaded only once a student is
 * signed in, so that a visitor's public page does not load the query library (decision 008).
 */
export default function UnreadNotificationCount({ onCount }: { onCount: (count: number) => void }) {
  return (
    <WithQueryClient>
      <UnreadCount onCount={onCount} />
    </WithQueryClient>
  );
}
