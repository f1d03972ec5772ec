import { createGroupHandler } from '../lib/http.ts';
import { listClientsRoute } from './list-clients.ts';

export const handler = createGroupHandler('users', { listClients: listClientsRoute });
