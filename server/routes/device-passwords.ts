import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { createDevicePasswordSchema, createdDevicePasswordSchema, devicePasswordSchema } from "../../core/schemas/device-passwords";
import { notFound, parseWith } from "../errors";
import { requestOrigin, requireUser } from "../http/request-context";
import { setGuardDefaults } from "../plugins/route-guards";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { USER_NOT_FOUND } from "../services/admin-service";
import { DEVICE_PASSWORD_NOT_FOUND } from "../services/device-passwords";

const listJson = responseSchema(z.array(devicePasswordSchema));
const createdJson = responseSchema(createdDevicePasswordSchema);
const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** A path's id, or the 404 a missing one gets: a malformed id is as missing as an unknown one. */
function idFrom(params: unknown, key: string, missing: Parameters<typeof notFound>[0]): number {
  const parsed = z.object({ [key]: id }).safeParse(params);
  if (!parsed.success) throw notFound(missing);
  return parsed.data[key] as number;
}

/**
 * Device passwords (issue 52, decision 133): the student's own, and an unlocked admin's view of a
 * user's. A calendar app is given the app's address: its CalDAV discovery starts there.
 */
export default async function devicePasswordRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { devicePasswords, admin, config } = services;
  const serverUrl = (request: FastifyRequest) => `${config.publicUrl ?? requestOrigin(request)}/`;

  await app.register(async (owner) => {
    setGuardDefaults(owner, { auth: "user" });
    owner.get("/api/user/device-passwords", { schema: { response: { 200: listJson } } }, async (request) =>
      devicePasswords.list(requireUser(request).id),
    );
    owner.post("/api/user/device-passwords", { schema: { response: { 201: createdJson } } }, async (request, reply) => {
      const { name } = parseWith(createDevicePasswordSchema, request.body);
      const created = await devicePasswords.create(requireUser(request), name, serverUrl(request));
      // The password is in this answer only: no cache, no shared copy may keep it.
      reply.header("cache-control", "no-store");
      return reply.code(201).send(created);
    });
    owner.delete("/api/user/device-passwords/:id", async (request, reply) => {
      await devicePasswords.revoke(requireUser(request).id, idFrom(request.params, "id", DEVICE_PASSWORD_NOT_FOUND));
      return reply.code(204).send();
    });
  });

  await app.register(async (staff) => {
    setGuardDefaults(staff, { auth: "admin-unlocked" });
    staff.get("/api/admin/users/:userId/device-passwords", { schema: { response: { 200: listJson } } }, async (request) =>
      admin.listDevicePasswords(idFrom(request.params, "userId", USER_NOT_FOUND)),
    );
    staff.delete("/api/admin/users/:userId/device-passwords/:id", async (request, reply) => {
      const userId = idFrom(request.params, "userId", USER_NOT_FOUND);
      await admin.revokeDevicePassword(requireUser(request), userId, idFrom(request.params, "id", DEVICE_PASSWORD_NOT_FOUND));
      return reply.code(204).send();
    });
  });
}
