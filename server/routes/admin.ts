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
  ROSTER_BODY_LIMIT_BYTES,
  ROSTER_IMPORT_TIMEOUT_MS,
  rosterImportResultSchema,
  rosterImportSchema,
} from "../../core/schemas/admin";
import { TOTAL_COUNT_HEADER } from "../../core/admin";
import { wordMessageRef } from "../../core/i18n/translate";
import { notFound, parseWith } from "../errors";
import { i18nFor, requestLocale } from "../i18n";
import { setGuardDefaults } from "../plugins/route-guards";
import { requireUser } from "../http/request-context";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { USER_NOT_FOUND } from "../services/admin-service";
import { browserOf } from "../http/browser";
import { cohortDeletionSchema, retentionOverviewSchema } from "../../core/schemas/retention";
import { rosterCsvQuerySchema, rosterCsvResultSchema, rosterRunSchema } from "../../core/schemas/roster-runs";
import { ONEROSTER_CSV_MAX_BYTES, readOneRosterCsv } from "../services/oneroster-csv";

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
const rosterJson = responseSchema(rosterImportResultSchema);
const auditListJson = responseSchema(z.array(auditLogEntrySchema));
const settingsJson = responseSchema(
  z.object({ instagramUrl: z.string().nullable(), logoUrl: z.string().nullable(), guardianDigestsEnabled: z.boolean() }),
);

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
  const { admin, config } = services;
  setGuardDefaults(app, { auth: "admin-unlocked" });

  app.post("/api/admin/login", { config: { auth: "admin" } }, async (request, reply) => {
    const { passcode } = parseWith(adminLoginSchema, request.body);
    const user = requireUser(request);
    // STAFF_REQUIRE_2FA: no panel for an admin with a password and no second factor (issue 55).
    await services.twoFactor.assertStaffEnrolled(user, config.staffRequire2fa);
    return admin.unlock(browserOf(request, reply), user, passcode);
  });

  // The retention policy (issue 55, decision 137): what is in force and what the next sweep would do; a cohort deleted at once.
  app.get("/api/admin/retention", { schema: { response: { 200: responseSchema(retentionOverviewSchema) } } }, async () =>
    services.retention.overview(),
  );
  app.post("/api/admin/retention/cohort", async (request) => {
    const { userIds } = parseWith(cohortDeletionSchema, request.body);
    return services.retention.deleteCohort(requireUser(request), userIds);
  });

  // Rosters from the student information system (issue 55): each sync's report, and a sync now.
  app.get("/api/admin/roster/runs", { schema: { response: { 200: responseSchema(z.array(rosterRunSchema)) } } }, async () =>
    services.oneRoster.runs(),
  );
  app.post("/api/admin/roster/runs", async (_request, reply) => {
    await services.oneRoster.requestRun();
    return reply.code(202).send({ ok: true });
  });

  // The same roster from OneRoster's CSV binding: the bundle's zip is the body (preview first, then for real).
  await app.register(async (bundles) => {
    // A zip and nothing else: JSON or a form here is Fastify's own 415, in the one error shape.
    bundles.removeAllContentTypeParsers();
    bundles.addContentTypeParser(
      ["application/zip", "application/x-zip-compressed", "application/octet-stream"],
      { parseAs: "buffer", bodyLimit: ONEROSTER_CSV_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    bundles.post(
      "/api/admin/roster/oneroster-csv",
      {
        bodyLimit: ONEROSTER_CSV_MAX_BYTES,
        handlerTimeout: Math.max(config.requestTimeoutMs, ROSTER_IMPORT_TIMEOUT_MS),
        schema: { response: { 200: responseSchema(rosterCsvResultSchema) } },
      },
      async (request) => {
        const { preview } = parseWith(rosterCsvQuerySchema, request.query);
        // No body at all is an empty file: not a zip.
        const read = readOneRosterCsv(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
        return services.oneRoster.importRead(requireUser(request), read, preview);
      },
    );
  });

  // An admin's phone is lost: an unlocked admin takes its second factor off (audited); it signs in with the password alone until enrolled again.
  app.delete("/api/admin/users/:id/two-factor", async (request, reply) => {
    await services.twoFactor.reset(requireUser(request), userId(request.params));
    return reply.code(204).send();
  });

  // Unlocked only (the default guard): a locked panel is unlocked with the passcode again.
  app.post("/api/admin/extend", async (request, reply) => admin.extendUnlock(browserOf(request, reply)));

  app.post("/api/admin/logout", { config: { auth: "admin" } }, async (request, reply) => {
    await admin.lock(browserOf(request, reply));
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

  // Roster import (issue 35): a 1 MB file inside JSON needs more than the API's 100 KB, and hashing
  // 5,000 temporary passwords more than its 15 s.
  app.post(
    "/api/admin/users/import",
    {
      bodyLimit: ROSTER_BODY_LIMIT_BYTES,
      handlerTimeout: Math.max(config.requestTimeoutMs, ROSTER_IMPORT_TIMEOUT_MS),
      schema: { response: { 200: rosterJson } },
    },
    async (request) => {
      const input = parseWith(rosterImportSchema, request.body);
      const result = await admin.importRoster(requireUser(request), input);
      // A line's problems are worded as field errors are: in the reader's language (decision 108).
      const i18n = i18nFor(requestLocale(request));
      for (const row of result.rows) {
        if (!row.errors) continue;
        row.errors = Object.fromEntries(
          Object.entries(row.errors).map(([field, list]) => [field, list.map((m) => wordMessageRef(i18n, m))]),
        );
      }
      return result;
    },
  );

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
