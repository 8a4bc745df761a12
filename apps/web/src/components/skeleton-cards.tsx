/** One column on small screens, two at `sm`, three at `md` (spec, section 2). */
export const foodGridClass = 'grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3';

/** Placeholders the size of a card, so the page does not jump when the list arrives. */
export function SkeletonCards({ count = 3 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className={foodGridClass}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="h-44 animate-pulse rounded-xl border border-stone-200 bg-stone-100" />
      ))}
    </ul>
  );
}
