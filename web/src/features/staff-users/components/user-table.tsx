import { useState } from 'react';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { ClientsTab } from './clients-tab.tsx';
import { StaffTab } from './staff-tab.tsx';
import './staff-users.css';

const tabs = [
  { id: 'clients', label: 'Clients' },
  { id: 'admins', label: 'Admins' },
] as const;

type Tab = (typeof tabs)[number]['id'];

/** The users/admins table (spec §2): Clients and Admins tabs, view-jobs modal, delete; invitations. */
export function UserTable() {
  const [tab, setTab] = useState<Tab>('clients');
  const { notice, show, dismiss } = useTimedNotice();
  return (
    <div className="staff-users">
      <Notice notice={notice} onDismiss={dismiss} />
      <Tabs label="Accounts" tabs={tabs} selected={tab} onSelect={setTab}>
        {tab === 'clients' ? <ClientsTab show={show} /> : <StaffTab show={show} />}
      </Tabs>
    </div>
  );
}
