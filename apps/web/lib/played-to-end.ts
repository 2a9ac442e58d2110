/**
 * Whether an animation has played to its end: finished, or paused there (hovering the
 * questions banner pauses a bar that may already be full).
 */
export function playedToEnd(animation: Animation): boolean {
  const end = animation.effect?.getComputedTiming().endTime;
  return end !== undefined && animation.currentTime !== null && Number(animation.currentTime) >= Number(end);
}
