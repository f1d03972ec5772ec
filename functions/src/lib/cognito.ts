import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { clientOptions, cognitoBudget } from './sdk-options.ts';

// Created once per container, outside any handler; only the account groups import it.
export const cognitoClient = new CognitoIdentityProviderClient(clientOptions(cognitoBudget));
