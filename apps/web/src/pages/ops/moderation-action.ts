import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useServerMessage } from '../../i18n/server-message';
import { useReportOpsError } from './ops-access';

/** Where a refused moderation call's message goes: a 400 about the reason beside the reason, the rest beside the number. */
export type ProblemField = 'subject' | 'reason';
export type Problems = Partial<Record<ProblemField, string>>;

/**
 * One moderation action (hide, unhide, suspend, reinstate): runs the call, says what was done, refreshes the
 * audit trail, and puts the server's refusal beside the field it concerns (the 404 of an unknown number and
 * the 409 of a listing already hidden beside the number, a 400 naming the reason beside the reason).
 */
export function useModerationAction<Args>(
  operatorId: number,
  run: (args: Args) => Promise<unknown>,
  done: (args: Args) => string,
  reasonRequired: string,
) {
  const client = useQueryClient();
  const report = useReportOpsError();
  const serverMessage = useServerMessage();
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    onMutate: () => {
      setProblems({});
      setOutcome(null);
    },
    onSuccess: (_answer, args) => {
      setOutcome(done(args));
      void client.invalidateQueries({ queryKey: queryKeys.opsModerationAudit(operatorId) });
    },
    onError: (error) => {
      report(error);
      const text = error instanceof ApiError && error.body ? serverMessage(error.message) : error.message;
      const field: ProblemField = error instanceof ApiError && error.status === 400 && /reason/i.test(error.message) ? 'reason' : 'subject';
      setProblems({ [field]: text });
    },
  });
  /**
   * Checks the typed number and, for hide and suspend, the reason before calling; what is missing is said
   * beside its field and nothing is sent.
   */
  const take = (idText: string, idMissing: string, reason: string | null, args: (id: number) => Args) => {
    const id = parseId(idText);
    const reasonMissing = reason !== null && reason.trim() === '';
    if (id === null || reasonMissing) {
      setProblems({ subject: id === null ? idMissing : undefined, reason: reasonMissing ? reasonRequired : undefined });
      return;
    }
    mutation.mutate(args(id));
  };
  return { mutation, problems, setProblems, outcome, take };
}

/** A positive whole number typed by the operator, or null. */
function parseId(text: string): number | null {
  const trimmed = text.trim();
  return /^[1-9]\d*$/.test(trimmed) ? Number(trimmed) : null;
}

export const actionButton =
  'min-h-11 rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:cursor-not-allowed disabled:opacity-60';
export const dangerLook = 'border border-red-700 text-red-700 hover:bg-red-50';
export const restoreLook = 'border border-green-700 text-green-800 hover:bg-green-50';
