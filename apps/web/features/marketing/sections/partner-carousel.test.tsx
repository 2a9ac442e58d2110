import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PartnerCarousel } from "./partner-carousel.tsx";

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query === "(prefers-reduced-motion: reduce)",
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe("PartnerCarousel", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("under reduced motion, auto-play reads off and nothing moves", () => {
    prefersReducedMotion(true);
    render(<PartnerCarousel />);
    expect(screen.getByRole("button", { name: "Défilement automatique" })).toHaveAttribute("aria-pressed", "false");
    const status = screen.getByTestId("partner-status").textContent;
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByTestId("partner-status").textContent).toBe(status);
  });

  it("otherwise auto-play reads on", () => {
    prefersReducedMotion(false);
    render(<PartnerCarousel />);
    expect(screen.getByRole("button", { name: "Défilement automatique" })).toHaveAttribute("aria-pressed", "true");
  });
});
