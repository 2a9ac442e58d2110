import { describe, expect, it } from "vitest";
import { isScrolledToBottom } from "../src/rules/policy.ts";

describe("isScrolledToBottom", () => {
  const box = { clientHeight: 400, scrollHeight: 2000 };

  it("is false at the top and above the 10 px tolerance", () => {
    expect(isScrolledToBottom({ ...box, scrollTop: 0 })).toBe(false);
    expect(isScrolledToBottom({ ...box, scrollTop: 1589 })).toBe(false);
  });

  it("is true within 10 px of the bottom and at the bottom", () => {
    expect(isScrolledToBottom({ ...box, scrollTop: 1590 })).toBe(true);
    expect(isScrolledToBottom({ ...box, scrollTop: 1600 })).toBe(true);
  });

  it("is true for a text too short to scroll", () => {
    expect(isScrolledToBottom({ scrollTop: 0, clientHeight: 400, scrollHeight: 380 })).toBe(true);
  });

  it("accepts a fractional scroll position (zoomed pages)", () => {
    expect(isScrolledToBottom({ ...box, scrollTop: 1590.4 })).toBe(true);
  });
});
