import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { marketingContent } from "./content/vite-plugin.ts";

export default defineConfig({
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
            // What every page of the app runs, the root and the layouts with all they import,
            // and the query library every student page uses, in one file (not the back-office's
            // table library, which only /gestion loads): React Router preloads
            // each file from the page, and on a slow line some twenty small requests cost more
            // round trips than their bytes (decision 009).
            {
              name: "app",
              test: /[\\/]apps[\\/]web[\\/](app[\\/]root|app[\\/]layout[\\/]site-layout|features[\\/]auth[\\/]require-auth|features[\\/]notifications[\\/]api|components[\\/]notification-status)\.tsx?|node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3000", "/sanctum": "http://localhost:3000" } },
});
