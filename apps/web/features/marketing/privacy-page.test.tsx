import { PRIVACY_PAGE_SLOTS } from "@puerta/contract";
import { render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import PrivacyPage from "./privacy-page.tsx";

describe("PrivacyPage", () => {
  it("prerenders each slot the server fills once, between the blocks of its section (decision 114)", () => {
    const html = renderToString(<PrivacyPage />);
    for (const slot of Object.values(PRIVACY_PAGE_SLOTS)) expect(html.split(slot)).toHaveLength(2);
    // Block content goes there: never inside a paragraph.
    expect(html).toMatch(new RegExp(`</p>${PRIVACY_PAGE_SLOTS.cndp}</div>`));
    expect(html).toMatch(new RegExp(`</p>${PRIVACY_PAGE_SLOTS.retention}<h3`));
    expect(html).toMatch(new RegExp(`</p>${PRIVACY_PAGE_SLOTS.kept}</div>`));
  });

  it("has ten sections, what is kept under the retention one, and says how to exercise each right", () => {
    render(<PrivacyPage />);
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(10);
    const retention = screen.getByRole("region", { name: "5. Durée de conservation" });
    expect(within(retention).getByRole("heading", { level: 3 })).toHaveTextContent(
      "Ce que nous conservons volontairement",
    );

    const rights = screen.getByRole("region", { name: "7. Vos droits" });
    const items = within(rights).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("strong")?.textContent)).toEqual([
      "Accès",
      "Rectification",
      "Opposition",
      "Suppression",
    ]);
    expect(items[0]).toHaveTextContent("« Télécharger mes données »");
    expect(within(items[0] as HTMLElement).getByRole("link", { name: "votre profil" })).toHaveAttribute(
      "href",
      "/profile",
    );
    for (const item of items.slice(1)) {
      expect(within(item).getByRole("link", { name: "contact@puerta.example" })).toHaveAttribute(
        "href",
        "mailto:contact@puerta.example",
      );
    }
    expect(
      within(items[3] as HTMLElement).getByRole("link", { name: "ce que nous conservons volontairement" }),
    ).toHaveAttribute("href", "#conserve-apres-effacement");
  });
});
