import { LIMITS } from "../limits.ts";

export type ScrollPosition = { scrollTop: number; clientHeight: number; scrollHeight: number };

/**
 * The policy text counts as read once it is scrolled to within the tolerance of its bottom
 * (docs/spec/student-portal.md section 4: 10 pixels). A text too short to scroll is read at once.
 */
export function isScrolledToBottom(
  { scrollTop, clientHeight, scrollHeight }: ScrollPosition,
  tolerancePx: number = LIMITS.policyScrollTolerancePx,
): boolean {
  return scrollHeight - (scrollTop + clientHeight) <= tolerancePx;
}
