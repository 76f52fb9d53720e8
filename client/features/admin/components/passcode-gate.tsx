import { Eye, EyeOff, ShieldCheck } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { SubmitButton } from "@/components/form/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { serverMessage } from "@/lib/api/errors";
import { showToast } from "@/lib/toast";
import { useUnlockAdmin } from "../api/admin-access";

/** The admin passcode is 4 characters (spec §2). */
export const PASSCODE_LENGTH = 4;

/**
 * The passcode gate in front of the panel (spec §2, §4 "Admin access"): a masked input with a
 * show/hide toggle and a 4-character limit; Unlock is disabled until all 4 are there (spec §5). A
 * wrong passcode and the lock after 5 of them are said in the toast and under the field, and the
 * field is emptied and focused for the next try.
 */
export function PasscodeGate() {
  const unlock = useUnlockAdmin();
  const [passcode, setPasscode] = useState("");
  const [revealed, setRevealed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const field = useRef<HTMLInputElement>(null);
  const complete = passcode.length === PASSCODE_LENGTH;

  // The passcode is the only thing to do here, whether the admin just arrived or the 30 minutes
  // ended under them: typing starts at once.
  useEffect(() => field.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Enter in the field submits too; the disabled button only stops clicks.
    if (!complete || unlock.isPending) return;
    unlock.mutate(passcode, {
      onSuccess: () => {
        setError(null);
        showToast({ title: "Admin Access Granted", description: "You now have admin privileges", variant: "success" });
      },
      onError: (failure) => {
        const message = serverMessage(failure) ?? "Invalid passcode";
        setError(message);
        setPasscode("");
        // The button that was pressed went disabled while the call ran, taking the focus with it.
        field.current?.focus();
        showToast({ title: "Admin Login Failed", description: message, variant: "destructive" });
      },
    });
  }

  return (
    <Card className="mx-auto w-full max-w-sm">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          Enter Admin Passcode
        </CardTitle>
        <CardDescription>The admin panel unlocks for 30 minutes.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={inputId}>Admin Passcode</Label>
            <div className="relative">
              <Input
                ref={field}
                id={inputId}
                type={revealed ? "text" : "password"}
                value={passcode}
                maxLength={PASSCODE_LENGTH}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-invalid={error !== null}
                aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                onChange={(event) => {
                  setError(null);
                  setPasscode(event.target.value.trim().slice(0, PASSCODE_LENGTH));
                }}
                className="pr-20 font-mono tracking-widest"
              />
              {/* Says what a press will do, "Show passcode" or "Hide passcode" (decision 101). */}
              <button
                type="button"
                onClick={() => setRevealed((shown) => !shown)}
                className="absolute inset-y-0 right-0 flex items-center gap-1 rounded-r-md px-3 text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
              >
                {revealed ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
                {revealed ? "Hide" : "Show"}
                <span className="sr-only"> passcode</span>
              </button>
            </div>
            <p id={hintId} className="text-sm text-muted-foreground">
              {PASSCODE_LENGTH} characters
            </p>
            {error && (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <SubmitButton pending={unlock.isPending} pendingText="Unlocking..." disabled={!complete}>
            Unlock Admin Panel
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
