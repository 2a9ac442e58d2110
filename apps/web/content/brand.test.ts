import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { aboutPath, brand, centreChatLink, chatLink, postalAddress } from "./brand.ts";
import { validateBrand } from "./validate.ts";

const brandJson = brand;
const parseBrand = (data: unknown) => validateBrand(data);

describe("brand configuration", () => {
  it("is valid and names the academy", () => {
    expect(brand.academyName).toBe("Puerta");
    expect(aboutPath).toBe("/pourquoi-puerta");
    expect(postalAddress(brand.address)).toContain("Casablanca");
  });

  it("has one brand colour: the app's --color-brand-700, which the server's e-mails and PDFs use", () => {
    const css = readFileSync(path.join(import.meta.dirname, "../app/app.css"), "utf8");
    expect(css).toContain(`--color-brand-700: ${brand.color};`);
    expect(() => parseBrand({ ...brandJson, color: "rouge" })).toThrow(/color/);
  });

  it("rejects a broken file with the field named", () => {
    expect(() => parseBrand({ ...brandJson, contactEmail: "pas-un-email" })).toThrow(/contactEmail/);
    expect(() => parseBrand({ ...brandJson, productSlug: "Puerta Académie" })).toThrow(/productSlug/);
    expect(() =>
      parseBrand({ ...brandJson, social: [{ network: "facebook", label: "F", url: "http://x.test" }] }),
    ).toThrow(/social/);
  });
});

describe("chatLink", () => {
  it("keeps only the digits of the number and encodes the greeting", () => {
    expect(chatLink("+212 6 12-34 56 78", "Bonjour, ça va ?")).toBe(
      "https://wa.me/212612345678?text=Bonjour%2C%20%C3%A7a%20va%20%3F",
    );
  });
  it("opens the chat without text when no greeting is given (a centre's phone)", () => {
    expect(chatLink("+212 6 61-00 10 01")).toBe("https://wa.me/212661001001");
  });
});

describe("centreChatLink", () => {
  it("keeps the number's digits and its plus", () => {
    const link = new URL(centreChatLink("+212 6 61-00 10 01"));
    expect(link.origin + link.pathname).toBe("https://api.whatsapp.com/send");
    expect(link.searchParams.get("phone")).toBe("+212661001001");
  });
});
