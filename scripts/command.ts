// How the command-line tools end: a failure is one line on stderr and exit code 1, never a stack trace.

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs a tool's `main` and sets the exit code. `main` imports the application itself (await import),
 * so that a wrong configuration, which the application finds as it loads, is reported the same way.
 */
export async function runCommand(failurePrefix: string, main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(`${failurePrefix}: ${errorMessage(error)}`);
    process.exitCode = 1;
  }
}
