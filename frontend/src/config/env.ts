// The front end's settings, read once from the build's VITE_* variables and checked (read-env.ts);
// every module reads them from here, never from import.meta.env.
import { readEnv } from "./read-env";

export const env = readEnv(import.meta.env);
