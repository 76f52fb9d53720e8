import net from "node:net";

/**
 * A TCP relay to a database server that can be told to stall: it stops forwarding in both
 * directions without closing anything (what a hung proxy, a frozen VM or a black-holed route
 * looks like), holding what arrives, and delivers it all when resumed.
 */
export interface StallingRelay {
  port: number;
  stall(): void;
  /** Stalls as soon as the app sends a chunk containing `text` (that chunk is held too). */
  stallOn(text: string): void;
  /** Delivers everything held, in order, and forwards again. */
  resume(): void;
  readonly stalled: boolean;
  close(): Promise<void>;
}

export async function startStallingRelay(target: { host: string; port: number }): Promise<StallingRelay> {
  let stalled = false;
  let trigger: string | null = null;
  const flushes = new Set<() => void>();
  const sockets = new Set<net.Socket>();

  const server = net.createServer((app) => {
    const db = net.connect(target.port, target.host);
    sockets.add(app);
    sockets.add(db);
    const held: Array<{ to: net.Socket; chunk: Buffer | null }> = [];
    const forward = (to: net.Socket, chunk: Buffer | null) => {
      if (stalled) held.push({ to, chunk });
      else if (chunk) to.write(chunk);
      else to.end();
    };
    const flush = () => {
      for (const { to, chunk } of held.splice(0)) {
        if (to.destroyed) continue;
        if (chunk) to.write(chunk);
        else to.end();
      }
    };
    flushes.add(flush);
    app.on("data", (chunk) => {
      if (trigger && chunk.includes(trigger)) {
        trigger = null;
        stalled = true;
      }
      forward(db, chunk);
    });
    db.on("data", (chunk) => forward(app, chunk));
    app.on("end", () => forward(db, null));
    db.on("end", () => forward(app, null));
    const cleanup = () => {
      flushes.delete(flush);
      sockets.delete(app);
      sockets.delete(db);
    };
    app.on("error", () => db.destroy());
    db.on("error", () => app.destroy());
    app.on("close", cleanup);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    stall: () => void (stalled = true),
    stallOn: (text) => void (trigger = text),
    resume: () => {
      stalled = false;
      for (const flush of flushes) flush();
    },
    get stalled() {
      return stalled;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
