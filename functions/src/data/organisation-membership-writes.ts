import type { OrganisationRole } from '@studio/shared/organisation';
import { keyNames, memberIndexKeys, memberKey, organisationKey, tableName } from './keys.ts';
import type { MemberItem } from './organisation-members.ts';
import { newItemPut, transact } from './transactions.ts';

/*
 * A member added to an existing organisation with a role, as an accepted invitation adds one
 * (#35): the member item and the organisation's counts in one transaction, refused (a cancelled
 * transaction) when the organisation does not exist or the account is a member already. Until
 * invitations are accepted through the API, the tests of what each role may do with an
 * organisation's jobs make their members here.
 */
export async function addMember(
  organisationId: string,
  accountId: string,
  role: OrganisationRole,
  now = new Date(),
): Promise<void> {
  const member: MemberItem = {
    type: 'OrganisationMember',
    organisationId,
    accountId,
    role,
    joinedAt: now.toISOString(),
  };
  await transact([
    {
      Put: newItemPut({
        ...memberKey(organisationId, accountId),
        ...memberIndexKeys(organisationId, accountId),
        ...member,
      }),
    },
    {
      Update: {
        TableName: tableName(),
        Key: organisationKey(organisationId),
        ConditionExpression: 'attribute_exists(#pk)',
        UpdateExpression: 'ADD memberCount :one, ownerCount :owners SET updatedAt = :now',
        ExpressionAttributeNames: { '#pk': keyNames.pk },
        ExpressionAttributeValues: { ':one': 1, ':owners': role === 'OWNER' ? 1 : 0, ':now': member.joinedAt },
      },
    },
  ]);
}
