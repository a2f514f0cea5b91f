export function listenFailure(error: NodeJS.ErrnoException, port: number | string, variable: string): string;
export function assertPortFree(port: number | string, variable: string): Promise<void>;
export function stopWithNpm(stop: (signal: NodeJS.Signals) => void): void;
