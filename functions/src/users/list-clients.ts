import { listClients } from '../data/accounts.ts';
import type { RouteImpl } from '../lib/http.ts';

export const listClientsRoute: RouteImpl<'listClients'> = async () => ({ users: await listClients() });
