import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompressPlugin } from "./build/precompress.ts";

const apiPort = process.env.API_PORT ?? "3000";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompressPlugin()],
  // CSS Modules: a class `.day` in MonthCalendar.module.css is built as `MonthCalendar_day`, readable
  // in the browser's tools and stable for tests; module file names are unique (npm run lint checks).
  css: {
    modules: {
      generateScopedName: (local: string, file: string) =>
        `${path.basename(file).replace(/\.module\.css(\?.*)?$/, "")}_${local}`,
    },
  },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://localhost:${apiPort}`, ws: true } },
  },
});
