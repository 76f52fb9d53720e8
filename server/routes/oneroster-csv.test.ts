import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";
import { writeZip } from "../test/zip-writer";

const PASSCODE = "C5VZ";
const ZIP = { "content-type": "application/zip" };

/** A OneRoster 1.2 bundle's manifest: each file bulk, delta or absent. */
function manifest(modes: Partial<Record<"users" | "classes" | "enrollments" | "roles", string>>, version = "1.2") {
  const lines = [
    "propertyName,value",
    "manifest.version,1.0",
    `oneroster.version,${version}`,
    "file.academicSessions,absent",
    "file.orgs,absent",
    ...(["users", "classes", "enrollments", "roles"] as const).map((file) => `file.${file},${modes[file] ?? "absent"}`),
    "source.systemName,Example SIS",
  ];
  return lines.join("\r\n") + "\r\n";
}

const USERS_HEADER =
  "sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns";
const userLine = (id: string, given: string, family: string, email: string, status = "", modified = "") =>
  `${id},${status},${modified},true,${id},,${given},${family},,,${email},,,,10,,,,,,,school-a,`;
const ROLES_HEADER = "sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId";
const roleLine = (user: string, role = "student", org = "school-a") => `role-${user},,,${user},primary,${role},,,${org},`;
const CLASSES_HEADER =
  "sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods";
const classLine = (id: string, title: string, periods = "") =>
  `${id},,,${title},10,course-${id},,scheduled,,school-a,term-1,,,"${periods}"`;
const ENROLLMENTS_HEADER = "sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate";
const enrollmentLine = (user: string, cls: string, role = "student", status = "", modified = "") =>
  `${user}-${cls},${status},${modified},${cls},school-a,${user},${role},false,,`;
const csv = (header: string, lines: string[]) => [header, ...lines].join("\r\n") + "\r\n";

/** The district's whole roster, as its SIS exports it: three students, a teacher, two classes. */
function bulkBundle() {
  return writeZip({
    "manifest.csv": manifest({ users: "bulk", roles: "bulk", classes: "bulk", enrollments: "bulk" }),
    "users.csv": csv(USERS_HEADER, [
      userLine("stu-1", "Marisol", "Peña", "marisol@lincoln.example"),
      userLine("stu-2", "Kofi", "Mensah", "KOFI@lincoln.example"),
      userLine("stu-3", "Noemail", "Student", ""),
      userLine("t-1", "Grace", "Hopper", "hopper@lincoln.example"),
    ]),
    "roles.csv": csv(ROLES_HEADER, [roleLine("stu-1"), roleLine("stu-2"), roleLine("stu-3"), roleLine("t-1", "teacher")]),
    "classes.csv": csv(CLASSES_HEADER, [classLine("bio", "Biology", "3"), classLine("chem", "Chemistry", "1,2")]),
    "enrollments.csv": csv(ENROLLMENTS_HEADER, [
      enrollmentLine("stu-1", "bio"),
      enrollmentLine("stu-1", "chem"),
      enrollmentLine("stu-2", "bio"),
      enrollmentLine("t-1", "bio", "teacher"),
    ]),
    // Files the import does not read are left alone.
    "orgs.csv": "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\r\nschool-a,,,Lincoln High,school,,\r\n",
  });
}

/**
 * OneRoster's CSV binding (issue 55): a SIS's zip uploaded by an unlocked admin, on both engines:
 * a preview that says student by student what it would do and writes nothing, the import in one
 * transaction with its report, a delta bundle after it, OneRoster 1.1's layout, and every kind
 * of bad bundle refused with its own words and nothing changed.
 */
