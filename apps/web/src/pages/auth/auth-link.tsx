import { Link } from 'react-router-dom';

/** A line under an auth card: a question and the link that answers it. */
export function AuthLink({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <p>
      {prompt}{' '}
      <Link
        to={to}
        className="rounded-sm font-semibold text-green-800 underline underline-offset-2 hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
      >
        {label}
      </Link>
    </p>
  );
}
