/**
 * The arguments of `npm run doctor`, spelled as the CDK CLI's: `-c name=value` or
 * `--context name=value` (repeatable), and `--region <region>`.
 */
export function contextFromArguments(args: readonly string[]): { context: Record<string, string>; region?: string } {
  const context: Record<string, string> = {};
  let region: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const inline = /^--(context|region)=(.*)$/.exec(arg);
    const flag = inline ? `--${inline[1]}` : arg;
    const value = inline ? inline[2] : args[i + 1];
    if (!inline && ['-c', '--context', '--region'].includes(flag)) i++;
    if (flag === '-c' || flag === '--context') {
      const pair = /^([A-Za-z][\w:.-]*)=(.*)$/.exec(value ?? '');
      if (!pair) throw new Error(`${flag} takes name=value: got "${value ?? ''}"`);
      context[pair[1]!] = pair[2]!;
    } else if (flag === '--region') {
      if (!value) throw new Error('--region takes a region, e.g. --region eu-west-1');
      region = value;
    } else {
      throw new Error(
        `Unknown argument "${arg}". Usage: npm run doctor -- [-c name=value ...] [--region <region>] (the deployment settings of README, "Deployment settings")`,
      );
    }
  }
  return { context, ...(region ? { region } : {}) };
}
