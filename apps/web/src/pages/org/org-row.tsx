import type { ReactNode } from 'react';

/** The small outlined buttons of the members' and invitations' rows. */
export const rowButton =
  'min-h-11 rounded-lg border px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-60';

type OrgRowProps = {
  /** The row's first line: a member's name, an invitation's e-mail. */
  title: ReactNode;
  /** The lines under it (role, branches, who invited, until when). */
  children?: ReactNode;
  /** The row's buttons (Change, Remove, Withdraw), wrapping under the text on a phone. */
  actions?: ReactNode;
  /** Below the rest, full width (a member's editor). */
  footer?: ReactNode;
  memberId?: number;
};

/**
 * One row of the Members page's lists (members, pending invitations): a card with its title, its details,
 * and its buttons. One layout for both lists, so they read and wrap alike on a phone.
 */
export function OrgRow({ title, children, actions, footer, memberId }: OrgRowProps) {
  return (
    <li data-member-id={memberId} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 text-sm">
          <div className="flex flex-wrap items-baseline gap-x-2 text-base font-semibold text-stone-900">{title}</div>
          {children}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {footer}
    </li>
  );
}

/** What the last action in a list did, or why it failed (a live region under the list). */
export function OrgNews({ news }: { news: { text: string; error: boolean } | null }) {
  return (
    <p role={news?.error ? 'alert' : 'status'} className={`mt-2 min-h-6 text-sm font-semibold ${news?.error ? 'text-red-700' : 'text-green-800'}`}>
      {news?.text}
    </p>
  );
}
