/**
 * Demo jobs of the demo client, so 'Your Jobs' has something in each state on the first start:
 * one PENDING and unpaid (Pay Now), one IN_PROGRESS at 40 %, one DELIVERED a day ago and waiting
 * for the client's answer (Approve, Request changes: #17), one COMPLETED (approved). Written through the
 * same data functions the API uses; imported only after the stack has set the handler environment.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import type { Currency } from '@studio/shared/currency';
import type { JobStatus } from '@studio/shared/job';
import { priceJob, priceLine } from '@studio/shared/job-pricing';
import type { PaymentItem } from '../../functions/src/data/jobs.ts';
import { cognitoClient } from './provision.ts';

const day = 24 * 60 * 60 * 1000;

interface DemoJob {
  daysAgo: number;
  currency: Currency;
  photos: number;
  subServices: number;
  status: JobStatus;
  progress: number;
  paid: boolean;
  instructions: string;
  /** DELIVERED: how long ago the delivery was (the auto-approval counts from it). */
  deliveredDaysAgo?: number;
}

const demoJobs: DemoJob[] = [
  {
    daysAgo: 12,
    currency: 'USD',
    photos: 240,
    subServices: 2,
    status: 'COMPLETED',
    progress: 100,
    paid: true,
    instructions: 'Pure white background, keep natural shadows.',
  },
  {
    daysAgo: 5,
    currency: 'USD',
    photos: 120,
    subServices: 1,
    status: 'DELIVERED',
    progress: 100,
    paid: true,
    instructions: 'Crop to 4:5 for the shop, centred.',
    deliveredDaysAgo: 1,
  },
  {
    daysAgo: 3,
    currency: 'EUR',
    photos: 85,
    subServices: 1,
    status: 'IN_PROGRESS',
    progress: 40,
    paid: true,
    instructions: 'Match the colours of the reference shot in the folder.',
  },
  {
    daysAgo: 0,
    currency: 'GBP',
    photos: 30,
    subServices: 2,
    status: 'PENDING',
    progress: 0,
    paid: false,
    instructions: '',
  },
];

export async function seedDemoJobs(
  cognitoEndpoint: string,
  userPoolId: string,
  clientEmail: string,
  editorEmail?: string,
): Promise<void> {
  const { listServices } = await import('../../functions/src/data/catalog.ts');
  const { createJob } = await import('../../functions/src/data/job-creation.ts');
  const user = await cognitoClient(cognitoEndpoint).send(
    new AdminGetUserCommand({ UserPoolId: userPoolId, Username: clientEmail }),
  );
  const clientId = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username!;
  const client = {
    name: user.UserAttributes?.find((a) => a.Name === 'name')?.Value ?? clientEmail.split('@')[0]!,
    email: clientEmail,
  };
  // Work under way or done has an editor (docs/decisions/staff-accounts-and-job-workflow.md, job status transitions): the demo editor.
  const editor = editorEmail
    ? await cognitoClient(cognitoEndpoint).send(
        new AdminGetUserCommand({ UserPoolId: userPoolId, Username: editorEmail }),
      )
    : null;
  const editorId = editor ? (editor.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? editor.Username!) : null;
  const services = await listServices();
  for (const [index, demo] of demoJobs.entries()) {
    const service = services[index % services.length]!;
    const lines = service.subServices.slice(0, demo.subServices).flatMap((s) => priceLine(s, demo.currency) ?? []);
    const createdAt = new Date(Date.now() - demo.daysAgo * day - (demoJobs.length - index) * 60_000).toISOString();
    // Demo payments are transfers the studio marked paid: no Stripe payment stands behind them.
    // Each demo job with the service's default turnaround, priced as the API prices it (#17).
    const turnaround = service.turnarounds[0]!;
    const totalCents = priceJob({
      lines,
      photos: demo.photos,
      currency: demo.currency,
      turnaround,
      volumeTiers: service.volumeTiers,
    }).totalCents;
    const payment: PaymentItem | null = demo.paid
      ? {
          status: 'PAID',
          method: 'Internet Banking',
          currency: demo.currency,
          updatedAt: createdAt,
          provider: 'manual',
          received: { amountCents: totalCents, currency: demo.currency },
          paidAt: createdAt,
          refundedCents: 0,
          reference: 'Demo transfer',
        }
      : null;
    await createJob(
      {
        id: ulid(Date.parse(createdAt)),
        clientId,
        client,
        serviceId: service.id,
        serviceName: service.name,
        selectedSubServices: lines.map((line) => line.id),
        subServices: lines,
        currency: demo.currency,
        linkType: 'own',
        dropboxLink: 'https://www.dropbox.com/sh/demo/photos',
        uploadId: null,
        numberOfPhotos: demo.photos,
        instructions: demo.instructions,
        status: demo.status,
        progress: demo.progress,
        editorId: demo.status === 'PENDING' ? null : editorId,
        editorDropboxLink:
          demo.status === 'COMPLETED' || demo.status === 'DELIVERED' ? 'https://www.dropbox.com/sh/demo/edited' : null,
        ...(demo.deliveredDaysAgo !== undefined
          ? { roundDeliveredAt: new Date(Date.now() - demo.deliveredDaysAgo * day).toISOString() }
          : {}),
        createdAt,
        payment,
        turnaround,
        volumeTiers: service.volumeTiers,
      },
      // Demo history is not news: no e-mails about it.
      { notify: false },
    );
  }
}
