import { MikroORM } from '@mikro-orm/core';
import { PLANS, type Plan } from '@outpost/contracts';
import { loadConfig } from './core/config';
import { runMigrations, bindOrmParameters, ormOptions } from './core/database';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { REMOTES_USAGE, runRemotesCommand } from './modules/remotes';
import { UsersService } from './modules/users';

export const USAGE = `Outpost operator commands

  npm run panel -- users:plan <email> premium|free    set a user's plan
${REMOTES_USAGE}

The command reads the same environment as the server (DATABASE_URL, DATA_DIR).`;

export type CliOutput = { log(line: string): void; error(line: string): void };

const isPlan = (value: string | undefined): value is Plan =>
  (PLANS as readonly string[]).includes(value ?? '');

/** Runs one operator command; answers the process exit code. */
export const runCli = async (
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  out: CliOutput = console,
): Promise<number> => {
  const [command, email, plan] = args;
  const isRemotes = command?.startsWith('remotes:') ?? false;
  if (!isRemotes && (command !== 'users:plan' || !email || !isPlan(plan) || args.length !== 3)) {
    out.error(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  const orm = await MikroORM.init(
    ormOptions(config.database, { entities: ENTITIES, migrations: MIGRATIONS }),
  );
  bindOrmParameters(orm);
  try {
    await runMigrations(orm);
    if (isRemotes) return (await runRemotesCommand(args, orm.em.fork(), config, env, out)) ?? 2;
    if (!isPlan(plan) || !email) return 2;
    const user = await new UsersService(orm.em.fork()).setPlanByEmail(email, plan);
    if (!user) {
      out.error(`No user has the e-mail ${email}. They must sign in once first.`);
      return 1;
    }
    out.log(`${user.email} is now on the ${plan} plan.`);
    return 0;
  } finally {
    await orm.close();
  }
};
