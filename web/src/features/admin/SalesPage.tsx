import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { buttonStyles } from '../../components/button-styles';
import { FormMessage } from '../../components/FormMessage';
import { LoadingScreen } from '../../components/LoadingScreen';
import { TextField } from '../../components/TextField';
import { formatPaise } from '../../lib/indian-format';
import { saveAsFile } from '../../lib/save-as-file';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { fetchPaymentsCsv, fetchSales, type AdminSales } from './admin-api';
import { adminErrorMessage } from './admin-errors';
import { daysBefore, formatDay, todayInIndia } from './admin-format';
import { AdminTable, type Column } from './AdminTable';
import { ConsoleError } from './ConsoleError';
import { ConsoleSection } from './ConsoleSection';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The default range: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

/** `/admin/sales`: sign-ups, payments and refunds over a range of India dates, and the payments as CSV. */
export function SalesPage() {
  useDocumentTitle('Sales · Console');
  const [params, setParams] = useSearchParams();
  const today = todayInIndia();
  const from = params.get('from') ?? daysBefore(today, DEFAULT_DAYS - 1);
  const to = params.get('to') ?? today;
  const sales = useQuery({ queryKey: queryKeys.admin.sales(from, to), queryFn: () => fetchSales(from, to) });

  return (
    <>
      <h1 className="text-2xl font-extrabold text-white sm:text-3xl">Sales</h1>
      <RangeForm key={`${from}:${to}`} from={from} to={to} onShow={(range) => setParams(range)} />
      {sales.status === 'pending' && <LoadingScreen />}
      {sales.status === 'error' && <ConsoleError error={sales.error} onRetry={() => void sales.refetch()} />}
      {sales.data && <SalesReport sales={sales.data} />}
    </>
  );
}

function RangeForm({
  from,
  to,
  onShow,
}: {
  from: string;
  to: string;
  onShow(range: { from: string; to: string }): void;
}) {
  const ids = useId();
  const [range, setRange] = useState({ from, to });
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!DAY.test(range.from) || !DAY.test(range.to)) return setError('Please choose both dates.');
    if (range.from > range.to) return setError('The first date must not be after the last.');
    onShow(range);
  }

  const errorId = error ? `${ids}-error` : null;
  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField
        id={`${ids}-from`}
        label="From"
        type="date"
        value={range.from}
        errorId={errorId}
        onChange={(value) => {
          setRange((current) => ({ ...current, from: value }));
          setError(null);
        }}
      />
      <TextField
        id={`${ids}-to`}
        label="To"
        type="date"
        value={range.to}
        errorId={errorId}
        onChange={(value) => {
          setRange((current) => ({ ...current, to: value }));
          setError(null);
        }}
      />
      <button type="submit" className={buttonStyles.primary}>
        Show
      </button>
      <FormMessage id={`${ids}-error`} error={error} />
    </form>
  );
}

function SalesReport({ sales }: { sales: AdminSales }) {
  const figures = [
    { label: 'Sign-ups', value: sales.signups.toLocaleString('en-IN') },
    { label: 'Paid learners', value: sales.paid_learners.toLocaleString('en-IN') },
    { label: 'Revenue', value: formatPaise(sales.revenue) },
    { label: 'Refunds', value: formatPaise(sales.refunds) },
    { label: 'Conversion', value: `${sales.conversion_percent.toFixed(1)}%` },
  ];
  const busiest = Math.max(1, ...sales.days.map((day) => day.revenue));
  const columns: Column<AdminSales['days'][number]>[] = [
    { header: 'Date', cell: (d) => formatDay(d.date), className: 'whitespace-nowrap' },
    { header: 'Sign-ups', cell: (d) => d.signups, className: 'text-right tabular-nums' },
    { header: 'Paid', cell: (d) => d.paid, className: 'text-right tabular-nums' },
    {
      header: 'Revenue',
      className: 'whitespace-nowrap tabular-nums',
      cell: (d) => (
        <span className="flex items-center justify-end gap-2">
          <span aria-hidden="true" className="inline-block h-2 w-24 rounded-full bg-slate-800">
            <span
              className="block h-full rounded-full bg-emerald-400"
              style={{ width: `${Math.round((d.revenue / busiest) * 100)}%` }}
            />
          </span>
          {formatPaise(d.revenue)}
        </span>
      ),
    },
    { header: 'Refunds', cell: (d) => formatPaise(d.refunds), className: 'text-right whitespace-nowrap tabular-nums' },
  ];
  return (
    <div className="mt-6 space-y-6">
      <ConsoleSection
        title={`${formatDay(sales.from)} to ${formatDay(sales.to)}`}
        intro="Revenue is before refunds. Conversion: of the learners who signed up in the range, the share who paid within it."
        actions={<DownloadCsv from={sales.from} to={sales.to} />}
      >
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-xl border border-slate-800 bg-slate-950/60 p-3">
              <dt className="text-xs text-slate-300">{figure.label}</dt>
              <dd className="mt-1 text-xl font-extrabold text-white tabular-nums">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </ConsoleSection>
      <ConsoleSection title="Day by day">
        <AdminTable
          caption="Sales day by day"
          columns={columns}
          rows={sales.days}
          rowKey={(d) => d.date}
          empty="No days in this range."
        />
      </ConsoleSection>
    </div>
  );
}

/** "Download payments CSV": the range's payments as payments-<from>-<to>.csv, saved through a Blob. */
function DownloadCsv({ from, to }: { from: string; to: string }) {
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      saveAsFile(await fetchPaymentsCsv(from, to), `payments-${from}-${to}.csv`, 'text/csv;charset=utf-8');
    } catch (failure) {
      setError(adminErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <button type="button" onClick={download} disabled={busy} className={buttonStyles.secondary}>
        {busy ? 'Processing...' : 'Download payments CSV'}
      </button>
      <FormMessage id={`${ids}-error`} error={error} />
    </div>
  );
}
