import "server-only";
import { ServiceUnavailableError } from "@/lib/api/errors";
import { currentCaller, forgetSessions } from "@/lib/auth/session";
import { addLiveReader, isDraining, type LiveReader } from "./hub";
import type { FiledEmail } from "./dto";
import { findEmailsFiledAfter } from "./repo";

/** A comment line this often keeps proxies from closing an idle stream and tells the client it is alive. */
const HEARTBEAT_MS = 15_000;
// What a reconnecting client is sent at most of what it missed: the newest ones.
const CATCH_UP_LIMIT = 100;
// How soon a client reconnects after the stream ended (a drain, a lost listener): after the listener is back.
const RETRY_MS = 2_000;

const MAX_EMAIL_ID = 2_147_483_647;

const encoder = new TextEncoder();

function emailEvent(email: FiledEmail): string {
  return `id: ${email.id}\nevent: email\ndata: ${JSON.stringify(email)}\n\n`;
}

/**
 * The email id a reconnecting client last saw: its Last-Event-ID header, or `last_event_id` in the query
 * (a browser that gave up on a stream, after a 503 say, opens a new one and cannot set the header). Null
 * when absent or not an id.
 */
function lastEventId(request: Request): number | null {
  const value = (request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("last_event_id") ?? "").trim();
  // Email ids are PostgreSQL integers: a larger one names nothing missed.
  return /^\d{1,10}$/.test(value) ? Math.min(Number(value), MAX_EMAIL_ID) : null;
}

/**
 * The reader's event stream (docs/contract.md 7.5): an `email` event per email filed for them, whichever instance
 * filed it, those missed since Last-Event-ID first, and a heartbeat comment. Ends when the client goes,
 * when this process drains, when its listener was lost (the client reconnects and catches up), and
 * within moments of its session or token ending, or its account being disabled, on any instance.
 */
export function openEventStream(userId: number, request: Request): Response {
  if (isDraining()) throw new ServiceUnavailableError("The server is restarting. Please try again in a few seconds.", 2);
  const after = lastEventId(request);
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const sent = new Set<number>();
      let ended = false;
      let remove = () => {};
      const write = (text: string) => {
        if (ended) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
      stop = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        remove();
        request.signal.removeEventListener("abort", stop);
        try {
          controller.close();
        } catch {
          // Already cancelled by the client.
        }
      };
      const reader: LiveReader = {
        userId,
        deliver: (email) => {
          if (sent.has(email.id)) return;
          sent.add(email.id);
          write(emailEvent(email));
        },
        end: () => stop(),
        // The stream holds only as long as the credential that opened it: asked again as the route asked.
        recheck: () => {
          forgetSessions(userId);
          void currentCaller(request.headers).then(
            (caller) => {
              if (caller?.user.id !== userId) stop();
            },
            () => stop(),
          );
        },
      };
      request.signal.addEventListener("abort", stop);
      write(`retry: ${RETRY_MS}\n\n`);
      void addLiveReader(reader)
        .then(async (removal) => {
          remove = removal;
          if (ended) return removal();
          // From here on every email filed reaches this stream: what was filed before is the catch-up's.
          write(": connected\n\n");
          if (after !== null) for (const email of await findEmailsFiledAfter(userId, after, CATCH_UP_LIMIT)) reader.deliver(email);
        })
        .catch(() => stop());
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: never compressed nor buffered on the way, or events would wait for the buffer to fill.
      "cache-control": "private, no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
