import type { FastifyInstance } from "fastify";
import { IMPORT_BODY_LIMIT_BYTES } from "../../core/schemas/export";
import { todayIn } from "../../core/dates";
import { setGuardDefaults } from "../plugins/route-guards";
import type { Services } from "../services";
import { requireUser } from "../http/request-context";

/** "Download my data" and "Import" (docs/product.md#your-data). */
export default async function dataPortabilityRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { dataPortability, config } = services;
  setGuardDefaults(app, { auth: "user" });

  app.get("/api/user/export", async (request, reply) => {
    const file = await dataPortability.exportFor(requireUser(request));
    const name = `student-hub-export-${todayIn(config.timeZone)}.json`;
    return reply
      .header("content-disposition", `attachment; filename="${name}"`)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(file, null, 2));
  });

  // An export of a full account is a few megabytes at most; the rest of the API keeps its 100 KB limit.
  app.post("/api/user/import", { bodyLimit: IMPORT_BODY_LIMIT_BYTES }, async (request) =>
    dataPortability.importInto(requireUser(request), request.body),
  );
}
