import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SiteFooter } from "./site-footer.tsx";

/**
 * Whether the router took a click on a link (it prevents the browser's own navigation), noted
 * after React's handlers, then stopped so that jsdom does not try to load a document.
 */
const routerTook: boolean[] = [];
const noteAndStop = (event: MouseEvent) => {
  routerTook.push(event.defaultPrevented);
  event.preventDefault();
};
window.addEventListener("click", noteAndStop);
afterEach(() => {
  routerTook.length = 0;
});

function renderFooterAt(path: string) {
  const router = createMemoryRouter([{ path: "*", element: <SiteFooter /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe("SiteFooter", () => {
  it("loads the privacy page as a document from the student area, whose HTML the server fills (decision 114)", () => {
    const router = renderFooterAt("/profile");
    const privacy = screen.getByRole("link", { name: "Politique de confidentialité" });
    expect(privacy).toHaveAttribute("href", "/politique-de-confidentialite");
    fireEvent.click(privacy);
    expect(routerTook).toEqual([false]);
    expect(router.state.location.pathname).toBe("/profile");
  });

  it("leaves the other pages to the router", () => {
    const router = renderFooterAt("/profile");
    fireEvent.click(screen.getByRole("link", { name: "Blog" }));
    expect(routerTook).toEqual([true]);
    expect(router.state.location.pathname).toBe("/blog-2");
  });
});
