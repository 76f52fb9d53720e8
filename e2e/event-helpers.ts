/**
 * Helpers of the calendar browser suites: events seeded straight into the server's database, as
 * the app writes them, and the rows read back.
 */
import { e2eDb, type SeededUser } from "./fixtures";

export interface SeedEvent {
  title: string;
  date: string;
  time?: string | null;
  eventType?: string;
  subject?: string | null;
  recurring?: string;
  customDays?: string[];
  customEndDate?: string | null;
  isCompleted?: boolean;
}

export async function seedEvent(user: SeededUser, event: SeedEvent): Promise<number> {
  const now = new Date().toISOString();
  const row = await e2eDb()
    .insertInto("events")
    .values({
      user_id: user.id,
      title: event.title,
      description: null,
      subject: event.subject ?? null,
      date: event.date,
      time: event.time ?? null,
      event_type: event.eventType ?? "custom",
      recurring: event.recurring ?? "none",
      custom_when_to_repeat: null,
      custom_days: JSON.stringify(event.customDays ?? []),
      custom_end_date: event.customEndDate ?? null,
      is_completed: event.isCompleted ? 1 : 0,
      notification_enabled: 0,
      notification_timing: null,
      parent_event_id: null,
      is_exception: 0,
      exception_date: null,
      original_date: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function storedEvents(user: SeededUser) {
  return e2eDb().selectFrom("events").selectAll().where("user_id", "=", user.id).orderBy("id").execute();
}
