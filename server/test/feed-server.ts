import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the test feed server answers on one path; changed between refreshes by the tests. */
export interface FeedRoute {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Never answer (a feed that hangs). */
  hang?: boolean;
}

export interface TestFeedServer {
  origin: string;
  port: number;
  routes: Map<string, FeedRoute>;
  /** Requests seen, by path, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** An LMS stand-in on loopback: serves whatever `routes` says, 404 elsewhere. */
export async function startTestFeedServer(port = 0, host = "127.0.0.1"): Promise<TestFeedServer> {
  const routes = new Map<string, FeedRoute>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    // Routes are by path: a feed's secret rides in its query, as Google's and Canvas's do.
    const path = (request.url ?? "/").split("?")[0]!;
    requests.push(path);
    const route = routes.get(path);
    if (!route) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    if (route.hang) return;
    response.writeHead(route.status ?? 200, { "content-type": "text/calendar; charset=utf-8", ...route.headers });
    response.end(route.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host}:${bound}`,
    port: bound,
    routes,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
