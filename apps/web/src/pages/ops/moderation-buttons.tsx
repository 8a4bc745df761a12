import { actionButton, dangerLook, restoreLook } from './moderation-action';

type Props = { pending: boolean; outcome: string | null; take: string; undo: string; onAct: (take: boolean) => void };

/** A moderation form's two buttons (hide or suspend; put back or reinstate) and what the last one did. */
export function ModerationButtons({ pending, outcome, take, undo, onAct }: Props) {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={pending} onClick={() => onAct(true)} className={`${actionButton} ${dangerLook}`}>
          {take}
        </button>
        <button type="button" disabled={pending} onClick={() => onAct(false)} className={`${actionButton} ${restoreLook}`}>
          {undo}
        </button>
      </div>
      <p role="status" className="text-sm font-semibold text-green-800">
        {outcome}
      </p>
    </>
  );
}
