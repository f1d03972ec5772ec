import { useState } from 'react';
import { Field } from '../../../components/form-field.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { LeadKind } from '../api/query-keys.ts';
import { ContactLeadTable, FreeTrialLeadTable } from './lead-tables.tsx';
import './staff-leads.css';

const kinds = [
  { id: 'contact', label: 'Contact leads' },
  { id: 'free-trial', label: 'Free-trial leads' },
] as const;

/**
 * The Contact Leads page (spec §2): contact and free-trial leads as two tabs, one search for both.
 * The server searches every lead it holds (name, e-mail or service), 50 a page; the search is
 * sent after a pause in typing.
 */
export function ContactLeads() {
  const [kind, setKind] = useState<LeadKind>('contact');
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  return (
    <div className="staff-leads">
      <div className="form staff-leads__search">
        <Field label="Search by name, email or service" hint="Searches every lead, not only the ones shown.">
          {(control) => (
            <input
              {...control}
              type="search"
              value={text}
              maxLength={100}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
      </div>
      <Tabs label="Kind of lead" tabs={kinds} selected={kind} onSelect={setKind}>
        {kind === 'contact' ? <ContactLeadTable search={search} /> : <FreeTrialLeadTable search={search} />}
      </Tabs>
    </div>
  );
}
