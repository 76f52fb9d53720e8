import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { createTaskSchema, type Task, taskSchema, updateTaskSchema } from "../../core/schemas/task";
import { listEtag } from "../http/conditional-get";
import { notFound, parseWith } from "../errors";
import { setGuardDefaults } from "../plugins/route-guards";
import { responseSchema } from "../response-schema";
import type { ListAnswers } from "../http/list-answers";
import type { Services } from "../services";
import { IDEMPOTENCY_KEY_HEADER } from "../services/idempotency";
import { TASK_NOT_FOUND } from "../services/task-writes";
import { requireUser } from "../http/request-context";
import { answerRow, answerStoredRow, ifMatch, withEtag } from "../row-etag";

const idParams = z.object({
  id: z.coerce
    .number({ error: TASK_NOT_FOUND })
    .int(TASK_NOT_FOUND)
    .positive(TASK_NOT_FOUND)
    .max(2 ** 31 - 1, TASK_NOT_FOUND),
});

// Response schemas let Fastify serialize with a compiled stringifier: listing 200 tasks is the
// hot path of the Tasks tab. Derived from the Task contract in core/schemas/task.ts.
// Each task carries its ETag (decision 114): a client editing from the list sends it as If-Match.
const answeredTask = taskSchema.extend({ etag: z.string() });
const taskJson = responseSchema(answeredTask);
const taskListJson = responseSchema(z.array(answeredTask));
const taskListEtag = listEtag("tasks", taskListJson);

/** Parses the :id; a malformed id is as missing as an unknown one. */
function taskId(params: unknown): number {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw notFound(TASK_NOT_FOUND);
  return parsed.data.id;
}

export default async function taskRoutes(
  app: FastifyInstance,
  { services, listAnswers }: { services: Services; listAnswers: ListAnswers },
) {
  const { tasks, taskWrites, idempotency } = services;
  // A user's own tasks: every route here needs a signed-in user (and, changing, the CSRF token).
  setGuardDefaults(app, { auth: "user" });

  app.get("/api/tasks", { schema: { response: { 200: taskListJson } } }, async (request, reply) =>
    listAnswers.send(request, reply, {
      kind: "tasks",
      etag: taskListEtag,
      read: async (userId) => (await tasks.listForUser(userId)).map(withEtag),
    }),
  );
  // An unchanged list's 304, from memory (decision 096); a 200 needs the list, and goes through the route.
  app.hotRead("/api/tasks", { answer: (user) => ({ etag: taskListEtag(user) }) });

  app.get("/api/tasks/:id", { schema: { response: { 200: taskJson } } }, async (request, reply) => {
    const task = await tasks.findForUser(requireUser(request).id, taskId(request.params));
    if (!task) throw notFound(TASK_NOT_FOUND);
    return answerRow(reply, task);
  });

  app.post("/api/tasks", { schema: { response: { 201: taskJson } } }, async (request, reply) => {
    const data = parseWith(createTaskSchema, request.body);
    const userId = requireUser(request).id;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    const answer = await idempotency.run({ userId, key, method: "POST", path: "/api/tasks", body: data }, async (tx) => {
      return { statusCode: 201, body: await taskWrites.create(tx, userId, data) };
    });
    if (answer.replayed) reply.header("idempotent-replayed", "true");
    // Only a success is ever stored (a failure rolls the claim back), so a replay is a 201 too.
    return reply.code(201).send(answerStoredRow(reply, answer.body));
  });

  // If-Match (decision 114): the write happens only while the task is as the client last read it; else 412 with the current task.
  app.put("/api/tasks/:id", { schema: { response: { 200: taskJson } } }, async (request, reply) => {
    const id = taskId(request.params);
    const data = parseWith(updateTaskSchema, request.body);
    const userId = requireUser(request).id;
    const precondition = ifMatch<Task>(request.headers["if-match"]);
    if (Object.keys(data).length === 0) {
      const task = await tasks.findForUser(userId, id);
      if (!task) throw notFound(TASK_NOT_FOUND);
      precondition?.(task);
      return answerRow(reply, task);
    }
    return answerRow(reply, await taskWrites.update(userId, id, data, precondition));
  });

  app.delete("/api/tasks/:id", async (request, reply) => {
    await taskWrites.delete(requireUser(request).id, taskId(request.params), ifMatch<Task>(request.headers["if-match"]));
    return reply.code(204).send();
  });
}
