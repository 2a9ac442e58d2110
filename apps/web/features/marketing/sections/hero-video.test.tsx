import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HeroVideo } from "./hero-video.tsx";

/** The visitor's motion preference, as the browser reports it. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query === "(prefers-reduced-motion: reduce)",
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe("HeroVideo", () => {
  let play: ReturnType<typeof vi.spyOn>;
  let pause: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    // jsdom plays no media: the browser's own play() and pause() are watched.
    play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockReturnValue(undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const video = () => document.querySelector("video") as HTMLVideoElement;

  it("never plays by itself under prefers-reduced-motion: the poster stays, a button offers to play", () => {
    prefersReducedMotion(true);
    render(<HeroVideo />);
    expect(video()).not.toHaveAttribute("autoplay");
    expect(video()).toHaveAttribute("poster", "/media/video/hero.webp");
    expect(video()).toHaveAttribute("preload", "none");
    expect(play).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Lire la vidéo" }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Mettre la vidéo en pause" })).toBeInTheDocument();
  });

  it("plays otherwise, with a visible button that pauses it and plays it again", () => {
    prefersReducedMotion(false);
    render(<HeroVideo />);
    expect(play).toHaveBeenCalledTimes(1);
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Mettre la vidéo en pause" }));
    });
    expect(pause).toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Lire la vidéo" }));
    expect(play).toHaveBeenCalledTimes(2);
  });
});
