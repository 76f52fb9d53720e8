import type { FastifyInstance } from "fastify";
import { DEFAULT_SCHOOL_SCHEDULE, type SchoolSchedule } from "../../core/school-day";
import { schoolScheduleSchema } from "../../core/schemas/school-schedule";
import { parseWith } from "../errors";
import { setGuardDefaults } from "../plugins/route-guards";
import type { Services } from "../services";
import { requireUser } from "../http/request-context";

/** The signed-in student's school day (docs/product.md#school-day, decision 090). */
export default async function schoolScheduleRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { users } = services;
  setGuardDefaults(app, { auth: "user" });

  app.get("/api/user/schedule", async (request): Promise<SchoolSchedule> => {
    const json = await users.findSchoolSchedule(requireUser(request).id);
    // Stored only after passing the schema, so it reads back as it was saved.
    return json ? (JSON.parse(json) as SchoolSchedule) : DEFAULT_SCHOOL_SCHEDULE;
  });

  app.put("/api/user/schedule", async (request): Promise<SchoolSchedule> => {
    const schedule = parseWith(schoolScheduleSchema, request.body);
    await users.setSchoolSchedule(requireUser(request).id, JSON.stringify(schedule));
    return schedule;
  });
}
