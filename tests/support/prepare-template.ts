// Run once per test run by global-setup.ts, in a process of its own given DATABASE_URL or DATA_DIR: migrates the
// template database and installs the job queue's schema in it, which every test file's copy then starts with.
import { closeDb, prepareDatabase } from "@/db/client";
import { getBoss } from "@/lib/jobs/boss";

await prepareDatabase();
await getBoss();
await closeDb();
