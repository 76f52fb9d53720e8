import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";

export interface StreamEvent {
  event: string;
  data: string;
}

/** An open `GET /api/stream` read as a browser's EventSource reads it: events, comments, its end. */
export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: StreamEvent[];
  comments: string[];
  /** Resolves with the events once `count` have arrived. */
  nextEvents(count: number): Promise<StreamEvent[]>;
  /** Resolves once a comment line other than the first `: connected` arrived. */
  nextComment(): Promise<string>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The app listening on a local port (a stream needs a real socket; inject waits for the end). */
export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export function openStream(origin: string, headers: Record<string, string | undefined> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}/api/stream`, { headers: { accept: "text/event-stream", ...clean(headers) } }, (response) => {
      const events: StreamEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = "";
      let resolveEnded!: () => void;
      const ended = new Promise<void>((r) => (resolveEnded = r));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = "message";
          const data: string[] = [];
          let isEvent = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("event:")) [event, isEvent] = [line.slice(6).trim(), true];
            else if (line.startsWith("data:")) [isEvent] = [true, data.push(line.slice(5).trim())];
          }
          if (isEvent) events.push({ event, data: data.join("\n") });
        }
        waiters.forEach((w) => w());
      });
      response.on("end", () => resolveEnded());
      response.on("close", () => resolveEnded());
      const until = <T>(check: () => T | undefined): Promise<T> =>
        new Promise((done, fail) => {
          const waiter = () => {
            const value = check();
            if (value !== undefined) {
              waiters.delete(waiter);
              done(value);
            }
          };
          waiters.add(waiter);
          void ended.then(() => {
            if (waiters.delete(waiter)) fail(new Error(`the stream ended; events so far: ${JSON.stringify(events)}`));
          });
          waiter();
        });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        comments,
        nextEvents: (count) => until(() => (events.length >= count ? events.slice(0, count) : undefined)),
        nextComment: () => until(() => comments.find((c) => c !== "connected")),
        ended,
        close: () => request.destroy(),
      });
    });
    request.on("error", reject);
  });
}

function clean(headers: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
