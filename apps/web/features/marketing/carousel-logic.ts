/** Pure rules of the marketing carousels (docs/spec/marketing-site.md sections 4 and 9). */

export const PROMO_INTERVAL_MS = 5000;
export const QUESTION_PROGRESS_MS = 5000;
export const PARTNER_INTERVAL_MS = 4000;
export const PARTNER_LOCK_MS = 300;
export const SWIPE_THRESHOLD_PX = 50;
export const MAX_DOTS = 5;
export const TESTIMONIALS_BREAKPOINT_PX = 768;
export const TESTIMONIALS_PER_PAGE_DESKTOP = 4;
export const CARD_HEIGHT_DELAY_MS = 150;

/** Next index, wrapping from the last to the first. */
export function nextIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count;
}

/** Previous index, wrapping from the first to the last. */
export function previousIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index - 1 + count) % count;
}

/** Partner logos per slide: 2 under 640 px, 3 under 768, 4 under 1024, otherwise 5. */
export function logosPerSlide(width: number): number {
  if (width < 640) return 2;
  if (width < 768) return 3;
  if (width < 1024) return 4;
  return 5;
}

/** Splits a list into consecutive slides of `size` items. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += size) slides.push(items.slice(i, i + size));
  return slides;
}

/** The slide indexes that get a dot: at most `max`, in a window that keeps `current` visible. */
export function visibleDots(current: number, count: number, max = MAX_DOTS): number[] {
  const size = Math.min(max, count);
  const start = Math.min(Math.max(0, current - Math.floor(size / 2)), count - size);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Which way a horizontal swipe goes: 1 forward, -1 back, 0 when under the threshold. */
export function swipeDirection(deltaX: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (deltaX <= -threshold) return 1;
  if (deltaX >= threshold) return -1;
  return 0;
}

/** Testimonial cards per page: 4 on desktop, 1 under 768 px. */
export function testimonialsPerPage(width: number): number {
  return width < TESTIMONIALS_BREAKPOINT_PX ? 1 : TESTIMONIALS_PER_PAGE_DESKTOP;
}
