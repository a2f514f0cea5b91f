/** Loads Google Identity Services once per page; a failed load can be tried again. */
const GOOGLE_SDK_URL = "https://accounts.google.com/gsi/client";
const LOAD_TIMEOUT_MS = 10_000;

export type GoogleCredentialResponse = { credential?: string };

export type GooglePromptNotification = {
  isNotDisplayed(): boolean;
  getNotDisplayedReason(): string;
  isSkippedMoment(): boolean;
};

export type GoogleIdentity = {
  initialize(config: { client_id: string; callback: (response: GoogleCredentialResponse) => void; cancel_on_tap_outside?: boolean }): void;
  prompt(listener?: (notification: GooglePromptNotification) => void): void;
  cancel(): void;
};

type WindowWithGoogle = Window & { google?: { accounts?: { id?: GoogleIdentity } } };

// The SDK announces itself only as a global; this is the one place that reads it.
function loadedIdentity(): GoogleIdentity | undefined {
  return (window as WindowWithGoogle).google?.accounts?.id;
}

let loading: Promise<GoogleIdentity> | null = null;

export function loadGoogleSdk(): Promise<GoogleIdentity> {
  const ready = loadedIdentity();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = GOOGLE_SDK_URL;
    script.async = true;
    const fail = (reason: string) => {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(reason));
    };
    const timer = window.setTimeout(() => fail("The Google SDK took too long to load"), LOAD_TIMEOUT_MS);
    script.addEventListener("error", () => fail("The Google SDK could not be loaded"));
    script.addEventListener("load", () => {
      const identity = loadedIdentity();
      if (!identity) return fail("The Google SDK loaded without its identity API");
      window.clearTimeout(timer);
      resolve(identity);
    });
    document.head.appendChild(script);
  });
  return loading;
}
