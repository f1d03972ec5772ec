/**
 * Demo style specs (#35): one house spec every client can copy, and one spec in the demo client's
 * personal organisation, so the spec pages have something on the first start. Written through the
 * API's data functions, as the API writes them.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from './provision.ts';

export async function seedDemoSpecs(cognitoEndpoint: string, userPoolId: string, clientEmail: string): Promise<void> {
  const { createHouseSpec, createSpec } = await import('../../functions/src/data/style-specs.ts');
  const { personalOrganisationOf } = await import('../../functions/src/data/organisation-members.ts');
  const { createSpecBodySchema } = await import('@studio/shared/style-spec');
  const user = await cognitoClient(cognitoEndpoint).send(
    new AdminGetUserCommand({ UserPoolId: userPoolId, Username: clientEmail }),
  );
  const clientId = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username!;
  const name = user.UserAttributes?.find((a) => a.Name === 'name')?.Value ?? clientEmail.split('@')[0]!;

  await createHouseSpec(
    { accountId: 'studio', name: 'The studio' },
    createSpecBodySchema.parse({
      name: 'Marketplace white background',
      instructions: 'Pure white background, product centred with 5 % margins, square 2000 × 2000 px.',
      background: 'white',
      backgroundHex: '#FFFFFF',
      margins: { top: 5, right: 5, bottom: 5, left: 5 },
      alignment: 'centre',
      crop: 'product',
      aspectRatio: '1:1',
      outputSize: { width: 2000, height: 2000 },
      fileFormat: 'JPEG',
      colourProfile: 'SRGB',
    }),
  );

  const organisationId = await personalOrganisationOf(clientId, async () => name);
  await createSpec(
    { accountId: clientId, name },
    organisationId,
    createSpecBodySchema.parse({
      name: 'Shop lifestyle',
      instructions: 'Keep the scene; remove dust and reflections, warm the colours slightly.',
      fileFormat: 'JPEG',
      colourProfile: 'SRGB',
      outputSize: { width: 1600, height: 2000 },
      aspectRatio: '4:5',
      crop: 'ratio',
      fileNaming: '{job}-{n}',
    }),
  );
}
