import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { endpointsWithoutSchemasPlugin } from "./build/endpointsWithoutSchemas.ts";
import { precompressPlugin } from "./build/precompress.ts";

const apiPort = process.env.API_PORT ?? "3000";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), endpointsWithoutSchemasPlugin(), precompressPlugin()],
  // CSS Modules: a class `.day` in MonthCalendar.module.css is built as `MonthCalendar_day`, readable
  // in the browser's tools and stable for tests; module file names are unique (npm run lint checks).
  css: {
    modules: {
      generateScopedName: (local: string, file: string) =>
        `${path.basename(file).replace(/\.module\.css(\?.*)?$/, "")}_${local}`,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // Zod only where a form validates (build/endpointsWithoutSchemas.ts): `z` and `answer`
    // (contract/endpoint.ts's z.custom()) build schemas without side effects; reading a property has
    // none either, so a dropped schema's `{ error: messages.x }` does not keep zod imported.
    rolldownOptions: {
      treeshake: {
        manualPureFunctions: ["z", "answer"],
        propertyReadSideEffects: false,
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://localhost:${apiPort}`, ws: true } },
  },
});
