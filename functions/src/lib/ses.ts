import { SESv2Client } from '@aws-sdk/client-sesv2';
import { traced } from './observability.ts';

// Created once per container, outside any handler; only the notifier imports it. The SDK's own
// retries (throttling, 5xx) come first; what still fails is retried by the stream (notifier).
export const sesClient = traced(new SESv2Client({ maxAttempts: 3, retryMode: 'standard' }));
