/** The forms' submit button; disabled, with a sending label, while the call is under way. */
export function SubmitButton({ sending, label, sendingLabel }: { sending: boolean; label: string; sendingLabel: string }) {
  return (
    <button
      type="submit"
      disabled={sending}
      className="mt-2 w-full rounded-full bg-green-700 px-6 py-3 font-semibold text-white transition hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 disabled:cursor-not-allowed disabled:bg-green-700/60"
    >
      {sending ? sendingLabel : label}
    </button>
  );
}
