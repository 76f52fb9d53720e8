import type { FastifyInstance } from "fastify";
import { type ClassSaveMode, classesSchemaFor } from "../../core/schemas/classes";
import { userSchema } from "../../core/schemas/user";
import { parseWith, unauthorized } from "../errors";
import { setGuardDefaults } from "../plugins/route-guards";
import { toPublicUser } from "../repositories/users";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { requireUser } from "../http/request-context";

const userJson = responseSchema(userSchema);

/**
 * The signed-in user's class schedule (docs/product.md#class-setup): POST on the first setup, PUT
 * for an edit. Both replace the whole list, so a retried POST whose answer was lost does the same
 * thing again instead of failing; they differ only in the minimum number of classes.
 */
export default async function classRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { users } = services;
  setGuardDefaults(app, { auth: "user" });

  const methods: Array<["POST" | "PUT", ClassSaveMode]> = [
    ["POST", "create"],
    ["PUT", "update"],
  ];
  for (const [method, mode] of methods) {
    app.route({
      method,
      url: "/api/user/classes",
      schema: { response: { 200: userJson } },
      handler: async (request) => {
        const { userClasses } = parseWith(classesSchemaFor(mode), request.body);
        const updated = await users.setClasses(requireUser(request).id, userClasses);
        // The account was deleted between the session check and the write.
        if (!updated) throw unauthorized();
        return toPublicUser(updated);
      },
    });
  }
}
