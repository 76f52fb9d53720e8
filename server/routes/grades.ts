import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  createGradeItemSchema,
  gradeClassSettingsSchema,
  gradeItemFieldsSchema,
  gradeItemSchema,
  gradeScaleSchema,
  gradesSchema,
  whatIfAnswerSchema,
  whatIfSchema,
} from "../../core/schemas/grades";
import { notFound, parseWith } from "../errors";
import { contentEtag, sendIfNotModified } from "../http/conditional-get";
import { requireUser } from "../http/request-context";
import { setGuardDefaults } from "../plugins/route-guards";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { GRADE_CLASS_NOT_FOUND, GRADE_ITEM_NOT_FOUND } from "../services/grades";

const gradesJson = responseSchema(gradesSchema);
const itemJson = responseSchema(gradeItemSchema);
const whatIfJson = responseSchema(whatIfAnswerSchema);
const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const subjectParams = z.object({ subject: z.string().trim().min(1).max(100) });

/** The signed-in student's grades (issue 53, decision 134): theirs alone, never staff's to read. */
export default async function gradeRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { grades } = services;
  setGuardDefaults(app, { auth: "user" });

  const itemId = (params: unknown) => {
    const parsed = idParams.safeParse(params);
    if (!parsed.success) throw notFound(GRADE_ITEM_NOT_FOUND);
    return parsed.data.id;
  };
  const subjectOf = (params: unknown) => {
    const parsed = subjectParams.safeParse(params);
    if (!parsed.success) throw notFound(GRADE_CLASS_NOT_FOUND);
    return parsed.data.subject;
  };

  app.get("/api/user/grades", { schema: { response: { 200: gradesJson } } }, async (request, reply) => {
    const answer = await grades.read(requireUser(request).id);
    if (sendIfNotModified(request, reply, contentEtag("grades", answer))) return reply;
    return answer;
  });

  app.put("/api/user/grades/classes/:subject", { schema: { response: { 200: gradesJson } } }, async (request) => {
    const settings = parseWith(gradeClassSettingsSchema, request.body);
    return grades.setClass(requireUser(request).id, subjectOf(request.params), settings);
  });

  app.delete("/api/user/grades/classes/:subject", async (request, reply) => {
    await grades.deleteClass(requireUser(request).id, subjectOf(request.params));
    return reply.code(204).send();
  });

  app.put("/api/user/grades/scale", { schema: { response: { 200: gradesJson } } }, async (request) => {
    const scale = parseWith(gradeScaleSchema, request.body);
    return grades.setScale(requireUser(request).id, scale);
  });

  app.post("/api/user/grades/items", { schema: { response: { 201: itemJson } } }, async (request, reply) => {
    const data = parseWith(createGradeItemSchema, request.body);
    return reply.code(201).send(await grades.createItem(requireUser(request).id, data));
  });

  app.put("/api/user/grades/items/:id", { schema: { response: { 200: itemJson } } }, async (request) => {
    const id = itemId(request.params);
    const fields = parseWith(gradeItemFieldsSchema, request.body);
    return grades.updateItem(requireUser(request).id, id, fields);
  });

  app.delete("/api/user/grades/items/:id", async (request, reply) => {
    await grades.deleteItem(requireUser(request).id, itemId(request.params));
    return reply.code(204).send();
  });

  app.post("/api/user/grades/what-if", { schema: { response: { 200: whatIfJson } } }, async (request) => {
    const data = parseWith(whatIfSchema, request.body);
    return grades.whatIf(requireUser(request).id, data);
  });
}
