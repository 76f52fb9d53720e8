import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { createTaskSchema, taskSchema, updateTaskSchema } from "../../core/schemas/task";
import { notFound, parseWith } from "../errors";
import { setGuardDefaults } from "../plugins/route-guards";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";

const idParams = z.object({
  id: z.coerce
    .number({ error: "Task not found" })
    .int("Task not found")
    .positive("Task not found")
    .max(2 ** 31 - 1, "Task not found"),
});

// Response schemas let Fastify serialize with a compiled stringifier: listing 200 tasks is the
// hot path of the Tasks tab. Derived from the Task contract in core/schemas/task.ts.
const taskJson = responseSchema(taskSchema);
const taskListJson = responseSchema(z.array(taskSchema));

/** Parses the :id; a malformed id is as missing as an unknown one. */
function taskId(params: unknown): number {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw notFound("Task not found");
  return parsed.data.id;
}

export default async function taskRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { tasks } = services;
  // A user's own tasks: every route here needs a signed-in user (and, changing, the CSRF token).
  setGuardDefaults(app, { auth: "user" });

  app.get("/api/tasks", { schema: { response: { 200: taskListJson } } }, async (request) => tasks.listForUser(request.user!.id));

  app.get("/api/tasks/:id", { schema: { response: { 200: taskJson } } }, async (request) => {
    const task = await tasks.findForUser(request.user!.id, taskId(request.params));
    if (!task) throw notFound("Task not found");
    return task;
  });

  app.post("/api/tasks", { schema: { response: { 201: taskJson } } }, async (request, reply) => {
    const data = parseWith(createTaskSchema, request.body);
    return reply.code(201).send(await tasks.create(request.user!.id, data));
  });

  app.put("/api/tasks/:id", { schema: { response: { 200: taskJson } } }, async (request) => {
    const id = taskId(request.params);
    const data = parseWith(updateTaskSchema, request.body);
    const task = Object.keys(data).length ? await tasks.update(request.user!.id, id, data) : await tasks.findForUser(request.user!.id, id);
    if (!task) throw notFound("Task not found");
    return task;
  });

  app.delete("/api/tasks/:id", async (request, reply) => {
    const deleted = await tasks.delete(request.user!.id, taskId(request.params));
    if (!deleted) throw notFound("Task not found");
    return reply.code(204).send();
  });
}
