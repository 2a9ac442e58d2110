import { createPath, type Navigator, type To } from "react-router";

const href = (to: To) => (typeof to === "string" ? to : createPath(to));

/**
 * The navigator of an island: a prerendered public page has no client-side router, so every
 * link, redirect and `navigate()` inside an island loads the next page as a document.
 */
export const documentNavigator: Navigator = {
  createHref: href,
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
  go: (delta) => window.history.go(delta),
};
