import type { StaffEvent } from "@puerta/contract";

/** Placeholder replaced once the shared upload pieces are in (next commit). */
export function PosterField(_: { event: StaffEvent; onChanged: () => unknown }) {
  return null;
}
