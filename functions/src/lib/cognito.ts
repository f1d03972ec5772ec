import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { traced } from './observability.ts';
import { clientOptions, cognitoBudget } from './sdk-options.ts';

// Created once per container, outside any handler; only the account groups import it.
export const cognitoClient = traced(new CognitoIdentityProviderClient(clientOptions(cognitoBudget)));
