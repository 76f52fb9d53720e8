import { type MouseEvent, type PointerEvent, useRef } from "react";

/** A touch is a tap only when it is shorter than this … */
const TAP_MAX_DURATION_MS = 300;
/** … and moves at most this far, so a scroll is never a tap. */
const TAP_MAX_MOVEMENT_PX = 10;
/** The compatibility click a browser sends after a touch comes within this time; it is ignored. */
const CLICK_AFTER_TOUCH_MS = 700;

type TouchStart<Subject> = { pointerId: number; x: number; y: number; time: number; subject: Subject };

type TapOptions<Subject> = {
  /** What an event's target stands for (e.g. the date of a day cell), or undefined for nothing. */
  subjectOf(target: EventTarget): Subject | undefined;
  /** Runs for a mouse click on a subject, or for a touch on one that is a tap. */
  onTap(subject: Subject): void;
};

/**
 * Clicks and taps on the children of one element, which handles them for all (spread the returned
 * handlers on it). A mouse click activates at once; a touch only when it is a tap (under 300 ms,
 * moving at most 10 px), so scrolling across the children never activates one; the click a browser
 * sends after a touch is not a second activation.
 */
export function useTap<Subject>({ subjectOf, onTap }: TapOptions<Subject>) {
  const touchStart = useRef<TouchStart<Subject> | null>(null);
  const lastTouchEnd = useRef(Number.NEGATIVE_INFINITY);

  function onPointerDown(event: PointerEvent) {
    if (event.pointerType !== "touch") return;
    const subject = subjectOf(event.target);
    touchStart.current =
      event.isPrimary && subject !== undefined
        ? { pointerId: event.pointerId, x: event.clientX, y: event.clientY, time: event.timeStamp, subject }
        : null;
  }

  function onPointerMove(event: PointerEvent) {
    const start = touchStart.current;
    if (start === null || start.pointerId !== event.pointerId) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > TAP_MAX_MOVEMENT_PX) touchStart.current = null;
  }

  function onPointerUp(event: PointerEvent) {
    if (event.pointerType !== "touch") return;
    lastTouchEnd.current = event.timeStamp;
    const start = touchStart.current;
    touchStart.current = null;
    if (start === null || start.pointerId !== event.pointerId) return;
    const quick = event.timeStamp - start.time < TAP_MAX_DURATION_MS;
    const still = Math.hypot(event.clientX - start.x, event.clientY - start.y) <= TAP_MAX_MOVEMENT_PX;
    if (quick && still) onTap(start.subject);
  }

  function onPointerCancel(event: PointerEvent) {
    // The browser took the touch over (a scroll or a zoom): never a tap.
    if (touchStart.current?.pointerId === event.pointerId) touchStart.current = null;
    if (event.pointerType === "touch") lastTouchEnd.current = event.timeStamp;
  }

  function onClick(event: MouseEvent) {
    // Touches were decided on pointer up; the click that follows a touch is not a second activation.
    const native = event.nativeEvent as globalThis.MouseEvent & { pointerType?: string };
    if (native.pointerType === "touch" || event.timeStamp - lastTouchEnd.current < CLICK_AFTER_TOUCH_MS) return;
    const subject = subjectOf(event.target);
    if (subject !== undefined) onTap(subject);
  }

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onClick };
}
