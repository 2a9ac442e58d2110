import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { marketingContent } from "./content/vite-plugin.ts";
import { lucideIcons } from "./lib/lucide-icon-plugin.ts";

export default defineConfig(({ command }) => ({
  plugins: [lucideIcons(), marketingContent(), tailwindcss(), reactRouter()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React Router and the app's entry, which is then this file itself: one
            // request for what every page of the app runs first, the bundler's runtime included.
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]|[\\/]apps[\\/]web[\\/]app[\\/]entry\.client\.tsx/,
              priority: 10,
            },
            // The groups below hold what the back-office (and the marketing route modules) share
            // with the student area: left to itself the bundler cuts one file per set of screens
            // importing a module, a file of a few hundred bytes that costs ~430 bytes of headers
            // and a round trip (decision 009). Radix's core, under the calendars' dialog:
            {
              name: "radix",
              test: /node_modules[\\/]@radix-ui[\\/](primitive|react-(compose-refs|context|primitive|slot|id|presence|use-controllable-state|use-layout-effect))[\\/]/,
              priority: 3,
            },
            // The student area's and public forms' schemas with zod, one file (the back-office's
            // own schema files import from it and stay apart). The rules and texts of the forms
            // they import are a file of their own, taken first: a form's page imports them too,
            // and would otherwise load zod with them, before lib/schemas.ts sets zod's CSP-safe
            // mode. The shared messages and limits are in the app's file.
            {
              name: "form-texts",
              test: /[\\/]packages[\\/]contract[\\/]src[\\/]rules[\\/](certificates|contact|passwords)\.ts/,
              priority: 3,
            },
            {
              name: "schemas",
              test: /[\\/]packages[\\/]contract[\\/]src[\\/]schemas[\\/](index|auth|calendars|certificates|common|contact|documents|notifications|passwords|policy|profile)\.ts|node_modules[\\/]zod[\\/]/,
              priority: 2,
            },
            // The document lists' parts (planning, course supports, orientation, certificates): the
            // accordion, the view and download buttons and the document icon.
            {
              name: "file-actions",
              test: /[\\/]apps[\\/]web[\\/](components[\\/](file-actions|accordion)\.tsx|lib[\\/]file-download\.ts)|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]file-text\.mjs/,
              // Below the app's file, which takes the API client these two import.
              priority: 0,
            },
            // What the two notification pages share (their calls, the card, the status and the
            // relative time), one file; the back-office's composer shows a card too.
            {
              name: "notification-parts",
              test: /[\\/]apps[\\/]web[\\/](components[\\/](notification-(card|status)|relative-time)\.tsx|features[\\/]notifications[\\/]api\.ts)/,
              priority: 3,
            },
            // What every page of the app runs, the root and the layouts with all they import,
            // the header's unread count, the error, empty and loading views, the shared messages,
            // the query library every student page uses and three icons several student pages
            // share with other screens, in one file (not the contact form, which comes with the
            // pages that show it, app/layout/contact-pages.tsx; nor the back-office's table
            // library). Above the groups that would otherwise take a part of it as their own.
            {
              name: "app",
              test: /[\\/]apps[\\/]web[\\/](app[\\/]root|app[\\/]layout[\\/]site-layout|features[\\/]auth[\\/]require-auth|features[\\/]notifications[\\/](list|unread-count)|components[\\/](error-view|empty-state|spinner))\.tsx?|[\\/]packages[\\/]contract[\\/]src[\\/](messages|limits|time-zone|rules[\\/]dates)\.ts|node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](clock|chevron-right|calendar-range)\.mjs/,
              priority: 4,
            },
          ],
        },
      },
    },
  },
  // The server build, which the API loads at start (decision 101), is one minified bundle of the
  // code it runs: with its packages left outside, Node loaded all of lucide-react (some 1,600
  // modules), both builds of React and the back-office's libraries, 64 MB in a bare process
  // against 27 MB bundled (decision 103). The development server keeps Vite's own resolution.
  ...(command === "build" && {
    ssr: { noExternal: true },
    environments: {
      ssr: { build: { minify: true }, define: { "process.env.NODE_ENV": JSON.stringify("production") } },
    },
  }),
  server: { proxy: { "/api": "http://localhost:3000", "/sanctum": "http://localhost:3000" } },
}));
