// Reads .env, .env.local, .env.production... exactly as `next start` does, so that `npm start` itself
// (PORT) and every command-line tool (DATABASE_URL, INBOUND_SECRET...) see what the server sees.
// Imported first, before anything reads the environment; variables already set win over the files.
import path from "node:path";
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(path.resolve(import.meta.dirname, ".."), false, { info: () => {}, error: console.error });
