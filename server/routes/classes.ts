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
 * thing again instead of failing; they differ only in the minimum number of classes. A class renamed
 * in place (`renames`) takes its grades along (issue 53).
 */
export default async function classRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { grades } = services;
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
        const { userClasses, renames } = parseWith(classesSchemaFor(mode), request.body);
        const updated = await grades.saveClassList(requireUser(request).id, userClasses, renames ?? []);
        // The account was deleted between the session check and the write.
        if (!updated) throw unauthorized();
        return toPublicUser(updated);
      },
    });
  }
}
