import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPushService, type TestPushService } from "../test/push-service";
import { deliverAll, generateVapidKeys, isAllowedPushEndpoint, type DeliveryOptions, type PushTarget } from "./push-delivery";

describe("isAllowedPushEndpoint", () => {
  it("allows the browsers' push services over https on the default port, and the listed origins", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/x",
      "https://android.googleapis.com/gcm/send/x",
      "https://updates.push.services.mozilla.com/wpush/v2/x",
      "https://web.push.apple.com/x",
      "https://db5p.notify.windows.com/w/?token=x",
    ]) {
      expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(true);
    }
    expect(isAllowedPushEndpoint("http://127.0.0.1:9000/push/1", ["http://127.0.0.1:9000"])).toBe(true);
  });

  it("refuses everything else: other hosts and look-alikes, addresses, http, ports, user names", () => {
    for (const endpoint of [
      "https://example.com/push",
      "https://fcm.googleapis.com.example.com/x",
      "https://notfcm.googleapis.com/x",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/x",
      "http://fcm.googleapis.com/x",
      "https://fcm.googleapis.com:444/x",
      "https://a:b@fcm.googleapis.com/x",
      "http://127.0.0.1:9001/push/1",
      "file:///etc/passwd",
      "",
    ]) {
      expect(isAllowedPushEndpoint(endpoint, ["http://127.0.0.1:9000"]), endpoint).toBe(false);
    }
  });
});

describe("deliverAll against a push service of our own", () => {
  let service: TestPushService;
  const keys = generateVapidKeys();
  beforeAll(async () => {
    service = await startTestPushService();
  });
  afterAll(() => service.close());

  const options = (overrides: Partial<DeliveryOptions> = {}): DeliveryOptions => ({
    vapid: { subject: "mailto:staff@example.com", ...keys },
    ttlSeconds: 60,
    urgency: "high",
    concurrency: 4,
    timeoutMs: 300,
    deadline: Date.now() + 5000,
    allowedOrigins: [service.origin],
    ...overrides,
  });
  const targets = (count: number): { targets: PushTarget[]; ids: string[] } => {
    const devices = Array.from({ length: count }, () => service.subscribe(keys.publicKey));
    return {
      ids: devices.map((d) => d.id),
      targets: devices.map((d, i) => ({ id: i + 1, endpoint: d.subscription.endpoint, ...d.subscription.keys })),
    };
  };

  it("a slow push service costs its own time-out, not the others' deliveries", async () => {
    const { targets: list, ids } = targets(6);
    // A 1.5 s time-out against a service holding its answer 6 s: far apart, so a busy machine's slow
    // encryption of the others is not mistaken for the slow service.
    service.delay(ids[0]!, 6000);
    const outcomes = await deliverAll(
      list,
      JSON.stringify({ title: "t", body: "b", url: "/", tag: "x" }),
      options({ timeoutMs: 1500, deadline: Date.now() + 10_000 }),
    );
    expect(outcomes.map((o) => o.result)).toEqual(["failed", "delivered", "delivered", "delivered", "delivered", "delivered"]);
    // Given up after the time-out, not awaited for the 6 s the slow service holds its answer.
    expect(outcomes[0]!.reason).toBe("timed out");
    expect(service.received(ids[1]).map((p) => [p.urgency, p.ttl])).toEqual([["high", 60]]);
  });

  it("pushes not started by the deadline are reported failed without being sent", async () => {
    const { targets: list, ids } = targets(3);
    const outcomes = await deliverAll(list, "{}", options({ deadline: Date.now() - 1 }));
    expect(outcomes.map((o) => o.reason)).toEqual(["timed out", "timed out", "timed out"]);
    expect(ids.flatMap((id) => service.received(id))).toEqual([]);
  });

  it("404 and 410 are gone; a 500 is tried once more; a disallowed endpoint is never fetched", async () => {
    const { targets: list, ids } = targets(3);
    service.answerWith(ids[0]!, 410);
    service.answerWith(ids[1]!, 500);
    const outside = { id: 99, endpoint: "https://example.com/push", p256dh: list[0]!.p256dh, auth: list[0]!.auth };
    const outcomes = await deliverAll([...list.slice(0, 2), outside], "{}", options());
    expect(outcomes.map((o) => [o.result, o.status ?? o.reason])).toEqual([
      ["gone", 410],
      ["failed", 500],
      ["failed", "endpoint not allowed"],
    ]);
    expect(ids.slice(0, 2).map((id) => service.attempts(id))).toEqual([1, 2]);
  });
});
