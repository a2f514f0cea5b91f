export function listenFailure(error: NodeJS.ErrnoException, port: number | string, variable: string): string;
export function assertPortFree(port: number | string, variable: string): Promise<void>;
export function stopWithNpm(stop: (signal: NodeJS.Signals) => void): void;
export function bannerLine(line: string): { banner: boolean; networkUrl: string | null };
export function readyLine(appUrl: string, networkUrl: string | null): string;
export function waitUntilAnswering(url: string, running: () => boolean, intervalMs?: number): Promise<boolean>;
