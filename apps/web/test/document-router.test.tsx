import { renderToString } from "react-dom/server";
import { afterEach, expect, it, vi } from "vitest";
import { PUBLIC_NAV } from "../app/layout/nav-items.ts";

// Every page of the public navigation, and one reached with other letter cases.
const PAGES = [...PUBLIC_NAV.map((item) => item.to), "/DELE"];

/** The islands that use React Router, as the page's prerender writes them, around `pathname`. */
async function renderIslands(pathname: string): Promise<string> {
  const { IslandProviders } = await import("../islands/island-providers.tsx");
  const { SiteHeader } = await import("../app/layout/site-header.tsx");
  const { PromoBanner } = await import("../features/marketing/sections/promo-banner.tsx");
  const { LoginForm } = await import("../features/auth/login-form.tsx");
  const { ForgotPasswordForm } = await import("../features/passwords/forgot-password-form.tsx");
  return renderToString(
    <IslandProviders location={{ pathname }}>
      <SiteHeader />
      <PromoBanner />
      <LoginForm />
      <ForgotPasswordForm />
    </IslandProviders>,
  );
}

afterEach(() => {
  vi.doUnmock("react-router");
  vi.resetModules();
});

it.each(PAGES)(
  "islands write the same markup with the document router as with React Router on %s",
  async (pathname) => {
    vi.resetModules();
    const withReactRouter = await renderIslands(pathname);
    vi.doMock("react-router", () => import("../islands/document-router.tsx"));
    vi.resetModules();
    const withDocumentRouter = await renderIslands(pathname);
    expect(withDocumentRouter).toBe(withReactRouter);
    // Not empty markup agreeing by accident: links, and the current page marked.
    expect(withReactRouter).toContain('href="/forgot-password"');
    expect(withReactRouter).toContain('aria-current="page"');
  },
);
