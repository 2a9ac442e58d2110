import { type ComponentType, useId } from "react";
import { useLocation } from "react-router";
import { IslandProviders } from "./island-providers.tsx";
import { OR_ANIMATION_END, WAITS_FOR_TOUCH } from "./when-needed.ts";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      /** An island's frame in a prerendered page (display: contents, app.css). */
      "puerta-island": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

export type IslandDefinition<P> = { name: string; Component: ComponentType<P> };

/**
 * An island that waits for a touch: its prerendered markup is what a visitor with no session,
 * at an address with no query string, should see, and only a touch changes it (the header: its
 * menus). Its code then runs only at a touch, click, focus or key inside it, however near the
 * screen it is; a tap made meanwhile is kept (lib/before-hydration.ts). For any other visitor
 * it hydrates when near the screen, as other islands do. `orAnimationEnd` names a CSS
 * animation, played by the prerendered markup, whose end inside the island also makes it
 * needed (the questions banner's 5-second bar, after which the next question comes).
 */
export type IslandOptions = { waitForTouch?: false } | { waitForTouch: true; orAnimationEnd?: string };
export type Island<P> = ComponentType<P> & { island: IslandDefinition<P> };

// Prerendering only: an island is rendered as a root of its own, as it will hydrate.
let renderToString = import.meta.env.SSR ? (await import("react-dom/server")).renderToString : undefined;

/**
 * For the server that renders the app's pages on request (app/entry.server.tsx, decision 101):
 * there, as in the browser, an island is an ordinary component of the app, with its query
 * cache and session; only the build's prerendering of public pages makes islands of them.
 */
export function renderIslandsInTheApp() {
  renderToString = undefined;
}

/**
 * Makes `Component` an island (decision 008): on a prerendered public page it is the only
 * part that loads JavaScript and hydrates, from the `<name>.island.tsx` entry that declares
 * it. Its props travel in the page as JSON, so they must be plain data. Rendered by the
 * student area's client-side router, it is an ordinary component.
 */
export function defineIsland<P extends object>(
  name: string,
  Component: ComponentType<P>,
  options: IslandOptions = {},
): Island<P> {
  function IslandFrame(props: P) {
    const { pathname } = useLocation();
    const idPrefix = useId();
    if (!renderToString) {
      return (
        <puerta-island data-island={name}>
          <Component {...props} />
        </puerta-island>
      );
    }
    // useId() inside the island must give the same ids here and when it hydrates alone.
    const html = renderToString(
      <IslandProviders location={{ pathname }}>
        <Component {...props} />
      </IslandProviders>,
      { identifierPrefix: idPrefix },
    );
    const data = Object.keys(props).length > 0 ? JSON.stringify(props) : undefined;
    return (
      <puerta-island
        data-island={name}
        data-id-prefix={idPrefix}
        data-props={data}
        {...(options.waitForTouch ? { [WAITS_FOR_TOUCH]: "", [OR_ANIMATION_END]: options.orAnimationEnd } : {})}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the island, made just above.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  IslandFrame.displayName = `Island(${name})`;
  return Object.assign(IslandFrame, { island: { name, Component } });
}
