import { useId, type ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  /** Ids and numbers read better in monospace or right-aligned. */
  className?: string;
}

interface AdminTableProps<Row> {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey(row: Row, index: number): string;
  /** Said instead of an empty table. */
  empty: string;
  /** Below this width the table scrolls instead of squeezing its columns (a Tailwind min-w class). */
  minWidth?: string;
}

/**
 * A plain data table. On a narrow screen it scrolls sideways inside its own box, which
 * takes keyboard focus so the hidden columns can be reached without a mouse. The box is a
 * named group, not a region: the section around it is already the landmark of that name.
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  minWidth = 'min-w-[40rem]',
}: AdminTableProps<Row>) {
  const id = useId();
  if (rows.length === 0) return <p className="text-sm text-slate-300">{empty}</p>;
  return (
    <div role="region" aria-labelledby={id} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-800">
      <table className={`w-full border-collapse text-left text-sm ${minWidth}`}>
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-slate-900 text-xs tracking-wide text-slate-300 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} className="border-t border-slate-800 align-top">
              {columns.map((column) => (
                <td key={column.header} className={`px-3 py-2 text-slate-200 ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
