import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MODULE_DISPLAY_NAMES, MODULE_IDS } from '@ehc/common';
import { buttonStyles } from '../../components/button-styles';
import { FormMessage } from '../../components/FormMessage';
import { LoadingScreen } from '../../components/LoadingScreen';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { ApiError } from '../../lib/graphql';
import { formatPrice, pricingQuery } from '../../lib/pricing-api';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { fetchBusinessSettings, updateBusinessSettings, type BusinessSettings } from './admin-api';
import { adminErrorMessage } from './admin-errors';
import { todayInIndia } from './admin-format';
import { ReasonField } from './ActionDialog';
import { ConsoleError } from './ConsoleError';
import {
  FIELD_LABELS,
  fieldsFrom,
  paiseOf,
  serverProblem,
  settingsInput,
  type FieldProblem,
  type SettingsField,
  type SettingsFields,
} from './settings-form';

/** `/admin/settings`: who sells the course, how to reach them, and the price. */
export function SettingsPage() {
  useDocumentTitle('Business settings · Console');
  const settings = useQuery({ queryKey: queryKeys.admin.settings, queryFn: fetchBusinessSettings });
  return (
    <>
      <h1 className="text-2xl font-extrabold text-white sm:text-3xl">Business settings</h1>
      <p className="mt-1 text-sm text-slate-300">
        Printed on receipts, emails and the legal pages, and shown on the subscription screen as soon as you save.
      </p>
      {settings.status === 'pending' && <LoadingScreen />}
      {settings.status === 'error' && <ConsoleError error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && <SettingsForm initial={settings.data} />}
    </>
  );
}

