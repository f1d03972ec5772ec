import { beforeAll, describe, expect, it } from 'vitest';
import { listClientsResponseSchema, listStaffResponseSchema } from '@studio/shared/user';
import { api, signedInIdentities, type Identity, type Role } from './support.ts';

let identities: Record<Role, Identity>;

beforeAll(async () => {
  identities = await signedInIdentities();
});

describe('GET api/admin (SUPER_ADMIN)', () => {
  it('lists each staff member once with their role, and no client', async () => {
    const { status, json } = await api('/api/admin', { token: identities.SUPER_ADMIN.token });
    expect(status).toBe(200);
    const { admins } = listStaffResponseSchema.parse(json);
    const byId = new Map(admins.map((a) => [a.id, a]));
    expect(byId.get(identities.SUPER_ADMIN.userId!)?.role).toBe('SUPER_ADMIN');
    expect(byId.get(identities.MANAGER.userId!)?.role).toBe('MANAGER');
    expect(byId.get(identities.EDITOR.userId!)?.role).toBe('EDITOR');
    expect(byId.has(identities.CLIENT_A.userId!)).toBe(false);
    // Other tests disable and delete members of their own meanwhile: the seeded ones stay active.
    for (const role of ['SUPER_ADMIN', 'MANAGER', 'EDITOR'] as const) {
      expect(byId.get(identities[role].userId!)?.status, role).toBe('ACTIVE');
    }
  });
});

describe('GET api/users (SUPER_ADMIN)', () => {
  it('lists clients, never staff', async () => {
    const { status, json } = await api('/api/users', { token: identities.SUPER_ADMIN.token });
    expect(status).toBe(200);
    const ids = listClientsResponseSchema.parse(json).users.map((u) => u.id);
    expect(ids).toContain(identities.CLIENT_A.userId);
    expect(ids).toContain(identities.CLIENT_B.userId);
    for (const staff of ['SUPER_ADMIN', 'MANAGER', 'EDITOR'] as const) {
      expect(ids).not.toContain(identities[staff].userId);
    }
  });
});
