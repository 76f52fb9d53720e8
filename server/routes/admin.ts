import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  adminLoginSchema,
  adminSettingsSchema,
  adminStatusSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  auditLogEntrySchema,
  auditLogsQuerySchema,
  TOTAL_COUNT_HEADER,
} from "../../core/schemas/admin";
import { notFound, parseWith } from "../errors";
import { setGuardDefaults } from "../plugins/route-guards";
import { requireUser } from "../request-context";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { USER_NOT_FOUND } from "../services/admin-service";

const idParams = z.object({
  id: z.coerce
    .number({ error: USER_NOT_FOUND })
    .int(USER_NOT_FOUND)
    .positive(USER_NOT_FOUND)
    .max(2 ** 31 - 1, USER_NOT_FOUND),
});

/** Parses the :id; a malformed id is as missing as an unknown one. */
function userId(params: unknown): number {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw notFound(USER_NOT_FOUND);
  return parsed.data.id;
}

const userListJson = responseSchema(z.array(adminUserSchema));
const userJson = responseSchema(adminUserSchema);
const auditListJson = responseSchema(z.array(auditLogEntrySchema));
const settingsJson = responseSchema(z.object({ instagramUrl: z.string().nullable(), logoUrl: z.string().nullable() }));

/**
 * Sets `Link: <…>; rel="next"` when the page is full (there may be more), built from the request's
 * own path and query with the cursor moved on.
 */
function linkNext(
  request: FastifyRequest,
  reply: FastifyReply,
  rows: readonly { id: number }[],
  limit: number,
  cursor: "after" | "before",
) {
  if (rows.length < limit) return;
  const url = new URL(request.url, "http://localhost");
  url.searchParams.set(cursor, String(rows[rows.length - 1]!.id));
  url.searchParams.set("limit", String(limit));
  reply.header("link", `<${url.pathname}${url.search}>; rel="next"`);
}

/**
 * The admin API (docs/product.md#admin-area, decision 085). The step-up itself needs an admin;
 * everything else an admin whose session passed it in the last 30 minutes. CSRF on every write
 * (the guards' default).
 */
export default async function adminRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { admin } = services;
  setGuardDefaults(app, { auth: "admin-unlocked" });

  app.post("/api/admin/login", { config: { auth: "admin" } }, async (request, reply) => {
    const { passcode } = parseWith(adminLoginSchema, request.body);
    return admin.unlock(request, reply, requireUser(request), passcode);
  });

  app.post("/api/admin/logout", { config: { auth: "admin" } }, async (request, reply) => {
    await admin.lock(request, reply);
    return { ok: true };
  });

  // The body stays the spec's plain array; how many users match in all rides in a header.
  app.get("/api/admin/users", { schema: { response: { 200: userListJson } } }, async (request, reply) => {
    const query = parseWith(adminUsersQuerySchema, request.query);
    const { users, total } = await admin.listUsers(query);
    linkNext(request, reply, users, query.limit, "after");
    reply.header(TOTAL_COUNT_HEADER, String(total));
    return users;
  });

  app.patch("/api/admin/users/:id/admin-status", { schema: { response: { 200: userJson } } }, async (request) => {
    const id = userId(request.params);
    const { isAdmin } = parseWith(adminStatusSchema, request.body);
    return admin.setAdminStatus(requireUser(request), id, isAdmin);
  });

  app.post("/api/admin/users/:id/reset-password", async (request) => {
    return admin.resetPassword(requireUser(request), userId(request.params));
  });

  app.delete("/api/admin/users/:id", async (request, reply) => {
    await admin.deleteUser(requireUser(request), userId(request.params));
    return reply.code(204).send();
  });

  app.get("/api/admin/audit-logs", { schema: { response: { 200: auditListJson } } }, async (request, reply) => {
    const query = parseWith(auditLogsQuerySchema, request.query);
    const rows = await admin.auditLogPage(query);
    linkNext(request, reply, rows, query.limit, "before");
    return rows;
  });

  app.get("/api/admin/settings", { schema: { response: { 200: settingsJson } } }, async () => admin.getSettings());

  app.put("/api/admin/settings", { schema: { response: { 200: settingsJson } } }, async (request) => {
    const settings = parseWith(adminSettingsSchema, request.body);
    return admin.saveSettings(requireUser(request), settings);
  });
}
