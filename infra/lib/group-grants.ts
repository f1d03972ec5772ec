import type { RouteGroup } from '@studio/shared/routes';

/**
 * What a route group may touch beyond the table, which every group reads and groups with a
 * non-GET route also write (derived from the route table in app-stack.ts).
 *
 * A group not listed gets nothing else. When an issue gives a group a new dependency (a handler
 * that calls Cognito, presigns an upload, writes an image), extend its entry here, as narrowly
 * as the handler needs: this map is the one place that widens a function's role.
 */
export interface GroupGrants {
  /** Cognito Identity Provider actions on the one user pool, e.g. `cognito-idp:ListUsers`. */
  readonly userPool?: readonly string[];
  /** Catalogue images. `read` for HeadObject/GetObject, `readWrite` to store and delete them. */
  readonly mediaBucket?: 'read' | 'readWrite';
  /**
   * Resumes, cover letters and pending images. `put` signs presigned POSTs, `read` confirms or
   * presigns downloads, `readWrite` both plus deletes.
   */
  readonly uploadsBucket?: 'put' | 'read' | 'readWrite';
  /** Applicants' resumes and cover letters: sign POSTs, check, copy, delete and presign downloads. */
  readonly applicationsBucket?: 'readWrite';
  /** Starts background work of a job's files (issue 15): `lambda:InvokeFunction` on the files worker. */
  readonly filesWorker?: 'invoke';
  /** Asks for previews of confirmed files (#33): `lambda:InvokeFunction` on the preview worker. */
  readonly previewWorker?: 'invoke';
  /**
   * Stripe's secrets (Secrets Manager), with their ARNs in the environment: `read` both the secret
   * key and the webhook signing secret; `secretKey` the key alone (calls Stripe, verifies no webhook).
   */
  readonly stripeSecrets?: 'read' | 'secretKey';
  /** Queues webhook deliveries (#36, a test event): `sqs:SendMessage` on the delivery queue, its URL in the environment. */
  readonly webhookQueue?: 'send';
}

export const groupGrants: { readonly [G in RouteGroup]?: GroupGrants } = {
  // #36: "send a test event" queues a delivery at once on the webhook delivery queue.
  webhooks: { webhookQueue: 'send' },
  // listClients pages through every user and drops members of the staff groups.
  // signIn refuses staff accounts (AdminListGroupsForUser). Sign-up, codes, sign-in and password
  // reset use Cognito's public operations with the site app client, which need no IAM permission.
  // deleteClient (issue 5) finds the account (AdminGetUser), checks it is no staff member and deletes it,
  // revoking its refresh tokens first (AdminUserGlobalSignOut, issue 19). A password reset and "sign out
  // everywhere" (#32) find the account and revoke its refresh tokens the same way.
  users: {
    userPool: [
      'cognito-idp:ListUsers',
      'cognito-idp:ListUsersInGroup',
      'cognito-idp:AdminListGroupsForUser',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminUserGlobalSignOut',
    ],
  },
  // Signs presigned POSTs for client photos (the signature carries the function's s3:PutObject and,
  // for the POST's tag, s3:PutObjectTagging). Confirming a photo (issue 15) reads it, writes its
  // preview and deletes a refused file.
  // #33: confirmed photos (one or 100 a call) get their previews from the preview worker.
  uploads: { uploadsBucket: 'readWrite', previewWorker: 'invoke' },
  // createJob, a group of its own (#19 bundle budget): lists the caller's upload prefix
  // (ListObjectsV2) for files still being uploaded, reads the caller's name and e-mail (AdminGetUser)
  // for the job, and starts keeping its photos (issue 15).
  'job-orders': { uploadsBucket: 'read', userPool: ['cognito-idp:AdminGetUser'], filesWorker: 'invoke' },
  // assignJob (issue 5) checks the target is an enabled EDITOR (AdminGetUser, AdminListGroupsForUser).
  // Cancelling a job expires the Stripe Checkout Session it still had open (issue 32), with the
  // Stripe secret key read from Secrets Manager on that path only (not the webhook's secret).
  jobs: { userPool: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'], stripeSecrets: 'secretKey' },
  // A job's files (issue 15): presigned downloads and previews of photos and finished files, presigned
  // POSTs for finished files, their checks, tags and deletion, and archives built by the worker.
  'job-files': { uploadsBucket: 'readWrite', filesWorker: 'invoke', previewWorker: 'invoke' },
  // Images of a job (#33): presigned previews and downloads, presigned POSTs for finished files,
  // their checks and the deletion of refused ones; previews by the preview worker, the migration
  // of an older job by the files worker.
  'job-images': { uploadsBucket: 'readWrite', filesWorker: 'invoke', previewWorker: 'invoke' },
  // Job applications: presigned POSTs for documents, the checks of the stored bytes, the copy under
  // applications/ and the cleanup of uploads, presigned downloads for staff.
  applications: { applicationsBucket: 'readWrite' },
  // listStaff / listEditors read the members of each staff group. Staff sign-in (issue 5) reads the
  // role and the enabled flag of the signed-in account; a SUPER_ADMIN invites (create + add to a
  // group, and delete again if that fails), disables / enables and deletes staff accounts, revoking
  // the refresh tokens of a disabled or deleted one (AdminUserGlobalSignOut, issue 19). A sign-in
  // that sets up two-step sign-in marks the account enrolled (AdminUpdateUserAttributes of
  // custom:mfa_enrolled, #32), after which the pool's tokens of it cannot manage its second factor.
  admin: {
    userPool: [
      'cognito-idp:ListUsersInGroup',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminListGroupsForUser',
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminEnableUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:AdminUpdateUserAttributes',
    ],
  },
  // Issue 5 part B. `images` signs presigned POSTs for catalogue images under `pending/`, reads and
  // deletes the pending object on confirmation, and writes the checked image and its variants to
  // the media bucket. The catalogue writers check that a named image was published by reading its
  // record in the table (functions/src/data/catalog-images.ts), so they need no bucket at all.
  images: { uploadsBucket: 'readWrite', mediaBucket: 'readWrite' },
  // Issue 16. `payments` calls Stripe (checkout, refunds) and verifies its webhooks with the keys
  // read from Secrets Manager. `documents` renders invoices into the uploads bucket (invoices/),
  // presigns their download; the client's name and e-mail come from the job (#15), and from the pool
  // (AdminGetUser) only for a job ordered before jobs kept them.
  payments: { stripeSecrets: 'read' },
  documents: { uploadsBucket: 'readWrite', userPool: ['cognito-idp:AdminGetUser'] },
  // Organisations (#35): the account's name for its personal organisation and a member's name and
  // verified e-mail when an invitation is accepted (AdminGetUser).
  organisations: { userPool: ['cognito-idp:AdminGetUser'] },
  // Style specs (#35): presigned POSTs of reference images, HeadObject when a spec names one,
  // presigned GETs to show them (spec-references/ in the uploads bucket), and the saver's name
  // (AdminGetUser). The handler deletes none: old versions keep naming their images.
  specs: { uploadsBucket: 'readWrite', userPool: ['cognito-idp:AdminGetUser'] },
  // API keys (#36): the maker's name on a new key (AdminGetUser).
  'api-keys': { userPool: ['cognito-idp:AdminGetUser'] },
};
