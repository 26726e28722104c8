/// <reference types="vite/client" />

// The VITE_* variables a build may set are declared once, in config/read-env.ts, which checks them;
// every module reads them through config/env.ts.
type ScrapIndexViteVariables = import("./config/read-env").ViteVariables;

interface ImportMetaEnv extends ScrapIndexViteVariables {}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
