import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Accordion, type AccordionItem } from "./accordion.tsx";

const items: AccordionItem[] = [
  { value: "a", title: "Calcul de la note", content: <p>La note d'admission sur 14.</p> },
  { value: "b", title: "Dates des épreuves", content: <p>En mai et en juin.</p> },
  { value: "c", title: "Inscription", content: <p>Sur le site de l'UNED.</p> },
];

const button = (name: string) => screen.getByRole("button", { name });

describe("Accordion", () => {
  it("opens the default item, one at a time, and closes the open one when clicked again", async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} defaultValue="a" headingLevel={2} />);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Calcul de la note",
      "Dates des épreuves",
      "Inscription",
    ]);
    expect(button("Calcul de la note")).toHaveAttribute("aria-expanded", "true");
    const panel = screen.getByRole("region", { name: "Calcul de la note" });
    expect(panel).toHaveTextContent("La note d'admission sur 14.");
    expect(button("Calcul de la note")).toHaveAttribute("aria-controls", panel.id);

    await user.click(button("Dates des épreuves"));
    expect(button("Dates des épreuves")).toHaveAttribute("aria-expanded", "true");
    expect(button("Calcul de la note")).toHaveAttribute("aria-expanded", "false");
    expect(screen.getAllByRole("region")).toHaveLength(1);
    expect(screen.queryByText("La note d'admission sur 14.")).not.toBeInTheDocument();

    await user.click(button("Dates des épreuves"));
    expect(button("Dates des épreuves")).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
  });

  it("starts closed without a default, and Enter and Space open an item", async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
    button("Inscription").focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("region", { name: "Inscription" })).toHaveTextContent("Sur le site de l'UNED.");
    await user.keyboard(" ");
    expect(button("Inscription")).toHaveAttribute("aria-expanded", "false");
  });

  it("moves the focus between its buttons with the arrows (wrapping), Home and End", async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} defaultValue="a" />);
    button("Calcul de la note").focus();
    await user.keyboard("{ArrowDown}");
    expect(button("Dates des épreuves")).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(button("Calcul de la note")).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(button("Inscription")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(button("Calcul de la note")).toHaveFocus();
    await user.keyboard("{End}");
    expect(button("Inscription")).toHaveFocus();
    // Moving the focus opens nothing.
    expect(button("Inscription")).toHaveAttribute("aria-expanded", "false");
  });

  it("keeps a nested accordion's keyboard to its own buttons", async () => {
    const user = userEvent.setup();
    const nested: AccordionItem[] = [
      { value: "n1", title: "Niveau 1", content: <p>Un</p> },
      { value: "n2", title: "Niveau 2", content: <p>Deux</p> },
    ];
    render(
      <Accordion
        defaultValue="m1"
        items={[
          { value: "m1", title: "Mathématiques", content: <Accordion items={nested} headingLevel={4} /> },
          { value: "m2", title: "Physique", content: <p>Rien</p> },
        ]}
      />,
    );
    button("Niveau 2").focus();
    await user.keyboard("{ArrowDown}");
    expect(button("Niveau 1")).toHaveFocus();
    await user.click(button("Niveau 1"));
    expect(within(screen.getByRole("region", { name: "Niveau 1" })).getByText("Un")).toBeInTheDocument();
    // The outer item stays open while the inner one changes.
    expect(button("Mathématiques")).toHaveAttribute("aria-expanded", "true");
  });

  it("writes the open item and the same ids on the server as in the browser", () => {
    const html = renderToString(<Accordion items={items} defaultValue="b" />);
    document.body.innerHTML = html;
    const open = button("Dates des épreuves");
    expect(open).toHaveAttribute("aria-expanded", "true");
    expect(document.getElementById(open.getAttribute("aria-controls") ?? "")).toHaveTextContent("En mai et en juin.");
    document.body.innerHTML = "";
  });
});
