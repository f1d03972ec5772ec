import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  LambdaVersion,
  Mfa,
  StringAttribute,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolEmail,
  type UserPoolClientProps,
  UserPoolGroup,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { userPoolDefinition } from '@studio/shared/platform';
import { preTokenGenerationEntry } from '../bundle-settings.ts';
import { StudioFunction } from './group-function.ts';

export interface StudioUserPoolProps {
  readonly deletionProtection: boolean;
  /** How Cognito sends codes and invitations: through the studio's SES identity, or its own default sender. */
  readonly email?: UserPoolEmail;
}

/**
 * The one user pool: clients sign themselves up (email code) through our API with the `site`
 * client; staff are created by a SUPER_ADMIN and put in one of the staff groups.
 */
export class StudioUserPool extends Construct {
  readonly userPool: UserPool;
  readonly siteClient: UserPoolClient;
  readonly staffClient: UserPoolClient;
  /** The pre token generation trigger (docs/decisions/staff-mfa.md). */
  readonly preTokenGeneration: StudioFunction;

  constructor(scope: Construct, id: string, props: StudioUserPoolProps) {
    super(scope, id);
    const definition = userPoolDefinition;

    this.userPool = new UserPool(this, 'Pool', {
      signInAliases: { email: definition.usernameAttribute === 'email' },
      // Emails are typed by people: `Ana@x.com` and `ana@x.com` must be the same account. Immutable later.
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      // A changed email stays unverified until confirmed; until then the old one keeps working.
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // Set by the API once an account has set up two-step sign-in; no app client may write it.
      customAttributes: {
        [definition.mfaEnrolledAttribute]: new StringAttribute({ mutable: true, minLen: 1, maxLen: 8 }),
      },
      passwordPolicy: {
        minLength: definition.passwordPolicy.minimumLength,
        requireLowercase: definition.passwordPolicy.requireLowercase,
        requireUppercase: definition.passwordPolicy.requireUppercase,
        requireDigits: definition.passwordPolicy.requireDigits,
        requireSymbols: definition.passwordPolicy.requireSymbols,
        // Staff accounts start with a temporary password from the SUPER_ADMIN.
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      email: props.email,
      // Two-step sign-in with an authenticator app (shared userPoolDefinition.mfa); the API decides
      // which staff roles must set it up (staffMfaPolicy).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: definition.mfa.softwareToken, sms: definition.mfa.sms },
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: props.deletionProtection,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The password policy is the product rule in shared userPoolDefinition (8+ chars, upper, lower, digit); symbols are not required, following NIST 800-63B guidance against composition rules.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional in the pool because clients sign up and sign in with email and password as the spec defines. Staff must use TOTP: SUPER_ADMIN and MANAGER set it up at their first sign-in and the API refuses their tokens until they have, and takes only tokens its own sign-in issued with the code (shared staffMfaPolicy, functions/src/lib/account-check.ts); EDITOR may opt in. Once set up, the pre token generation trigger leaves the self-service scope out of the account tokens, so no token holder can switch MFA off (docs/decisions/staff-mfa.md).',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection (compromised-credential and adaptive sign-in checks) needs the Plus feature plan, billed per monthly active user; Essentials until the studio decides that cost. API Gateway throttles sign-in meanwhile and the CDN web ACL rate-limits POSTs to /api/ per IP.',
      },
    );

    // The access tokens of an account with two-step sign-in leave out the self-service scope, so no
    // token holder can switch its second factor off (SetUserMFAPreference) or put another
    // authenticator in its place (AssociateSoftwareToken): the trigger, event version 2 (which may
    // change access tokens; the Essentials plan above), decides on the enrolled attribute.
    this.preTokenGeneration = new StudioFunction(this, 'PreTokenGeneration', {
      entry: preTokenGenerationEntry,
      description: 'User pool trigger: access tokens of accounts with two-step sign-in cannot manage it',
      roleDescription: 'Runs the user pool pre token generation trigger',
      serviceName: 'pre-token-generation',
      memorySize: 128,
      timeout: Duration.seconds(5),
      nativeModules: [],
      environment: {},
    });
    this.userPool.addTrigger(
      UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG,
      this.preTokenGeneration.function,
      LambdaVersion.V2_0,
    );

    // Staff roles run strongest first; Cognito puts the lowest precedence first in the token.
    definition.groups.forEach((role, precedence) => {
      new UserPoolGroup(this, `${role}Group`, {
        userPool: this.userPool,
        groupName: role,
        precedence,
        description: `Staff role ${role}`,
      });
    });

    const clientDefaults: Omit<UserPoolClientProps, 'userPoolClientName'> = {
      userPool: this.userPool,
      // Browsers cannot keep a secret; the API calls Cognito with the public client id.
      generateSecret: false,
      authFlows: { userPassword: true },
      // Sign-in goes through our API, never the hosted UI.
      disableOAuth: true,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      accessTokenValidity: Duration.minutes(definition.accessTokenMinutes),
      idTokenValidity: Duration.minutes(definition.accessTokenMinutes),
      refreshTokenValidity: Duration.days(definition.refreshTokenDays),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // What sign-up writes (e-mail, name, display name): never the enrolled attribute.
      writeAttributes: new ClientAttributes().withStandardAttributes({
        email: definition.clientWriteAttributes.includes('email'),
        fullname: definition.clientWriteAttributes.includes('name'),
        preferredUsername: definition.clientWriteAttributes.includes('preferred_username'),
      }),
    };
    this.siteClient = new UserPoolClient(this, 'SiteClient', {
      ...clientDefaults,
      userPoolClientName: definition.appClients.site.name,
    });
    this.staffClient = new UserPoolClient(this, 'StaffClient', {
      ...clientDefaults,
      userPoolClientName: definition.appClients.staff.name,
    });
  }

  /** The issuer API Gateway's JWT authorizer trusts: `https://cognito-idp.<region>.amazonaws.com/<poolId>`. */
  get issuerUrl(): string {
    const stack = Stack.of(this);
    return `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.userPool.userPoolId}`;
  }
}
