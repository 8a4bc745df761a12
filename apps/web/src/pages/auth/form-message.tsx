import type { ReactNode } from 'react';

/**
 * The forms' message line. Errors are alerts, read out at once; successes are polite status updates.
 * Both regions stay in the page so screen readers notice what appears in them.
 */
export function FormMessage({ success, error, reason }: { success?: ReactNode; error?: string | null; reason?: string | null }) {
  return (
    <div className="min-h-6 text-sm">
      <div role="alert" className="font-semibold text-red-700">
        {error}
        {/* The spec's text first, the server's reason (e-mail taken, too many attempts) after it on the same
            line: one message, not two error lines. */}
        {error && reason ? (
          <span data-testid="form-reason" className="ms-1 font-normal">
            {reason}
          </span>
        ) : null}
      </div>
      <div role="status" className="flex flex-col gap-1 font-semibold text-green-800">
        {success}
      </div>
    </div>
  );
}
