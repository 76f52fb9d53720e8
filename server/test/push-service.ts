import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
// http_ece comes with web-push (its encryption); here it decrypts, as a browser would.
import ece from "http_ece";

/**
 * A push service of our own on 127.0.0.1, standing in for the browsers' (decision 087): it hands
 * out real subscriptions (a P-256 key pair and auth secret per device), and for each push it
 * checks what a real one checks (the VAPID JWT's signature, audience, expiry and subject, the key
 * the subscription was made for, TTL, aes128gcm) and decrypts the payload with the device's keys.
 */

export interface ReceivedPush {
  device: string;
  payload: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  subject: string;
}

export interface TestDevice {
  id: string;
  /** What PushSubscription.toJSON() gives a page. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

interface DeviceState {
  ecdh: ReturnType<typeof createECDH>;
  auth: string;
  applicationServerKey: string;
  /** The status the next pushes get instead of 201 (410: the subscription expired). */
  answer: number | null;
  /** Hold each answer this long (a slow push service). */
  delayMs: number;
  /** Requests received, whatever their answer. */
  attempts: number;
  /** While not null, accepted pushes wait here for their 201 until released (a push service still working). */
  held: (() => void)[] | null;
}

function vapidPublicKey(raw: Buffer) {
  return createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
}

/** Why a push would be refused by a real push service, or null when it is fine. */
function refusal(request: http.IncomingMessage, origin: string, device: DeviceState): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? "");
  if (!match) return "no VAPID authorization";
  const [, jwt, key] = match;
  if (key !== device.applicationServerKey) return "VAPID key is not the one the subscription was made with";
  const [header, claims, signature] = jwt!.split(".");
  if (!header || !claims || !signature) return "malformed JWT";
  const head = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string };
  if (head.alg !== "ES256") return "JWT is not ES256";
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: vapidPublicKey(Buffer.from(key!, "base64url")), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return "JWT signature does not verify";
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== origin) return `JWT audience ${body.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!body.exp || body.exp <= now || body.exp > now + 24 * 60 * 60) return "JWT expiry is not within 24 hours";
  if (!/^(mailto:|https:)/.test(body.sub ?? "")) return "JWT subject is not mailto: or https:";
  if (!/^\d+$/.test(String(request.headers.ttl ?? ""))) return "no TTL";
  if (request.headers["content-encoding"] !== "aes128gcm") return "content encoding is not aes128gcm";
  return null;
}

/**
 * `port` 0 picks a free one. The browser suite runs it in Playwright's global setup and reaches it
 * from its test processes over HTTP: POST /_test/subscribe `{ applicationServerKey }` answers a
 * device, GET /_test/received the pushes received so far, POST /_test/hold `{ device }` keeps the
 * device's pushes unanswered until POST /_test/release `{ device }` (a sender's time-out still applies).
 */
export async function startTestPushService(port = 0) {
  const devices = new Map<string, DeviceState>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = "";

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.url?.startsWith("/_test/")) return control(request, Buffer.concat(chunks).toString(), response);
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1];
      const device = id ? devices.get(id) : undefined;
      const answer = (status: number) => {
        if (!request.socket.destroyed) response.writeHead(status).end();
      };
      const answerLater = (status: number) => (device?.delayMs ? setTimeout(() => answer(status), device.delayMs) : answer(status));
      if (request.method !== "POST" || !id || !device) return answerLater(404);
      device.attempts++;
      if (device.answer !== null) return answerLater(device.answer);
      const why = refusal(request, origin, device);
      if (why) {
        refused.push(why);
        return answerLater(403);
      }
      const plain = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.auth });
      const jwt = /t=([^,\s]+)/.exec(request.headers.authorization!)![1]!;
      const push: ReceivedPush = {
        device: id,
        payload: JSON.parse(plain.toString("utf8")),
        ttl: Number(request.headers.ttl),
        urgency: (request.headers.urgency as string | undefined) ?? null,
        topic: (request.headers.topic as string | undefined) ?? null,
        subject: (JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as { sub: string }).sub,
      };
      // A message is accepted when its 201 is given: one whose sender hung up first (a time-out, a
      // process killed) was never acknowledged, so the sender rightly treats it as not delivered.
      const accept = () => {
        if (!request.socket.destroyed) received.push(push);
        answer(201);
      };
      if (device.held) device.held.push(accept);
      else if (device.delayMs) setTimeout(accept, device.delayMs);
      else accept();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** The browser suite's remote control (see above). */
  function control(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
    const json = (value: unknown) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (request.method === "POST" && request.url === "/_test/subscribe") {
      return json(subscribe((JSON.parse(body) as { applicationServerKey: string }).applicationServerKey));
    }
    if (request.method === "GET" && request.url === "/_test/received") return json(received);
    if (request.method === "POST" && (request.url === "/_test/hold" || request.url === "/_test/release")) {
      const device = devices.get((JSON.parse(body) as { device: string }).device);
      if (!device) return response.writeHead(404).end();
      if (request.url === "/_test/hold") {
        device.held ??= [];
        return json({ held: true });
      }
      const waiting = device.held ?? [];
      device.held = null;
      waiting.forEach((accept) => accept());
      return json({ released: waiting.length });
    }
    response.writeHead(404).end();
  }

  /** A device subscribing with the server's VAPID public key (PushManager.subscribe). */
  function subscribe(applicationServerKey: string): TestDevice {
    const id = randomBytes(8).toString("hex");
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16).toString("base64url");
    devices.set(id, { ecdh, auth, applicationServerKey, answer: null, delayMs: 0, attempts: 0, held: null });
    return {
      id,
      subscription: {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth },
      },
    };
  }

  return {
    origin,
    subscribe,
    /** Later pushes to the device get this status (410: expired; 500: a broken push service). */
    answerWith(id: string, status: number) {
      devices.get(id)!.answer = status;
    },
    delay(id: string, ms: number) {
      devices.get(id)!.delayMs = ms;
    },
    attempts: (id: string) => devices.get(id)!.attempts,
    received: (device?: string) => received.filter((push) => device === undefined || push.device === device),
    refused: () => [...refused],
    reset() {
      received.length = 0;
      refused.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestPushService = Awaited<ReturnType<typeof startTestPushService>>;
