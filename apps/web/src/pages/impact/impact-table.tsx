import type { ReactNode } from 'react';

export interface Column {
  heading: string;
  /** Figures line up at the end; names and dates at the start. */
  numeric?: boolean;
}

/** A cell: the first of each row is its header (`th scope="row"`). */
export type Cell = ReactNode;

/**
 * The impact pages' tables: a caption, column headings, and rows whose first cell names the row. Wide
 * tables scroll sideways on a phone instead of widening the page.
 */
export function ImpactTable({ caption, columns, rows, captionClass = 'text-lg font-semibold text-stone-900' }: {
  caption: string;
  columns: Column[];
  rows: { key: string; cells: Cell[] }[];
  captionClass?: string;
}) {
  const align = (column: Column) => (column.numeric ? 'text-end tabular-nums' : 'text-start');
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-72 border-collapse text-sm">
        <caption className={`mb-2 text-start ${captionClass}`}>{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300 text-stone-700">
            {columns.map((column) => (
              <th key={column.heading} scope="col" className={`py-2 pe-3 font-semibold ${align(column)}`}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-stone-100 align-top">
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className={`py-2 pe-3 font-normal text-stone-900 ${align(columns[0])}`}>
                    {/* Names people typed keep their own direction, aligned with the page's. */}
                    <bdi>{cell}</bdi>
                  </th>
                ) : (
                  <td key={index} className={`py-2 pe-3 ${align(columns[index])}`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
