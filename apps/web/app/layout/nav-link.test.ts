import { describe, expect, it } from "vitest";
import { currentness } from "./nav-link.tsx";

describe("currentness", () => {
  it("marks the item's own page, and its section on the detail pages", () => {
    expect(currentness("/notifications", "/notifications", ["/notification/"])).toBe("page");
    expect(currentness("/notification/12", "/notifications", ["/notification/"])).toBe("true");
    expect(currentness("/parascolaire/3", "/parascolaire-calendar", ["/parascolaire/"])).toBe("true");
    expect(currentness("/blog-2/un-article", "/blog-2", ["/blog/", "/blog"])).toBe("true");
    expect(currentness("/blog/4", "/blog-2", ["/blog/", "/blog"])).toBe("true");
    expect(currentness("/blog", "/blog-2", ["/blog/", "/blog"])).toBe("true");
  });

  it("leaves the others unmarked", () => {
    expect(currentness("/parascolaire-calendar", "/planning")).toBeUndefined();
    expect(currentness("/planning", "/")).toBeUndefined();
    expect(currentness("/", "/")).toBe("page");
    expect(currentness("/blogueur", "/blog-2", ["/blog"])).toBeUndefined();
  });
});
