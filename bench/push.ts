// npx tsx bench/push.ts: sending one message to many devices (server/services/push-delivery.ts)
// against the project's own push service on 127.0.0.1 (server/test/push-service.ts), which checks
// each VAPID signature and decrypts each payload as a browser would. The app's setting (16 pushes
// in flight) is compared with one at a time in the same run, and with 16 in flight when every push
// service answers after 50 ms, as a real one far away does. Figures: pushes per second, median of
// 3 runs; the ratio is against one at a time.
import os from "node:os";
import { performance } from "node:perf_hooks";
import { deliverAll, generateVapidKeys, type DeliveryOptions, type PushTarget } from "../server/services/push-delivery";
import { startTestPushService } from "../server/test/push-service";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 300);
const RUNS = 3;

const service = await startTestPushService();
const keys = generateVapidKeys();
const devices = Array.from({ length: DEVICES }, () => service.subscribe(keys.publicKey));
const targets: PushTarget[] = devices.map((device, i) => ({
  id: i + 1,
  endpoint: device.subscription.endpoint,
  ...device.subscription.keys,
}));
const payload = JSON.stringify({ title: "Assembly moved", body: "The assembly is in the gym at 10.", url: "/", tag: "message-bench" });

const options = (concurrency: number): DeliveryOptions => ({
  vapid: { subject: "mailto:bench@example.com", ...keys },
  ttlSeconds: 86_400,
  urgency: "normal",
  concurrency,
  timeoutMs: 5000,
  deadline: Date.now() + 600_000,
  allowedOrigins: [service.origin],
});

async function pushesPerSecond(concurrency: number): Promise<number> {
  const rates: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    service.reset();
    const started = performance.now();
    const outcomes = await deliverAll(targets, payload, options(concurrency));
    const seconds = (performance.now() - started) / 1000;
    const delivered = outcomes.filter((outcome) => outcome.result === "delivered").length;
    if (delivered !== DEVICES || service.received().length !== DEVICES) throw new Error(`only ${delivered} of ${DEVICES} delivered`);
    rates.push(DEVICES / seconds);
  }
  return rates.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

console.log(`push delivery: ${DEVICES} devices, ${os.cpus().length} cores, Node ${process.version}`);
const serial = await pushesPerSecond(1);
const bounded = await pushesPerSecond(16);
for (const device of devices) service.delay(device.id, 50);
const slowSerial = await pushesPerSecond(1);
const slowBounded = await pushesPerSecond(16);
const row = (label: string, rate: number, base: number) =>
  console.log(`${label.padEnd(44)} ${rate.toFixed(0).padStart(7)} pushes/s  ${(rate / base).toFixed(2)}×`);
row("local push service, 1 in flight (baseline)", serial, serial);
row("local push service, 16 in flight", bounded, serial);
row("push service answering in 50 ms, 1 in flight", slowSerial, slowSerial);
row("push service answering in 50 ms, 16 in flight", slowBounded, slowSerial);
await service.close();
