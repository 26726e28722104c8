import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { searchForWorkspaceRoot } from "vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    manifest: true,
    sourcemap: false,
    target: "es2022",
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:8000" },
    // content/page-meta.json (the head texts shared with the Python server) lives outside the app.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), fileURLToPath(new URL("../content", import.meta.url))] },
  },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/test/setup.ts"],
    // Pages are tested as a site with an ad provider would render them: slots in place.
    env: { VITE_ADS_CLIENT: "ca-test" },
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
  },
});
