import { BaseSequencer, type TestSpecification } from "vitest/node";

// The files that start servers, workers or IMAP sessions of their own, slowest first (CI's list of the slowest
// files, scripts/slowest-tests.ts). A fresh clone has no timings, so Vitest would start the largest files first,
// and these short ones last: with two workers, one of them then ran on alone for the last minute or more.
const SLOWEST = [
  "tests/integration/instances.test.ts",
  "tests/integration/backup.test.ts",
  "tests/integration/mailboxes-sync.test.ts",
  "tests/integration/mailboxes-instances.test.ts",
  "tests/integration/mailboxes.test.ts",
  "scripts/commands.test.ts",
  "tests/integration/imports-instances.test.ts",
  "tests/integration/built-server-auth.test.ts",
  "tests/integration/live-instances.test.ts",
  "tests/integration/admin.test.ts",
];

/** Vitest's order, but the known slowest files first. */
export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = SLOWEST.findIndex((slow) => file.moduleId.endsWith(`/${slow}`));
      return at === -1 ? SLOWEST.length : at;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}
