import {
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_PRIORITY_LABELS,
  NOTIFICATION_STATE_LABELS,
  type NotificationPriority,
  type NotificationState,
} from "@puerta/contract";
import { StatusPill } from "../shared/status-pill.tsx";

const STATE_TONES = {
  brouillon: "neutral",
  programmee: "new",
  publiee: "done",
  retiree: "withdrawn",
} as const satisfies Record<NotificationState, string>;

/** Brouillon, Programmée, Publiée or Retirée, as a badge. */
export function StateBadge({ state }: { state: NotificationState }) {
  return <StatusPill tone={STATE_TONES[state]}>{NOTIFICATION_STATE_LABELS[state]}</StatusPill>;
}

/** "lue par X / Y". */
export const readsLabel = (read: number, recipients: number) => `lue par ${read} / ${recipients}`;

/**
 * The priority as the form offers it: a stored priority outside the three (none, or the seed's
 * "low") is what students see as a normal one, so the list, the detail and the form all say "Normale".
 */
export const priorityOf = (stored: string | null | undefined): NotificationPriority =>
  (NOTIFICATION_PRIORITIES as readonly string[]).includes(stored ?? "") ? (stored as NotificationPriority) : "normal";

export const priorityLabel = (stored: string | null | undefined) => NOTIFICATION_PRIORITY_LABELS[priorityOf(stored)];
