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
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/, priority: 5 },
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 4 },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3000", "/sanctum": "http://localhost:3000" } },
});
