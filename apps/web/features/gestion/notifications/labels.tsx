import { NOTIFICATION_STATE_LABELS, type NotificationState } from "@puerta/contract";
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
