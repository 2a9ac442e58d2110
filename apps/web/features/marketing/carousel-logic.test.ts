import { describe, expect, it } from "vitest";
import {
  chunk,
  logosPerSlide,
  nextIndex,
  previousIndex,
  swipeDirection,
  testimonialsPerPage,
  visibleDots,
} from "./carousel-logic.ts";

describe("carousel rules", () => {
  it("wraps both ways", () => {
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 3)).toBe(1);
    expect(previousIndex(0, 3)).toBe(2);
    expect(previousIndex(2, 3)).toBe(1);
  });

  it("shows 2/3/4/5 partner logos per slide by width", () => {
    expect(logosPerSlide(390)).toBe(2);
    expect(logosPerSlide(639)).toBe(2);
    expect(logosPerSlide(640)).toBe(3);
    expect(logosPerSlide(767)).toBe(3);
    expect(logosPerSlide(768)).toBe(4);
    expect(logosPerSlide(1023)).toBe(4);
    expect(logosPerSlide(1024)).toBe(5);
  });

  it("chunks 17 partners into slides", () => {
    const partners = Array.from({ length: 17 }, (_, i) => i);
    expect(chunk(partners, 5).map((s) => s.length)).toEqual([5, 5, 5, 2]);
    expect(chunk(partners, 2)).toHaveLength(9);
  });

  it("keeps at most 5 dots around the current slide", () => {
    expect(visibleDots(0, 9)).toEqual([0, 1, 2, 3, 4]);
    expect(visibleDots(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(visibleDots(8, 9)).toEqual([4, 5, 6, 7, 8]);
    expect(visibleDots(1, 4)).toEqual([0, 1, 2, 3]);
  });

  it("moves only on swipes of 50 px or more", () => {
    expect(swipeDirection(-49)).toBe(0);
    expect(swipeDirection(-50)).toBe(1);
    expect(swipeDirection(80)).toBe(-1);
  });

  it("shows 4 testimonials per page from 768 px, else 1", () => {
    expect(testimonialsPerPage(767)).toBe(1);
    expect(testimonialsPerPage(768)).toBe(4);
  });
});
