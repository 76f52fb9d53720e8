import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

const SIX = ["Algebra", "Biology", "Chemistry", "English", "History", "Spanish"];
const FULL_SCHEDULE = [
  "Health (Semester 1)",
  "Driver Ed (Semester 2)",
  "Biology (Double Block)",
  "Lunch",
  "English",
  "World History",
  "Art (Semester 1)",
  "Music (Semester 2)",
  "Spanish",
];

describeEachEngine("class schedule API", (engine) => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    alice = new TestClient(t.app);
    bob = new TestClient(t.app);
    await alice.register({ firstName: "Alice" });
    await bob.register({ firstName: "Bob" });
  });
  afterAll(() => t.close());

  const save = (client: TestClient, method: "POST" | "PUT", body: unknown, headers?: Record<string, string>) =>
    client.request(method, "/api/user/classes", body, headers);
  const storedClasses = async (client: TestClient) => {
    const me = (await client.request("GET", "/api/user")).json();
    const row = await t.db.selectFrom("users").select("user_classes").where("id", "=", me.id).executeTakeFirstOrThrow();
    return JSON.parse(row.user_classes) as string[];
  };

  describe("saving", () => {
    it("the first setup (POST) stores the list and answers the updated user", async () => {
      const res = await save(alice, "POST", { userClasses: FULL_SCHEDULE });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ firstName: "Alice", userClasses: FULL_SCHEDULE });
      expect(res.json()).not.toHaveProperty("passwordHash");
      expect(await storedClasses(alice)).toEqual(FULL_SCHEDULE);
      expect((await alice.request("GET", "/api/user")).json().userClasses).toEqual(FULL_SCHEDULE);
    });

    it("an edit (PUT) replaces the whole list, and 4 classes are enough", async () => {
      const res = await save(alice, "PUT", { userClasses: ["Algebra", "Lunch", "Biology", "Chemistry", "English"] });
      expect(res.statusCode).toBe(200);
      expect(res.json().userClasses).toEqual(["Algebra", "Lunch", "Biology", "Chemistry", "English"]);
      expect(await storedClasses(alice)).toEqual(["Algebra", "Lunch", "Biology", "Chemistry", "English"]);
    });

    it("trims names and drops blank entries", async () => {
      const res = await save(alice, "POST", {
        userClasses: ["  Algebra ", "", "   ", "Biology", "Chemistry", "\tEnglish", "History", "Spanish  "],
      });
      expect(res.statusCode).toBe(200);
      expect(await storedClasses(alice)).toEqual(SIX);
    });

    it("a retried first setup (the answer was lost) simply saves again", async () => {
      expect((await save(alice, "POST", { userClasses: SIX })).statusCode).toBe(200);
      expect((await save(alice, "POST", { userClasses: SIX })).statusCode).toBe(200);
      expect(await storedClasses(alice)).toEqual(SIX);
    });

    it("ignores unknown fields: only the signed-in user's classes change", async () => {
      const bobBefore = await storedClasses(bob);
      const bobId = (await bob.request("GET", "/api/user")).json().id;
      const res = await save(alice, "PUT", { userClasses: SIX, userId: bobId, isAdmin: true, id: bobId });
      expect(res.statusCode).toBe(200);
      expect(res.json().isAdmin).toBe(false);
      expect(res.json().id).not.toBe(bobId);
      expect(await storedClasses(bob)).toEqual(bobBefore);
    });

    it("a block that ends exactly at period 12 is accepted", async () => {
      const eleven = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J (Triple Block)"];
      const res = await save(alice, "PUT", { userClasses: eleven });
      expect(res.statusCode).toBe(200);
    });

    it("never changes the subject stored on existing tasks", async () => {
      await save(alice, "PUT", { userClasses: SIX });
      const task = (await alice.request("POST", "/api/tasks", { title: "Lab report", subject: "Chemistry" })).json();
      const res = await save(alice, "PUT", { userClasses: ["Physics", "Geometry", "Latin", "Drama"] });
      expect(res.statusCode).toBe(200);
      const after = (await alice.request("GET", `/api/tasks/${task.id}`)).json();
      expect(after.subject).toBe("Chemistry");
    });
  });

  describe("refusing", () => {
    const firstSetup = "Please add at least 6 classes to create your schedule";
    const edit = "Please add at least 4 classes to update your schedule";
    const duplicates = "Please remove duplicate class names.";

    it.each([
      ["POST", ["A", "B", "C", "D", "E"], firstSetup],
      ["POST", ["A", "B", "C", "D", "E", "", "  "], firstSetup],
      ["POST", [], firstSetup],
      // Lunch is a period, not a class.
      ["POST", ["A", "B", "C", "Lunch", "D", "E"], firstSetup],
      // A block is one class however many periods it fills.
      ["POST", ["A (Triple Block)", "B (Double Block)", "C", "D", "E"], firstSetup],
      ["PUT", ["A", "B", "C"], edit],
      ["PUT", [], edit],
      ["PUT", ["A", "Lunch", "B", "C", "lunch"], edit],
      ["POST", ["Algebra", "Biology", "algebra", "Chemistry", "English", "History"], duplicates],
      ["PUT", ["Algebra", "Biology", "  Algebra  ", "Chemistry"], duplicates],
      ["PUT", ["AP  Biology", "ap biology", "Chemistry", "English"], duplicates],
      // The same class in a block and in another period.
      ["PUT", ["Art (Double Block)", "Biology", "Art", "Chemistry"], duplicates],
      // Both halves of a semester pair the same: that is a full-year class.
      ["PUT", ["Art (Semester 1)", "Art (Semester 2)", "Biology", "Chemistry", "English"], duplicates],
      ["PUT", ["Health (Semester 1)", "Art (Semester 2)", "Art", "Chemistry", "English"], duplicates],
      // 13 periods.
      ["PUT", ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M"], "A schedule has at most 12 periods"],
      // A block that would run past period 12.
      ["PUT", ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L (Double Block)"], "A schedule has at most 12 periods"],
      ["PUT", ["A (Triple Block)", "B (Triple Block)", "C (Triple Block)", "D (Triple Block)", "E"], "A schedule has at most 12 periods"],
      ["PUT", ["A", "B", "C", "x".repeat(101)], "Class names must be at most 100 characters"],
      ["PUT", ["A", "B", "C", 4], "Each class name must be text"],
      ["PUT", ["A", "B", "C", null], "Each class name must be text"],
      ["PUT", ["A", "B", "C", ["D"]], "Each class name must be text"],
      ["PUT", ["A", "B", "C", { name: "D" }], "Each class name must be text"],
      ["PUT", "Algebra, Biology", "userClasses must be a list of class names"],
      ["PUT", undefined, "userClasses must be a list of class names"],
      ["POST", { 0: "A" }, "userClasses must be a list of class names"],
    ] as const)("%s %j → 400 “%s”, nothing stored", async (method, userClasses, message) => {
      const before = await storedClasses(alice);
      const res = await save(alice, method, userClasses === undefined ? {} : { userClasses });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(Object.values(res.json().errors).flat()).toContain(message);
      expect(Object.keys(res.json().errors).every((field) => field.startsWith("userClasses"))).toBe(true);
      expect(await storedClasses(alice)).toEqual(before);
    });

    it("a body that is not an object is refused with 400", async () => {
      for (const body of ["[]", "null", '"Algebra"', "42"]) {
        const res = await save(alice, "PUT", body);
        expect(res.statusCode, body).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
    });

    it("malformed JSON is refused with 400 in the error shape", async () => {
      const res = await save(alice, "PUT", '{"userClasses": ["Algebra",');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "Request body is not valid JSON", code: "server.body_invalid_json" });
    });

    it("a 10,000-entry list is refused with 400, not stored", async () => {
      const before = await storedClasses(alice);
      const res = await save(alice, "PUT", { userClasses: Array.from({ length: 10_000 }, (_, i) => `C${i}`) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("A schedule has at most 12 periods");
      expect(await storedClasses(alice)).toEqual(before);
    });

    it("a list of 10,000 blank entries is refused too", async () => {
      const res = await save(alice, "PUT", { userClasses: Array.from({ length: 10_000 }, () => "") });
      expect(res.statusCode).toBe(400);
    });

    it("a 1 MB class name is refused with 413, not stored", async () => {
      const before = await storedClasses(alice);
      const res = await save(alice, "PUT", { userClasses: ["A", "B", "C", "x".repeat(1024 * 1024)] });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toEqual(expect.any(String));
      expect(await storedClasses(alice)).toEqual(before);
    });

    it("U+0000 and lone surrogates in a name are refused with 400", async () => {
      for (const bad of ["Alge\u0000bra", "Bio\uD800logy"]) {
        const res = await save(alice, "PUT", { userClasses: ["A", "B", "C", bad] });
        expect(res.statusCode).toBe(400);
      }
    });
  });

  describe("guards", () => {
    it("a signed-out visitor gets 401 on both calls", async () => {
      const visitor = new TestClient(t.app);
      for (const method of ["POST", "PUT"] as const) {
        const res = await save(visitor, method, { userClasses: SIX });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: "Not signed in", code: "server.not_signed_in" });
      }
    });

    it("without the CSRF token both calls get 403 and change nothing", async () => {
      const before = await storedClasses(alice);
      const token = alice.csrfToken;
      alice.csrfToken = undefined;
      try {
        for (const method of ["POST", "PUT"] as const) {
          const res = await save(alice, method, { userClasses: ["Physics", "Geometry", "Latin", "Drama", "Band", "Ceramics"] });
          expect(res.statusCode).toBe(403);
        }
        const wrong = await save(alice, "PUT", { userClasses: SIX }, { "x-csrf-token": "not-the-token" });
        expect(wrong.statusCode).toBe(403);
      } finally {
        alice.csrfToken = token;
      }
      expect(await storedClasses(alice)).toEqual(before);
    });

    it("another site's Origin gets 403", async () => {
      const res = await save(alice, "PUT", { userClasses: SIX }, { origin: "https://evil.example" });
      expect(res.statusCode).toBe(403);
    });

    it("GET and DELETE are not routes of this path", async () => {
      for (const method of ["GET", "DELETE", "PATCH"]) {
        const res = await alice.request(method, "/api/user/classes");
        expect(res.statusCode).toBe(404);
      }
    });
  });
});
