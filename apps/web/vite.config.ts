import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { marketingContent } from "./content/vite-plugin.ts";

export default defineConfig(({ command }) => ({
  plugins: [marketingContent(), tailwindcss(), reactRouter()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]/,
              priority: 10,
            },
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 4 },
            // The groups below hold what the back-office shares with the student area: left to
            // itself the bundler cuts one file per set of screens importing a module, and
            // /planning would fetch 26 files where 20 do (each costs a round trip, decision 009).
            // Radix's core, under the accordion and the dialog of the student pages:
            {
              name: "radix",
              test: /node_modules[\\/]@radix-ui[\\/](primitive|react-(compose-refs|context|primitive|slot|id|presence|use-controllable-state|use-layout-effect))[\\/]/,
              priority: 3,
            },
            {
              name: "accordion",
              test: /node_modules[\\/]@radix-ui[\\/]react-(accordion|collapsible|collection|direction)[\\/]|[\\/]apps[\\/]web[\\/]components[\\/]accordion\.tsx/,
              priority: 3,
            },
            // The student area's and public forms' schemas with zod, one file (the back-office's
            // own schema files import from it and stay apart). The texts and rules they import
            // are a file of their own, taken first: the app's file imports them too, and would
            // otherwise load zod with them, before lib/schemas.ts sets zod's CSP-safe mode.
            {
              name: "contract-texts",
              test: /[\\/]packages[\\/]contract[\\/]src[\\/](messages|limits|rules[\\/](certificates|contact|passwords))\.ts/,
              priority: 3,
            },
            {
              name: "schemas",
              test: /[\\/]packages[\\/]contract[\\/]src[\\/]schemas[\\/](index|auth|calendars|certificates|common|contact|documents|notifications|passwords|policy|profile)\.ts|node_modules[\\/]zod[\\/]/,
              priority: 2,
            },
            {
              name: "file-actions",
              test: /[\\/]apps[\\/]web[\\/](components[\\/]file-actions\.tsx|lib[\\/]file-download\.ts)/,
              // Below the app's file, which takes the API client these two import.
              priority: 0,
            },
            // What every page of the app runs, the root and the layouts with all they import,
            // the error and empty views and the query library every student page uses, in one
            // file (not the back-office's table library, which only /gestion loads): React Router
            // preloads each file from the page, and on a slow line some twenty small requests
            // cost more round trips than their bytes (decision 009).
            {
              name: "app",
              test: /[\\/]apps[\\/]web[\\/](app[\\/]root|app[\\/]layout[\\/]site-layout|features[\\/]auth[\\/]require-auth|features[\\/]notifications[\\/]api|components[\\/](notification-status|error-view|empty-state))\.tsx?|[\\/]packages[\\/]contract[\\/]src[\\/]time-zone\.ts|node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
              priority: 1,
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
