import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { cssModuleNamespacesPlugin } from "./build/cssModuleNamespaces.ts";
import { endpointsWithoutSchemasPlugin } from "./build/endpointsWithoutSchemas.ts";
import { firstLoadChunks } from "./build/firstLoadChunks.ts";
import { precompressPlugin } from "./build/precompress.ts";
import { verifierFilePlugin } from "./build/verifierFile.ts";

const apiPort = process.env.API_PORT ?? "3000";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    cssModuleNamespacesPlugin(),
    endpointsWithoutSchemasPlugin(),
    verifierFilePlugin(),
    precompressPlugin(),
  ],
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
    // Every browser the app supports preloads modules itself; the polyfill would be a file of its own.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    sourcemap: false,
    // Zod only where a form validates (build/endpointsWithoutSchemas.ts): `z` and `typedAnswer`
    // (contract/endpoint.ts's z.custom()) build schemas without side effects; reading a property has
    // none either, so a dropped schema's `{ error: messages.x }` does not keep zod imported.
    rolldownOptions: {
      output: {
        // The ballot page's first load in a few files (build/firstLoadChunks.ts).
        codeSplitting: firstLoadChunks(),
        // A lazily loaded file is named by its hash alone: the entry lists every page's files (what to
        // preload with each), and their names were 1.5 KiB of the ballot page's gzip. Seven characters
        // of it, the fewest the bundler allows for this many files (random, so gzip cannot shorten
        // them): 0.2 KiB less than its default eight.
        chunkFileNames: "assets/[hash:7].js",
        assetFileNames: "assets/[hash:7][extname]",
      },
      treeshake: {
        manualPureFunctions: ["z", "typedAnswer"],
        propertyReadSideEffects: false,
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://localhost:${apiPort}`, ws: true } },
  },
});
