import Fastify from "fastify";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { type Task, taskSchema } from "../core/schemas/task";
import { userSchema } from "../core/schemas/user";
import { responseSchema } from "./response-schema";

const task: Task = {
  id: 7,
  userId: 3,
  title: "Lab report",
  description: null,
  subject: "Chemistry",
  dueDate: "2026-12-01",
  dueTime: null,
  priority: "high",
  recurring: null,
  completed: false,
  reminder: null,
  estimateMinutes: null,
  spentMinutes: 0,
  createdAt: "2026-11-23T10:00:00.000Z",
};

/** Serializes `value` exactly as a route with the derived response schema would. */
async function serialize(schema: z.ZodType, value: unknown): Promise<string> {
  const app = Fastify({ logger: false });
  app.get("/", { schema: { response: { 200: responseSchema(schema) } } }, async () => value);
  const res = await app.inject({ url: "/" });
  await app.close();
  return res.body;
}

describe("response schemas derived from the core zod schemas", () => {
  it("describe a task the way the serializer needs: integer ids, nullable strings, every field required", () => {
    const json = responseSchema(taskSchema) as { properties: Record<string, { type: unknown }>; required: string[] };
    expect(json).not.toHaveProperty("$schema");
    expect(json.properties.id!.type).toBe("integer");
    expect(json.properties.userId!.type).toBe("integer");
    expect(json.properties.description!.type).toEqual(["string", "null"]);
    expect(json.properties.completed!.type).toBe("boolean");
    expect(json.properties.createdAt!.type).toBe("string");
    expect([...json.required].sort()).toEqual(Object.keys(task).sort());
  });

  it("serialize a task exactly: every field, nulls kept, no unknown property sent", async () => {
    const row = { ...task, password_hash: "secret", updated_at: "2026-11-23T11:00:00.000Z" };
    const body = await serialize(taskSchema, row);
    expect(JSON.parse(body)).toEqual(task);
    expect(body).not.toContain("secret");
    expect(JSON.parse(await serialize(z.array(taskSchema), [row, row]))).toEqual([task, task]);
  });

  it("serialize a user without extra columns", async () => {
    const user = {
      id: 1,
      email: "a@b.co",
      firstName: "Ada",
      lastName: "L",
      profileImageUrl: null,
      isAdmin: false,
      passwordResetRequired: true,
      userClasses: ["Math"],
      locale: "es",
    };
    expect(JSON.parse(await serialize(userSchema, { ...user, password_hash: "x" }))).toEqual(user);
  });
});
