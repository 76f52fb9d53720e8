import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { pushSendSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from "../../core/schemas/push";
import { parseWith, unauthorized } from "../errors";
import { requestLocale } from "../i18n";
import { isAdminUnlocked } from "../plugins/route-guards";
import { requestOrigin, requireUser } from "../http/request-context";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";

const pushConfigJson = responseSchema(z.object({ appId: z.string(), vapidPublicKey: z.string() }));
const pushStateJson = responseSchema(z.object({ subscribed: z.boolean(), endpoint: z.string().nullable(), devices: z.number() }));
const pushSendJson = responseSchema(z.object({ ok: z.boolean(), error: z.string().optional() }));

/**
 * Web Push (docs/product.md#push-notifications, decision 087): the public key, a device's
 * subscription, and sending. Writes carry the CSRF token (the guards' default).
 */
export default async function pushRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { push } = services;

  // The spec's path, kept for its clients: the push application's id and the VAPID public key.
  app.get(
    "/public/onesignal-config",
    { config: { auth: "public", allowDuringPasswordReset: true }, schema: { response: { 200: pushConfigJson } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return push.publicConfig();
    },
  );

  // Everything below needs a signed-in user (the guards' default).
  /** The session that registers a device owns it: signing out removes it. */
  const sessionIdHash = (request: { session: { id_hash: string } | null }) => {
    if (!request.session) throw unauthorized();
    return request.session.id_hash;
  };

  app.get("/api/push/subscriptions", { schema: { response: { 200: pushStateJson } } }, async (request) =>
    push.state(requireUser(request), sessionIdHash(request)),
  );

  app.post("/api/push/subscriptions", async (request, reply) => {
    const input = parseWith(pushSubscriptionSchema, request.body);
    await push.subscribe(requireUser(request), sessionIdHash(request), input);
    return reply.code(201).send({ ok: true });
  });

  app.delete("/api/push/subscriptions", async (request, reply) => {
    const { endpoint } = parseWith(pushUnsubscribeSchema, request.body);
    await push.unsubscribe(requireUser(request), endpoint);
    return reply.code(204).send();
  });

  // To oneself any signed-in user (the push debug page's test); to others only an unlocked admin.
  app.post("/api/push/send", { schema: { response: { 200: pushSendJson } } }, async (request) => {
    const input = parseWith(pushSendSchema, request.body);
    return push.send(
      {
        user: requireUser(request),
        adminUnlocked: isAdminUnlocked(request.session?.admin_unlocked_at),
        host: new URL(requestOrigin(request)).host,
        locale: requestLocale(request),
        log: request.log,
      },
      input,
    );
  });
}
