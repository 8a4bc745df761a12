import { Fragment } from 'react';

/**
 * An e-mail address, read left to right on any page. Where a narrow card must wrap it, it breaks after
 * the "@" or before a dot rather than in the middle of a word.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <bdi dir="ltr" className="break-words">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}
