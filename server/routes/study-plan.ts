import type { FastifyInstance } from "fastify";
import { planQuerySchema, planSchema } from "../../core/schemas/plan";
import { parseWith } from "../errors";
import { contentEtag, sendIfNotModified } from "../http/conditional-get";
import { requireUser } from "../http/request-context";
import { setGuardDefaults } from "../plugins/route-guards";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";

const planJson = responseSchema(planSchema);

/** The signed-in student's study plan (issue 51, decision 129). */
export default async function studyPlanRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { studyPlan } = services;
  setGuardDefaults(app, { auth: "user" });

  // The ETag is the plan's own bytes: it moves with anything that changes the plan (a task, an
  // event, the preferences, the school's day, the clock passing a block) and with nothing else.
  app.get("/api/user/plan", { schema: { response: { 200: planJson } } }, async (request, reply) => {
    const { from, days } = parseWith(planQuerySchema, request.query);
    const plan = await studyPlan.planFor(requireUser(request), from, days);
    if (sendIfNotModified(request, reply, contentEtag("plan", plan))) return reply;
    return plan;
  });
}
