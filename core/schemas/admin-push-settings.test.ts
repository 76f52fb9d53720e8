import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { adminLoginSchema, adminSettingsSchema, adminUsersQuerySchema, auditLogsQuerySchema, passcodeFormSchema } from "./admin";
import { announcementFormSchema } from "./announcements";
import { exportFileSchema } from "./export";
import { fieldErrors } from "./field-errors";
import { preferencesSchema } from "./preferences";
import { pushSendSchema, pushSubscriptionSchema } from "./push";
import { inEnglish } from "../test/in-english";
import { DEFAULT_STUDY_PREFERENCES } from "../study-plan";

/** Each field's first message as the server and the form kit word it in English (decision 108). */
function englishErrors(schema: z.ZodType, value: unknown): Record<string, string | undefined> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(Object.entries(fieldErrors(result.error)).map(([field, messages]) => [field, inEnglish(messages[0])]));
}

describe("the admin, push, preferences and export schemas' messages are references, worded as before in English", () => {
  it("admin: passcode, lists, settings URLs", () => {
    expect(englishErrors(adminLoginSchema, { passcode: "" })).toEqual({ passcode: "Passcode is required" });
    expect(englishErrors(adminLoginSchema, { passcode: "x".repeat(101) })).toEqual({ passcode: "Invalid passcode" });
    // The gate's form: the request's rules, then the passcode's 4 characters.
    expect(englishErrors(passcodeFormSchema, { passcode: "" })).toEqual({ passcode: "Passcode is required" });
    expect(englishErrors(passcodeFormSchema, { passcode: "ZZZ" })).toEqual({ passcode: "Invalid passcode" });
    expect(englishErrors(passcodeFormSchema, { passcode: "ZZZZZ" })).toEqual({ passcode: "Invalid passcode" });
    expect(passcodeFormSchema.safeParse({ passcode: "K7QM" }).success).toBe(true);
    expect(englishErrors(adminUsersQuerySchema, { limit: "0", search: "x".repeat(201), isAdmin: "yes", after: "-1" })).toEqual({
      limit: "limit must be a whole number from 1 to 200",
      search: "search must be at most 200 characters",
      isAdmin: "isAdmin must be true or false",
      after: "after must be an id",
    });
    expect(englishErrors(auditLogsQuerySchema, { before: "x" })).toEqual({ before: "before must be an id" });
    expect(englishErrors(adminSettingsSchema, { instagramUrl: "javascript:alert(1)", logoUrl: 5 })).toEqual({
      instagramUrl: "Social profile URL must be a full http:// or https:// address",
      logoUrl: "Logo URL must be a URL or empty",
    });
    expect(englishErrors(adminSettingsSchema, { instagramUrl: null, logoUrl: `https://x.example/${"a".repeat(2048)}` })).toEqual({
      logoUrl: "Logo URL must be at most 2048 characters",
    });
  });

  it("announcements: the admin panel's form, its days as the select's text, checked as the request's number", () => {
    const days = (showDays: string) => announcementFormSchema.safeParse({ title: " Snow ", body: " Late ", audience: "all", showDays });
    expect(days("3").data).toEqual({ title: "Snow", body: "Late", audience: "all", showDays: 3 });
    expect(englishErrors(announcementFormSchema, { title: " ", body: "", audience: "everyone", showDays: "0" })).toEqual({
      title: "Title is required",
      body: "Message is required",
      audience: "audience must be all, students or admins",
      showDays: "showDays must be a whole number from 1 to 30",
    });
    expect(englishErrors(announcementFormSchema, { title: "a", body: "b", audience: "all", showDays: "x" })).toEqual({
      showDays: "showDays must be a whole number from 1 to 30",
    });
  });

  it("push: subscriptions and sending", () => {
    expect(englishErrors(pushSubscriptionSchema, { endpoint: "", keys: { p256dh: "x", auth: "x" }, expirationTime: -1 })).toEqual({
      endpoint: "endpoint must be the https address of a browser's push service",
      expirationTime: "expirationTime must be a time in milliseconds or null",
      "keys.p256dh": "keys.p256dh must be a P-256 public key (65 bytes, base64url)",
      "keys.auth": "keys.auth must be 16 bytes, base64url",
    });
    expect(englishErrors(pushSubscriptionSchema, { endpoint: "https://x" })).toEqual({ keys: "keys must hold p256dh and auth" });
    expect(englishErrors(pushSendSchema, { externalUserIds: [], title: " ", body: "x".repeat(801) })).toEqual({
      externalUserIds: "Please select a user",
      title: "Title and message are required",
      body: "Message must be at most 800 characters",
    });
    expect(englishErrors(pushSendSchema, { externalUserIds: ["abc"], title: "x".repeat(121), body: "x" })).toEqual({
      "externalUserIds.0": "externalUserIds must be user ids",
      title: "Title must be at most 120 characters",
    });
  });

  it("preferences and the export file", () => {
    expect(
      englishErrors(preferencesSchema, {
        eveningSummaryTime: "7pm",
        locale: "en",
        scheduleSource: "theirs",
        appBadge: "on",
        ...DEFAULT_STUDY_PREFERENCES,
        studyBlockReminders: 1,
      }),
    ).toEqual({
      eveningSummaryTime: "Evening summary time must be a time in HH:mm format, or null to turn it off",
      scheduleSource: "scheduleSource must be school or mine",
      appBadge: "appBadge must be true or false",
      studyBlockReminders: "studyBlockReminders must be true or false",
    });
    expect(
      englishErrors(preferencesSchema.partial(), {
        studyWindows: { ...DEFAULT_STUDY_PREFERENCES.studyWindows, monday: [{ start: "18:00", end: "17:00" }] },
        dailyStudyLimitMinutes: 5,
        maxBlockMinutes: 200,
      }),
    ).toEqual({
      "studyWindows.monday.0.end": "A study window must end after it starts",
      dailyStudyLimitMinutes: "The daily study limit must be a whole number of minutes from 30 to 720",
      maxBlockMinutes: "The longest study block must be a whole number of minutes from 15 to 120",
    });
    expect(englishErrors(exportFileSchema, { format: "ics", version: 2, tasks: 1, events: "x" })).toEqual({
      format: "This file is not a Student Hub export",
      version: "This file is not a Student Hub export of a version this server reads (version 1)",
      tasks: "tasks must be a list",
      events: "events must be a list",
    });
  });
});
