import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

// Created once per container, outside any handler; only the account groups import it.
export const cognitoClient = new CognitoIdentityProviderClient({});
