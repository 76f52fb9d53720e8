import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail the test server took, parsed as a mail client reads it. */
export interface ReceivedMail {
  to: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The next `count` mails are refused with this SMTP answer (451: try later; 550: never). */
  refuseNext(count: number, code: 451 | 550): void;
  /** Resolves once `count` mails have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** From now on each mail's answer waits `ms` after its data has arrived: a slow server, mid-send. */
  holdAnswers(ms: number): void;
  /** Resolves once a mail's data has begun to arrive (its answer may still be held). */
  waitForArrival(timeoutMs?: number): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port (smtp-server, the package nodemailer's author keeps),
 * that keeps what it receives, parsed with mailparser. No TLS: nodemailer talks plain SMTP to it
 * (it upgrades with STARTTLS only when a server offers it).
 */
export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusals: { count: number; code: number } = { count: 0, code: 451 };
  const waiters: Array<() => void> = [];
  let holdMs = 0;
  let arrivals = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      arrivals++;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
        if (refusals.count > 0) {
          refusals.count--;
          const error = Object.assign(new Error(refusals.code === 451 ? "Try again later" : "Mailbox unavailable"), {
            responseCode: refusals.code,
          });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), parsed });
            waiters.splice(0).forEach((wake) => wake());
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    refuseNext(count, code) {
      refusals = { count, code };
    },
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    holdAnswers(ms) {
      holdMs = ms;
    },
    async waitForArrival(timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (arrivals === 0) {
        if (Date.now() > until) throw new Error("no mail began to arrive");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    reset() {
      received.splice(0);
      refusals = { count: 0, code: 451 };
      holdMs = 0;
      arrivals = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
