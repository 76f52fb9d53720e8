import type { FastifyInstance } from "fastify";
import { preferencesSchema, updatePreferencesSchema } from "../../core/schemas/preferences";
import { parseWith } from "../errors";
import { setGuardDefaults } from "../plugins/route-guards";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { requireUser } from "../http/request-context";

const preferencesJson = responseSchema(preferencesSchema);

/** The signed-in student's own settings kept on the server (docs/product.md#reminders). */
export default async function preferencesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { preferences } = services;
  setGuardDefaults(app, { auth: "user" });

  // The session's user row holds them; the schedule source, until chosen, needs the school's schedule too.
  app.get("/api/user/preferences", { schema: { response: { 200: preferencesJson } } }, async (request) =>
    preferences.read(requireUser(request)),
  );

  app.put("/api/user/preferences", { schema: { response: { 200: preferencesJson } } }, async (request) =>
    preferences.update(requireUser(request).id, parseWith(updatePreferencesSchema, request.body)),
  );
}
