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
}

export const groupGrants: { readonly [G in RouteGroup]?: GroupGrants } = {
  // listClients pages through every user and drops members of the staff groups.
  // signIn refuses staff accounts (AdminListGroupsForUser). Sign-up, codes, sign-in and password
  // reset use Cognito's public operations with the site app client, which need no IAM permission.
  users: {
    userPool: ['cognito-idp:ListUsers', 'cognito-idp:ListUsersInGroup', 'cognito-idp:AdminListGroupsForUser'],
  },
  // Signs presigned POSTs for client photos (the signature carries the function's s3:PutObject).
  'get-upload-link': { uploadsBucket: 'put' },
  // createJob lists the caller's upload prefix (ListObjectsV2) to check a 'generate' upload has photos.
  jobs: { uploadsBucket: 'read' },
  // listStaff reads the members of each staff group.
  admin: { userPool: ['cognito-idp:ListUsersInGroup'] },
};
