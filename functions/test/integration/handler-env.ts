import '../../../scripts/test-setup/provided-context.ts';
import { provided } from '../../../scripts/test-setup/suite-context.ts';
import { notifierEnvNames } from '@studio/shared/notifications';
import { handlerEnvNames, operationsEnvNames } from '@studio/shared/platform';
import { localCredentials, localMailFrom, localNames, localRegion } from '../../../scripts/local/provision.ts';

let ready = false;

/**
 * Points this test process's environment at the stack's emulators, as the local stack does for
 * the gateway's process, so a test can call the handlers' own data-access functions (imported
 * after this runs) to read back what a request stored.
 */
export function useHandlerEnv(): void {
  if (ready) return;
  Object.assign(process.env, {
    AWS_REGION: localRegion,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: provided('dynamoEndpoint'),
    AWS_ENDPOINT_URL_S3: provided('s3Endpoint'),
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: provided('cognitoEndpoint'),
    AWS_ENDPOINT_URL_SESV2: provided('sesEndpoint'),
    [handlerEnvNames.tableName]: localNames.table,
    [handlerEnvNames.mediaBucket]: localNames.mediaBucket,
    [handlerEnvNames.uploadsBucket]: localNames.uploadsBucket,
    [handlerEnvNames.applicationsBucket]: localNames.applicationsBucket,
    [handlerEnvNames.userPoolId]: provided('userPoolId'),
    [handlerEnvNames.siteClientId]: provided('siteClientId'),
    [handlerEnvNames.staffClientId]: provided('staffClientId'),
    [handlerEnvNames.logLevel]: 'error',
    [notifierEnvNames.siteUrl]: provided('siteUrl'),
    [notifierEnvNames.mailFrom]: localMailFrom,
    [operationsEnvNames.originSecret]: provided('originSecret'),
  });
  ready = true;
}
