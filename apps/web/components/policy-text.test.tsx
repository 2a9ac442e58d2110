import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PolicyText } from "./policy-text.tsx";

describe("PolicyText", () => {
  it("renders the Markdown of a policy: headings from h2, emphasis, lists, links", () => {
    const { container } = render(
      <PolicyText
        content={
          "# Politique\n\n## Article 1 — Objet\n\nLes frais **versés** restent acquis.\n\n- un\n- deux\n\n[Contact](https://puerta.example/contactez-nous)"
        }
      />,
    );
    expect(screen.getByRole("heading", { level: 2, name: "Politique" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Article 1 — Objet" })).toBeInTheDocument();
    expect(container.querySelector("h1")).toBeNull();
    expect(screen.getByText("versés").tagName).toBe("STRONG");
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["un", "deux"]);
    expect(screen.getByRole("link", { name: "Contact" })).toHaveAttribute(
      "href",
      "https://puerta.example/contactez-nous",
    );
  });

  it("never turns raw HTML or a javascript: link into live elements", () => {
    const { container } = render(
      <PolicyText
        content={
          'Texte <script>alert(1)</script> et <img src=x onerror="alert(2)"> puis <b onclick="x()">gras</b>\n\n[piège](javascript:alert(3))'
        }
      />,
    );
    expect(container.querySelector("script, img, b, [onerror], [onclick]")).toBeNull();
    expect(container.textContent).toContain("<script>alert(1)</script>");
    expect(container.textContent).toContain('<img src=x onerror="alert(2)">');
    const link = container.querySelector("a");
    expect(link?.getAttribute("href") ?? "").not.toMatch(/javascript:/i);
  });
});