describeEachEngine("OneRoster CSV bundles", (engine) => {
  let t: TestApp;
  let staff: TestClient;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ADMIN_PASSCODE: PASSCODE } });
    staff = new TestClient(t.app);
    const { user } = await staff.register({ firstName: "Rosa", email: "rosa@lincoln.example" });
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await staff.request("POST", "/api/admin/login", { passcode: PASSCODE });
    await staff.refreshCsrf();
  });

  const upload = (zip: Buffer, preview: boolean, client = staff) =>
    client.request("POST", `/api/admin/roster/oneroster-csv?preview=${preview}`, zip, ZIP);
  const account = (email: string) => t.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  const counts = async () => ({
    users: (await t.db.selectFrom("users").select("id").execute()).length,
    records: (await t.db.selectFrom("roster_records").select("kind").execute()).length,
    runs: (await t.db.selectFrom("roster_runs").select("id").execute()).length,
  });

  it("previews a bulk bundle student by student and writes nothing, then imports it as one run", async () => {
    const before = await counts();
    const preview = await upload(bulkBundle(), true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      preview: true,
      mode: "full",
      created: 2,
      updated: 0,
      disabled: 0,
      refused: [{ sourcedId: "stu-3", reason: "no_email" }],
      moreChanges: 0,
      run: null,
    });
    expect(preview.json().changes).toEqual(
      expect.arrayContaining([
        { sourcedId: "stu-1", email: "marisol@lincoln.example", name: "Marisol Peña", action: "created" },
        { sourcedId: "stu-2", email: "kofi@lincoln.example", name: "Kofi Mensah", action: "created" },
        { sourcedId: "stu-3", email: null, name: "Noemail Student", action: "refused", reason: "no_email" },
      ]),
    );
    expect(await counts()).toEqual(before);

    const imported = await upload(bulkBundle(), false);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({
      preview: false,
      mode: "full",
      created: 2,
      run: { source: "csv", mode: "full", status: "ok", created: 2 },
    });
    expect(JSON.parse((await account("marisol@lincoln.example"))!.user_classes)).toEqual(["Biology (3)", "Chemistry (1, 2)"]);
    expect(await account("kofi@lincoln.example")).toMatchObject({ roster_source_id: "stu-2", password_hash: null, first_name: "Kofi" });
    // A teacher gets no account.
    expect(await account("hopper@lincoln.example")).toBeUndefined();
    const runs = (await staff.request("GET", "/api/admin/roster/runs")).json();
    expect(runs[0]).toMatchObject({ source: "csv", mode: "full", created: 2, refused: [{ sourcedId: "stu-3", reason: "no_email" }] });
    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "ROSTER_SYNCED").execute();
    expect(audit.at(-1)).toMatchObject({ actor_email: "rosa@lincoln.example" });
    expect(JSON.parse(audit.at(-1)!.details!)).toMatchObject({ source: "csv", mode: "full", created: 2 });

    // The same bundle again: nothing to change.
    expect((await upload(bulkBundle(), true)).json()).toMatchObject({
      created: 0,
      updated: 0,
      disabled: 0,
      changes: [expect.objectContaining({ action: "refused" })],
    });
  });

  it("merges a delta bundle into the roster the last one gave", async () => {
    const delta = writeZip({
      "manifest.csv": manifest({ users: "delta", enrollments: "delta" }),
      "users.csv": csv(USERS_HEADER, [
        userLine("stu-2", "Kofi", "Mensah", "kofi@lincoln.example", "tobedeleted", "2026-11-29T10:00:00.000Z"),
      ]),
      "enrollments.csv": csv(ENROLLMENTS_HEADER, [enrollmentLine("stu-1", "chem", "student", "tobedeleted", "2026-11-29T10:00:00.000Z")]),
    });
    const preview = (await upload(delta, true)).json();
    expect(preview).toMatchObject({ mode: "delta", created: 0, updated: 1, disabled: 1 });
    expect(preview.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sourcedId: "stu-1", action: "updated" }),
        expect.objectContaining({ sourcedId: "stu-2", action: "disabled", email: "kofi@lincoln.example" }),
      ]),
    );
    expect((await account("kofi@lincoln.example"))!.disabled_at).toBeNull();
    expect((await upload(delta, false)).json()).toMatchObject({ run: { source: "csv", mode: "delta", updated: 1, disabled: 1 } });
    // Marisol's other classes, from the bulk bundle, stay: the delta said only Chemistry ended.
    expect(JSON.parse((await account("marisol@lincoln.example"))!.user_classes)).toEqual(["Biology (3)"]);
    expect((await account("kofi@lincoln.example"))!.disabled_at).not.toBeNull();
  });

  it("reads OneRoster 1.1's layout (role and orgSourcedIds in users.csv) and bundles in a folder", async () => {
    const header =
      "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password";
    const bundle = writeZip({
      "export-2026-11-29/manifest.csv": manifest({ users: "delta" }, "1.1"),
      "export-2026-11-29/users.csv": csv(header, [
        'stu-9,active,2026-11-29T11:00:00.000Z,true,"school-a,school-b",student,ivy,,Ivy,Tran,,,ivy@lincoln.example,,,,11,',
        "t-9,active,2026-11-29T11:00:00.000Z,true,school-a,teacher,lee,,Ada,Lee,,,lee@lincoln.example,,,,,",
      ]),
    });
    const result = await upload(bundle, false);
    expect(result.json()).toMatchObject({ created: 1, run: { mode: "delta" } });
    expect(await account("ivy@lincoln.example")).toMatchObject({ first_name: "Ivy", last_name: "Tran", roster_source_id: "stu-9" });
    expect(await account("lee@lincoln.example")).toBeUndefined();
  });

  it("refuses what is not a readable OneRoster bundle with its own words, and changes nothing", async () => {
    const before = await counts();
    const good = {
      "manifest.csv": manifest({ users: "delta" }),
      "users.csv": csv(USERS_HEADER, [userLine("stu-7", "A", "B", "ab@lincoln.example")]),
    };
    const bomb = writeZip({ "manifest.csv": manifest({ users: "bulk" }), "users.csv": Buffer.alloc(70 * 1024 * 1024) });
    const cases: [Buffer, number, string, string?][] = [
      [Buffer.from("email,firstName\r\n"), 400, "admin.oneroster_csv_not_zip"],
      [writeZip({ "users.csv": good["users.csv"] }), 400, "admin.oneroster_csv_no_manifest"],
      [writeZip({ "manifest.csv": manifest({ users: "bulk" }, "1.0") }), 400, "admin.oneroster_csv_version", "OneRoster 1.0"],
      [
        writeZip({ "manifest.csv": manifest({ users: "bulk", classes: "bulk" }), "users.csv": good["users.csv"] }),
        400,
        "admin.oneroster_csv_missing_file",
        "classes.csv",
      ],
      [
        writeZip({ "manifest.csv": manifest({ classes: "bulk" }), "classes.csv": csv(CLASSES_HEADER, []) }),
        400,
        "admin.oneroster_csv_no_users",
      ],
      [
        writeZip({ "manifest.csv": manifest({ users: "everything" }), "users.csv": good["users.csv"] }),
        400,
        "admin.oneroster_csv_bad_mode",
        '"everything"',
      ],
      [
        writeZip({
          ...good,
          "users.csv": csv(USERS_HEADER, [
            userLine("stu-7", "A", "B", "ab@lincoln.example"),
            userLine("stu-8", "C", "D", "cd@x", "retired"),
          ]),
        }),
        400,
        "admin.oneroster_csv_bad_row",
        "users.csv, line 3: status",
      ],
      [
        writeZip({ ...good, "users.csv": "givenName,familyName\r\nA,B\r\n" }),
        400,
        "admin.oneroster_csv_missing_column",
        "users.csv has no sourcedId column",
      ],
      [
        writeZip({
          "manifest.csv": manifest({ users: "delta", enrollments: "delta" }),
          "users.csv": good["users.csv"],
          "enrollments.csv": csv(ENROLLMENTS_HEADER, ["e-1,,,bio,school-a,,student,false,,"]),
        }),
        400,
        "admin.oneroster_csv_bad_row",
        "enrollments.csv, line 2: userSourcedId",
      ],
      // A whole roster with no roles anywhere would close every account the roster follows.
      [writeZip({ "manifest.csv": manifest({ users: "bulk" }), "users.csv": good["users.csv"] }), 400, "admin.oneroster_csv_no_roles"],
      [writeZip({ ...good, "users.csv": Buffer.from([0x73, 0x6f, 0x75, 0xe9, 0x0d, 0x0a]) }), 400, "admin.oneroster_csv_not_utf8"],
      [writeZip({ ...good, "users.csv": `${USERS_HEADER}\r\n"stu-7,\r\n` }), 400, "admin.oneroster_csv_unclosed_quote"],
      [bomb, 413, "admin.oneroster_csv_too_large"],
    ];
    for (const [zip, status, code, words] of cases) {
      const res = await upload(zip, false);
      expect([res.statusCode, res.json().code], code).toEqual([status, code]);
      if (words) expect(res.json().message).toContain(words);
    }
    // A damaged archive: one byte of its data changed.
    const damaged = writeZip(good, { method: "stored" });
    const at = damaged.indexOf("stu-7");
    damaged.writeUInt8(damaged.readUInt8(at) ^ 0x20, at);
    expect((await upload(damaged, false)).json().code).toBe("admin.oneroster_csv_corrupt");
    // Past the body limit, a JSON body, no preview answer: refused before the bundle is read.
    const tooBig = Buffer.alloc(21 * 1024 * 1024);
    expect((await upload(tooBig, false)).statusCode).toBe(413);
    const json = await staff.request("POST", "/api/admin/roster/oneroster-csv?preview=true", { csv: "x" });
    expect([json.statusCode, json.json().code]).toEqual([415, "server.unsupported_media_type"]);
    const noBody = await staff.request("POST", "/api/admin/roster/oneroster-csv?preview=true");
    expect([noBody.statusCode, noBody.json().code]).toEqual([400, "admin.oneroster_csv_not_zip"]);
    const noPreview = await staff.request("POST", "/api/admin/roster/oneroster-csv", writeZip(good), ZIP);
    expect([noPreview.statusCode, noPreview.json().code]).toEqual([400, "admin.oneroster_csv_preview_invalid"]);
    // Spanish words for an admin who reads Spanish.
    await t.db.updateTable("users").set({ locale: "es" }).where("email", "=", "rosa@lincoln.example").execute();
    const spanish = await upload(Buffer.from("x"), true);
    await t.db.updateTable("users").set({ locale: "en" }).where("email", "=", "rosa@lincoln.example").execute();
    expect(spanish.json().message).toContain("no es un archivo zip");
    expect(await counts()).toEqual(before);
  });

  it("is for an unlocked admin only", async () => {
    const student = new TestClient(t.app);
    await student.register();
    expect((await upload(bulkBundle(), true, student)).statusCode).toBe(403);
    await staff.request("POST", "/api/admin/logout");
    await staff.refreshCsrf();
    expect((await upload(bulkBundle(), true)).statusCode).toBe(403);
  });
});
