import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PromoBanner } from "./promo-banner.tsx";

const title = () => screen.getByTestId("promo-title").textContent;

describe("PromoBanner", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const renderBanner = () =>
    render(
      <MemoryRouter>
        <PromoBanner />
      </MemoryRouter>,
    );

  it("moves to the next message every 5 s and wraps from the last to the first", () => {
    renderBanner();
    expect(title()).toBe("Bourse d'excellence : 25 % de réduction");
    act(() => vi.advanceTimersByTime(4999));
    expect(title()).toBe("Bourse d'excellence : 25 % de réduction");
    act(() => vi.advanceTimersByTime(1));
    expect(title()).toBe("Leader au Maroc de la préparation à la Selectividad");
    act(() => vi.advanceTimersByTime(10000));
    expect(title()).toBe("Bourse d'excellence : 25 % de réduction");
  });

  it("stays put while the pointer is over it or once paused", () => {
    renderBanner();
    const carousel = screen.getByRole("region", { name: "Nos offres" });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(20000));
    expect(title()).toBe("Bourse d'excellence : 25 % de réduction");
    fireEvent.mouseLeave(carousel);
    fireEvent.click(screen.getByRole("button", { name: "Mettre en pause le défilement des offres" }));
    fireEvent.blur(screen.getByRole("button", { name: "Reprendre le défilement des offres" }));
    act(() => vi.advanceTimersByTime(20000));
    expect(title()).toBe("Bourse d'excellence : 25 % de réduction");
  });

  it("previous wraps to the last message and the dots select directly", () => {
    renderBanner();
    fireEvent.click(screen.getByRole("button", { name: "Offre précédente" }));
    expect(title()).toBe("Une semaine de séjour linguistique à Madrid");
    fireEvent.click(screen.getByRole("button", { name: "Afficher l'offre 2" }));
    expect(title()).toBe("Leader au Maroc de la préparation à la Selectividad");
    expect(screen.getByRole("button", { name: "Afficher l'offre 2" })).toHaveAttribute("aria-current", "true");
  });
});