function SettingsForm({ initial }: { initial: BusinessSettings }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [fields, setFields] = useState<SettingsFields>(() => fieldsFrom(initial));
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const errorId = `${ids}-error`;

  function update(field: SettingsField, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    setProblem(null);
    setSaved(false);
  }

  function refuse(next: FieldProblem) {
    setProblem(next);
    if (next.field) form.current?.querySelector<HTMLElement>(`[name="${ids}-${next.field}"]`)?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = settingsInput(fields, todayInIndia());
    if ('message' in checked) return refuse(checked);
    setBusy(true);
    try {
      const stored = await updateBusinessSettings(checked.input, checked.reason);
      setFields(fieldsFrom(stored));
      setSaved(true);
      // This tab shows the new price at once; other visitors get it on their next visit.
      void queryClient.invalidateQueries({ queryKey: pricingQuery.queryKey });
    } catch (failure) {
      refuse(
        failure instanceof ApiError && failure.code === 'VALIDATION_FAILED'
          ? serverProblem(failure.message)
          : { field: null, message: adminErrorMessage(failure) },
      );
    } finally {
      setBusy(false);
    }
  }

  /** The props every field shares: its id and label, value, and the error when it is the one refused. */
  const field = (name: SettingsField) => ({
    id: `${ids}-${name}`,
    label: FIELD_LABELS[name],
    value: fields[name],
    errorId: problem?.field === name ? errorId : null,
    onChange: (value: string) => update(name, value),
  });
  /** The refused field's message, right under it (a long form's bottom is out of sight). */
  const errorUnder = (name: SettingsField) =>
    problem?.field === name && (
      <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-rose-300">
        {problem.message}
      </p>
    );

  return (
    <form ref={form} noValidate onSubmit={submit} className="mt-6 space-y-6">
      <Fieldset legend="Seller">
        <div>
          <TextField {...field('legalName')} autoComplete="organization" />
          {errorUnder('legalName')}
        </div>
        <div>
          <TextAreaField {...field('address')} rows={3} autoComplete="street-address" />
          {errorUnder('address')}
        </div>
        <div>
          <TextField
            {...field('gstin')}
            hint="With a GSTIN, receipts become tax invoices and the price is shown as GST included."
            autoCapitalize="characters"
            spellCheck={false}
          />
          {errorUnder('gstin')}
        </div>
      </Fieldset>

      <Fieldset legend="Support and grievances">
        <div>
          <TextField {...field('supportEmail')} type="email" autoComplete="email" />
          {errorUnder('supportEmail')}
        </div>
        <div>
          <TextField {...field('supportPhone')} type="tel" autoComplete="tel" hint="For example +91 80 4000 1234." />
          {errorUnder('supportPhone')}
        </div>
        <div>
          <TextField
            {...field('officerName')}
            hint="The person who answers complaints, named on the privacy notice and contact page (DPDP Act 2023)."
          />
          {errorUnder('officerName')}
        </div>
        <div>
          <TextField {...field('officerContact')} hint="An email address or phone number." />
          {errorUnder('officerContact')}
        </div>
      </Fieldset>

      <Fieldset legend="Price">
        <p className="text-sm text-slate-300">
          A struck-out “was” price must be one you really charged, so give the date since then: India’s Dark Patterns
          Guidelines 2023 treat an invented reference price as a dark pattern.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <TextField {...field('price')} inputMode="decimal" hint="What a learner pays in total." />
            {errorUnder('price')}
          </div>
          <div>
            <TextField {...field('referencePrice')} inputMode="decimal" hint="Leave empty to show no discount." />
            {errorUnder('referencePrice')}
          </div>
          <div>
            <TextField {...field('chargedSince')} type="date" hint="Needed with a “was” price." />
            {errorUnder('chargedSince')}
          </div>
          <div>
            <TextField
              {...field('chargedUntil')}
              type="date"
              hint="The last day it was charged. Learners are shown both dates."
            />
            {errorUnder('chargedUntil')}
          </div>
          <div>
            <TextField
              {...field('offerEndsOn')}
              type="date"
              hint="“Limited-time” is said only until the end of this day (India time)."
            />
            {errorUnder('offerEndsOn')}
          </div>
        </div>
        <PricePreview fields={fields} today={todayInIndia()} />
      </Fieldset>

      <Fieldset legend="Free sample lesson">
        <p className="text-sm text-slate-300">
          One lesson anyone can read before paying, linked from the landing page as “Read a free lesson”.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${ids}-sampleModule`} className="mb-1.5 block text-sm font-medium text-slate-200">
              {FIELD_LABELS.sampleModule}
            </label>
            <select
              id={`${ids}-sampleModule`}
              name={`${ids}-sampleModule`}
              value={fields.sampleModule}
              onChange={(event) => update('sampleModule', event.target.value)}
              className="min-h-11 w-full rounded-xl border border-slate-700 bg-slate-950 px-4 py-2.5 text-slate-100 focus:border-emerald-500"
            >
              <option value="">None: no free lesson</option>
              {MODULE_IDS.map((id) => (
                <option key={id} value={id}>
                  {MODULE_DISPLAY_NAMES[id]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <TextField
              {...field('sampleNumber')}
              inputMode="numeric"
              disabled={!fields.sampleModule}
              hint="Its number in the module, as in the course outline."
            />
            {errorUnder('sampleNumber')}
          </div>
        </div>
      </Fieldset>

      <div className="rounded-2xl border border-slate-800 bg-slate-900/70 p-4 sm:p-6">
        <ReasonField
          id={`${ids}-reason`}
          value={fields.reason}
          errorId={problem?.field === 'reason' ? errorId : null}
          onChange={(value) => update('reason', value)}
        />
        {errorUnder('reason')}
        <div className="mt-4 space-y-3">
          <FormMessage
            id={`${ids}-form-error`}
            error={problem && !problem.field ? problem.message : null}
            success={saved ? 'Saved. Learners see the new settings now; the audit log has your reason.' : null}
          />
          <button type="submit" disabled={busy} className={buttonStyles.primary}>
            {busy ? 'Processing...' : 'Save settings'}
          </button>
        </div>
      </div>
    </form>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-slate-800 bg-slate-900/70 p-4 sm:p-6">
      <legend className="px-1 text-lg font-bold text-white">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** What the subscription screen will say with these figures, before saving. */
function PricePreview({ fields, today }: { fields: SettingsFields; today: string }) {
  const price = paiseOf(fields.price);
  const reference = fields.referencePrice.trim() ? paiseOf(fields.referencePrice) : null;
  if (price === null) return null;
  const discount = reference !== null && reference > price ? Math.floor(((reference - price) / reference) * 100) : null;
  const offerRuns = fields.offerEndsOn !== '' && fields.offerEndsOn >= today;
  return (
    <p className="rounded-xl border border-slate-700 bg-slate-950/60 px-4 py-3 text-sm text-slate-200">
      <span className="font-semibold text-white">Learners will see: </span>
      {discount !== null && reference !== null && (
        <>
          <s>{formatPrice(reference)}</s>{' '}
        </>
      )}
      {formatPrice(price)} one-time
      {discount !== null && ` · ${discount}% OFF`}
      {offerRuns ? ' · Limited-time offer' : ' · no “limited-time” claim'}
    </p>
  );
}
