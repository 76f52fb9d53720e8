import { PlusIcon } from "lucide-react";
import { useCallback, useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import { onDemand, useOnDemand } from "@/lib/on-demand";
import { openedByShare } from "@core/app-icon";
import type { QuickAddFieldState, QuickAddRequest } from "../types/quick-add";
import type { TaskUser } from "../types/task-user";
import type * as ShareTarget from "@/lib/share-target";

// The parser (chrono-node's English and Spanish) and the chips come when the field is first used,
// not with the Home tab's first screen (decision 118): a student who only reads Home downloads none of it.
const assistPart = onDemand(() => import("./quick-add-assist"));

type QuickAddFieldProps = {
  user: TaskUser;
  /** The school's time zone: dates and times are read on its clock. */
  timeZone: string;
  request?: QuickAddRequest | null;
  /** The request was taken: a tab shown again later does not take it again. */
  onRequestTaken?: () => void;
};

/**
 * Quick add (issue 40): one field, "bio essay fri 3pm !high", Enter saves. The field itself is on
 * the first screen; what reads the words, shows them as chips and saves comes on first use.
 */
export function QuickAddField({ user, timeZone, request, onRequestTaken }: QuickAddFieldProps) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [description, setDescription] = useState<string | null>(null);
  const [used, setUsed] = useState(false);
  const save = useRef<(() => void) | null>(null);
  // Enter before the assist had arrived: it saves as soon as it hands its save over.
  const savePending = useRef(false);
  const assist = useOnDemand(assistPart, used).module;

  const requestTaken = useEffectEvent(() => {
    input.current?.focus();
    onRequestTaken?.();
  });
  useEffect(() => {
    if (request) requestTaken();
  }, [request]);
  // Opened by a share from another app (the manifest's share target, /?share_title=…): the field
  // starts with it, and the address forgets it (a reload does not share again). The share's code
  // comes only then.
  const takeShare = useEffectEvent(({ sharedTask, withoutShare }: typeof ShareTarget) => {
    const { pathname, search, hash } = window.location;
    const shared = sharedTask(search);
    window.history.replaceState(window.history.state, "", `${pathname}${withoutShare(search)}${hash}`);
    if (!shared) return;
    setText(shared.text);
    setDescription(shared.description);
    setUsed(true);
    input.current?.focus();
  });
  useEffect(() => {
    if (openedByShare(window.location.search)) void import("@/lib/share-target").then(takeShare);
  }, []);

  const saveReady = useCallback((ready: (() => void) | null) => {
    save.current = ready;
    if (ready && savePending.current) {
      savePending.current = false;
      ready();
    }
  }, []);
  const field: QuickAddFieldState = { text, setText, description, setDescription, input, saveReady };
  return (
    <form
      aria-label={t("tasks.quick_add_label")}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        if (save.current) save.current();
        else {
          savePending.current = true;
          setUsed(true);
        }
      }}
    >
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {t("tasks.quick_add_label")}
        </label>
        <Input
          id={id}
          // Why a save was refused (the assist's message), read with the field.
          aria-describedby={`${id}-error`}
          ref={input}
          value={text}
          placeholder={t("tasks.quick_add_placeholder")}
          autoComplete="off"
          enterKeyHint="done"
          onFocus={() => setUsed(true)}
          onChange={(event) => {
            setText(event.target.value);
            setUsed(true);
          }}
        />
        <Button type="submit" size="icon" aria-label={t("tasks.quick_add_submit")} className="shrink-0">
          <PlusIcon aria-hidden="true" />
        </Button>
      </div>
      {assist && <assist.QuickAddAssist user={user} timeZone={timeZone} field={field} idPrefix={id} />}
    </form>
  );
}
