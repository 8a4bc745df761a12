import { Link } from 'react-router-dom';

/** What a screen that needs an account shows a visitor: why, and a link to log in. */
export function SignInPrompt({ text, link }: { text: string; link: string }) {
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-stone-800">
      <p className="mb-3">{text}</p>
      <Link to="/Login" className="font-semibold text-green-800 underline hover:text-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800">
        {link}
      </Link>
    </div>
  );
}
