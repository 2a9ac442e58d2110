import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { marketingContent } from "./content/vite-plugin.ts";

export default defineConfig({
  plugins: [marketingContent(), tailwindcss(), reactRouter()],
  server: { proxy: { "/api": "http://localhost:3000", "/sanctum": "http://localhost:3000" } },
});
