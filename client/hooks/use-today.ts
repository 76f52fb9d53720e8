import { useEffect, useState } from "react";
import { todayIn } from "@core/dates";

/**
 * The current instant and the school's calendar date (docs/decisions/021), re-read every minute
 * so an open dashboard rolls over at midnight and the greeting changes on time.
 */
export function useToday(timeZone: string): { now: Date; today: string } {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return { now, today: todayIn(timeZone, now) };
}
