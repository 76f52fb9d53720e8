// The other half of `npm run bench:stream` (bench/stream.ts), in a process of its own so that the
// server's memory and CPU are measured without these 10,000 sockets: opens one GET /api/stream per
// cookie it is sent and counts the `changed` events naming `school` each stream receives.
import http from "node:http";

interface Open {
  kind: "open";
  origin: string;
  cookies: string[];
}
interface ExpectSchool {
  kind: "expect-school";
}
type Command = Open | ExpectSchool | { kind: "close" };

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const requests: http.ClientRequest[] = [];
let schoolEvents = 0;
let waitingFor = 0;
let waiter: (() => void) | undefined;

function open(origin: string, cookie: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}/api/stream`, { agent, headers: { cookie, accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (!chunk.includes("event: changed") || !chunk.includes('"school"')) return;
        schoolEvents++;
        if (waiter && schoolEvents >= waitingFor) {
          const done = waiter;
          waiter = undefined;
          done();
        }
      });
      resolve();
    });
    request.on("error", reject);
    requests.push(request);
  });
}

process.on("message", (command: Command) => {
  void (async () => {
    if (command.kind === "open") {
      // A few hundred at a time, as browsers coming online would.
      for (let i = 0; i < command.cookies.length; i += 200) {
        await Promise.all(command.cookies.slice(i, i + 200).map((cookie) => open(command.origin, cookie)));
      }
      process.send!({ kind: "opened", count: requests.length });
    } else if (command.kind === "expect-school") {
      waitingFor = schoolEvents + requests.length;
      await new Promise<void>((resolve) => (waiter = resolve));
      process.send!({ kind: "school-done" });
    } else {
      for (const request of requests) request.destroy();
      process.exit(0);
    }
  })().catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
});
