import type { ReactNode } from 'react';
import { setupStillToDo, type StudioSetupItem, type StudioSetupItemId } from '@studio/shared/studio-setup';
import { Link } from '../../../components/app-link.tsx';
import { useStudioSetup } from '../api/get-studio-setup.ts';
import './setup-checklist.css';

const settingsPath = '/settings';

/** Where a deploy-time item is set: the step of the deployment guide in the repository. */
function DeployStep({ children }: { children: ReactNode }) {
  return <span className="setup-checklist__where">{children}</span>;
}

interface ItemText {
  title: string;
  /** Why it matters and where it is set, for an item still to do. */
  toDo: (item: StudioSetupItem) => ReactNode;
  /** Said for an item that means nothing where the studio runs now (the local stack). */
  notApplicable?: string;
}

const texts: Record<StudioSetupItemId, ItemText> = {
  legalNameAndTaxId: {
    title: 'Legal name and VAT number',
    toDo: () => (
      <>
        Invoices and receipts name the studio by its legal name and tax id (VAT number).{' '}
        <Link to={settingsPath}>Enter them in Studio Settings</Link>
      </>
    ),
  },
  bankDetails: {
    title: 'Bank details',
    toDo: () => (
      <>
        Until they are entered, clients cannot choose to pay by bank transfer.{' '}
        <Link to={settingsPath}>Enter them in Studio Settings</Link>
      </>
    ),
  },
  stripeKeys: {
    title: 'Stripe keys',
    toDo: (item) =>
      item.status === 'testMode' ? (
        <>
          Stripe has test-mode keys: no real card payment is taken. Put the live keys:{' '}
          <DeployStep>docs/deploy.md, step 11 (Going live: live keys)</DeployStep>
        </>
      ) : (
        <>
          Card payments need the studio&apos;s Stripe secret key and webhook signing secret, set when deploying:{' '}
          <DeployStep>docs/deploy.md, step 7 (Stripe keys and the webhook endpoint)</DeployStep>
        </>
      ),
    notApplicable: 'payments go to the local Stripe emulator',
  },
  alarmEmail: {
    title: 'Alarm e-mail',
    toDo: () => (
      <>
        Nobody is told when the site has errors or the monthly budget is passed. Set <code>alarmEmail</code> and deploy
        again, then confirm the subscription:{' '}
        <DeployStep>docs/deploy.md, steps 6 (Settings and deploy) and 9 (Confirm the alarm e-mail)</DeployStep>
      </>
    ),
    notApplicable: 'alarms exist only on AWS',
  },
};

/**
 * The owner's checklist (#40) on the SUPER_ADMIN's dashboard: what the studio has not set up yet,
 * each with where it is set. Gone once nothing is left to do; says nothing while it loads or if
 * the read fails (the dashboard's links are what the page is for).
 */
export function SetupChecklist() {
  const { data: items } = useStudioSetup();
  if (!items) return null;
  const toDo = items.filter(setupStillToDo);
  if (toDo.length === 0) return null;
  const notApplicable = items.filter((item) => item.status === 'notApplicable');
  return (
    <section className="setup-checklist" aria-labelledby="setup-checklist-heading">
      <h2 id="setup-checklist-heading">Still to set up</h2>
      <ul className="setup-checklist__items">
        {toDo.map((item) => (
          <li key={item.id} className="setup-checklist__item" data-item={item.id}>
            <strong className="setup-checklist__title">{texts[item.id].title}</strong>
            <span>{texts[item.id].toDo(item)}</span>
          </li>
        ))}
      </ul>
      {notApplicable.length > 0 && (
        <p className="setup-checklist__note">
          Not applicable on this local stack (set when the studio is deployed):{' '}
          {notApplicable.map((item) => `${texts[item.id].title} (${texts[item.id].notApplicable ?? ''})`).join('; ')}.
        </p>
      )}
    </section>
  );
}
