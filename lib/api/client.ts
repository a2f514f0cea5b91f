/** The browser's one way to call the API: JSON in and out, cookies sent, non-2xx thrown as ApiError. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** A file sent as it is, with its own type, instead of a JSON body. */
  file?: { data: Blob; type: string };
  signal?: AbortSignal;
  credentials?: RequestCredentials;
  /** Lets the request outlive the page, for reports sent as it closes. */
  keepalive?: boolean;
};

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      credentials: options.credentials ?? "same-origin",
      headers: options.file
        ? { "Content-Type": options.file.type }
        : options.body === undefined
          ? undefined
          : { "Content-Type": "application/json" },
      body: options.file ? options.file.data : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "Could not reach the server. Check your connection and try again.");
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  // No detail from the server leaves it empty, so each screen shows its own fallback (docs/spec.md section 8).
  if (!response.ok) throw new ApiError(response.status, detailOf(data) ?? "");
  return data as T;
}

function detailOf(data: unknown): string | undefined {
  if (typeof data === "object" && data !== null && "detail" in data && typeof data.detail === "string") return data.detail;
  return undefined;
}

/** The message to show for a failed call: the server's words when it gave any, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}
